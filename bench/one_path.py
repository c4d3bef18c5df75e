"""N requests of one hot path (ussd, sms or dues) in process against the
district bench database, and nothing else: for instruction counts, which do
not depend on the machine's load as timings do.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/one_path.py sms 20
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/one_path.py sms 120

Each request asks about a new animal nearly every time, so the process has no answer kept for
it: the cold path. With `--kept` the requests ask about 20 animals only, after 400 requests
of warm-up, so nearly every USSD and SMS answer is kept, as in a long-running process (the
key path; dues still ask by id across all impoundments):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/one_path.py ussd 120 --kept

The difference of the two "Collected" totals, over 100, is one request's
instructions (the Python process only: PostgreSQL's share is not counted).
Run after `python bench/district.py --only build`; writes only what the
requests write.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import district  # noqa: E402  (bench/district.py: the data set's names and settings)
from hot_paths import request_makers  # noqa: E402


def main() -> None:
    from sms_gateway import create_app
    from sms_gateway.settings import Settings

    which, count = sys.argv[1], int(sys.argv[2])
    kept = "--kept" in sys.argv[3:]
    app = create_app(Settings.from_env(district.service_env(0, 13)))
    with psycopg.connect(district.libpq(district.bench_url())) as conn:
        tags = [r[0] for r in conn.execute(
            "SELECT tag FROM impoundments WHERE status = 'impounded' AND tag IS NOT NULL ORDER BY id")]
        highest = conn.execute("SELECT max(id) FROM impoundments").fetchone()[0]
    # The same requests on every tree compared (seeded), each new (its own run id).
    if kept:
        tags = tags[:20]
    call = request_makers(app, tags, highest, random.Random(16), f"{time.time_ns():x}")[which]
    for n in range(400 if kept else 10):
        call(-n - 1)   # warm: pools, caches, imports
    for n in range(count):
        response = call(n)
        assert response.status_code == 200, (which, response.status_code, response.get_data(as_text=True))


if __name__ == "__main__":
    main()
