"""The two floors bench/district.py measures every endpoint against, served
by the same gunicorn and app, only with BENCH_FLOOR=on (never in production).

* `GET /bench/floor`: a constant answer, what the machine allows a request
  that does nothing.
* `GET /bench/floor/data?tag=<tag>`: what a request that must read the
  database allows: the facts an owner's "find" answer needs (impoundment by
  tag or receipt, its pound and village, the pound fee and daily rate in force
  on the seizure date) in ONE indexed SQL round trip, from a psycopg pool, no
  ORM, rendered as one line of text.
"""
from __future__ import annotations

from flask import Flask, request
from psycopg_pool import ConnectionPool

FIND_FACTS = """
SELECT i.id, i.tag, i.receipt, i.kind, i.status, i.seized_at, i.claim_deadline, i.auction_at,
       p.name, v.name, v.timezone,
       (SELECT f.amount_paise FROM pound_fees f
         WHERE f.kind = i.kind AND f.effective_from <= (i.seized_at AT TIME ZONE v.timezone)::date
         ORDER BY f.effective_from DESC LIMIT 1),
       (SELECT r.amount_paise FROM daily_rates r
         WHERE r.village_id = i.village_id AND r.kind = i.kind
           AND r.effective_from <= (i.seized_at AT TIME ZONE v.timezone)::date
         ORDER BY r.effective_from DESC LIMIT 1)
FROM impoundments i JOIN pounds p ON p.id = i.pound_id JOIN villages v ON v.id = i.village_id
WHERE i.tag = %(tag)s OR i.receipt = %(tag)s
ORDER BY i.status = 'impounded' DESC, i.seized_at DESC
LIMIT 1
"""


def libpq_url(url: str) -> str:
    """psycopg wants postgresql://, SQLAlchemy's URL says postgresql+psycopg://."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def register(app: Flask, database_url: str) -> None:
    # Opened on the first request, in the gunicorn worker (not before the fork).
    pool = ConnectionPool(libpq_url(database_url), min_size=1, max_size=2, open=False)

    def constant():
        return "ok", 200, {"Content-Type": "text/plain"}

    def data():
        if pool.closed:
            pool.open(wait=True)
        with pool.connection() as conn:
            row = conn.execute(FIND_FACTS, {"tag": request.args.get("tag", "")}, prepare=True).fetchone()
        if row is None:
            return "not found", 404, {"Content-Type": "text/plain"}
        return " ".join(str(value) for value in row), 200, {"Content-Type": "text/plain"}

    app.add_url_rule("/bench/floor", "bench_floor", constant)
    app.add_url_rule("/bench/floor/data", "bench_floor_data", data)
