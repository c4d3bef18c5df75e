"""Queries the dispatcher runs every minute over a whole district,
beside `models.queries` (what one request needs) so that each can be tuned
for its own load: here a statement reads tens of thousands of rows, and must
cost what is due, not what the tables hold.
"""
from __future__ import annotations

from datetime import datetime
from typing import Sequence

from sqlalchemy import Integer, select, text
from sqlalchemy.orm import Session

from models.db import among
from models.outbox.stop import reaches_sql, reaches_sql_text
from models.tables import Person, Village

# The claim reminders due now and not yet in the outbox, found by PostgreSQL: a
# steady tick otherwise derives and probes every reminder key of every animal
# near its deadline in Python, every minute. When a reminder is due is defined
# by handlers.notices.dated.claim_reminder_due (which SQLite's path calls); this
# is that rule in SQL, held equal to it by a hypothesis test, so the two change
# together: for each animal in a pound whose claim deadline is within the
# horizon, the reminder nearest the deadline whose moment (`days` before the
# deadline's local date, at the morning hour, local time) has come, unless that
# moment is not before the deadline. Its recipients are the owner and the
# watchers (a watcher who owns it counted once; `watches` holds a person once
# per animal), minus whoever the STOP rule (models.outbox.stop) keeps it from;
# minus every key the outbox holds.
#
# Each recipient's key is probed in the outbox's unique index (LATERAL ... LIMIT 1:
# always a nested loop), so the statement costs the reminders due, where an
# anti-join hashed the whole outbox every minute (836,000 rows and growing:
# 1.0-1.3 s of a 2 s steady tick at load 6); people are read only for the
# reminders still missing; and the moment "has come" is decided once per time
# zone and gap (`zones`, `choices`), where it was converted to and from local
# time for every reminder day of every animal.
_CLAIM_REMINDERS_MISSING = text(f"""
WITH zones AS MATERIALIZED (
    -- per time zone, the last local date whose morning moment has come
    SELECT z.timezone,
           CASE WHEN (z.today + make_time(CAST(:hour AS integer), 0, 0)) AT TIME ZONE z.timezone <= :now
                THEN z.today ELSE z.today - 1 END AS last_morning
    FROM (SELECT DISTINCT v.timezone, (CAST(:now AS timestamptz) AT TIME ZONE v.timezone)::date AS today
          FROM villages v) z
), choices AS MATERIALIZED (
    -- deadline day - last morning -> the reminder due: the fewest days before the deadline
    -- whose moment has come (moment(d) <= now  <=>  deadline day - d <= last morning)
    SELECT g.gap, (SELECT min(d.days) FROM unnest(CAST(:reminder_days AS integer[])) AS d(days)
                   WHERE d.days >= g.gap) AS days
    FROM generate_series(-1, (SELECT max(d) FROM unnest(CAST(:reminder_days AS integer[])) AS d) + 1) AS g(gap)
), near AS (
    SELECT i.id, i.owner_id, i.claim_deadline, v.timezone, z.last_morning,
           (i.claim_deadline AT TIME ZONE v.timezone)::date AS deadline_day
    FROM impoundments i JOIN villages v ON v.id = i.village_id JOIN zones z ON z.timezone = v.timezone
    WHERE i.status = 'impounded' AND i.claim_deadline > :now AND i.claim_deadline <= :horizon
), due AS (
    SELECT near.id, near.owner_id, c.days
    FROM near JOIN choices c ON c.gap = near.deadline_day - near.last_morning
    WHERE ((near.deadline_day - c.days) + make_time(CAST(:hour AS integer), 0, 0)) AT TIME ZONE near.timezone
          < near.claim_deadline
), recipients AS (
    SELECT due.id, due.days, due.owner_id AS person_id FROM due WHERE due.owner_id IS NOT NULL
    UNION ALL
    SELECT due.id, due.days, w.person_id FROM due JOIN watches w ON w.impoundment_id = due.id
    WHERE w.person_id IS DISTINCT FROM due.owner_id
), missing AS MATERIALIZED (
    SELECT r.id, r.days, r.person_id, CAST(:prefix AS text) || r.id || ':' || r.person_id || ':' || r.days AS key
    FROM recipients r
    LEFT JOIN LATERAL (SELECT 1 AS found FROM outbound_messages o
                       WHERE o.idempotency_key = CAST(:prefix AS text) || r.id || ':' || r.person_id || ':' || r.days
                       LIMIT 1) written ON true
    WHERE written.found IS NULL
)
SELECT m.id AS impoundment_id, m.days, p.id, p.phone, p.language, p.opted_out, m.key
FROM missing m JOIN people p ON p.id = m.person_id
WHERE {reaches_sql_text("p.opted_out")}
ORDER BY m.id, p.id""")


_NO_JIT = text("SET LOCAL jit = off")


def claim_reminders_missing(session: Session, now: datetime, reminder_days: list[int], morning_hour: int,
                            key_prefix: str, horizon: datetime) -> list:
    """Rows (impoundment_id, days, id, phone, language, opted_out, key): one per
    claim reminder due at `now` and not written yet (see above). PostgreSQL only."""
    # The planner's estimate of the probes crosses the JIT thresholds; compiling took 20 ms to 1.4 s
    # and saved nothing (this transaction only: the dispatcher's).
    session.execute(_NO_JIT)
    return list(session.execute(_CLAIM_REMINDERS_MISSING, {
        "now": now, "horizon": horizon, "hour": morning_hour, "reminder_days": sorted(reminder_days),
        "prefix": key_prefix}))


# A village's first opted-in person: one probe of ix_people_village_person per
# village (a GROUP BY read every villager of the district: 200,000 rows a minute).
_FIRST_OPTED_IN = (select(Person.id).where(Person.village_id == Village.id, reaches_sql(Person.opted_out))
                   .order_by(Person.id).limit(1).correlate(Village).scalar_subquery())


def first_recipients(session: Session, village_ids: Sequence[int], batch: int = 5000) -> dict[int, int]:
    """{village id: its first opted-in person's id}, for the villages that have one."""
    found: dict[int, int] = {}
    for start in range(0, len(village_ids), batch):
        ids = list(village_ids[start:start + batch])
        found.update((village_id, first) for village_id, first in session.execute(
            select(Village.id, _FIRST_OPTED_IN).where(among(session, Village.id, ids, Integer))) if first is not None)
    return found
