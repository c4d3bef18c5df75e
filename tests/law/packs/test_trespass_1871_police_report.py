"""SPEC 13.4, 1871 s.14: unclaimed for seven days, the keeper reports to the police station.
The keeper of MANI-1 (tests/law/packs/trespass_support.py) is told so once, when the report falls
due (seizure + 168 hours), by the dispatcher's tick and the RQ worker; not for an animal claimed
before it, and never in a village under Gujarat's Act, which has no police report."""
from __future__ import annotations

from sqlalchemy import select

from handlers import catalogue
from handlers.catalogue import t
from handlers.dlt import wording
from handlers.dlt.profile import Profile
from models.tables import OutboundMessage
from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    BUFFALO1, COW, GOAT, KEEPER, impound, ist, mani, post_notice)


def reports(app) -> list[tuple[str, str, str]]:
    with app.extensions["dabbo"].sessions() as session:
        return [tuple(row) for row in session.execute(
            select(OutboundMessage.to_phone, OutboundMessage.status, OutboundMessage.text)
            .where(OutboundMessage.kind == "police_report").order_by(OutboundMessage.id))]


def tick(clock, dispatch, run_worker, *moments) -> None:
    for moment in moments:
        clock.set(moment)
        dispatch()
        run_worker()


def test_the_keeper_is_told_once_to_report_to_the_police_when_the_seven_days_end(mani, app, clock, dispatch,
                                                                                  run_worker):
    """Seized Monday 30-11 10:00: the report falls due 07-12 10:00 (30-11 + 168 h). Nothing at 09:59;
    one SMS at 10:00 local, naming the command that records the report; the ticks at 10:01 and
    the next morning write no second one."""
    impound(mani, tag=BUFFALO1)
    tick(clock, dispatch, run_worker, ist(7, 9, 59))
    assert reports(app) == []
    tick(clock, dispatch, run_worker, ist(7, 10), ist(7, 10, 1), ist(8, 9))
    assert reports(app) == [(KEEPER, "sent", (
        f"Buffalo {BUFFALO1} in Mani Majra pound, seized 30-11 10am, is unclaimed 7 days: report it to the police "
        f"station now (s.14), then send POLICE {BUFFALO1}. The officer posts a notice; auction 7 days after it."))]


def test_an_animal_claimed_before_the_seven_days_end_is_not_reported(mani, app, clock, dispatch, run_worker):
    """Seized 30-11 10:00, released 05-12 10:00: at 07-12 10:00 nothing is due to the police."""
    buffalo = impound(mani, tag=BUFFALO1)
    clock.set(ist(5))
    assert mani.post(f"/impoundments/{buffalo['id']}/release", {}).status_code == 200
    tick(clock, dispatch, run_worker, ist(7, 10), ist(7, 11))
    assert reports(app) == []


def test_a_gujarat_village_has_no_police_report(mani, app, clock, dispatch, run_worker):
    """KHAR's cow seized 30-11 10:00: its seven days end 07-12 10:00; its keeper gets no such SMS."""
    impound(mani, kind="cow", pound="KHAR-1", tag=COW)
    tick(clock, dispatch, run_worker, ist(7, 10), ist(7, 11), ist(8, 10))
    assert reports(app) == []


def test_a_report_falling_due_at_night_waits_for_the_morning(mani, app, clock, dispatch, run_worker):
    """Seized 30-11 23:30: due 07-12 23:30, inside the quiet hours (21:00-08:00): written then,
    held, sent at 08:00 on 08-12, once."""
    clock.set(ist(30, 23, 30, month=11))
    impound(mani, tag=BUFFALO1)
    tick(clock, dispatch, run_worker, ist(7, 23, 30))
    assert [status for _, status, _ in reports(app)] == ["queued"]
    tick(clock, dispatch, run_worker, ist(8, 8), ist(8, 8, 1))
    assert [(phone, status) for phone, status, _ in reports(app)] == [(KEEPER, "sent")]


def test_under_dlt_the_police_report_carries_the_digests_head_count_and_auctions_today(mani, app, clock, dispatch,
                                                                                    run_worker):
    """India sends the report as the registered `keeper_digest` (the pound, the head count, the
    auctions today), counted as the morning's digest counts them. A goat seized 23-11 10:00 (report
    due 30-11 10:00), its notice recorded 30-11 10:00: auction 07-12 10:00 (+168 h). The buffalo
    seized 30-11 10:00: report due 07-12 10:00. On 07-12 the pound holds 2, 1 for auction today:
    the 08:00 digest and the 10:00 report say the same."""
    goat = impound(mani, kind="goat", tag=GOAT, seized_at=ist(23, month=11).isoformat())
    post_notice(mani, goat["id"], ist(30, month=11))
    impound(mani, tag=BUFFALO1)
    catalogue.send_registered_templates(wording.Context(Profile()))
    tick(clock, dispatch, run_worker, ist(7, 8), ist(7, 10))
    expected = t("en", "notice.keeper_digest", pound="Mani Majra pound", count=2, today=1)
    assert expected.startswith("Dabbo: your pound holds 2 animals today, 1 of them for auction today")
    assert [text for _, _, text in reports(app)] == [expected]
    assert digests(app) == [expected]


def digests(app) -> list[str]:
    with app.extensions["dabbo"].sessions() as session:
        return list(session.scalars(select(OutboundMessage.text).where(OutboundMessage.kind == "keeper_digest",
                                                                       OutboundMessage.to_phone == KEEPER)))
