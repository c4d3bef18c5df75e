"""When a claim reminder is due (handlers.notices.dated.claim_reminder_due,
the definition), and PostgreSQL's set-based statement
(models.queries.notices.claim_reminders_missing) agreeing with it where some
of the recipients sent STOP.

The goat of tests/notices/test_notices_reminders.py: claim deadline
Monday 07-12-2026 10:00 in Gujarat (04:30 UTC), reminders 3 and 1 days before
at 08:00 local: Friday 04-12 02:30 UTC and Sunday 06-12 02:30 UTC.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import HealthCheck, given, settings, strategies as st
from sqlalchemy import select

from handlers.notices.dated import claim_reminder_due, missing_claim_reminders_in_python
from models.queries import notices as notice_queries
from models.tables import Person, Village, Watch
from tests.notices.test_notices_batched import MOMENTS, ZONES, _add_animals, reminder

GUJARAT = "Asia/Kolkata"
DEADLINE = datetime(2026, 12, 7, 4, 30, tzinfo=timezone.utc)


def utc(day, hour, minute=0):
    return datetime(2026, 12, day, hour, minute, tzinfo=timezone.utc)


def test_a_claim_reminder_is_due_from_the_morning_of_the_nearest_reminder_day_before_the_deadline():
    def due(now, deadline=DEADLINE, days=(3, 1)):
        return claim_reminder_due(deadline, GUJARAT, now, days, 8)

    assert due(utc(4, 2, 29)) is None          # 07:59 on Friday: the 3-day reminder's morning not come
    assert due(utc(4, 2, 30)) == 3             # 08:00 on Friday
    assert due(utc(6, 2, 29)) == 3
    assert due(utc(6, 2, 30)) == 1             # 08:00 on Sunday: the 1-day one, nearest the deadline
    assert due(utc(6, 9, 0), days=(1, 3)) == 1   # entered late: only the nearest, whatever the order given
    assert due(utc(7, 4, 30)) is None          # the deadline itself: nothing is due any more
    # Deadline 07:30 on Monday: Monday's 08:00 reminder (0 days before) would come after it, so
    # at 06:30 on Monday the reminder due is still Sunday's.
    assert due(utc(7, 1, 0), deadline=utc(7, 2, 0), days=(0, 1)) == 1


@settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(reminder, min_size=1, max_size=6), MOMENTS, st.integers(min_value=0, max_value=4 * 24 * 60),
       st.sets(st.integers(min_value=0, max_value=4), min_size=1), st.integers(min_value=0, max_value=23),
       st.lists(st.sampled_from(ZONES), min_size=2, max_size=2),
       st.lists(st.booleans(), min_size=3, max_size=3))
def test_postgresql_and_the_definition_remind_the_same_people_when_some_sent_stop(world, session, drawn, day, minutes,
                                                                                  days, hour, zones, stopped):
    """Generated animals, deadlines, moments, reminder days, morning hours and
    time zones (clock changes included), the owners and watchers each opted
    out or not: the statement finds exactly the reminders the definition
    finds, and none of them for a person who sent STOP."""
    now = day + timedelta(minutes=minutes)
    days = sorted(days)
    horizon = now + timedelta(days=max(days) + 2)
    try:
        for village, zone in zip(list(session.scalars(select(Village).order_by(Village.id)))[:2], zones):
            village.timezone = zone
        people = list(session.scalars(select(Person).where(Person.role == "owner").order_by(Person.id)))[:3]
        for person, opted_out in zip(people, stopped):
            person.opted_out = opted_out
        animals = _add_animals(session, [dict(owner=r["owner"], pound=r["village"], village=r["village"], day=0,
                                              hour=1) for r in drawn])
        for animal, r in zip(animals, drawn):
            animal.status, animal.claim_deadline = "impounded", now + timedelta(minutes=r["deadline_minutes"])
            session.add_all(Watch(impoundment_id=animal.id, person_id=people[w].id, created_at=now)
                            for w in r["watchers"])
        session.flush()
        found = {(row.impoundment_id, row.id, row.key) for row in notice_queries.claim_reminders_missing(
            session, now, days, hour, "claim_reminder:", horizon)}
        derived = {(i, person.id, key) for i, pairs in missing_claim_reminders_in_python(
            session, now, days, hour, horizon).items() for person, key in pairs}
        assert found == derived
        opted_out = {person.id for person, stop in zip(people, stopped) if stop}
        assert not {person_id for _, person_id, _ in found} & opted_out
    finally:
        session.rollback()
