"""The Act's arithmetic (models/law.py), one rule per test, with the hand computation beside it.

Sample amounts (not the State's: those are data): cow pound fee Rs 50, daily rate Rs 30.
"""
from datetime import date, datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from models import law
from models.law import ScaleRow

IST = ZoneInfo("Asia/Kolkata")
DUBAI = ZoneInfo("Asia/Dubai")
LONDON = ZoneInfo("Europe/London")
UTC = timezone.utc

COW_FEE = 50_00      # Rs 50
COW_RATE = 30_00     # Rs 30 a day


def ist(y, mo, d, h=0, mi=0):
    return datetime(y, mo, d, h, mi, tzinfo=IST)


# ---------------------------------------------------------------- §187(2): days and expenses

def test_days_any_part_of_a_day_counts_2350_to_0010_is_two_days():
    # 1 Mar 23:50 and 2 Mar 00:10: two local dates touched -> 2 days, though only 20 minutes.
    assert law.days_impounded(ist(2025, 3, 1, 23, 50), ist(2025, 3, 2, 0, 10)) == 2


def test_days_released_same_day_is_one_day():
    assert law.days_impounded(ist(2025, 3, 1, 9), ist(2025, 3, 1, 9)) == 1


def test_days_end_before_seizure_is_rejected():
    with pytest.raises(ValueError):
        law.days_impounded(ist(2025, 3, 2), ist(2025, 3, 1))


def test_expenses_are_days_times_daily_rate():
    # 4 days x Rs 30 = Rs 120
    assert law.expenses_paise(4, COW_RATE) == 120_00


def test_dues_2350_to_0010_release_charges_two_days():
    # fee 50 + 2 days x 30 = Rs 110
    d = law.dues(seized_at=ist(2025, 3, 1, 23, 50), at=ist(2025, 3, 2, 0, 10), tz="Asia/Kolkata",
                 pound_fee_paise=COW_FEE, daily_rate_paise=COW_RATE)
    assert (d.days, d.expenses_paise, d.total_paise) == (2, 60_00, 110_00)


def test_dues_tomorrow_adds_one_more_day_of_expenses():
    # seized 1 Mar, asked 3 Mar: 3 days -> 50 + 90 = 140; tomorrow 4 days -> 50 + 120 = 170
    d = law.dues(seized_at=ist(2025, 3, 1, 10), at=ist(2025, 3, 3, 18), tz="Asia/Kolkata",
                 pound_fee_paise=COW_FEE, daily_rate_paise=COW_RATE)
    assert (d.days, d.total_paise, d.days_tomorrow, d.total_tomorrow_paise) == (3, 140_00, 4, 170_00)


def test_dues_day_count_stops_at_release_date():
    # seized 1 Mar, released 3 Mar, asked 10 Mar: still 3 days -> Rs 140, and the same tomorrow
    d = law.dues(seized_at=ist(2025, 3, 1, 10), at=ist(2025, 3, 10), tz="Asia/Kolkata",
                 pound_fee_paise=COW_FEE, daily_rate_paise=COW_RATE,
                 released_at=ist(2025, 3, 3, 12))
    assert (d.days, d.total_paise, d.days_tomorrow, d.total_tomorrow_paise) == (3, 140_00, 3, 140_00)


def test_dues_asked_the_day_before_a_release_grows_only_up_to_it():
    # released 3 Mar 08:00; asked 2 Mar 12:00: 2 days now; "tomorrow" capped at the release: 3 days
    d = law.dues(seized_at=ist(2025, 3, 1, 10), at=ist(2025, 3, 2, 12), tz="Asia/Kolkata",
                 pound_fee_paise=COW_FEE, daily_rate_paise=COW_RATE,
                 released_at=ist(2025, 3, 3, 8))
    assert (d.days, d.days_tomorrow) == (2, 3)


def test_dues_before_seizure_is_rejected():
    with pytest.raises(ValueError):
        law.dues(seized_at=ist(2025, 3, 2), at=ist(2025, 3, 1), tz="Asia/Kolkata",
                 pound_fee_paise=COW_FEE, daily_rate_paise=COW_RATE)


def test_zero_rate_kind_costs_only_the_pound_fee():
    # rate 0: expenses 0 on any day; total = fee Rs 20, tomorrow too
    d = law.dues(seized_at=ist(2025, 3, 1), at=ist(2025, 3, 5), tz="Asia/Kolkata",
                 pound_fee_paise=20_00, daily_rate_paise=0)
    assert (d.days, d.expenses_paise, d.total_paise, d.total_tomorrow_paise) == (5, 0, 20_00, 20_00)


