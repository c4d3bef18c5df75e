"""SPEC 13.4, 1871 s.14: the claim timeline in two stages, through the admin API (village MANI,
tests/law/packs/trespass_support.py): the keeper's report to the police at seven days, the
police notice, the auction not before seven days after it. Each instant worked by hand (IST)."""
from __future__ import annotations

import pytest

from tests.law.packs.trespass_support import dues, impound, ist, make_mani, post_notice


@pytest.fixture
def mani(api):
    make_mani(api)
    return api


def test_the_police_report_falls_due_seven_days_after_the_seizure_to_the_minute(mani, clock):
    """Seized 30-11 10:17 → report due 07-12 10:17 (7 x 24 hours)."""
    clock.set(ist(30, 10, 17, month=11))
    buffalo = impound(mani)
    assert dues(mani, buffalo["id"], ist(1))["police_report_due"] == "2026-12-07T10:17:00+05:30"


def test_before_any_notice_the_auction_is_at_the_earliest_fourteen_days_on(mani):
    """Seized 30-11 10:00; report 07-12 10:00; a notice that very minute → auction 14-12 10:00."""
    buffalo = impound(mani)
    assert buffalo["auction_at"] == "2026-12-14T10:00:00+05:30"


def test_the_notice_is_refused_a_minute_before_the_report_is_due(mani, clock):
    """Seized 30-11 10:17: report due 07-12 10:17, so a notice at 10:16 is refused (409)."""
    clock.set(ist(30, 10, 17, month=11))
    buffalo = impound(mani)
    clock.set(ist(7, 12))
    response = mani.post(f"/impoundments/{buffalo['id']}/notice", {"at": ist(7, 10, 16).isoformat()})
    assert (response.status_code, response.json["code"]) == (409, "before_police_report")


def test_a_notice_at_the_report_instant_puts_the_auction_seven_days_after_it(mani, clock):
    """Seized 30-11 10:17; notice 07-12 10:17 → auction not before 14-12 10:17."""
    clock.set(ist(30, 10, 17, month=11))
    buffalo = impound(mani)
    clock.set(ist(7, 12))
    assert post_notice(mani, buffalo["id"], ist(7, 10, 17))["auction_at"] == "2026-12-14T10:17:00+05:30"


def test_a_late_notice_moves_the_auction_to_seven_days_after_it(mani, clock):
    """Seized 30-11 10:00; notice 09-12 15:42 → auction not before 16-12 15:42."""
    buffalo = impound(mani)
    clock.set(ist(9, 16))
    assert post_notice(mani, buffalo["id"], ist(9, 15, 42))["auction_at"] == "2026-12-16T15:42:00+05:30"


def test_the_sale_waits_for_the_auction_minute_after_the_notice(mani, clock):
    """Notice 09-12 15:42 → auction 16-12 15:42: a sale at 15:41 is refused, at 15:42 recorded.
    Seized 30-11 10:00, sold 16-12: 17 days; Rs 20,000 + 17 x Rs 500 = Rs 28,500; sold for
    Rs 30,000: surplus Rs 1,500, claimable to 31-12 (16-12 + 15, the schedule's setting)."""
    buffalo = impound(mani)
    clock.set(ist(9, 16))
    post_notice(mani, buffalo["id"], ist(9, 15, 42))
    clock.set(ist(16, 16))
    early = mani.post(f"/impoundments/{buffalo['id']}/sale", {"proceeds_paise": 30_000_00,
                                                              "at": ist(16, 15, 41).isoformat()})
    assert (early.status_code, early.json["code"]) == (409, "before_notice_auction")
    sale = mani.post(f"/impoundments/{buffalo['id']}/sale", {"proceeds_paise": 30_000_00,
                                                             "at": ist(16, 15, 42).isoformat()}).json
    assert (sale["pound_fee_paise"], sale["expenses_paise"], sale["surplus_paise"], sale["surplus_deadline"]) == (
        20_000_00, 8_500_00, 1_500_00, "2026-12-31")


def test_no_sale_without_the_notice_even_after_the_earliest_auction(mani, clock):
    """s.14: unclaimed seven days "from the notice": none posted, the 14-12 10:00 earliest auction
    has passed on 15-12, still no sale (409 no_notice)."""
    buffalo = impound(mani)
    clock.set(ist(15))
    response = mani.post(f"/impoundments/{buffalo['id']}/sale", {"proceeds_paise": 30_000_00})
    assert (response.status_code, response.json["code"]) == (409, "no_notice")


def test_a_claim_between_the_report_and_the_auction_pays_every_day_held(mani, clock):
    """Seized 30-11 10:00; report due 07-12; notice 08-12 10:00 → auction 15-12 10:00. The owner
    claims 11-12 09:00: days 30-11 to 11-12 = 12; Rs 20,000 + 12 x Rs 500 = Rs 26,000."""
    buffalo = impound(mani)
    clock.set(ist(8))
    post_notice(mani, buffalo["id"], ist(8))
    clock.set(ist(11, 9))
    release = mani.post(f"/impoundments/{buffalo['id']}/release", {}).json
    assert (release["days"], release["pound_fee_paise"], release["expenses_paise"], release["total_paise"]) == (
        12, 20_000_00, 6_000_00, 26_000_00)


def test_a_notice_for_an_animal_already_released_is_refused(mani, clock):
    """Released 01-12; a notice on 08-12 has nothing to announce (409 not_impounded)."""
    buffalo = impound(mani)
    clock.set(ist(1))
    mani.post(f"/impoundments/{buffalo['id']}/release", {})
    clock.set(ist(8))
    response = mani.post(f"/impoundments/{buffalo['id']}/notice", {})
    assert (response.status_code, response.json["code"]) == (409, "not_impounded")


def test_a_gujarat_village_has_no_police_notice_stage(mani, clock):
    """KHAR runs under Gujarat's Act: one claim window, no notice (409 no_notice_stage)."""
    cow = impound(mani, kind="cow", pound="KHAR-1")
    clock.set(ist(8))
    response = mani.post(f"/impoundments/{cow['id']}/notice", {})
    assert (response.status_code, response.json["code"]) == (409, "no_notice_stage")


def test_the_complaint_is_due_ten_days_after_the_seizure_date(mani, clock):
    """s.20: seized 30-11 23:30 → the last day for the complaint is 10-12."""
    clock.set(ist(1))
    buffalo = impound(mani, seized_at=ist(30, 23, 30, month=11).isoformat())
    assert buffalo["complaint_deadline"] == "2026-12-10"
