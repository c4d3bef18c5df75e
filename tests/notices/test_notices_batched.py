"""earlier, the dispatcher at district scale: what it writes in batches is
what it wrote one by one.

* §189(1)'s counts for a batch of animals (`occasions.seizure_counts_many`,
  one statement) equal the per-animal ones (`queries.seizure_counts`, which a
  FEES request runs), for every mix of owners, villages, pounds, dates and
  times hypothesis can think of;
* the counts lent to the texting loop are used only while the animal's
  occasion is the one counted;
* the eves of many auctions, in every language, are written in one statement,
  not one per auction and language, with the same rows.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from sqlalchemy import event, func, select

from handlers.notices import dated as notice_dated
from handlers.catalogue import LANGUAGES
from models import queries
from models.queries import occasions
from models.tables import Impoundment, OutboundMessage, Person, Pound, Seizure, Village

DAYS = [date(2026, 11, 20), date(2026, 11, 21), date(2026, 11, 28)]
# Several animals at one moment (ties on seized_at), and moments either side of midnight.
HOURS = [time(0, 30), time(10, 0), time(10, 0), time(23, 50)]

animal = st.fixed_dictionaries({
    "owner": st.sampled_from([0, 1, 2, None]),   # an index into the owners, None: not known
    "pound": st.sampled_from([0, 1]),
    "village": st.sampled_from([0, 1]),          # the pound's own village, or the other one
    "day": st.sampled_from(range(len(DAYS))),
    "hour": st.sampled_from(range(len(HOURS))),
})


def _add_animals(session, drawn) -> list[Impoundment]:
    pounds = list(session.scalars(select(Pound).order_by(Pound.id)))[:2]
    villages = list(session.scalars(select(Village).order_by(Village.id)))[:2]
    owners = list(session.scalars(select(Person.id).where(Person.role == "owner").order_by(Person.id)))[:3]
    animals = []
    for n, a in enumerate(drawn):
        seized_on = DAYS[a["day"]]
        seized_at = datetime.combine(seized_on, HOURS[a["hour"]], timezone.utc)
        seizure = Seizure(pound_id=pounds[a["pound"]].id, seized_at=seized_at)
        session.add(seizure)
        session.flush()
        animals.append(Impoundment(
            seizure_id=seizure.id, pound_id=pounds[a["pound"]].id, village_id=villages[a["village"]].id,
            receipt=f"T{n}", tag=None, kind="cow", owner_id=None if a["owner"] is None else owners[a["owner"]],
            seized_at=seized_at, seized_on=seized_on, status="released", claim_deadline=seized_at + timedelta(days=7),
            auction_at=seized_at + timedelta(days=8), complaint_deadline=seized_on + timedelta(days=10)))
    session.add_all(animals)
    session.flush()
    return animals


@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(animal, min_size=1, max_size=12))
def test_a_batchs_seizure_counts_are_the_per_animal_ones(world, session, drawn):
    try:
        animals = _add_animals(session, drawn)
        batch = occasions.seizure_counts_many(session, [a.id for a in animals])
        for a in animals:
            assert batch[a.id].counts == queries.seizure_counts(session, a), drawn
            assert batch[a.id].counts == (queries.earlier_seizure_count(session, a), queries.head_count(session, a))
    finally:
        session.rollback()


def _statements(session):
    seen = []
    event.listen(session.get_bind(), "before_cursor_execute", lambda *args: seen.append((args[2], str(args[3]))))
    return seen


def test_counts_lent_to_the_texts_are_used_only_for_the_occasion_counted(world, session):
    [first, second] = _add_animals(session, [dict(owner=0, pound=0, village=0, day=0, hour=1)] * 2)
    counted = occasions.seizure_counts_many(session, [first.id])
    assert counted[first.id].counts == (0, 2)
    seen = _statements(session)
    with occasions.remembering(session, counted):
        assert queries.seizure_counts(session, first) == (0, 2)
        assert seen == []                                   # lent: no query
        assert queries.seizure_counts(session, second) == (0, 2)
        assert len(seen) == 1                               # not in the batch: counted afresh
        first.seized_on = DAYS[2]                           # no longer the occasion counted
        assert occasions.remembered(session, first) is None
    first.seized_on = DAYS[0]
    assert occasions.remembered(session, first) is None     # outside the block nothing is lent
    session.rollback()


def _auction_rows(app):
    with app.extensions["dabbo"].sessions() as session:
        return sorted((m.idempotency_key, m.text, m.language, m.to_phone, m.expires_at, m.segments, m.encoding)
                      for m in session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "auction_notice")))


def _two_auctions(session) -> list[Village]:
    """A reader of every language in each of two villages, and an animal
    (no owner) in each village's pound, auctioned 07-12 at 11:00 local."""
    villages = list(session.scalars(select(Village).order_by(Village.id)))
    assert len(villages) >= 2
    seized = datetime(2026, 11, 30, 4, 30, tzinfo=timezone.utc)
    for village in villages:   # readers of every language in each village
        for n, lang in enumerate(LANGUAGES):
            session.add(Person(phone=f"+91990{village.id:03d}{n:04d}", name=f"reader {lang}", role="owner",
                               language=lang, village_id=village.id, created_at=seized))
    pounds = {p.village_id: p for p in session.scalars(select(Pound))}
    auction = datetime(2026, 12, 7, 5, 30, tzinfo=timezone.utc)   # 11:00 local on 07-12
    # No owner: no claim reminders beside the auction notices.
    animals = _add_animals(session, [dict(owner=None, pound=0, village=0, day=0, hour=1),
                                     dict(owner=None, pound=1, village=1, day=0, hour=1)])
    for impoundment, village in zip(animals, villages):
        impoundment.village_id, impoundment.pound_id = village.id, pounds[village.id].id
        impoundment.status, impoundment.seized_at, impoundment.auction_at = "impounded", seized, auction
        impoundment.claim_deadline = seized + timedelta(days=7)
    session.commit()
    return villages


