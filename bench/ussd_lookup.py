"""USSD lookup latency: how long the `1*<tag>` screen ("find animal
by tag", the step every owner takes) takes with many animals in the pounds.

Builds N impoundments (spread over the demo district's two pounds, a third of
them with registered owners, a tenth already released) in a scratch database
on the PostgreSQL server DATABASE_URL names, then times M requests of the
screen for random tags through the real webhook (Flask test client: form
parsing, token check, InboundMessage audit row, commit) and, for comparison,
M calls of handlers.menus.ussd.screen alone. Prints p50 / p99 / max in ms.

    python bench/ussd_lookup.py                          # N=10000, M=1000
    python bench/ussd_lookup.py --impoundments 100000 --requests 2000 --keep

Run by hand; not part of the test suite. Needs PostgreSQL only (Redis is
not touched by a lookup).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from handlers.pound import admin
from handlers.pound import records
from handlers.menus import ussd
from sms_gateway import create_app, demo
from sms_gateway.settings import Settings
from tests.support import scratch_database

TOKEN = "bench-token"
OWNER = "+919825000006"            # the demo's English-speaking owner
NOW = datetime(2026, 11, 30, 4, 30, tzinfo=UTC)




def build(app, count: int) -> list[str]:
    """The demo district plus `count` impoundments; returns their tags."""
    runtime = app.extensions["dabbo"]
    rng = random.Random(5)
    tags = []
    with runtime.sessions() as session:
        demo.load(session, NOW)
        owners = [admin.create_person(session, phone=f"+9198260{i:05d}", name=None, role="owner",
                                      village=None, now=NOW) for i in range(200)]
        pounds = [admin.require_pound(session, code) for code in ("AMBA-1", "BHAV-1")]
        for start in range(0, count, 100):
            batch = [f"9{n:011d}" for n in range(start, min(start + 100, count))]
            for tag in batch:
                if rng.random() < 1 / 3:
                    admin.register_animal(session, rng.choice(owners), tag=tag, kind="cow")
            made = records.seize(session, pound=rng.choice(pounds), kind=rng.choice(("cow", "buffalo", "goat")),
                                 tags=batch, now=NOW, seized_at=NOW - timedelta(hours=rng.randint(1, 24 * 12)))
            for impoundment in made:
                if rng.random() < 0.1:
                    records.release(session, impoundment, now=NOW)
            session.commit()
            tags += batch
            print(f"\r  {len(tags)} impoundments", end="", file=sys.stderr)
    print(file=sys.stderr)
    return tags


def summary(label: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return (f"{label:<34} n={len(ms):<6} p50 {statistics.median(ms):6.1f} ms   p99 {p99:6.1f} ms   "
            f"max {ms[-1]:6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impoundments", type=int, default=10000)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    args = parser.parse_args()

    url, drop = scratch_database(os.environ.get("DATABASE_URL") or "postgresql://postgres@127.0.0.1:5432/postgres",
                                 prefix="dabbo_bench")
    try:
        settings = replace(Settings.from_env(), database_url=url, at_webhook_token=TOKEN,
                           secret_key=os.environ.get("SECRET_KEY") or "bench-only-session-key")
        app = create_app(settings)
        app.extensions["dabbo"].clock = lambda: NOW
        started = time.perf_counter()
        tags = build(app, args.impoundments)
        print(f"built {len(tags)} impoundments in {time.perf_counter() - started:.0f} s", file=sys.stderr)

        rng = random.Random(7)
        client = app.test_client()
        for tag in tags[:20]:     # warm the pool and the caches
            client.post(f"/webhooks/africastalking/ussd?token={TOKEN}",
                        data={"sessionId": "warm", "phoneNumber": OWNER, "text": f"1*{tag}"})
        webhook = []
        for n in range(args.requests):
            form = {"sessionId": f"bench-{n}", "serviceCode": "*384*1#", "phoneNumber": OWNER,
                    "text": f"1*{rng.choice(tags)}"}
            begun = time.perf_counter()
            response = client.post(f"/webhooks/africastalking/ussd?token={TOKEN}", data=form)
            webhook.append(time.perf_counter() - begun)
            assert response.status_code == 200 and response.get_data(as_text=True).startswith(("CON ", "END "))

        handler = []
        with app.extensions["dabbo"].sessions() as session:
            for _ in range(args.requests):
                begun = time.perf_counter()
                ussd.screen(session, phone=OWNER, text=f"1*{rng.choice(tags)}", now=NOW, settings=settings)
                session.rollback()
                handler.append(time.perf_counter() - begun)

        print(f"USSD `1*<tag>` lookup, {len(tags)} impoundments, PostgreSQL {make_url(url).host}")
        print(summary("webhook (test client, audit, commit)", webhook))
        print(summary("handlers.menus.ussd.screen only", handler))
    finally:
        if args.keep:
            print(f"kept {url}", file=sys.stderr)
        else:
            app.extensions["dabbo"].engine.dispose()
            drop()


if __name__ == "__main__":
    main()
