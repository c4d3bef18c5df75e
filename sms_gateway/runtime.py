"""What every process needs, without Flask: settings, the database engine and
sessions, Redis, and the clock. The web app (`create_app`), the RQ worker
and the `cron` tick each build one `Runtime` from the same settings.

Why a module of its own: the worker and the dispatcher must not import
Flask's app plumbing (`sms_gateway.extensions`) to reach the database, and
building the runtime here breaks the circle jobs -> extensions -> queues ->
jobs (the queues module enqueues jobs by dotted name and imports no jobs).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable

import redis
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from models.db import make_engine, make_sessionmaker
from sms_gateway import dlt_setup
from sms_gateway.worker import queues
from sms_gateway.settings import Settings


@dataclass
class Runtime:
    settings: Settings
    engine: Engine
    sessions: sessionmaker[Session]
    redis: redis.Redis
    # The one place a process reads the clock; tests replace it.
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(timezone.utc))


def make_redis(url: str) -> redis.Redis:
    # Short timeouts: a webhook must answer within 1 s even when Redis is down.
    return redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)


def make_runtime(settings: Settings) -> Runtime:
    engine = make_engine(settings.database_url)
    runtime = Runtime(settings, engine, make_sessionmaker(engine), make_redis(settings.redis_url))
    queues.enqueue_after_commit(runtime)  # outbox rows reach RQ once their transaction commits
    dlt_setup.install(settings)  # in India every SMS this process writes is a registered template
    return runtime
