"""SPEC 13.4, 1871 s.14: the keeper's report to the police station recorded through the admin API
(`POST /impoundments/{id}/police-report` `{reported_at}`), and the officer's notice after it
(`POST /impoundments/{id}/notice` `{posted_at}`), in Mani Majra (tests/law/packs/trespass_support.py).

The goat 500000000004 is seized Monday 30-11-2026 10:00 IST (the test clock): unclaimed 7 days
(168 h), its report falls due 07-12 10:00. Each instant worked by hand (IST)."""
from __future__ import annotations

from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    COW, GOAT, impound, ist, mani, police_report, post_notice)


def refusal(response) -> tuple[int, str]:
    return response.status_code, response.get_json()["code"]


def seized_goat(api) -> int:
    return impound(api, kind="goat", tag=GOAT)["id"]


def test_a_report_a_minute_before_it_falls_due_is_refused_naming_the_moment_it_falls_due(mani, clock):
    """Seized 30-11 10:00 → due 07-12 10:00 (+168 h): a report dated 07-12 09:59 is refused (409),
    its message (in Gujarati, the API's reader language by default) naming 07-12 10am; nothing is
    recorded."""
    goat = seized_goat(mani)
    clock.set(ist(7, 12))
    response = police_report(mani, goat, ist(7, 9, 59))
    assert refusal(response) == (409, "before_police_report_due")
    assert response.get_json()["field"] == "reported_at"
    assert response.get_json()["message"] == (
        f"ટેગ {GOAT}ને હજી 7 દિવસ થયા નથી: 07-12 સવારે 10થી પોલીસને જાણ કરો (કલમ 14). કંઈ નોંધાયું નથી.")
    assert mani.get(f"/impoundments/{goat}").get_json()["police_reported_at"] is None


def test_a_report_after_it_falls_due_is_recorded_and_shown_on_the_impoundment(mani, clock):
    """Due 07-12 10:00; the keeper reports 07-12 12:00 (no `reported_at`: now): recorded, and the
    impoundment shows police_reported_at 07-12 12:00 IST."""
    goat = seized_goat(mani)
    clock.set(ist(7, 12))
    response = police_report(mani, goat)
    assert response.status_code == 200
    assert response.get_json()["police_reported_at"] == "2026-12-07T12:00:00+05:30"
    assert mani.get(f"/impoundments/{goat}").get_json()["police_reported_at"] == "2026-12-07T12:00:00+05:30"


def test_a_report_dated_at_the_instant_it_falls_due_is_recorded(mani, clock):
    """Due 07-12 10:00; recorded 07-12 12:00 with reported_at 07-12 10:00: accepted as dated."""
    goat = seized_goat(mani)
    clock.set(ist(7, 12))
    assert police_report(mani, goat, ist(7, 10)).get_json()["police_reported_at"] == "2026-12-07T10:00:00+05:30"


def test_before_any_report_the_impoundment_shows_none(mani):
    """Seized 30-11 10:00, nothing reported: police_reported_at is null."""
    assert impound(mani, kind="goat", tag=GOAT)["police_reported_at"] is None


def test_a_second_report_is_refused_naming_the_first(mani, clock):
    """Reported 07-12 12:00; a second report 08-12 10:00 is refused (409), naming 07-12 12 noon
    (in Gujarati, the API's reader language by default)."""
    goat = seized_goat(mani)
    clock.set(ist(7, 12))
    police_report(mani, goat)
    clock.set(ist(8))
    response = police_report(mani, goat)
    assert refusal(response) == (409, "police_report_recorded")
    assert response.get_json()["message"] == (
        f"ટેગ {GOAT}ની પોલીસને જાણ 07-12 બપોરે 12 નોંધાયેલી છે (કલમ 14). નવું કંઈ નોંધાયું નથી.")


