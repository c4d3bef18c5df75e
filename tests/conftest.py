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
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from models.db import Base, normalise_url
from sms_gateway import create_app
from sms_gateway.cli import alembic_config
from sms_gateway.settings import Settings

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
    name = f"dabbo_test_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    url = base.set(database=name).render_as_string(hide_password=False)
    from alembic import command

    command.upgrade(alembic_config(url), "head")
    yield url
    with admin.connect() as connection:
        connection.execute(text(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :name AND pid <> pg_backend_pid()"
        ), {"name": name})
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
    admin.dispose()


@pytest.fixture(scope="session")
def redis_url():
    base = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    root = base.rsplit("/", 1)[0] if base.count("/") > 2 else base
    return f"{root}/{os.environ.get('TEST_REDIS_DB', '13')}"


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
