"""What a request needs from the process: settings, a database session and a
Redis connection. Built once per app by `create_app`, reached through these
helpers so that views never construct their own."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable

import redis
from flask import current_app, g
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from models.db import make_engine, make_sessionmaker
from sms_gateway.settings import Settings


@dataclass
class Runtime:
    settings: Settings
    engine: Engine
    sessions: sessionmaker[Session]
    redis: redis.Redis
    # The one place the web process reads the clock; tests replace it.
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(timezone.utc))


def make_redis(url: str) -> redis.Redis:
    # Short timeouts: a webhook must answer within 1 s even when Redis is down.
    return redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)


def make_runtime(settings: Settings) -> Runtime:
    engine = make_engine(settings.database_url)
    runtime = Runtime(settings, engine, make_sessionmaker(engine), make_redis(settings.redis_url))
    from sms_gateway import queues

    queues.enqueue_after_commit(runtime)  # outbox rows reach RQ once their transaction commits
    return runtime


def runtime() -> Runtime:
    return current_app.extensions["dabbo"]


def settings() -> Settings:
    return runtime().settings


def now() -> datetime:
    return runtime().clock()


def db() -> Session:
    """The request's session, opened on first use and closed at teardown."""
    if "db_session" not in g:
        g.db_session = runtime().sessions()
    return g.db_session


def close_db(_exc: BaseException | None = None) -> None:
    session = g.pop("db_session", None)
    if session is not None:
        session.close()
