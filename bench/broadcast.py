"""Broadcast fan-out benchmark: one broadcast to N villagers, from the
INSERT ... SELECT into the outbox to the last row marked `sent`, through real
`rq worker` processes (the worker class the Procfile's `worker` line names)
and the real provider SDKs pointed at the local fakes in tests/fakes.

Beside it, the floor: the very same provider requests (same bodies, same
recipients per request) posted straight to the same fake from one process
with one keep-alive HTTP session. The ratio says how much of the fake
provider's capacity the outbox pipeline reaches.

The send phase: a deployed worker is running before anyone makes
a broadcast, so by default the workers are started and warmed (connected,
waiting on the queue) first, and the send phase runs from the enqueue (the
broadcast's commit) to the last job finished, every row `sent`. With
`--cold-workers` the workers are started after the enqueue, `--burst`, and
their start-up (about 0.7 s each, more when several start at once on two
cores) counts inside the send phase: the figures were taken that way.

    python bench/broadcast.py                       # 100,000 recipients, AT and Twilio, 4 workers
    python bench/broadcast.py --providers africastalking --recipients 20000 --workers 2
    python bench/broadcast.py --providers africastalking --cold-workers

Needs PostgreSQL (DATABASE_URL names the server; a scratch database is made
and dropped) and Redis (REDIS_URL; database 12 is used and flushed). Quiet
hours are switched off for the workers (QUIET_HOURS=0-0) so the result does
not depend on the hour it runs at.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import redis
import requests
from rq import Worker
from sqlalchemy import func, insert, select

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from handlers.pound import admin
from handlers.notices import broadcasts  # noqa: E402
from models.tables import OutboundMessage, Person  # noqa: E402
from sms_gateway.worker.queues import outbox_queue  # noqa: E402
from sms_gateway.runtime import make_runtime  # noqa: E402
from sms_gateway.settings import Settings  # noqa: E402
from tests.fakes.at_server import FakeAfricasTalking  # noqa: E402
from tests.fakes.twilio_server import FakeTwilio  # noqa: E402
from tests.support import procfile_worker_class, scratch_database  # noqa: E402

TEXT = "Gram sabha on Sunday 10:00 at the panchayat office. Cattle pound auction rules will be read out."
LANGUAGE_MIX = (("gu", 6), ("hi", 3), ("en", 1))  # of every 10 villagers
POLL_S = 0.01  # how often the warm run asks Redis whether the jobs are done


def load_village(runtime, recipients: int):
    now = datetime.now(timezone.utc)
    with runtime.sessions() as session:
        village = admin.create_village(session, code="BENCH", name="Benchpur", now=now)
        session.flush()
        languages = [lang for lang, share in LANGUAGE_MIX for _ in range(share)]
        rows = [{"phone": f"+9197{i:08d}", "name": None, "role": "owner", "language": languages[i % 10],
                 "opted_out": False, "village_id": village.id, "created_at": now} for i in range(recipients)]
        for start in range(0, len(rows), 20_000):
            session.execute(insert(Person), rows[start:start + 20_000])
        session.commit()
        return village.id


def run(provider: str, recipients: int, workers: int, server_url: str, redis_url: str, cold: bool) -> dict:
    fake = FakeAfricasTalking() if provider == "africastalking" else FakeTwilio()
    fake.start()
    fake.record_bodies = provider == "africastalking"  # 100k Twilio bodies are not needed
    url, drop = scratch_database(server_url, prefix="dabbo_bench")
    redis.Redis.from_url(redis_url).flushdb()
    settings = replace(Settings(), database_url=url, redis_url=redis_url, sms_provider=provider,
                       quiet_hours=(0, 0),
                       at_username=fake.username if provider == "africastalking" else None,
                       at_api_key=fake.api_key if provider == "africastalking" else None,
                       at_api_base=fake.base_url if provider == "africastalking" else None,
                       twilio_account_sid=getattr(fake, "account_sid", None),
                       twilio_auth_token=getattr(fake, "auth_token", None),
                       twilio_from="+15005550006", twilio_api_base=fake.base_url,
                       public_base_url="https://dabbo.example.org")
    runtime = make_runtime(settings)
    processes: list[subprocess.Popen] = []
    try:
        village_id = load_village(runtime, recipients)
        if not cold:  # 0. Deployed workers: running and warm before the broadcast is made.
            processes = start_workers(settings, workers, burst=False)
            wait_for_workers(runtime, workers)
        cpu_before = cpu_seconds(runtime, processes)

        # 1. The broadcast: outbox rows written in bulk, committed, enqueued in batches.
        started = time.perf_counter()
        with runtime.sessions() as session:
            from models.tables import Village

            broadcast = broadcasts.create(session, session.get(Village, village_id), TEXT,
                                          now=datetime.now(timezone.utc))
            session.commit()  # the after-commit hook enqueues 1000 ids a job
        written = time.perf_counter() - started

        # 2. The workers hand every row to the provider.
        send_started = time.perf_counter()
        if cold:
            processes = start_workers(settings, workers, burst=True)
            for process in processes:
                process.wait()
        else:
            wait_until_sent(runtime, broadcast.recipient_count)
        sent_seconds = time.perf_counter() - send_started
        cpu = {name: spent - cpu_before.get(name, 0.0) for name, spent in cpu_seconds(runtime, processes).items()}
        with runtime.sessions() as session:
            sent = session.scalar(select(func.count()).where(OutboundMessage.status == "sent"))
            groups = session.execute(select(OutboundMessage.text, OutboundMessage.to_phone)
                                     .order_by(OutboundMessage.id)).all()
        requests_made = len(fake.requests)
        issued = fake.issued_count

        # 3. The floor: the same requests, straight from one process.
        fake.reset()
        fake.record_bodies = False
        floor_seconds = post_straight(provider, fake, groups)
        return {"provider": provider, "recipients": broadcast.recipient_count, "sent": sent, "issued": issued,
                "requests": requests_made, "workers": workers, "insert_s": written, "send_s": sent_seconds,
                "rate": sent / sent_seconds, "floor_rate": len(groups) / floor_seconds, "floor_s": floor_seconds,
                "cpu": cpu}
    finally:
        stop_workers(processes)
        runtime.engine.dispose()
        drop()
        fake.stop()


def cpu_seconds(runtime, processes: list[subprocess.Popen]) -> dict[str, float]:
    """CPU time (user + system) the workers and the scratch database's PostgreSQL backends have
    used so far, from /proc: on a machine shared with other work the wall clock says little, the
    CPU each side spends on the broadcast says where it goes. Empty where /proc cannot be read
    (another machine's PostgreSQL, a worker that has exited)."""
    with runtime.engine.connect() as connection:
        backends = connection.exec_driver_sql(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
).scalars().all()
    return {"workers": _proc_cpu(p.pid for p in processes), "postgresql": _proc_cpu(backends)}


def _proc_cpu(pids) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def start_workers(settings, workers: int, *, burst: bool) -> list[subprocess.Popen]:
    """`workers` `rq worker` processes of the Procfile's class with the bench's settings."""
    env = {**os.environ, "DATABASE_URL": settings.database_url, "REDIS_URL": settings.redis_url,
           "SMS_PROVIDER": settings.sms_provider, "QUIET_HOURS": "0-0", "AT_USERNAME": settings.at_username or "",
           "AT_API_KEY": settings.at_api_key or "", "AT_API_BASE": settings.at_api_base or "",
           "TWILIO_ACCOUNT_SID": settings.twilio_account_sid or "",
           "TWILIO_AUTH_TOKEN": settings.twilio_auth_token or "", "TWILIO_FROM": settings.twilio_from,
           "TWILIO_API_BASE": settings.twilio_api_base, "PUBLIC_BASE_URL": settings.public_base_url}
    rq = str(Path(sys.executable).parent / "rq")
    return [subprocess.Popen([rq, "worker", *(["--burst"] if burst else []), "--url", settings.redis_url,
                              "--worker-class", procfile_worker_class(), "--logging_level", "WARNING", "outbox"],
                             cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
            for _ in range(workers)]


def wait_for_workers(runtime, workers: int, timeout_s: float = 60.0) -> None:
    """Until every worker has registered with Redis: built (and warmed) and about to take jobs."""
    queue = outbox_queue(runtime.redis)
    deadline = time.monotonic() + timeout_s
    while Worker.count(queue=queue) < workers:
        if time.monotonic() > deadline:
            raise RuntimeError("the workers did not start")
        time.sleep(0.05)


def wait_until_sent(runtime, recipients: int, timeout_s: float = 600.0) -> None:
    """Until the queue is drained, no job is running and every row is `sent`.
    Redis is asked every POLL_S (cheap); the database only when Redis says
    the work is done (a count over the outbox costs the server real time)."""
    queue = outbox_queue(runtime.redis)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if queue.count == 0 and queue.started_job_registry.count == 0:
            with runtime.sessions() as session:
                sent = session.scalar(select(func.count()).where(OutboundMessage.status == "sent"))
            if sent >= recipients:
                return
        time.sleep(POLL_S)
    raise RuntimeError("the broadcast was not sent in time")


def stop_workers(processes: list[subprocess.Popen]) -> None:
    """A warm shutdown (SIGTERM) of the workers this bench started."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def post_straight(provider: str, fake, rows) -> float:
    """The floor: the provider requests the pipeline made, posted in a loop."""
    session = requests.Session()
    started = time.perf_counter()
    if provider == "africastalking":
        by_text: dict[str, list[str]] = {}
        for message_text, phone in rows:
            by_text.setdefault(message_text, []).append(phone)
        headers = {"apiKey": fake.api_key, "Accept": "application/json"}
        for message_text, phones in by_text.items():
            for start in range(0, len(phones), 1000):
                response = session.post(fake.base_url + "/version1/messaging", headers=headers, data={
                    "username": fake.username, "to": ",".join(phones[start:start + 1000]), "message": message_text,
                    "bulkSMSMode": 1})
                response.raise_for_status()
    else:
        path = f"{fake.base_url}/2010-04-01/Accounts/{fake.account_sid}/Messages.json"
        auth = (fake.account_sid, fake.auth_token)
        for message_text, phone in rows:
            response = session.post(path, auth=auth, data={
                "To": phone, "From": "+15005550006", "Body": message_text,
                "StatusCallback": "https://dabbo.example.org/webhooks/twilio/status"})
            response.raise_for_status()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--recipients", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--providers", default="africastalking,twilio")
    parser.add_argument("--cold-workers", action="store_true",
                        help="start the workers after the enqueue (--burst), their start-up inside the send phase")
    args = parser.parse_args()
    server = os.environ.get("DATABASE_URL") or "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
    base = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    redis_url = base.rsplit("/", 1)[0] + "/12" if base.count("/") > 2 else base + "/12"

    print(f"send phase: {'workers started inside it (--cold-workers)' if args.cold_workers else 'workers warm'}")
    print("| provider | recipients | workers | provider requests | outbox insert | send phase | "
          "handed over / s | floor / s (one process, straight) | ratio | CPU: workers, PostgreSQL |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for provider in args.providers.split(","):
        r = run(provider.strip(), args.recipients, args.workers, server, redis_url, args.cold_workers)
        assert r["sent"] == r["recipients"] == r["issued"], r
        print(f"| {r['provider']} | {r['recipients']:,} | {r['workers']} | {r['requests']:,} | "
              f"{r['insert_s']:.2f} s | {r['send_s']:.1f} s | {r['rate']:,.0f} | {r['floor_rate']:,.0f} | "
              f"{r['rate'] / r['floor_rate']:.0%} | {_cpu_cell(r['cpu'], args.cold_workers)} |", flush=True)


def _cpu_cell(cpu: dict[str, float], cold: bool) -> str:
    if cold:   # the workers and their backends have exited before they could be read
        return "n/a"
    return f"{cpu['workers']:.1f} s, {cpu['postgresql']:.1f} s"


if __name__ == "__main__":
    main()
