"""A district broadcast through Exotel against its rate limit: N recipients, real `rq worker`
processes of the Procfile's class, the real Exotel adapter with its shared pace
(sms_gateway.providers.pacing, EXOTEL_REQUESTS_PER_MINUTE), and the fake Exotel enforcing the
account's documented limit (200 API requests a minute, then 429 with Retry-After).

The floor is the limit itself: the broadcast needs ceil(recipients / 100) requests (Exotel takes
100 numbers per request when they share a text), and the account may make `limit` of them a
minute, so no sender can finish in less than requests / limit minutes. The bench reports the
send phase against that floor and how many requests the fake refused (the target: none).

    python bench/exotel_pace.py                                  # 100,000 recipients, 200/min, 4 workers
    python bench/exotel_pace.py --recipients 20000 --per-minute 600 --workers 2

Needs PostgreSQL (DATABASE_URL names the server; a scratch database is made and dropped) and
Redis (REDIS_URL; database 13 is used and flushed).
"""
from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import time
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from broadcast import load_village, stop_workers, wait_for_workers, wait_until_sent  # noqa: E402
from handlers.catalogue import t  # noqa: E402
from handlers.notices import broadcasts  # noqa: E402
from models.tables import Village  # noqa: E402
from sms_gateway.providers.exotel.adapter import MAX_RECIPIENTS  # noqa: E402
from sms_gateway.runtime import make_runtime  # noqa: E402
from sms_gateway.settings import Settings  # noqa: E402
from tests.fakes.exotel_server import FakeExotel  # noqa: E402
from tests.fakes.fixtures import DLT_ENTITY_ID, EXOTEL_FROM  # noqa: E402
from tests.support import procfile_worker_class, scratch_database  # noqa: E402

# A text with a DLT template (every Exotel SMS must match one), the same for every recipient.
TEXT = t("en", "missed.sms_none")


def start_workers(settings, fake, workers: int) -> list[subprocess.Popen]:
    env = {**os.environ, "DATABASE_URL": settings.database_url, "REDIS_URL": settings.redis_url,
           "SMS_PROVIDER": "exotel", "QUIET_HOURS": "0-0", "EXOTEL_SID": fake.sid, "EXOTEL_API_KEY": fake.api_key,
           "EXOTEL_API_TOKEN": fake.api_token, "EXOTEL_FROM": EXOTEL_FROM, "EXOTEL_API_BASE": fake.base_url,
           "DLT_ENTITY_ID": DLT_ENTITY_ID, "EXOTEL_REQUESTS_PER_MINUTE": str(settings.exotel_requests_per_minute)}
    rq = str(Path(sys.executable).parent / "rq")
    return [subprocess.Popen([rq, "worker", "--url", settings.redis_url, "--worker-class", procfile_worker_class(),
                              "--logging_level", "WARNING", "outbox"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
            for _ in range(workers)]


def run(recipients: int, per_minute: int, workers: int, server_url: str, redis_url: str) -> dict:
    fake = FakeExotel(record_bodies=False).start()
    fake.limit_requests(per_minute, 60.0)
    url, drop = scratch_database(server_url, prefix="dabbo_bench")
    redis.Redis.from_url(redis_url).flushdb()
    settings = replace(Settings(), database_url=url, redis_url=redis_url, sms_provider="exotel", quiet_hours=(0, 0),
                       exotel_requests_per_minute=per_minute)
    runtime = make_runtime(settings)
    processes: list[subprocess.Popen] = []
    try:
        village_id = load_village(runtime, recipients)
        processes = start_workers(settings, fake, workers)
        wait_for_workers(runtime, workers)
        started = time.perf_counter()
        with runtime.sessions() as session:
            broadcast = broadcasts.create(session, session.get(Village, village_id), TEXT,
                                          now=datetime.now(timezone.utc))
            session.commit()
        wait_until_sent(runtime, broadcast.recipient_count, timeout_s=3 * 3600)
        elapsed = time.perf_counter() - started
        requests_needed = math.ceil(broadcast.recipient_count / MAX_RECIPIENTS)
        return {"recipients": broadcast.recipient_count, "requests": len(fake.requests), "needed": requests_needed,
                "refused": fake.rate_limited, "send_s": elapsed, "floor_s": requests_needed / per_minute * 60,
                "workers": workers, "per_minute": per_minute}
    finally:
        stop_workers(processes)
        runtime.engine.dispose()
        drop()
        fake.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--recipients", type=int, default=100_000)
    parser.add_argument("--per-minute", type=int, default=200)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    server = os.environ.get("DATABASE_URL") or "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
    base = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    redis_url = base.rsplit("/", 1)[0] + "/13" if base.count("/") > 2 else base + "/13"
    r = run(args.recipients, args.per_minute, args.workers, server, redis_url)
    print("| recipients | workers | limit | requests (needed) | refused (429) | send phase | floor (requests / limit) "
          "| send / floor |")
    print("|---|---|---|---|---|---|---|---|")
    print(f"| {r['recipients']:,} | {r['workers']} | {r['per_minute']}/min | {r['requests']:,} ({r['needed']:,}) | "
          f"{r['refused']} | {r['send_s']:.1f} s | {r['floor_s']:.1f} s | {r['send_s'] / r['floor_s']:.3f} |")


if __name__ == "__main__":
    main()
