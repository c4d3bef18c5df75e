"""Fixtures shared by every test, after Flask's tutorial (flaskr).

Tests run against real PostgreSQL and real Redis. The session gets a fresh
database of its own (created, migrated with Alembic, dropped at the end) and a
Redis database number of its own (flushed after every test); every test starts
from empty tables.
"""
from __future__ import annotations

import os
import uuid
from dataclasses import replace
from datetime import datetime, timezone

import pytest
import redis
from sqlalchemy import event, text
from sqlalchemy.engine import make_url

from models.db import Base, normalise_url
from sms_gateway import create_app
from sms_gateway.settings import Settings
from tests.support import scratch_database

pytest_plugins = ["tests.fakes.fixtures"]

ADMIN_TOKEN = "test-admin-token"
AT_TOKEN = "test-at-token"
TWILIO_TOKEN = "test-twilio-auth-token"
DEFAULT_TEST_DATABASE = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


@pytest.fixture(scope="session")
def database_url():
    """A database made for this test session on the server DATABASE_URL names."""
    base = make_url(normalise_url(os.environ.get("DATABASE_URL") or DEFAULT_TEST_DATABASE))
    if base.get_backend_name() == "sqlite":
        yield base.render_as_string(hide_password=False)
        return
    url, drop = scratch_database(base.render_as_string(hide_password=False), prefix="dabbo_test")
    yield url
    drop()


@pytest.fixture(scope="session")
def redis_url():
    """A Redis database number of this test session's own: the first of 1-15
    whose lock key it can take, so two test runs side by side (two
    developers, or CI beside a benchmark) never flush each other's queues."""
    base = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    root = base.rsplit("/", 1)[0] if base.count("/") > 2 else base
    if os.environ.get("TEST_REDIS_DB"):
        yield f"{root}/{os.environ['TEST_REDIS_DB']}"
        return
    owner = uuid.uuid4().hex
    # The locks live in db 0, which no test flushes.
    locks = redis.Redis.from_url(f"{root}/0")
    for number in range(1, 16):
        if locks.set(f"dabbo:test-session-lock:{number}", owner, nx=True, ex=3 * 3600):
            url = f"{root}/{number}"
            redis.Redis.from_url(url).flushdb()
            yield url
            redis.Redis.from_url(url).flushdb()
            locks.delete(f"dabbo:test-session-lock:{number}")
            locks.close()
            return
    pytest.fail("every Redis database 1-15 is taken by another test session")


@pytest.fixture
def settings(database_url, redis_url) -> Settings:
    return replace(
        Settings(),
        database_url=database_url,
        redis_url=redis_url,
        admin_token=ADMIN_TOKEN,
        at_webhook_token=AT_TOKEN,
        twilio_auth_token=TWILIO_TOKEN,
        twilio_account_sid="AC" + "0" * 32,
        at_username="sandbox",
        at_api_key="test-at-api-key",
        public_base_url="http://dabbo.test",
        simulator_enabled=True,
)


class Clock:
    """A clock the test sets; the app reads it instead of the real one."""

    def __init__(self, at: datetime):
        self.at = at

    def __call__(self) -> datetime:
        return self.at

    def set(self, at: datetime) -> None:
        self.at = at


@pytest.fixture
def clock() -> Clock:
    # 10:00 in Gujarat on an ordinary Monday: inside waking hours.
    return Clock(datetime(2026, 11, 30, 4, 30, tzinfo=timezone.utc))


@pytest.fixture
def app(settings, clock):
    app = create_app(settings)
    app.config["TESTING"] = True
    app.extensions["dabbo"].clock = clock
    yield app
    runtime = app.extensions["dabbo"]
    with runtime.engine.begin() as connection:
        names = ", ".join(f'"{table.name}"' for table in Base.metadata.sorted_tables)
        if runtime.engine.dialect.name == "postgresql":
            connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        else:
            for table in reversed(Base.metadata.sorted_tables):
                connection.execute(table.delete())
    runtime.engine.dispose()
    try:
        runtime.redis.flushdb()
    except redis.RedisError:
        pass  # a fault test may have stopped Redis; the next one starts clean anyway
    runtime.redis.close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def session(app):
    with app.extensions["dabbo"].sessions() as session:
        yield session


