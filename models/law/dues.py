"""§185(1) and §187: what an owner pays to take the cattle back (pound fee, daily expenses,
and the §189 security worked out in `models.law.security`)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from models.law.packs import GUJARAT, Pack
from models.law.units import DEFAULT_TZ, _non_negative, _utc, _zone, local_date



def days_impounded(seized_at: datetime, until: datetime, tz: str = DEFAULT_TZ, *,
                   pack: Pack = GUJARAT) -> int:
    """§187(2): expenses run "for each day during any part of which any cattle is impounded".

    So every local calendar date touched counts, both ends included: seized 23:50 and released
    00:10 the next day is 2 days. Always at least 1. `until` before the seizure is an error.
    The pack's `day_count` says how days are counted: `any_part` (this rule) or `whole_days`
    (each full 24 hours elapsed, a part-day over the last one counted, never fewer than 1),
    for an Act whose text does not settle it.
    """
    if _utc("until", until) < _utc("seized_at", seized_at):
        raise ValueError(f"until {until.isoformat()} is before seized_at {seized_at.isoformat()}")
    if pack["day_count"] == "whole_days":
        elapsed = _utc("until", until) - _utc("seized_at", seized_at)
        return max(1, -(-elapsed // timedelta(days=1)))
    return (local_date(until, tz) - local_date(seized_at, tz)).days + 1


def expenses_paise(days: int, daily_rate_paise: int) -> int:
    """§187(2): expenses = days impounded × the panchayat's daily rate for the kind."""
    return _non_negative("days", days) * _non_negative("daily_rate_paise", daily_rate_paise)


@dataclass(frozen=True)
class Dues:
    """What an owner must pay to take one animal (or one seizure) back, §185(1)."""
    at: datetime
    days: int
    pound_fee_paise: int
    daily_rate_paise: int
    expenses_paise: int
    security_paise: int
    total_paise: int
    days_tomorrow: int
    total_tomorrow_paise: int
    # SPEC 12.4: paise of the Act's figure left uncollected when the parts are whole rupees
    # (`law.cash.in_cash`); 0 for the Act's own figure.
    rounded_off_paise: int = 0


def dues(*, seized_at: datetime, at: datetime, tz: str, pound_fee_paise: int,
         daily_rate_paise: int, security_paise: int = 0, released_at: datetime | None = None,
         under_protest: bool = False, pack: Pack = GUJARAT) -> Dues:
    """§185(1): the owner takes the cattle back "on payment of the pound fees and expenses
    chargeable ... under section 187 and on depositing the amount of security, if any,
    prescribed under section 189".

    * pound fee (§187(1)) once per impoundment; expenses (§187(2)) per local day;
    * after a release the day count stops at the release date, so nothing grows afterwards;
    * under protest (§185(2)) only fees and expenses are deposited: security is 0 here (it may
      be required later under §185(3)).
    `total_tomorrow_paise` is the total at the same local time tomorrow, capped by the release.
    """
    _non_negative("pound_fee_paise", pound_fee_paise)
    _non_negative("daily_rate_paise", daily_rate_paise)
    _non_negative("security_paise", security_paise)
    if _utc("at", at) < _utc("seized_at", seized_at):
        raise ValueError(f"at {at.isoformat()} is before seized_at {seized_at.isoformat()}")
    if released_at is not None and _utc("released_at", released_at) < _utc("seized_at", seized_at):
        raise ValueError("released_at is before seized_at")

    def counted_until(moment: datetime) -> datetime:
        # The animal stops accruing expenses once it has left the pound.
        if released_at is not None and _utc("released_at", released_at) < _utc("at", moment):
            return released_at
        return moment

    # "Tomorrow" is the next local date at the same wall time, not +24h (DST zones differ).
    tomorrow = at.astimezone(_zone(tz)) + timedelta(days=1)
    security = 0 if under_protest else security_paise

    def total_for(days: int) -> int:
        return pound_fee_paise + expenses_paise(days, daily_rate_paise) + security

    days = days_impounded(seized_at, counted_until(at), tz, pack=pack)
    days_tomorrow = days_impounded(seized_at, counted_until(tomorrow), tz, pack=pack)
    return Dues(at=at, days=days, pound_fee_paise=pound_fee_paise,
                daily_rate_paise=daily_rate_paise,
                expenses_paise=expenses_paise(days, daily_rate_paise),
                security_paise=security, total_paise=total_for(days),
                days_tomorrow=days_tomorrow, total_tomorrow_paise=total_for(days_tomorrow))
