"""§186(1): which day an official means by an auction date typed without a year.

Unclaimed cattle are "forthwith sold by auction" once the seven days are over, so an
auction is fixed for a day soon after the claim windows close, never a year ahead. A
date typed without a year (`AUCTION 30-11`) is therefore read as the next such date
only while that date lies within AUCTION_HORIZON_DAYS of today; beyond that it is
almost always a date that has just passed (`30-11` sent on 2 December) or a typing
slip, and silently taking it as next year's would fix an auction a year away and tell
the whole village so. The official is told the full date it would mean instead, and
may send it again with the year. Pure: `today` is passed in.
"""
from __future__ import annotations

from datetime import date

from models.law.packs import GUJARAT

# "forthwith" (§186(1)): an auction more than about two months ahead is not what the Act
# has in mind; sixty days also covers the longest gap a panchayat leaves between auction
# days (monthly) with room to spare, and is when a date written without its year stops
# being unambiguous to a reader (WORDING.md, section 3, rule 6).
AUCTION_HORIZON_DAYS = GUJARAT["auction_horizon_days"]


class AuctionDayRefused(Exception):
    """The date the official's words would mean, and why it is not taken.

    why: "past" (the date has gone by; an auction cannot be fixed for it) or "too_far"
    (no year was typed and the next such date is beyond the horizon); days_away is
    negative for a past date."""

    def __init__(self, meant: date, why: str, days_away: int) -> None:
        super().__init__(f"{meant.isoformat()} is {why}")
        self.meant, self.why, self.days_away = meant, why, days_away


def auction_day(day: int, month: int, year: int | None, today: date,
                horizon_days: int = AUCTION_HORIZON_DAYS) -> date:
    """The local date an `AUCTION <dd-mm[-yyyy]>` means, or AuctionDayRefused.

    With a year: that date, refused when it is before `today`. Without one: this year's
    date if it is today or later and within the horizon; next year's if this year's has
    passed and next year's is within the horizon; otherwise refused, naming the date the
    words would mean (this year's when it passed within the horizon, else the next one).
    Raises ValueError for a date that does not exist (31-04, 29-02 outside a leap year)."""
    if year is not None:
        meant = date(year, month, day)
        if meant < today:
            raise AuctionDayRefused(meant, "past", (meant - today).days)
        return meant
    this_year = _date_or_none(today.year, month, day)
    if this_year is not None and this_year >= today:
        if (this_year - today).days <= horizon_days:
            return this_year
        raise AuctionDayRefused(this_year, "too_far", (this_year - today).days)
    following = date(today.year + 1, month, day)  # ValueError: no such date next year either
    if (following - today).days <= horizon_days:
        return following
    if this_year is not None and (today - this_year).days <= horizon_days:
        raise AuctionDayRefused(this_year, "past", (this_year - today).days)
    raise AuctionDayRefused(following, "too_far", (following - today).days)


def _date_or_none(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None
