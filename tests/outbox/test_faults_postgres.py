"""PostgreSQL restarted under traffic: while the database is down
every webhook still answers in its own format (Twilio: TwiML asking to try
again; USSD: an END screen; Africa's Talking: 200), `/readyz` says not ready,
never a 500 or a traceback to a gateway; once it is back, everything works
again without restarting the web process (the engine has pool_pre_ping).

The test restarts PostgreSQL, so it runs a PRIVATE cluster (initdb in a temp
directory, a free port, run as the `postgres` user when the tests run as
root); the shared server on 5432 is never touched.
"""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import replace
from xml.etree import ElementTree

import pytest
from sqlalchemy import create_engine, text

from sms_gateway.cli import alembic_config
from tests.conftest import AT_TOKEN
from tests.support import free_port

OWNER_EN = "+919825000006"
BIN = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
pytestmark = pytest.mark.skipif(not BIN, reason="needs PostgreSQL server binaries")


class PrivatePostgres:
    def __init__(self):
        self.bin = os.path.dirname(BIN[-1])
        self.port = free_port()
        self.root = tempfile.mkdtemp(prefix="dabbo-pg-")
        self.data = os.path.join(self.root, "data")
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/dabbo"
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")

    def run(self, *args: str, timeout: float = 60) -> None:
        command = [os.path.join(self.bin, args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, timeout=timeout, cwd=self.root,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def init(self) -> None:
        self.run("initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        self.start()
        engine = create_engine(self.url.rsplit("/", 1)[0] + "/postgres", isolation_level="AUTOCOMMIT")
        with engine.connect() as connection:
            connection.execute(text("CREATE DATABASE dabbo"))
        engine.dispose()
        from alembic import command

        command.upgrade(alembic_config(self.url), "head")

    def start(self) -> None:
        self.run("pg_ctl", "-D", self.data, "-l", os.path.join(self.root, "log"), "-w", "-t", "30",
                 "-o", f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c fsync=off", "start")

    def stop(self) -> None:
        self.run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "-t", "30", "stop")

    def destroy(self) -> None:
        try:
            self.stop()
        except subprocess.SubprocessError:
            pass
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="module")
def private_postgres():
    server = PrivatePostgres()
    try:
        server.init()
        yield server
    finally:
        server.destroy()


@pytest.fixture
def settings(settings, private_postgres):
    # One phone sends hundreds of messages here: the inbound limit is not under test.
    return replace(settings, database_url=private_postgres.url, inbound_rate_limit=0)


def check_answer(kind: str, response) -> str:
    """The answer's shape for its gateway; returns "ok" or "sorry"."""
    body = response.get_data(as_text=True)
    assert "Traceback" not in body and 'File "' not in body
    if kind == "readyz":
        assert response.status_code in (200, 503)
        return "ok" if response.status_code == 200 else "sorry"
    assert response.status_code == 200, (kind, response.status_code, body)
    if kind == "twilio":
        message = ElementTree.fromstring(body).find("Message")
        assert message is not None and message.text, body  # never silence
        return "ok" if message.text.startswith("Tag 345678901234") else "sorry"
    if kind == "ussd":
        assert body.startswith(("CON ", "END ")), body
        return "ok" if body.startswith("CON ") else "sorry"
    return "ok"


class Traffic(threading.Thread):
    """A gateway's worth of requests, one after the other, until stopped."""

    def __init__(self, app, send_twilio):
        super().__init__(daemon=True)
        self.client = app.test_client()
        self.send_twilio = send_twilio
        self.results: list[tuple[float, str, str]] = []
        self.errors: list[BaseException] = []
        self.stopping = threading.Event()

    def one_round(self, n: int) -> None:
        requests = [
            ("twilio", lambda: self.send_twilio.client_post(self.client, OWNER_EN, "FEES 345678901234")),
            ("ussd", lambda: self.client.post(f"/webhooks/africastalking/ussd?token={AT_TOKEN}", data={
                "sessionId": f"pg-{n}", "phoneNumber": OWNER_EN, "text": ""})),
            ("at", lambda: self.client.post(f"/webhooks/africastalking/sms?token={AT_TOKEN}", data={
                "from": f"+91982504{n % 10000:04d}", "text": "HELP", "id": f"pg-{n}"})),
            ("readyz", lambda: self.client.get("/readyz")),
        ]
        for kind, call in requests:
            self.results.append((time.monotonic(), kind, check_answer(kind, call())))

    def run(self) -> None:
        n = 0
        try:
            while not self.stopping.is_set() and n < 5000:
                self.one_round(n)
                n += 1
        except BaseException as exc:  # reported by the test
            self.errors.append(exc)

    def count_after(self, moment: float, outcome: str = "ok") -> int:
        return sum(1 for at, _, result in list(self.results) if at > moment and result == outcome)


def wait_until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def twilio_poster(send_twilio):
    """send_twilio's signing, through any test client (one per thread)."""
    import uuid

    def client_post(client, phone: str, body: str):
        params = {"From": phone, "To": "+15005550006", "Body": body, "MessageSid": f"SM{uuid.uuid4().hex}",
                  "AccountSid": send_twilio.settings.twilio_account_sid, "NumMedia": "0"}
        return client.post(send_twilio.path, data=params, headers={"X-Twilio-Signature": send_twilio.sign(params)})

    send_twilio.client_post = client_post
    return send_twilio


@pytest.mark.slow
def test_postgres_restarted_under_traffic_every_webhook_answers_and_recovers(world, app, client, private_postgres,
                                                                             twilio_poster):
    traffic = Traffic(app, twilio_poster)
    traffic.start()
    try:
        assert wait_until(lambda: traffic.count_after(0) >= 20, 30), traffic.errors

        private_postgres.stop()
        down = time.monotonic()
        # While it is down: a polite answer from every webhook, in its gateway's format.
        for kind, response in [
            ("twilio", twilio_poster.client_post(client, OWNER_EN, "FEES 345678901234")),
            ("ussd", client.post(f"/webhooks/africastalking/ussd?token={AT_TOKEN}",
                                 data={"sessionId": "down", "phoneNumber": OWNER_EN, "text": ""})),
            ("at", client.post(f"/webhooks/africastalking/sms?token={AT_TOKEN}",
                               data={"from": OWNER_EN, "text": "HELP", "id": "down"})),
            ("readyz", client.get("/readyz")),
        ]:
            outcome = check_answer(kind, response)
            assert outcome == ("ok" if kind == "at" else "sorry"), kind
        sorry = twilio_poster.client_post(client, OWNER_EN, "FEES 345678901234")
        assert ElementTree.fromstring(sorry.get_data()).find("Message").text == (
            "માફ કરશો, હાલ આ થઈ શક્યું નહીં. ફરી પ્રયાસ કરો અથવા HELP મોકલો.")
        assert wait_until(lambda: traffic.count_after(down, "sorry") >= 4, 30), traffic.errors

        private_postgres.start()
        back = time.monotonic()
        assert wait_until(lambda: traffic.count_after(back) >= 40, 60), traffic.errors
    finally:
        traffic.stopping.set()
        traffic.join(timeout=30)
    assert not traffic.is_alive()
    assert traffic.errors == []

    # The same process, after the restart: real answers again, ready again.
    assert check_answer("twilio", twilio_poster.client_post(client, OWNER_EN, "FEES 345678901234")) == "ok"
    assert client.get("/readyz").get_json() == {"status": "ready", "database": "ok", "redis": "ok"}
    # Once a request succeeded after the restart, every later one did: no dead pooled connection lingers.
    after = [result for at, kind, result in traffic.results if at > back]
    assert set(after[after.index("ok"):]) == {"ok"}