@pytest.fixture
def statements(app) -> list[str]:
    """The SQL statements the app sends while the test reads them (the test clears the list)."""
    engine = app.extensions["dabbo"].engine
    seen: list[str] = []

    def record(_conn, _cursor, statement, *_args):
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    yield seen
    event.remove(engine, "before_cursor_execute", record)


class Api:
    """The admin API as a panchayat's software calls it."""

    def __init__(self, client):
        self.client = client
        self.headers = {"Authorization": f"Bearer {ADMIN_TOKEN}"}

    def get(self, path, **kwargs):
        return self.client.get("/api/v1" + path, headers=self.headers, **kwargs)

    def post(self, path, json=None, **kwargs):
        return self.client.post("/api/v1" + path, json=json, headers=self.headers, **kwargs)

    def put(self, path, json=None, **kwargs):
        return self.client.put("/api/v1" + path, json=json, headers=self.headers, **kwargs)


@pytest.fixture
def api(client) -> Api:
    return Api(client)


@pytest.fixture
def world(app, session, clock):
    """The demo district (sms_gateway/demo.py) as of the test clock: AMBA
    (§189-notified, keeper +919825000001, official +919825000003, owners
    +919825000004 gu and +919825000006 en) and BHAV (keeper +919825000002,
    owner +919825000005 hi); SAMPLE cow fee Rs 50, cow rate Rs 40 a day."""
    from sms_gateway import demo

    demo.load(session, clock())
    session.commit()
    return demo


class UssdDialler:
    """A phone on Africa's Talking USSD: each call is one session, and every
    step of it is posted to the real webhook with the accumulated `text`
    (`""`, `"1"`, `"1*123456789012"`), exactly as the gateway does."""

    path = f"/webhooks/africastalking/ussd?token={AT_TOKEN}"

    def __init__(self, client):
        self.client = client
        self.sessions = 0

    def post(self, phone: str, text: str, session_id: str = "ATUid_test", **extra):
        form = {"sessionId": session_id, "serviceCode": "*384*1#", "phoneNumber": phone, "text": text, **extra}
        return self.client.post(self.path, data=form)

    def __call__(self, phone: str, *inputs: str) -> str:
        """Dial, type `inputs` one by one; the last screen (`CON …`/`END …`)."""
        self.sessions += 1
        session_id = f"ATUid_{self.sessions}_{uuid.uuid4().hex[:8]}"
        texts = [""] + ["*".join(inputs[:n]) for n in range(1, len(inputs) + 1)]
        for typed in texts:
            response = self.post(phone, typed, session_id)
            assert response.status_code == 200, response.get_data(as_text=True)
            assert response.mimetype == "text/plain"
            body = response.get_data(as_text=True)
            assert body.startswith(("CON ", "END ")), body
        return body


@pytest.fixture
def ussd(client) -> UssdDialler:
    return UssdDialler(client)


# --- SMS webhooks ---------------------------------------------------


def twiml_reply(response) -> str:
    """The text of the one <Message> in a TwiML answer ("" when there is none)."""
    import xml.etree.ElementTree as ElementTree

    root = ElementTree.fromstring(response.get_data())
    message = root.find("Message")
    return "" if message is None else (message.text or "")


class TwilioSms:
    """A phone texting Dabbo through Twilio: each call posts a properly
    signed inbound SMS to /webhooks/twilio/sms and returns the response
    (`.reply` holds the TwiML message text)."""

    path = "/webhooks/twilio/sms"

    def __init__(self, client, settings):
        self.client = client
        self.settings = settings
        self.count = 0

    def sign(self, params: dict) -> str:
        from twilio.request_validator import RequestValidator

        url = self.settings.public_base_url + self.path
        return RequestValidator(self.settings.twilio_auth_token).compute_signature(url, params)

    def __call__(self, phone: str, body: str, sid: str | None = None, signature: str | None = None):
        self.count += 1
        params = {"From": phone, "To": "+15005550006", "Body": body,
                  "MessageSid": sid or f"SM{uuid.uuid4().hex}", "AccountSid": self.settings.twilio_account_sid,
                  "NumMedia": "0"}
        headers = {"X-Twilio-Signature": self.sign(params) if signature is None else signature}
        response = self.client.post(self.path, data=params, headers=headers)
        response.reply = twiml_reply(response) if response.status_code == 200 else None
        return response