EVE = datetime(2026, 12, 6, 2, 31, tzinfo=timezone.utc)       # 08:01 local on 06-12


def test_the_eves_of_many_auctions_are_written_in_one_statement(app, world, session, clock):
    """Every village's auction and language in one INSERT (it was one per
    auction and language: 8,000 statements on a district's morning)."""
    villages = _two_auctions(session)
    eve = EVE
    seen = _statements(session)
    notice_dated.write_due_notices(session, eve)
    session.commit()
    inserts = [statement for statement, parameters in seen
               if statement.lstrip().upper().startswith("INSERT INTO OUTBOUND_MESSAGES")
               and "auction_notice" in parameters]
    assert len(inserts) == 1
    rows = _auction_rows(app)
    ours = [row for row in rows if row[0].split(":")[3] == "20261207T053000Z"]
    readers = session.scalar(select(func.count(Person.id)).where(Person.village_id.in_([v.id for v in villages]),
                                                                 Person.opted_out.is_(False)))
    assert len(ours) == readers
    assert {lang for _, _, lang, *_ in ours} == set(LANGUAGES)
    notice_dated.write_due_notices(session, eve + timedelta(minutes=1))
    session.commit()
    assert _auction_rows(app) == rows                               # written once


ZONES = ["Asia/Kolkata", "America/New_York", "Europe/London", "Pacific/Chatham", "Asia/Kathmandu", "UTC"]
# Around the 2026 autumn change of clocks in New York and London, and a quiet week.
MOMENTS = st.sampled_from([datetime(2026, 10, 24, tzinfo=timezone.utc), datetime(2026, 10, 31, tzinfo=timezone.utc),
                           datetime(2026, 11, 30, tzinfo=timezone.utc)])
reminder = st.fixed_dictionaries({
    "owner": st.sampled_from([0, 1, 2, None]),
    "village": st.sampled_from([0, 1]),
    "deadline_minutes": st.integers(min_value=-60, max_value=6 * 24 * 60),
    "watchers": st.lists(st.sampled_from([0, 1, 2]), max_size=2, unique=True),
})


@settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(reminder, min_size=1, max_size=8), MOMENTS, st.integers(min_value=0, max_value=4 * 24 * 60),
       st.sets(st.integers(min_value=0, max_value=4), min_size=1), st.integers(min_value=0, max_value=23),
       st.lists(st.sampled_from(ZONES), min_size=2, max_size=2), st.booleans())
def test_postgresqls_claim_reminders_are_the_python_ones(world, session, drawn, day, minutes, days, hour, zones,
                                                         some_written):
    """notice_queries.claim_reminders_missing (PostgreSQL) and the Python
    derivation (SQLite) find the same reminders, in any time zone, on the
    days the clocks change, before and after some are written."""
    from handlers.notices.dated import missing_claim_reminders_in_python
    from models import outbox
    from models.queries import notices as notice_queries
    from models.tables import Watch

    now = day + timedelta(minutes=minutes)
    days = sorted(days)
    horizon = now + timedelta(days=max(days) + 2)
    try:
        villages = list(session.scalars(select(Village).order_by(Village.id)))[:2]
        for village, zone in zip(villages, zones):
            village.timezone = zone
        animals = _add_animals(session, [dict(owner=r["owner"], pound=r["village"], village=r["village"], day=0,
                                              hour=1) for r in drawn])
        people = list(session.scalars(select(Person).where(Person.role == "owner").order_by(Person.id)))[:3]
        for animal, r in zip(animals, drawn):
            animal.status, animal.claim_deadline = "impounded", now + timedelta(minutes=r["deadline_minutes"])
            session.add_all(Watch(impoundment_id=animal.id, person_id=people[w].id, created_at=now)
                            for w in r["watchers"])
        session.flush()
        for _ in range(2):
            found = {(row.impoundment_id, row.key) for row in notice_queries.claim_reminders_missing(
                session, now, days, hour, "claim_reminder:", horizon)}
            derived = {(i, key) for i, pairs in missing_claim_reminders_in_python(session, now, days, hour,
                                                                                horizon).items()
                       for _, key in pairs}
            assert found == derived
            if not some_written:
                break
            for n, (_, key) in enumerate(sorted(found)):   # every other one written: the rest still missing
                if n % 2 == 0:
                    outbox.add(session, to_phone="+919800000000", text="x", language="en", kind="claim_reminder",
                               idempotency_key=key, segments=1, encoding="GSM-7", unsolicited=True, now=now)
            session.flush()
    finally:
        session.rollback()


def test_a_tick_whose_eves_fail_leaves_them_to_the_next_tick_written_once(app, world, session, clock, dispatch,
                                                                          monkeypatch):
    """The dispatcher writes the eves in a transaction of their own beside the
    rest (PostgreSQL). If that one fails, the tick fails, what the other
    committed stands, and the next tick writes the eves: once."""
    from handlers.notices import dated as notice_dated

    villages = _two_auctions(session)
    clock.set(EVE)

    def broken(*args, **kwargs):
        raise RuntimeError("PostgreSQL went away")

    monkeypatch.setattr(notice_dated, "write_auction_eves", broken)
    with pytest.raises(RuntimeError):
        dispatch()
    assert [row for row in _auction_rows(app) if "20261207T053000Z" in row[0]] == []
    with app.extensions["dabbo"].sessions() as fresh:   # the keepers' digests were committed
        assert fresh.scalar(select(func.count(OutboundMessage.id)).where(OutboundMessage.kind == "keeper_digest")) > 0
    monkeypatch.undo()
    clock.set(EVE + timedelta(minutes=1))
    dispatch()
    clock.set(EVE + timedelta(minutes=2))
    dispatch()
    ours = [row for row in _auction_rows(app) if "20261207T053000Z" in row[0]]
    readers = session.scalar(select(func.count(Person.id)).where(Person.village_id.in_([v.id for v in villages]),
                                                                 Person.opted_out.is_(False)))
    assert len(ours) == readers == len({row[0] for row in ours})
