"""SPEC 13.4: the Cattle-trespass Act, 1871 pack with Chandigarh's schedule, worked by hand.

All times IST (UTC+05:30). Chandigarh: large Rs 20,000 a head + Rs 500 a day; small (sheep, goat)
Rs 1,400 + Rs 300; calf Rs 3,000 + Rs 300; any other animal Rs 4,000 + Rs 300.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from models import law
from models.law import packs, trespass

IST = timezone(timedelta(hours=5, minutes=30))
TZ = "Asia/Kolkata"
CHANDIGARH = packs.rules("cattle_trespass_1871", "chandigarh")
REPEAT = packs.read_pack(Path(__file__).parent / "municipal_repeat")


def at(day, hour=10, minute=0, month=12):
    return datetime(2026, month, day, hour, minute, tzinfo=IST)


@pytest.mark.parametrize("kind,category,fine_rupees,feeding_rupees", [
    ("cow", "large", 20_000, 500), ("buffalo", "large", 20_000, 500), ("heifer", "large", 20_000, 500),
    ("bullock", "large", 20_000, 500), ("donkey", "large", 20_000, 500), ("pig", "large", 20_000, 500),
    ("sheep", "small", 1_400, 300), ("goat", "small", 1_400, 300), ("calf", "calf", 3_000, 300),
    ("horse", "other", 4_000, 300), ("elephant", "other", 4_000, 300),
])
def test_each_kind_pays_its_categorys_fine_and_feeding(kind, category, fine_rupees, feeding_rupees):
    """s.12 and ss.4-6: the kind's category in the Chandigarh scale sets both."""
    assert trespass.category(kind, CHANDIGARH) == category
    assert trespass.fine_per_head_paise(kind, CHANDIGARH) == fine_rupees * 100
    assert trespass.feeding_per_day_paise(kind, CHANDIGARH) == feeding_rupees * 100


def test_a_cow_held_three_days_owes_the_fine_and_three_days_feeding():
    """Seized 1 Dec 10:00, claimed 3 Dec 16:00: days 1, 2, 3 Dec = 3 (any part of a day).
    Rs 20,000 + 3 × Rs 500 = Rs 21,500."""
    dues = law.dues(seized_at=at(1), at=at(3, 16), tz=TZ, pack=CHANDIGARH,
                    pound_fee_paise=trespass.fine_per_head_paise("cow", CHANDIGARH),
                    daily_rate_paise=trespass.feeding_per_day_paise("cow", CHANDIGARH))
    assert (dues.days, dues.total_paise) == (3, 21_500_00)
    assert dues.total_tomorrow_paise == 22_000_00   # 4 Dec: one more day's Rs 500


def test_a_goat_seized_just_before_midnight_counts_two_days_by_morning():
    """Seized 1 Dec 23:50, claimed 2 Dec 00:10: two dates touched = 2 days.
    Rs 1,400 + 2 × Rs 300 = Rs 2,000."""
    dues = law.dues(seized_at=at(1, 23, 50), at=at(2, 0, 10), tz=TZ, pack=CHANDIGARH,
                    pound_fee_paise=140_000, daily_rate_paise=30_000)
    assert (dues.days, dues.total_paise) == (2, 2_000_00)


def test_the_police_report_is_due_seven_days_after_the_seizure_to_the_minute():
    """s.14: seized 1 Dec 10:17 → report due 8 Dec 10:17."""
    assert trespass.police_report_due(at(1, 10, 17), CHANDIGARH) == at(8, 10, 17)


def test_the_auction_is_not_before_seven_days_after_the_notice_to_the_minute():
    """s.14: notice posted 9 Dec 15:42 → auction not before 16 Dec 15:42."""
    assert trespass.auction_not_before(at(9, 15, 42), CHANDIGARH) == at(16, 15, 42)


def test_the_auction_is_fourteen_days_at_least_after_a_seizure_whose_notice_goes_up_at_once():
    """Seized 1 Dec 10:00; reported 8 Dec 10:00; notice the same minute → auction 15 Dec 10:00."""
    report = trespass.police_report_due(at(1), CHANDIGARH)
    assert trespass.auction_not_before(report, CHANDIGARH) == at(15)


def test_a_claim_between_the_police_report_and_the_auction_pays_every_day_held():
    """Seized 1 Dec 10:00, reported 8 Dec, notice 9 Dec; the owner claims 12 Dec 09:00, before the
    auction (16 Dec): days 1-12 Dec = 12; a buffalo: Rs 20,000 + 12 × Rs 500 = Rs 26,000."""
    claimed = at(12, 9)
    assert claimed < trespass.auction_not_before(at(9), CHANDIGARH)
    dues = law.dues(seized_at=at(1), at=claimed, tz=TZ, pack=CHANDIGARH,
                    pound_fee_paise=2_000_000, daily_rate_paise=50_000)
    assert (dues.days, dues.total_paise) == (12, 26_000_00)


def test_the_sale_is_allowed_at_the_auction_instant_and_not_a_minute_before():
    """s.14: notice 9 Dec 10:00 → 16 Dec 10:00 allowed, 09:59 not."""
    not_before = trespass.auction_not_before(at(9), CHANDIGARH)
    assert law.sale_allowed(at(16, 10), not_before)
    assert not law.sale_allowed(at(16, 9, 59), not_before)