def test_village_timezone_decides_the_date():
    # 1 Mar 19:00 UTC = 2 Mar 00:30 in Kolkata (UTC+5:30) but still 1 Mar 23:00 in Dubai (UTC+4).
    seized = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)
    assert law.local_date(seized, "Asia/Kolkata") == date(2025, 3, 2)
    assert law.local_date(seized, "Asia/Dubai") == date(2025, 3, 1)
    # asked 2 Mar 18:00 UTC = 2 Mar 23:30 IST / 22:00 Dubai: Kolkata 1 day (2 Mar), Dubai 2 days.
    at = datetime(2025, 3, 2, 18, 0, tzinfo=UTC)
    kwargs = dict(seized_at=seized, at=at, pound_fee_paise=COW_FEE, daily_rate_paise=COW_RATE)
    assert law.dues(tz="Asia/Kolkata", **kwargs).total_paise == 50_00 + 1 * 30_00
    assert law.dues(tz="Asia/Dubai", **kwargs).total_paise == 50_00 + 2 * 30_00


# ---------------------------------------------------------------- schedules in force

def test_schedule_changed_between_seizure_and_release_uses_the_seizure_date():
    fees = [(date(2024, 1, 1), 50_00), (date(2025, 3, 5), 80_00)]
    rates = [(date(2024, 1, 1), 30_00), (date(2025, 3, 5), 45_00)]
    seized, released = ist(2025, 3, 3, 10), ist(2025, 3, 7, 16)
    on = law.local_date(seized)
    fee, rate = law.in_force(fees, on), law.in_force(rates, on)
    assert (fee, rate) == (50_00, 30_00)
    # 3..7 Mar = 5 days at the old rate: 50 + 5 x 30 = Rs 200 (not 80 + 5 x 45)
    d = law.dues(seized_at=seized, at=released, released_at=released, tz="Asia/Kolkata",
                 pound_fee_paise=fee, daily_rate_paise=rate)
    assert d.total_paise == 200_00


def test_in_force_nothing_before_the_first_version():
    assert law.in_force([(date(2025, 1, 1), 1)], date(2024, 12, 31)) is None


def test_in_force_starts_on_its_effective_date():
    assert law.in_force([(date(2024, 1, 1), "old"), (date(2025, 1, 1), "new")], date(2025, 1, 1)) == "new"


def test_in_force_same_date_later_entry_wins_regardless_of_order():
    versions = [(date(2025, 1, 1), "b"), (date(2024, 1, 1), "a"), (date(2025, 1, 1), "c")]
    assert law.in_force(versions, date(2025, 6, 1)) == "c"


# ---------------------------------------------------------------- §189: security scale

SCALE = [
    ScaleRow(min_head=1, max_head=2, min_times=1, max_times=1, per_head_paise=50_00),
    ScaleRow(min_head=1, max_head=2, min_times=2, max_times=None, per_head_paise=100_00),
    ScaleRow(min_head=3, max_head=None, min_times=1, max_times=None, per_head_paise=200_00),
]


def test_security_row_matches_both_axes_inclusive():
    assert law.security_per_head_paise(SCALE, 2, 1) == 50_00     # row 1: 1<=2<=2, 1<=1<=1
    assert law.security_per_head_paise(SCALE, 2, 7) == 100_00    # row 2: times unbounded
    assert law.security_per_head_paise(SCALE, 40, 1) == 200_00   # row 3: heads unbounded


def test_security_no_matching_row_is_zero():
    assert law.security_per_head_paise(SCALE, 0, 1) == 0


def test_security_overlapping_rows_first_in_order_wins():
    rows = [ScaleRow(1, None, 1, None, 10_00), ScaleRow(1, None, 1, None, 99_00)]
    assert law.security_per_head_paise(rows, 1, 1) == 10_00


def test_security_is_per_head_times_head_count():
    # 3 head, first time: Rs 200 x 3 = Rs 600
    assert law.security_paise(True, SCALE, 3, 1) == 600_00


def test_security_not_notified_village_is_zero():
    assert law.security_paise(False, SCALE, 3, 1) == 0


def test_scale_row_max_below_min_is_rejected():
    with pytest.raises(ValueError):
        ScaleRow(min_head=3, max_head=2, min_times=1, max_times=None, per_head_paise=0)


def test_times_impounded_counts_this_seizure_too():
    assert law.times_impounded(0) == 1
    assert law.times_impounded(2) == 3


def test_release_under_protest_collects_no_security():
    # §185(2): fee 50 + 2 days x 30 = Rs 110; the Rs 100 security is not collected
    d = law.dues(seized_at=ist(2025, 3, 1), at=ist(2025, 3, 2), tz="Asia/Kolkata",
                 pound_fee_paise=COW_FEE, daily_rate_paise=COW_RATE, security_paise=100_00,
                 under_protest=True)
    assert (d.security_paise, d.total_paise) == (0, 110_00)


