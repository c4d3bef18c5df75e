"""Where a hot-path request's time goes: the USSD find, the SMS
`FEES` and the dues API run in process (Flask test client, the settings
bench/district.py gives gunicorn) against an already built bench database,
under cProfile, with every SQL statement and Redis command counted.

    python bench/hot_paths.py --database dabbo_bench_s16 --requests 500
    python bench/hot_paths.py --scale state --requests 500

Prints, per path: CPU ms per request, statements and Redis commands per
request, and the functions with the most own time. Run by hand, after
`bench/district.py --only build`; writes only the rows the requests write.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from pathlib import Path

import psycopg
from sqlalchemy import event

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import district  # noqa: E402  (bench/district.py: the data set's names and settings)


def request_makers(app, tags: list[str], highest: int, rng: random.Random, run: str) -> dict:
    """{"ussd", "sms", "dues": call(n) -> response}: one hot-path request each,
    new every time (its own sessionId or MessageSid), from a random owner."""
    from twilio.request_validator import RequestValidator

    client = app.test_client()
    validator = RequestValidator(district.TWILIO_TOKEN)
    sms_url = district.PUBLIC_BASE_URL + "/webhooks/twilio/sms"

    def phone() -> str:
        return f"+9197{rng.randint(1, district.OWNERS):08d}"

    def ussd(n: int):
        return client.post(f"/webhooks/africastalking/ussd?token={district.AT_TOKEN}", data={
            "sessionId": f"prof{run}_{n}", "phoneNumber": phone(), "text": f"1*{rng.choice(tags)}"})

    def sms(n: int):
        params = {"MessageSid": f"SMprof{run}{n}", "From": phone(), "To": "+15005550006",
                  "Body": f"FEES {rng.choice(tags)}"}
        return client.post("/webhooks/twilio/sms", data=params,
                           headers={"X-Twilio-Signature": validator.compute_signature(sms_url, params)})

    def dues(_n: int):
        return client.get(f"/api/v1/impoundments/{rng.randint(1, highest)}/dues",
                          headers={"Authorization": f"Bearer {district.ADMIN_TOKEN}"})

    return {"ussd": ussd, "sms": sms, "dues": dues}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", choices=tuple(district.SCALES), default="district")
    parser.add_argument("--database")
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    district.set_scale(args.scale)
    if args.database:
        district.DATABASE = args.database

    from sms_gateway import create_app
    from sms_gateway.settings import Settings

    app = create_app(Settings.from_env(district.service_env(0, 13)))
    runtime = app.extensions["dabbo"]
    statements = []
    event.listen(runtime.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    redis_calls = []
    original = runtime.redis.execute_command
    runtime.redis.execute_command = lambda *a, **k: (redis_calls.append(a[0]), original(*a, **k))[1]
    with psycopg.connect(district.libpq(district.bench_url())) as conn:
        tags = [r[0] for r in conn.execute(
            "SELECT tag FROM impoundments WHERE status = 'impounded' AND tag IS NOT NULL")]
        highest = conn.execute("SELECT max(id) FROM impoundments").fetchone()[0]
    calls = request_makers(app, tags, highest, random.Random(16), f"{int(time.time()):x}")

    for name, call in calls.items():
        for n in range(20):
            call(-n - 1)   # warm: pools, caches, imports
        statements.clear()
        redis_calls.clear()
        profile = cProfile.Profile()
        began = time.process_time()
        profile.enable()
        for n in range(args.requests):
            response = call(n)
            assert response.status_code == 200, (name, response.status_code, response.get_data(as_text=True))
        profile.disable()
        cpu = (time.process_time() - began) / args.requests
        print(f"\n== {name}: {cpu * 1000:.2f} ms CPU per request (profiled), "
              f"{len(statements) / args.requests:.1f} statements, {len(redis_calls) / args.requests:.1f} Redis "
              f"commands per request")
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(args.top)
        print("\n".join(out.getvalue().splitlines()[4:]))
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(40)
        print("\n".join(out.getvalue().splitlines()[4:]))
    runtime.engine.dispose()


if __name__ == "__main__":
    main()
