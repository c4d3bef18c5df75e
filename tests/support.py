"""Helpers the tests and the benchmarks share: a throwaway database on a
PostgreSQL server, and what the Procfile says to run."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import redis
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from models.db import normalise_url
from sms_gateway.cli import alembic_config

ROOT = Path(__file__).resolve().parent.parent


def scratch_database(server_url: str, prefix: str = "dabbo_scratch") -> tuple[str, Callable[[], None]]:
    """Create a database of its own on the server `server_url` names, migrate
    it with Alembic (so the migrations are tested too), and return its URL and
    a function that drops it."""
    from alembic import command

    base = make_url(normalise_url(server_url))
    if base.get_backend_name() != "postgresql":
        raise ValueError("DATABASE_URL must name a PostgreSQL server")
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    url = base.set(database=name).render_as_string(hide_password=False)
    command.upgrade(alembic_config(url), "head")

    def drop() -> None:
        with admin.connect() as connection:
            connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                    "WHERE datname = :name AND pid <> pg_backend_pid()"), {"name": name})
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()

    return url, drop


def procfile_worker_class() -> str:
    """The `--worker-class` of the Procfile's `worker` line: tests and benches run what is deployed."""
    line = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("worker:"))
    words = line.split()
    return words[words.index("--worker-class") + 1]


def start_rq_worker(settings, *, burst: bool) -> subprocess.Popen:
    """`rq worker` on the outbox queue with the Procfile's worker class and the
    environment `settings` describe (provider, fakes' base URLs; no quiet
    hours when `settings.quiet_hours` has none). Its log goes to $WORKER_LOG
    when set."""
    named = {"DATABASE_URL": settings.database_url, "REDIS_URL": settings.redis_url,
             "SMS_PROVIDER": settings.sms_provider, "TWILIO_ACCOUNT_SID": settings.twilio_account_sid,
             "TWILIO_AUTH_TOKEN": settings.twilio_auth_token, "TWILIO_FROM": settings.twilio_from,
             "TWILIO_API_BASE": settings.twilio_api_base, "AT_USERNAME": settings.at_username,
             "AT_API_KEY": settings.at_api_key, "AT_API_BASE": settings.at_api_base,
             "PUBLIC_BASE_URL": settings.public_base_url,
             "QUIET_HOURS": "-".join(str(hour) for hour in settings.quiet_hours)}
    env = {**os.environ, **{name: value for name, value in named.items() if value}}
    rq = str(Path(sys.executable).parent / "rq")
    log = open(os.environ.get("WORKER_LOG", os.devnull), "a")
    return subprocess.Popen([rq, "worker", *(["--burst"] if burst else []), "--url", settings.redis_url,
                             "--worker-class", procfile_worker_class(), "outbox"], cwd=ROOT, env=env,
                            stdout=log, stderr=log)


@contextmanager
def rq_workers(settings, *, burst: bool) -> Iterator[Callable[[], subprocess.Popen]]:
    """`start()` starts one more `start_rq_worker`; every one still running is killed at the end."""
    started: list[subprocess.Popen] = []

    def start() -> subprocess.Popen:
        started.append(start_rq_worker(settings, burst=burst))
        return started[-1]

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait()


def free_port() -> int:
    """A TCP port nothing listens on now, for a private server or a fake."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PrivateRedis:
    """A redis-server of the test's own on a free port, never the shared one: `kill()` is Redis
    gone (SIGKILL, nothing saved), `start()` again is Redis back, empty, on the same port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.2)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
