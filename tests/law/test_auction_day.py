"""§186(1) "forthwith sold by auction": the day an official means by an auction date
typed without a year (models.law.auction_day). Today is Wednesday 02-12-2026; the
horizon is 60 days, so a yearless date means a day up to 31-01-2027."""
from __future__ import annotations

from datetime import date

import pytest

from models.law.auction_day import AUCTION_HORIZON_DAYS, AuctionDayRefused, auction_day

TODAY = date(2026, 12, 2)


def test_a_date_later_this_year_is_this_years():
    assert auction_day(15, 12, None, TODAY) == date(2026, 12, 15)


def test_today_is_today():
    assert auction_day(2, 12, None, TODAY) == date(2026, 12, 2)


def test_a_january_date_in_december_is_next_years():
    # 15-01-2027 is 44 days after 02-12-2026: within the horizon.
    assert auction_day(15, 1, None, TODAY) == date(2027, 1, 15)


def test_a_date_two_days_gone_is_refused_as_past_not_taken_as_next_year():
    # The clerk's trap: AUCTION 30-11 on 2 December once meant 30-11-2027.
    with pytest.raises(AuctionDayRefused) as refused:
        auction_day(30, 11, None, TODAY)
    assert (refused.value.meant, refused.value.why, refused.value.days_away) == (date(2026, 11, 30), "past", -2)


def test_a_date_beyond_the_horizon_is_refused_naming_its_year():
    # 15-03-2027 is 29 + 31 + 28 + 15 = 103 days after 02-12-2026.
    with pytest.raises(AuctionDayRefused) as refused:
        auction_day(15, 3, None, TODAY)
    assert (refused.value.meant, refused.value.why, refused.value.days_away) == (date(2027, 3, 15), "too_far", 103)


def test_the_horizon_is_sixty_days_inclusive():
    assert AUCTION_HORIZON_DAYS == 60
    assert auction_day(31, 1, None, TODAY) == date(2027, 1, 31)   # 60 days
    with pytest.raises(AuctionDayRefused):
        auction_day(1, 2, None, TODAY)                              # 61 days


def test_a_date_with_its_year_is_taken_as_written_when_not_past():
    assert auction_day(30, 11, 2027, TODAY) == date(2027, 11, 30)


def test_a_date_with_its_year_in_the_past_is_refused():
    with pytest.raises(AuctionDayRefused) as refused:
        auction_day(1, 12, 2026, TODAY)
    assert refused.value.why == "past"


def test_a_date_that_does_not_exist_is_a_value_error():
    with pytest.raises(ValueError):
        auction_day(31, 4, None, TODAY)
    with pytest.raises(ValueError):
        auction_day(29, 2, None, TODAY)  # 2027 is not a leap year
