"""Exotel voice flow latency (SPEC 12.1): every applet URL must answer well inside Exotel's
patience (a Gather URL is dropped after about 5 s; our target: p99 under 200 ms with a warm
cache, under 2 s when a step's audio is joined for the first time).

Loads the demo district into a scratch database on the PostgreSQL server DATABASE_URL names,
uses the Redis REDIS_URL names (keys `voice:call:bench-*` only), makes the stand-in clips of the
English prompts in a scratch audio directory (as `prompts synth` does on a first run), then:

* **first join**: M1 calls of an English owner walking start -> menu -> 1 -> menu -> <tag>#
  -> goodbye with no joined WAV on disk yet: each step's audio is joined (and a pound's name
  synthesised) on its first request;
* **warm**: M calls of the same walk with every WAV already joined.

Each request goes through the real app (Flask test client: token check, Redis, PostgreSQL, the
audit rows, the join); the network is not in it. Prints p50 / p99 / max per applet URL.

    python bench/voice_flow.py                  # M=300 warm calls
    python bench/voice_flow.py --calls 1000

Run by hand; not part of the test suite. Needs PostgreSQL, Redis, espeak-ng and sox.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from handlers.menus import prompts  # noqa: E402
from sms_gateway import create_app, demo  # noqa: E402
from sms_gateway.settings import Settings  # noqa: E402
from sms_gateway.voice import clips  # noqa: E402
from tests.support import scratch_database  # noqa: E402

TOKEN = "bench-token"
OWNER = "09825000006"       # the demo's English-speaking owner, as Exotel writes numbers
TAG = "345678901234"        # his bullock in the AMBA pound
NOW = datetime(2026, 11, 30, 4, 30, tzinfo=UTC)
WALK = (("start", None), ("gather", None), ("keys", "1"), ("gather", None), ("keys", TAG), ("goodbye", None))


def walk(client, call_sid: str, timings: dict[str, list[float]]) -> None:
    for step, digits in WALK:
        params = {"token": TOKEN, "CallSid": call_sid, "CallFrom": OWNER, "CallTo": "07940000000"}
        if digits is not None:
            params["digits"] = f'"{digits}"'
        begun = time.perf_counter()
        response = client.get(f"/webhooks/exotel/flow/{step}", query_string=params,
                              headers={"Exotel-Version": "1.0"} if step == "gather" else {})
        timings[step].append(time.perf_counter() - begun)
        assert response.status_code in (200, 302), (step, response.status_code)


def summary(label: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return f"{label:<22} n={len(ms):<5} p50 {statistics.median(ms):7.1f} ms   p99 {p99:7.1f} ms   max {ms[-1]:7.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--first", type=int, default=5, help="first-join rounds (joined WAVs removed each time)")
    args = parser.parse_args()

    url, drop = scratch_database(os.environ.get("DATABASE_URL") or "postgresql://postgres@127.0.0.1:5432/postgres",
                                 prefix="dabbo_bench")
    audio = Path(tempfile.mkdtemp(prefix="dabbo-voice-bench-"))
    try:
        settings = replace(Settings.from_env(), database_url=url, exotel_webhook_token=TOKEN,
                           voice_audio_dir=str(audio), voice_max_steps=10_000,
                           secret_key=os.environ.get("SECRET_KEY") or "bench-only-session-key")
        app = create_app(settings)
        app.extensions["dabbo"].clock = lambda: NOW
        with app.extensions["dabbo"].sessions() as session:
            demo.load(session, NOW)
            session.commit()
        with app.app_context():
            store = clips()
            for clip, _ in prompts.fixed_clips("en"):
                store.synth("en", clip)
        client = app.test_client()

        first: dict[str, list[float]] = defaultdict(list)
        for round_ in range(args.first):
            shutil.rmtree(audio / "joined", ignore_errors=True)
            for name in (audio / "synthetic" / "en").glob("name-*.wav"):
                name.unlink()  # the pound's name is synthesised again too
            walk(client, f"bench-first-{round_}", first)
        warm: dict[str, list[float]] = defaultdict(list)
        for n in range(args.calls):
            walk(client, f"bench-warm-{n}", warm)

        print(f"Exotel flow URLs, English owner's walk (find by tag), PostgreSQL + Redis, {os.cpu_count()} cores")
        print("first join (no joined WAV on disk):")
        for step in ("start", "gather", "keys", "goodbye"):
            print("  " + summary(step, first[step]))
        print("warm:")
        for step in ("start", "gather", "keys", "goodbye"):
            print("  " + summary(step, warm[step]))
        print("  " + summary("every URL", [s for values in warm.values() for s in values]))
    finally:
        try:
            app.extensions["dabbo"].redis.delete(*app.extensions["dabbo"].redis.keys("voice:call:bench-*") or ["-"])
            app.extensions["dabbo"].engine.dispose()
        except Exception:
            pass
        drop()
        shutil.rmtree(audio, ignore_errors=True)


if __name__ == "__main__":
    main()
