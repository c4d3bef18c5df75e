"""The two floors bench/district.py measures every endpoint against, served
by the same gunicorn and app, only with BENCH_FLOOR=on (never in production).

* `GET /bench/floor`: a constant answer, what the machine allows a request
  that does nothing.
* `GET /bench/floor/data?tag=<tag>`: what a request that must read the
  database allows: the facts an owner's "find" answer needs (impoundment by
  tag or receipt, its pound and village, the pound fee and daily rate in force
  on the seizure date) in ONE indexed SQL round trip, from a psycopg pool, no
  ORM, rendered as one line of text.
* `POST /bench/floor/find` (Africa's Talking's USSD form, `text=1*<tag>`): the
  least any implementation of the USSD find can do and keep its promises,
  written by hand on psycopg: the caller read by number, the same facts as the
  data floor, and the step's audit row with the caller's watch in one INSERT
  committed without waiting for the disk (models.db.commit_lookup's trade), each
  its own statement on an autocommit connection as the service sends them. No
  ORM, no menus, no catalogue, no law: what the ORM and the app's own code cost
  a find is the difference between this and the real endpoint.
"""
from __future__ import annotations

from flask import Blueprint, Flask, request
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


CALLER = "SELECT id, language FROM people WHERE phone = %(phone)s"
AUDIT_AND_WATCH = """
WITH new_watch AS (
    INSERT INTO watches (impoundment_id, person_id, created_at)
    SELECT %(impoundment_id)s, %(person_id)s, now()
    WHERE %(person_id)s::integer IS NOT NULL AND %(impoundment_id)s::integer IS NOT NULL
    ON CONFLICT DO NOTHING)
INSERT INTO inbound_messages (channel, provider, provider_id, phone, text, received_at, reply_text, outcome)
VALUES ('ussd', 'benchfloor', %(provider_id)s, %(phone)s, %(text)s, now(), %(reply)s, 'end')
RETURNING set_config('synchronous_commit', 'off', true)
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

    find_pool = ConnectionPool(libpq_url(database_url), min_size=1, max_size=2, open=False,
                               kwargs={"autocommit": True})

    def find():
        if find_pool.closed:
            find_pool.open(wait=True)
        form = request.form
        phone, text = form.get("phoneNumber", ""), form.get("text", "")
        with find_pool.connection() as conn:
            caller = conn.execute(CALLER, {"phone": phone}, prepare=True).fetchone()
            facts = conn.execute(FIND_FACTS, {"tag": text.partition("*")[2]}, prepare=True).fetchone()
            reply = "END " + (" ".join(str(value) for value in facts) if facts else "not found")
            conn.execute(AUDIT_AND_WATCH, {
                "impoundment_id": facts[0] if facts else None, "person_id": caller[0] if caller else None,
                "provider_id": form.get("sessionId", ""), "phone": phone, "text": text, "reply": reply},
                prepare=True)
        return reply, 200, {"Content-Type": "text/plain; charset=utf-8"}

    bp = Blueprint("bench_floor", __name__)
    bp.add_url_rule("/bench/floor", "bench_floor", constant)
    bp.add_url_rule("/bench/floor/data", "bench_floor_data", data)
    bp.add_url_rule("/bench/floor/find", "bench_floor_find", find, methods=["POST"])
    app.register_blueprint(bp)
    app.extensions["csrf"].exempt(bp)   # a machine's POST, as the webhooks it stands beside