@pytest.fixture
def send_twilio(client, settings) -> TwilioSms:
    return TwilioSms(client, settings)


class AfricasTalkingSms:
    """A phone texting Dabbo through Africa's Talking: each call posts an
    inbound SMS to /webhooks/africastalking/sms?token=… and returns the
    response; `.reply` holds the text of the reply written to the outbox."""

    def __init__(self, client, app):
        self.client = client
        self.app = app

    def __call__(self, phone: str, text: str, message_id: str | None = None, token: str | None = AT_TOKEN):
        message_id = message_id or f"ATXid_{uuid.uuid4().hex}"
        path = "/webhooks/africastalking/sms" + (f"?token={token}" if token is not None else "")
        form = {"from": phone, "to": "12345", "text": text, "date": "2026-11-30 10:00:00",
                "id": message_id, "linkId": f"link-{message_id}"}
        response = self.client.post(path, data=form)
        response.reply = self.reply(message_id)
        return response

    def reply(self, message_id: str) -> str | None:
        from sqlalchemy import select

        from models.tables import OutboundMessage

        with self.app.extensions["dabbo"].sessions() as session:
            return session.scalar(select(OutboundMessage.text).where(
                OutboundMessage.idempotency_key == f"reply:africastalking:{message_id}"))


@pytest.fixture
def send_at(client, app) -> AfricasTalkingSms:
    return AfricasTalkingSms(client, app)


@pytest.fixture(params=["twilio", "africastalking"])
def send(request, send_twilio, send_at):
    """Text Dabbo through each provider in turn; returns the reply's text.
    Every SMS gets an answer: silence would fail the test."""
    sender = send_twilio if request.param == "twilio" else send_at

    def reply(phone: str, body: str) -> str:
        response = sender(phone, body)
        assert response.status_code == 200
        assert response.reply, "never silence"
        return response.reply

    return reply


# --- outbox and notices ---------------------------------------------


@pytest.fixture
def run_worker(app):
    """Drain the `outbox` queue with RQ's in-process SimpleWorker on the real
    test Redis; jobs use the app's runtime (and so the test clock). Pass a
    provider to send through it instead of the one the settings name."""
    from rq import SimpleWorker

    from sms_gateway.worker import jobs
    from sms_gateway.worker import queues

    runtime = app.extensions["dabbo"]
    connection = redis.Redis.from_url(runtime.settings.redis_url)

    def run(provider=None) -> int:
        """Work until the queue is empty; returns how many jobs were waiting."""
        jobs.use(runtime, provider)
        queue = queues.outbox_queue(connection)
        waiting = queue.count
        SimpleWorker([queue], connection=connection).work(burst=True, logging_level="WARNING")
        return waiting

    yield run
    jobs._context = None
    connection.close()


@pytest.fixture
def dispatch(app):
    """One dispatcher tick at the test clock's time."""
    from sms_gateway.worker import dispatcher

    return lambda: dispatcher.tick(app.extensions["dabbo"])


@pytest.fixture
def app_redis_down(app):
    """A context manager: inside it the app's Redis is unreachable (a closed
    port), as when Redis is down or restarting."""
    from contextlib import contextmanager

    from sms_gateway.runtime import make_redis

    runtime = app.extensions["dabbo"]

    @contextmanager
    def down():
        real, runtime.redis = runtime.redis, make_redis("redis://127.0.0.1:1/0")
        try:
            yield
        finally:
            runtime.redis = real

    return down