def test_several_kinds_in_one_seizure_sum_per_animal_dues():
    # One owner's cow, goat and buffalo, seized 1 Mar 10:00, asked 3 Mar 09:00 = 3 days,
    # notified village, 3 head first time -> Rs 200 per head (SCALE row 3).
    seized, at = ist(2025, 3, 1, 10), ist(2025, 3, 3, 9)
    per_head = law.security_per_head_paise(SCALE, 3, law.times_impounded(0))
    kinds = {"cow": (50_00, 30_00), "goat": (20_00, 10_00), "buffalo": (60_00, 40_00)}
    totals = {kind: law.dues(seized_at=seized, at=at, tz="Asia/Kolkata", pound_fee_paise=fee,
                             daily_rate_paise=rate, security_paise=per_head).total_paise
              for kind, (fee, rate) in kinds.items()}
    # cow 50 + 3x30 + 200 = 340; goat 20 + 3x10 + 200 = 250; buffalo 60 + 3x40 + 200 = 380
    assert totals == {"cow": 340_00, "goat": 250_00, "buffalo": 380_00}
    # 970 = fees 130 + expenses 240 + security 600 (= security_paise for the seizure)
    assert sum(totals.values()) == 970_00
    assert 3 * per_head == law.security_paise(True, SCALE, 3, 1)


def test_owner_unknown_at_seizure_pays_security_once_identified_at_claim():
    seized, claimed = ist(2025, 3, 1, 8), ist(2025, 3, 2, 17)
    # At seizure nobody knows whose animals they are: no head count or times -> no security.
    at_seizure = law.dues(seized_at=seized, at=seized, tz="Asia/Kolkata",
                          pound_fee_paise=COW_FEE, daily_rate_paise=COW_RATE)
    assert at_seizure.total_paise == 80_00            # 50 + 1 x 30
    # At the claim the owner is known: 2 of his animals in this seizure, 2 earlier seizures.
    times = law.times_impounded(2)                     # 3
    security = law.security_paise(True, SCALE, 2, times)  # row 2: Rs 100 x 2 = Rs 200
    assert security == 200_00
    at_claim = law.dues(seized_at=seized, at=claimed, tz="Asia/Kolkata", pound_fee_paise=COW_FEE,
                        daily_rate_paise=COW_RATE, security_paise=security // 2)
    # per animal: 50 + 2 x 30 + 100 = Rs 210; both animals Rs 420
    assert at_claim.total_paise == 210_00
    assert 2 * at_claim.total_paise == 420_00


# ---------------------------------------------------------------- §189(2): deposit

def test_deposit_refund_date_is_six_calendar_months_later():
    assert law.deposit_refund_date(ist(2025, 1, 15, 10), "Asia/Kolkata") == date(2025, 7, 15)


def test_deposit_refund_date_clamps_to_month_end():
    assert law.deposit_refund_date(ist(2025, 8, 31), "Asia/Kolkata") == date(2026, 2, 28)
    assert law.deposit_refund_date(ist(2023, 8, 31), "Asia/Kolkata") == date(2024, 2, 29)


def test_reimpounded_at_5_months_29_days_forfeits_the_deposit():
    # 15 Jan + 5 months = 15 Jun, + 29 days = 14 Jul < 15 Jul (refund date) -> forfeited
    assert law.deposit_forfeited(ist(2025, 1, 15, 10), ist(2025, 7, 14, 10), "Asia/Kolkata")


def test_reimpounded_at_6_months_1_day_leaves_the_deposit_refundable():
    # 16 Jul is after 15 Jul: six months expired -> not forfeited, refundable since 15 Jul
    deposited, again = ist(2025, 1, 15, 10), ist(2025, 7, 16, 10)
    assert not law.deposit_forfeited(deposited, again, "Asia/Kolkata")
    assert law.deposit_refund_date(deposited, "Asia/Kolkata") <= law.local_date(again)


def test_reimpounded_on_the_refund_date_itself_is_not_forfeited():
    assert not law.deposit_forfeited(ist(2025, 1, 15, 10), ist(2025, 7, 15, 0, 1), "Asia/Kolkata")


def test_reimpounded_within_six_months_but_seizure_illegal_is_not_forfeited():
    assert not law.deposit_forfeited(ist(2025, 1, 15), ist(2025, 2, 1), "Asia/Kolkata",
                                     seizure_illegal=True)


def test_seizure_before_the_deposit_is_not_a_reimpoundment():
    assert not law.deposit_forfeited(ist(2025, 1, 15, 10), ist(2025, 1, 10), "Asia/Kolkata")


def test_partial_forfeit_rounds_down_for_the_owner():
    # 50 % of 100.01 rupees = 5000.5 paise -> 5000
    assert law.forfeit_amount_paise(100_01, 50) == 50_00
    assert law.forfeit_amount_paise(100_00, 100) == 100_00
    with pytest.raises(ValueError):
        law.forfeit_amount_paise(100_00, 101)
