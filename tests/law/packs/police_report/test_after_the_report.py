"""SPEC 13.4, 1871 s.14: once the keeper's report to the police is on record (tests/law/packs/
trespass_support.py, Mani Majra) the dispatcher no longer tells the keeper to report the animal
(nor sends a reminder held for the morning), and the keeper's digest counts it neither due nor
overdue.

The goat 500000000004 is seized Monday 30-11-2026 10:00 IST (the test clock) unless a test says
otherwise: unclaimed 7 days (168 h), its report falls due 07-12 10:00."""
from __future__ import annotations

from sqlalchemy import select

from models.tables import OutboundMessage
from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    GOAT, KEEPER, impound, ist, mani, police_report)


def police_reports(app) -> list[tuple[str, str]]:
    with app.extensions["dabbo"].sessions() as session:
        return [tuple(row) for row in session.execute(
            select(OutboundMessage.to_phone, OutboundMessage.status)
            .where(OutboundMessage.kind == "police_report").order_by(OutboundMessage.id))]


def keeper_digests(app) -> list[str]:
    with app.extensions["dabbo"].sessions() as session:
        return list(session.scalars(select(OutboundMessage.text).where(
            OutboundMessage.kind == "keeper_digest", OutboundMessage.to_phone == KEEPER).order_by(OutboundMessage.id)))


def digest(pound_day: str, reports: int, overdue: int) -> str:
    return (f"Mani Majra pound {pound_day}: 1 held (1 goat). Police reports due today: {reports}, "
            f"overdue: {overdue} (s.14). For auction after the police notice: 0 today, 0 tomorrow. "
            "Send LIST for tags.")


def test_a_keeper_who_reported_is_not_told_to_report(mani, app, clock, dispatch, run_worker):
    """Due 07-12 10:00; the keeper records the report at 10:00, before the dispatcher's tick of
    that minute: the ticks at 10:00, 10:01 and 08-12 09:00 write no police-report SMS."""
    goat = impound(mani, kind="goat", tag=GOAT)["id"]
    clock.set(ist(7, 10))
    assert police_report(mani, goat).status_code == 200
    for moment in (ist(7, 10), ist(7, 10, 1), ist(8, 9)):
        clock.set(moment)
        dispatch()
        run_worker()
    assert police_reports(app) == []


def test_a_report_held_for_the_morning_is_cancelled_once_the_report_is_recorded(
        mani, app, clock, dispatch, run_worker):
    """Seized 30-11 23:30: due 07-12 23:30, in the quiet hours: the SMS is written and held. The
    keeper records the report 07-12 23:45; at 08-12 08:00 the held SMS no longer applies."""
    clock.set(ist(30, 23, 30, month=11))
    goat = impound(mani, kind="goat", tag=GOAT)["id"]
    clock.set(ist(7, 23, 30))
    dispatch()
    run_worker()
    assert police_reports(app) == [(KEEPER, "queued")]
    clock.set(ist(7, 23, 45))
    assert police_report(mani, goat).status_code == 200
    clock.set(ist(8, 8))
    dispatch()
    run_worker()
    assert police_reports(app) == [(KEEPER, "cancelled")]


def test_the_digest_counts_a_reported_animal_neither_due_nor_overdue(mani, app, clock, dispatch):
    """Due 07-12 10:00: 07-12's digest (08:00) counts 1 due, 0 overdue; reported 07-12 10:30, so
    08-12's counts 0 and 0 (unreported, it would count 1 overdue)."""
    goat = impound(mani, kind="goat", tag=GOAT)["id"]
    clock.set(ist(7, 8))
    dispatch()
    clock.set(ist(7, 10, 30))
    police_report(mani, goat)
    clock.set(ist(8, 8))
    dispatch()
    assert keeper_digests(app) == [digest("07-12", 1, 0), digest("08-12", 0, 0)]


def test_a_report_recorded_before_the_morning_digest_is_not_counted_due_today(mani, app, clock, dispatch):
    """Seized 30-11 07:00: due 07-12 07:00; reported 07-12 07:30: 07-12's digest (08:00) counts
    0 due today (unreported, it would count 1)."""
    clock.set(ist(30, 7, month=11))
    goat = impound(mani, kind="goat", tag=GOAT)["id"]
    clock.set(ist(7, 7, 30))
    police_report(mani, goat)
    clock.set(ist(7, 8))
    dispatch()
    assert keeper_digests(app) == [digest("07-12", 0, 0)]