def test_an_unclaimed_cow_goes_to_a_gaushala_not_to_auction():
    """s.14 proviso and the Chandigarh schedule: cows (and heifers) to a gaushala."""
    assert trespass.disposal("cow", CHANDIGARH) == "gaushala"
    assert trespass.disposal("heifer", CHANDIGARH) == "gaushala"


def test_an_unclaimed_buffalo_is_auctioned():
    assert trespass.disposal("buffalo", CHANDIGARH) == "auction"


def test_the_dispute_deposit_is_the_fine_and_charges_due_that_moment():
    """s.15: a bullock seized 1 Dec 10:00, owner disputes on 4 Dec 11:00: 4 days.
    Deposit = Rs 20,000 + 4 × Rs 500 = Rs 22,000."""
    dues = law.dues(seized_at=at(1), at=at(4, 11), tz=TZ, pack=CHANDIGARH,
                    pound_fee_paise=2_000_000, daily_rate_paise=50_000)
    assert trespass.dispute_deposit_paise(dues.pound_fee_paise, dues.expenses_paise) == 22_000_00


def test_a_sale_of_two_sells_only_the_first_when_it_covers_the_dues():
    """s.16: two buffaloes seized 1 Dec, sold 16 Dec: 16 days each. Owed: 2 × (Rs 20,000 +
    16 × Rs 500) = 2 × Rs 28,000 = Rs 56,000, plus Rs 1,000 sale expenses = Rs 57,000.
    First fetches Rs 60,000: covers it; the second goes back. Balance to owner Rs 3,000."""
    account = trespass.account(2, 16, 56_000_00, [60_000_00, 45_000_00], sale_expenses_paise=1_000_00)
    assert account == trespass.Account(number_seized=2, time_impounded_days=16,
                                        fines_and_charges_paise=56_000_00, number_sold=1,
                                        proceeds_paise=60_000_00, applied_to_dues_paise=57_000_00,
                                        balance_to_owner_paise=3_000_00)


def test_a_sale_of_two_sells_both_when_the_first_does_not_cover():
    """s.16: same dues Rs 57,000 with expenses; first fetches Rs 40,000, second Rs 30,000:
    proceeds Rs 70,000, applied Rs 57,000, balance Rs 13,000."""
    account = trespass.account(2, 16, 56_000_00, [40_000_00, 30_000_00], sale_expenses_paise=1_000_00)
    assert (account.number_sold, account.proceeds_paise, account.balance_to_owner_paise) == (2, 70_000_00, 13_000_00)


def test_a_sale_that_falls_short_leaves_the_owner_nothing_and_owing_nothing():
    """s.16: one goat owed Rs 1,400 + 16 × Rs 300 = Rs 6,200, sold for Rs 5,000: applied Rs 5,000."""
    account = trespass.account(1, 16, 6_200_00, [5_000_00])
    assert (account.number_sold, account.applied_to_dues_paise, account.balance_to_owner_paise) == (1, 5_000_00, 0)


@pytest.mark.parametrize("role", ["keeper", "official", "police"])
def test_officers_and_keepers_may_not_buy(role):
    """s.19."""
    with pytest.raises(law.BuyerBarred):
        law.check_buyer(role, pack=CHANDIGARH)


def test_an_owner_may_buy():
    law.check_buyer("owner", pack=CHANDIGARH)


def test_the_complaint_is_due_ten_days_after_the_seizure_date():
    """s.20: seized 1 Dec 23:30 → last day 11 Dec."""
    assert law.complaint_deadline(at(1, 23, 30), TZ, pack=CHANDIGARH) == date(2026, 12, 11)


def test_compensation_is_capped_by_the_schedule_setting():
    """s.22: cap unsettled; the Chandigarh schedule holds Rs 100 and says so."""
    assert CHANDIGARH["compensation_max_paise"] == 100_00
    assert CHANDIGARH.cite("compensation_max_paise").startswith("unsettled")


def test_the_surplus_claim_period_is_a_schedule_setting():
    """s.17: sold 16 Dec → surplus claimable until 31 Dec (15 days, the schedule's setting)."""
    assert law.surplus_deadline(at(16), TZ, pack=CHANDIGARH) == date(2026, 12, 31)


def test_a_repeat_raises_the_fine_by_the_packs_factor():
    """Repeat escalation +50 %: base Rs 1,000; 2nd Rs 1,500; 3rd Rs 2,250."""
    assert [trespass.escalated_fine_paise(1_000_00, times, REPEAT) for times in (1, 2, 3)] == [
        1_000_00, 1_500_00, 2_250_00]


def test_the_third_seizure_confiscates():
    assert [trespass.confiscated(times, REPEAT) for times in (1, 2, 3, 4)] == [False, False, True, True]


def test_a_pack_without_escalation_never_raises_the_fine_or_confiscates():
    assert trespass.escalated_fine_paise(2_000_000, 3, CHANDIGARH) == 2_000_000
    assert not trespass.confiscated(5, CHANDIGARH)