def test_a_gujarat_village_has_no_police_report_to_record(mani, clock):
    """KHAR runs under Gujarat's Act (one claim window, no police stage): 409 no_notice_stage, and
    its impoundment never shows a report."""
    cow = impound(mani, kind="cow", pound="KHAR-1", tag=COW)
    clock.set(ist(8))
    assert refusal(police_report(mani, cow["id"])) == (409, "no_notice_stage")
    assert cow["police_reported_at"] is None


def test_a_report_for_an_animal_already_released_is_refused(mani, clock):
    """Released 05-12 10:00; a report on 08-12 has nothing to report (409 not_impounded)."""
    goat = seized_goat(mani)
    clock.set(ist(5))
    assert mani.post(f"/impoundments/{goat}/release", {}).status_code == 200
    clock.set(ist(8))
    assert refusal(police_report(mani, goat)) == (409, "not_impounded")


def test_a_report_dated_in_the_future_is_refused(mani, clock):
    """The clock at 07-12 12:00; a report dated 07-12 12:06 is past the 5 minutes a clock may be
    ahead: 422 future_police_report on reported_at."""
    goat = seized_goat(mani)
    clock.set(ist(7, 12))
    response = police_report(mani, goat, ist(7, 12, 6))
    assert refusal(response) == (422, "future_police_report")
    assert response.get_json()["field"] == "reported_at"


def test_the_notice_takes_posted_at_and_puts_the_auction_seven_days_after_it(mani, clock):
    """Reported 07-12 12:00; the notice posted_at 09-12 15:42 → auction 16-12 15:42 (+168 h)."""
    goat = seized_goat(mani)
    clock.set(ist(7, 12))
    police_report(mani, goat)
    clock.set(ist(9, 16))
    response = mani.post(f"/impoundments/{goat}/notice", {"posted_at": ist(9, 15, 42).isoformat()})
    assert response.status_code == 200
    assert (response.get_json()["auction_at"], response.get_json()["police_reported_at"]) == (
        "2026-12-16T15:42:00+05:30", "2026-12-07T12:00:00+05:30")


def test_a_notice_without_a_recorded_report_stands_for_the_report(mani, clock):
    """No report recorded; the notice posted 08-12 09:00 (after the report fell due 07-12 10:00)
    is accepted: the impoundment shows the report as made by 08-12 09:00, and a POLICE report
    afterwards is refused as already on record."""
    goat = seized_goat(mani)
    clock.set(ist(8, 9))
    assert post_notice(mani, goat, ist(8, 9))["police_reported_at"] == "2026-12-08T09:00:00+05:30"
    assert refusal(police_report(mani, goat)) == (409, "police_report_recorded")


def test_a_notice_dated_before_the_recorded_report_is_refused(mani, clock):
    """Reported 08-12 10:00; a notice dated 07-12 12:00 would come before the report it follows:
    409 before_police_report; the auction stays at its earliest, 14-12 10:00."""
    goat = seized_goat(mani)
    clock.set(ist(8))
    police_report(mani, goat)
    response = mani.post(f"/impoundments/{goat}/notice", {"posted_at": ist(7, 12).isoformat()})
    assert refusal(response) == (409, "before_police_report")
    assert mani.get(f"/impoundments/{goat}").get_json()["auction_at"] == "2026-12-14T10:00:00+05:30"


def test_a_notice_naming_two_different_moments_is_refused(mani, clock):
    """`posted_at` 09-12 15:42 beside the older name `at` 09-12 15:00: which one the officer posted
    at is unclear, so nothing is recorded (422 conflicting_times); the auction stays 14-12 10:00."""
    goat = seized_goat(mani)
    clock.set(ist(9, 16))
    response = mani.post(f"/impoundments/{goat}/notice", {"posted_at": ist(9, 15, 42).isoformat(),
                                                          "at": ist(9, 15).isoformat()})
    assert refusal(response) == (422, "conflicting_times")
    assert mani.get(f"/impoundments/{goat}").get_json()["auction_at"] == "2026-12-14T10:00:00+05:30"
