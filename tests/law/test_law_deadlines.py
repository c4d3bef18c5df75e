"""The Act's deadlines, sale and input checks (models/law), one rule per test, with the hand computation beside it."""
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

# ---------------------------------------------------------------- §186: claim, auction, sale

def test_claim_deadline_is_exactly_seven_days_of_24_hours():
    assert law.claim_deadline(ist(2025, 3, 1, 23, 50)) == ist(2025, 3, 8, 23, 50)


def test_claim_deadline_across_a_clock_change_is_168_elapsed_hours():
    # London goes to BST on 30 Mar 2025: 27 Mar 12:00 GMT + 168 h = 3 Apr 13:00 BST (12:00 UTC)
    deadline = law.claim_deadline(datetime(2025, 3, 27, 12, tzinfo=LONDON))
    assert deadline.astimezone(UTC) == datetime(2025, 4, 3, 12, tzinfo=UTC)
    assert (deadline.hour, deadline.tzinfo) == (13, LONDON)


def test_auction_deadline_1030_same_day_1100():
    assert law.auction_at(ist(2025, 3, 8, 10, 30), "Asia/Kolkata") == ist(2025, 3, 8, 11)


def test_auction_deadline_exactly_1100_next_day():
    assert law.auction_at(ist(2025, 3, 8, 11), "Asia/Kolkata") == ist(2025, 3, 9, 11)


def test_auction_deadline_1500_next_day_1100():
    assert law.auction_at(ist(2025, 3, 8, 15), "Asia/Kolkata") == ist(2025, 3, 9, 11)


def test_auction_village_hour_is_used():
    assert law.auction_at(ist(2025, 3, 8, 10, 30), "Asia/Kolkata", auction_hour=9) == ist(2025, 3, 9, 9)


def test_auction_officials_later_date_is_honoured():
    fixed = ist(2025, 3, 12, 10)
    assert law.auction_at(ist(2025, 3, 8, 15), "Asia/Kolkata", fixed_at=fixed) == fixed


def test_auction_officials_earlier_date_is_ignored():
    # fixed 8 Mar 16:00 is after the deadline but before the computed 9 Mar 11:00: ignored
    assert law.auction_at(ist(2025, 3, 8, 15), "Asia/Kolkata",
                          fixed_at=ist(2025, 3, 8, 16)) == ist(2025, 3, 9, 11)


def test_auction_in_a_dst_zone_is_at_local_wall_time():
    # deadline 29 Mar 12:00 GMT; next 11:00 is 30 Mar, already BST: 11:00 BST = 10:00 UTC
    auction = law.auction_at(datetime(2025, 3, 29, 12, tzinfo=LONDON), "Europe/London")
    assert auction.astimezone(UTC) == datetime(2025, 3, 30, 10, tzinfo=UTC)


def test_auction_uses_village_zone_not_deadline_offset():
    # deadline 8 Mar 05:00 UTC = 10:30 IST -> 11:00 IST the same day = 05:30 UTC
    auction = law.auction_at(datetime(2025, 3, 8, 5, tzinfo=UTC), "Asia/Kolkata")
    assert auction == ist(2025, 3, 8, 11)


def test_sale_for_less_than_the_dues_leaves_no_surplus():
    # proceeds 300 < fee 50 + expenses 8 x 30 = 240 + sale expenses 100 = 390 -> 0, not -90
    assert law.surplus_paise(300_00, 50_00, 240_00, 100_00) == 0


def test_sale_surplus_is_proceeds_less_fee_expenses_and_sale_expenses():
    # 15000 - 50 - 240 - 100 = 14610
    assert law.surplus_paise(15000_00, 50_00, 240_00, 100_00) == 14610_00


def test_sale_surplus_after_refusal_also_deducts_security():
    # §185(4): 15000 - 50 - 240 - 0 - 600 = 14110
    assert law.surplus_paise(15000_00, 50_00, 240_00, security_paise=600_00) == 14110_00


@pytest.mark.parametrize("role", ["keeper", "official", "police", " Keeper "])
def test_barred_buyer_is_refused(role):
    with pytest.raises(law.BuyerBarred):
        law.check_buyer(role)


@pytest.mark.parametrize("role", [None, "owner"])
def test_other_buyers_may_buy(role):
    assert law.check_buyer(role) is None


def test_buyer_barred_is_a_value_error():
    assert issubclass(law.BuyerBarred, ValueError)


# ---------------------------------------------------------------- deadlines in local dates

def test_complaint_deadline_is_local_seizure_date_plus_ten():
    # 1 Mar 19:00 UTC is 2 Mar in Kolkata: last day 12 Mar; in Dubai still 1 Mar: 11 Mar
    seized = datetime(2025, 3, 1, 19, tzinfo=UTC)
    assert law.complaint_deadline(seized, "Asia/Kolkata") == date(2025, 3, 12)
    assert law.complaint_deadline(seized, "Asia/Dubai") == date(2025, 3, 11)


def test_protest_deadline_is_release_date_plus_28():
    assert law.protest_deadline(ist(2025, 3, 10, 23, 59), "Asia/Kolkata") == date(2025, 4, 7)


def test_surplus_deadline_is_sale_date_plus_15():
    assert law.surplus_deadline(ist(2025, 3, 10, 11), "Asia/Kolkata") == date(2025, 3, 25)


# ---------------------------------------------------------------- §183: offence (information)

def test_first_offence_range():
    assert law.offence(0) == law.Offence(number=1, subsequent=False, fine_min_paise=100_00,
                                         fine_max_paise=300_00, compensation_max_paise=250_00)


def test_second_and_subsequent_offence_range():
    second, fifth = law.offence(1), law.offence(4)
    assert (second.number, second.subsequent, second.fine_min_paise, second.fine_max_paise) == \
        (2, True, 250_00, 500_00)
    assert (fifth.number, fifth.fine_min_paise, fifth.compensation_max_paise) == (5, 250_00, 250_00)


# ---------------------------------------------------------------- input checks and rupees

@pytest.mark.parametrize("call", [
    lambda: law.local_date(datetime(2025, 3, 1, 10)),
    lambda: law.days_impounded(datetime(2025, 3, 1), ist(2025, 3, 2)),
    lambda: law.claim_deadline(datetime(2025, 3, 1)),
    lambda: law.auction_at(datetime(2025, 3, 8, 10), "Asia/Kolkata"),
    lambda: law.dues(seized_at=ist(2025, 3, 1), at=datetime(2025, 3, 2), tz="Asia/Kolkata",
                     pound_fee_paise=1, daily_rate_paise=1),
    lambda: law.deposit_forfeited(datetime(2025, 1, 1), ist(2025, 2, 1), "Asia/Kolkata"),
])
def test_naive_datetime_is_rejected(call):
    with pytest.raises(ValueError, match="timezone-aware"):
        call()


def test_unknown_timezone_is_rejected():
    with pytest.raises(ValueError):
        law.local_date(ist(2025, 3, 1), "Mars/Olympus_Mons")


def test_negative_or_fractional_money_is_rejected():
    with pytest.raises(ValueError):
        law.expenses_paise(2, -1)
    with pytest.raises(ValueError):
        law.expenses_paise(2, 30.5)


def test_whole_rupees_rounds_part_rupees_up():
    assert law.whole_rupees(340_00) == 340
    assert law.whole_rupees(340_01) == 341   # the owner who pays Rs 341 has paid in full
    assert law.whole_rupees(0) == 0


def test_rupees_to_paise():
    assert law.rupees_to_paise(1500) == 1500_00
