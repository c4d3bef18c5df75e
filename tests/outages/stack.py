"""The Procfile's processes as `make run` starts them (honcho), against a private `redis-server`
and a database the test may stop, with the fake Twilio as the provider: what the outage tests
break.

Private servers only: `PrivateRedis` is killed (SIGKILL, nothing saved) and started again empty
on the same port; PostgreSQL faults use the private cluster of tests.outbox.test_faults_postgres.
The shared Redis and PostgreSQL are never touched.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

import requests
from sqlalchemy import create_engine, text

from handlers.outbox import queue_message
from models.db import make_engine, make_sessionmaker
from models.outbox import mark_enqueued
from tests.conftest import ADMIN_TOKEN, AT_TOKEN
from tests.fakes.twilio_server import FakeTwilio
from tests.support import ROOT, PrivateRedis, free_port  # noqa: F401  (the outage tests import them from here)

BIN = Path(sys.executable).parent


class TimedTwilio(FakeTwilio):
    """The fake Twilio, noting when each message was accepted (for the pace) and to whom."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.accepted: list[tuple[float, str, str]] = []  # (time.monotonic(), To, Body)

    def handle(self, method, path, environ, form):
        answer = super().handle(method, path, environ, form)
        if answer[0] == 201 and "Body" in form:
            with self._lock:
                self.accepted.append((time.monotonic(), form.get("To", ""), form.get("Body", "")))
        return answer

    def sends_to(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        with self._lock:
            for _, to, _ in self.accepted:
                counts[to] = counts.get(to, 0) + 1
        return counts


def environment(database_url: str, redis_url: str, fake: FakeTwilio, **extra: str) -> dict[str, str]:
    return {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url, "ADMIN_TOKEN": ADMIN_TOKEN,
            "AT_WEBHOOK_TOKEN": AT_TOKEN, "SMS_PROVIDER": "twilio", "TWILIO_ACCOUNT_SID": fake.account_sid,
            "TWILIO_AUTH_TOKEN": fake.auth_token, "TWILIO_FROM": "+15005550006", "TWILIO_API_BASE": fake.base_url,
            "PUBLIC_BASE_URL": "http://dabbo.test", "QUIET_HOURS": "0-0", "WEB_CONCURRENCY": "1",
            "BIND_HOST": "127.0.0.1", "PYTHONUNBUFFERED": "1", "PATH": f"{BIN}:{os.environ.get('PATH', '')}", **extra}


class Stack:
    """`honcho start -f Procfile` (as `make run` ends), its output in a log file. Honcho stops
    every process once one exits, so `alive()` is "no process of the Procfile has exited"."""

    def __init__(self, env: dict[str, str], procfile: Path = ROOT / "Procfile") -> None:
        self.port = free_port()
        self.env = {**env, "PORT": str(self.port)}
        self.procfile = procfile
        self.workdir = Path(tempfile.mkdtemp(prefix="dabbo-outage-"))
        self.log_path = self.workdir / "honcho.log"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, ready_within: float = 60) -> None:
        log = open(self.log_path, "w")
        self.process = subprocess.Popen([str(BIN / "honcho"), "start", "-f", str(self.procfile), "-p", str(self.port)],
                                        cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        deadline = time.monotonic() + ready_within
        while True:
            try:
                if requests.get(self.url + "/healthz", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            assert self.process.poll() is None, "honcho stopped while starting:\n" + self.log()
            assert time.monotonic() < deadline, "the web process did not answer:\n" + self.log()
            time.sleep(0.2)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-6000:]

    def stop(self) -> None:
        if self.alive():
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        if not os.environ.get("KEEP_OUTAGE_LOGS"):
            shutil.rmtree(self.workdir, ignore_errors=True)


def outbox_statuses(database_url: str) -> dict[str, int]:
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            return dict(connection.execute(text(
                "SELECT status, count(*) FROM outbound_messages GROUP BY status")).all())
    finally:
        engine.dispose()


def wait_until(condition, seconds: float, every: float = 0.25) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return bool(condition())


class Sender(threading.Thread):
    """Africa's Talking SMS `HELP` to the web, each from a phone of its own, `rate` a second until
    stopped; the reply to each goes through the outbox (AT's webhook answers 200 at once)."""

    def __init__(self, url: str, rate: float = 4.0) -> None:
        super().__init__(daemon=True, name="at-sms-sender")
        self.url, self.interval = url, 1.0 / rate
        self.stopping = threading.Event()
        self.answered: list[tuple[float, str]] = []  # (time.monotonic(), phone), the webhook's 200s
        self.refused: list[tuple[str, str]] = []

    def run(self) -> None:
        session = requests.Session()
        n = 0
        while not self.stopping.is_set():
            phone = f"+9198270{n:05d}"
            n += 1
            try:
                response = session.post(f"{self.url}/webhooks/africastalking/sms?token={AT_TOKEN}", timeout=5, data={
                    "from": phone, "to": "12345", "text": "HELP", "id": f"ATXid_{phone}",
                    "date": "2026-12-02 10:00:00", "linkId": "x"})
                if response.status_code == 200:
                    self.answered.append((time.monotonic(), phone))
                else:
                    self.refused.append((phone, f"status {response.status_code}"))
            except requests.RequestException as exc:
                self.refused.append((phone, type(exc).__name__))
            self.stopping.wait(self.interval)

    def stop(self) -> None:
        self.stopping.set()
        self.join(timeout=10)


def procfile_process(name: str, env: dict[str, str], log_path: Path) -> subprocess.Popen:
    """One process of the Procfile, started on its own (its own process group), its output to `log_path`."""
    import shlex

    line = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith(f"{name}:"))
    command = line.split(": ", 1)[1].replace("${REDIS_URL:-redis://localhost:6379/0}", env["REDIS_URL"])
    log = open(log_path, "a")
    return subprocess.Popen(shlex.split(command), cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)


def most_in_one_second(moments: list[float]) -> int:
    """The most of `moments` in any window [t, t + 1 s)."""
    moments = sorted(moments)
    most, first = 0, 0
    for last, moment in enumerate(moments):
        while moment - moments[first] >= 1.0:
            first += 1
        most = max(most, last - first + 1)
    return most


def write_rows(database_url: str, count: int, phone_prefix: str) -> list[int]:
    """`count` committed `queued` rows to `phone_prefix` + five digits, marked as enqueued, as the
    web leaves them just before their send jobs run."""
    engine = make_engine(database_url)
    try:
        with make_sessionmaker(engine)() as session:
            now = datetime.now(timezone.utc)
            rows = [queue_message(session, to_phone=f"{phone_prefix}{n:05d}", text="Your cow is in the pound.",
                                  language="en", kind="reply", idempotency_key=f"test:{uuid.uuid4().hex}", now=now)
                    for n in range(count)]
            session.flush()
            ids = [row.id for row in rows]
            mark_enqueued(session, ids, now)
            session.commit()
            return ids
    finally:
        engine.dispose()
