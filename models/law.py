"""The cattle-pound sections of the Gujarat Panchayats Act, 1993 (§§183-189), as arithmetic.

Pure functions on plain values: no database, no web framework, no I/O, and no clock read (the
moment of interest is always passed in). Conventions:

* money is integer paise;
* times are timezone-aware datetimes (a naive one is refused with ValueError);
* "local" means the village's IANA timezone, ``Asia/Kolkata`` unless the village says otherwise;
* where the Act is ambiguous, the reading that protects the owner is taken and said so here.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Iterable, Sequence, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dateutil.relativedelta import relativedelta

DEFAULT_TZ = "Asia/Kolkata"

# The kinds of cattle of the Cattle Trespass Act, 1871, which §181 replaces in a village.
KINDS = ("cow", "bull", "bullock", "calf", "buffalo", "camel", "horse", "pony", "mule",
         "donkey", "pig", "sheep", "goat", "elephant")

V = TypeVar("V")


# ---------------------------------------------------------------- checks and local time

def _aware(name: str, moment: datetime) -> datetime:
    """Refuse naive datetimes: a seizure at "23:50" means nothing without its timezone."""
    if not isinstance(moment, datetime):
        raise ValueError(f"{name} must be a datetime, got {type(moment).__name__}")
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware, got naive {moment.isoformat()}")
    return moment


def _utc(name: str, moment: datetime) -> datetime:
    # Compare instants in UTC: Python compares two datetimes sharing one tzinfo by wall time,
    # which misorders the repeated hour when clocks go back.
    return _aware(name, moment).astimezone(timezone.utc)


def _non_negative(name: str, value: int) -> int:
    """Counts and money (integer paise) alike: a non-negative int; a float is refused."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} must not be negative, got {value}")
    return value



def _zone(tz: str | None) -> ZoneInfo:
    # A village with no timezone recorded (None or "") is in the default one.
    try:
        return ZoneInfo(tz or DEFAULT_TZ)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(f"unknown timezone {tz!r}") from exc


def local_date(at: datetime, tz: str = DEFAULT_TZ) -> date:
    """The village's calendar date at the moment `at`. Every "date of" in §§185-189 is local."""
    return _aware("at", at).astimezone(_zone(tz)).date()


# ---------------------------------------------------------------- schedules

def in_force(versions: Iterable[tuple[date, V]], on: date) -> V | None:
    """The version of a schedule in force on `on` (§187(1) fees, §187(2) rates, §189(1) scales).

    Each is fixed "from time to time", so every schedule is kept with its effective date; the
    one with the latest ``effective_from <= on`` applies (the seizure date, per SPEC §2).
    None when nothing was in force yet. Of two versions with the same date, the later one in
    the given order wins (a correction re-issued the same day supersedes the first).
    """
    best: tuple[date, V] | None = None
    for effective_from, value in versions:
        if effective_from <= on and (best is None or effective_from >= best[0]):
            best = (effective_from, value)
    return None if best is None else best[1]


# ---------------------------------------------------------------- §187: fees and expenses

def days_impounded(seized_at: datetime, until: datetime, tz: str = DEFAULT_TZ) -> int:
    """§187(2): expenses run "for each day during any part of which any cattle is impounded".

    So every local calendar date touched counts, both ends included: seized 23:50 and released
    00:10 the next day is 2 days. Always at least 1. `until` before the seizure is an error.
    """
    if _utc("until", until) < _utc("seized_at", seized_at):
        raise ValueError(f"until {until.isoformat()} is before seized_at {seized_at.isoformat()}")
    return (local_date(until, tz) - local_date(seized_at, tz)).days + 1


def expenses_paise(days: int, daily_rate_paise: int) -> int:
    """§187(2): expenses = days impounded × the panchayat's daily rate for the kind."""
    return _non_negative("days", days) * _non_negative("daily_rate_paise", daily_rate_paise)


# ---------------------------------------------------------------- §189: security deposit

@dataclass(frozen=True)
class ScaleRow:
    """One row of a village's §189(1) security scale: per-head deposit for a band of
    head impounded at a time × a band of times impounded (None maximum = no upper bound)."""
    min_head: int
    max_head: int | None
    min_times: int
    max_times: int | None
    per_head_paise: int

    def __post_init__(self) -> None:
        for name in ("min_head", "min_times", "per_head_paise"):
            _non_negative(name, getattr(self, name))
        for low, high in (("min_head", "max_head"), ("min_times", "max_times")):
            top = getattr(self, high)
            if top is not None and _non_negative(high, top) < getattr(self, low):
                raise ValueError(f"{high} {top} is below {low} {getattr(self, low)}")

    def matches(self, head_count: int, times: int) -> bool:
        """min <= value <= max on both axes (SPEC §2)."""
        def within(value: int, low: int, high: int | None) -> bool:
            return low <= value and (high is None or value <= high)
        return (within(head_count, self.min_head, self.max_head)
                and within(times, self.min_times, self.max_times))


def security_per_head_paise(scale: Sequence[ScaleRow], head_count: int, times: int) -> int:
    """§189(1): the per-head deposit from "progressively increasing scales ... according to the
    number of cattle impounded at a time and the number of times the cattle are impounded".

    The first row (in the given order) whose bands contain both values applies; overlapping
    rows are a data-entry fault, and taking the first keeps the answer deterministic. No
    matching row: nothing prescribed for that case, so 0.
    """
    _non_negative("head_count", head_count)
    _non_negative("times", times)
    for row in scale:
        if row.matches(head_count, times):
            return row.per_head_paise
    return 0


def security_paise(notified: bool, scale: Sequence[ScaleRow], head_count: int, times: int) -> int:
    """§189(1): deposit = per-head amount × head impounded at a time, but only in a village to
    which the State has applied §189 by notification; elsewhere no security at all."""
    if not notified:
        return 0
    return security_per_head_paise(scale, head_count, times) * head_count


def times_impounded(earlier_seizure_count: int) -> int:
    """§189(1) "the number of times the cattle are impounded": this seizure plus every earlier
    seizure of the same owner's cattle in the village (SPEC §2)."""
    return _non_negative("earlier_seizure_count", earlier_seizure_count) + 1


# ---------------------------------------------------------------- §185/§187: what is due

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


def dues(*, seized_at: datetime, at: datetime, tz: str, pound_fee_paise: int,
         daily_rate_paise: int, security_paise: int = 0, released_at: datetime | None = None,
         under_protest: bool = False) -> Dues:
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

    days = days_impounded(seized_at, counted_until(at), tz)
    days_tomorrow = days_impounded(seized_at, counted_until(tomorrow), tz)
    return Dues(at=at, days=days, pound_fee_paise=pound_fee_paise,
                daily_rate_paise=daily_rate_paise,
                expenses_paise=expenses_paise(days, daily_rate_paise),
                security_paise=security, total_paise=total_for(days),
                days_tomorrow=days_tomorrow, total_tomorrow_paise=total_for(days_tomorrow))


# ---------------------------------------------------------------- §186: claim window and sale

def claim_deadline(seized_at: datetime) -> datetime:
    """§186(1): unclaimed "within seven days after any cattle have been impounded" → sale.

    Exactly 7 × 24 hours of elapsed time after the seizure, computed in UTC so a clock change
    in the village never shortens the owner's window. Returned in the seizure's own timezone.
    """
    return (_utc("seized_at", seized_at) + timedelta(hours=7 * 24)).astimezone(seized_at.tzinfo)


def auction_at(claim_deadline: datetime, tz: str, auction_hour: int = 11,
               fixed_at: datetime | None = None) -> datetime:
    """§186(1): unclaimed cattle are "forthwith sold by auction": at the first village auction
    hour strictly after the claim deadline.

    A deadline of exactly 11:00 gives the next day's 11:00: at 11:00 the window has only just
    closed, and the owner must not lose the animal at the very instant it closes. An official's
    fixed auction is honoured only if later than that; an earlier one would sell before the
    window has closed (or before notice), which §186(1) does not allow, so it is ignored.
    Returned in the village's timezone.
    """
    if _non_negative("auction_hour", auction_hour) > 23:
        raise ValueError(f"auction_hour must be an hour 0-23, got {auction_hour!r}")
    zone = _zone(tz)
    deadline = _utc("claim_deadline", claim_deadline)
    day = deadline.astimezone(zone).date()
    while True:
        # Build the local wall time, then convert: correct in zones with and without DST.
        # The round trip through UTC settles a wall time that falls in a spring-forward gap.
        candidate = datetime(day.year, day.month, day.day, auction_hour, tzinfo=zone)
        candidate = candidate.astimezone(timezone.utc).astimezone(zone)
        if candidate.astimezone(timezone.utc) > deadline:
            break
        day += timedelta(days=1)
    if fixed_at is not None and _utc("fixed_at", fixed_at) > candidate.astimezone(timezone.utc):
        return fixed_at.astimezone(zone)
    return candidate


def surplus_paise(proceeds_paise: int, pound_fee_paise: int, expenses_paise: int,
                  sale_expenses_paise: int = 0, *, security_paise: int = 0) -> int:
    """§186(1): "the surplus remaining after deducting the fee and expenses" from the proceeds
    goes to the owner. §185(4) also deducts the expenses of sale and, where the owner appeared
    but refused to deposit it, the §189 security (keyword, default 0). Never below 0: a sale
    for less than the dues leaves the owner nothing, but owing nothing more either."""
    deductions = (_non_negative("pound_fee_paise", pound_fee_paise)
                  + _non_negative("expenses_paise", expenses_paise)
                  + _non_negative("sale_expenses_paise", sale_expenses_paise)
                  + _non_negative("security_paise", security_paise))
    return max(0, _non_negative("proceeds_paise", proceeds_paise) - deductions)


class BuyerBarred(ValueError):
    """§186(2): this person may not buy cattle at a pound sale."""


# §186(2) bars police officers too; Dabbo registers no police role, but the rule is the Act's.
BARRED_BUYER_ROLES = frozenset({"keeper", "official", "police"})


def check_buyer(buyer_role: str | None) -> None:
    """§186(2): "No Police Officer, or officer, member or servant of the panchayat including the
    pound-keeper shall directly or indirectly, purchase any cattle at a sale". Raises
    BuyerBarred for such a buyer; an unknown buyer (None) or an owner may buy."""
    if buyer_role is not None and buyer_role.strip().lower() in BARRED_BUYER_ROLES:
        raise BuyerBarred(f"a {buyer_role.strip().lower()} may not buy impounded cattle (§186(2))")


# ---------------------------------------------------------------- deadlines, in local dates

def complaint_deadline(seized_at: datetime, tz: str) -> date:
    """§188(1): complaint of illegal seizure "within ten days from the date of the seizure";
    the day of seizure is excluded (General Clauses Act), so the last day is date + 10."""
    return local_date(seized_at, tz) + timedelta(days=10)


def protest_deadline(released_at: datetime, tz: str) -> date:
    """§185(3): after a release under protest the complaint is due "within a period of four
    weeks from the date of delivery of the cattle": last day = local release date + 28."""
    return local_date(released_at, tz) + timedelta(days=28)


def surplus_deadline(sold_at: datetime, tz: str) -> date:
    """§186(1): the owner must prove ownership "within fifteen days after the sale" to receive
    the surplus; after that it goes to the village fund. Last day = local sale date + 15."""
    return local_date(sold_at, tz) + timedelta(days=15)


# ---------------------------------------------------------------- §189(2): the deposit's fate

def deposit_refund_date(deposited_at: datetime, tz: str) -> date:
    """§189(2): refundable on application "on the expiry of" six months from the deposit date.
    Calendar months, clamped to the month's end: 31 Aug + 6 months = 28 (or 29) Feb."""
    return local_date(deposited_at, tz) + relativedelta(months=6)


def deposit_forfeited(deposited_at: datetime, reimpounded_at: datetime, tz: str,
                      seizure_illegal: bool = False) -> bool:
    """§189(2): forfeited if the owner's cattle "are impounded within a period of six months
    from the date on which the security is deposited, and if the seizure is not adjudged
    illegal".

    Within = local date before deposit_refund_date. On the refund date itself the six months
    have expired, so NOT forfeited (owner-protecting). An impoundment earlier than the deposit
    (a paper register entered late) is not a re-impoundment: NOT forfeited.
    """
    before_deposit = _utc("reimpounded_at", reimpounded_at) < _utc("deposited_at", deposited_at)
    if seizure_illegal or before_deposit:
        return False
    return local_date(reimpounded_at, tz) < deposit_refund_date(deposited_at, tz)


def forfeit_amount_paise(deposit_paise: int, forfeit_percent: int) -> int:
    """§189(2): the deposit "or a part thereof, as may be directed by the State Government"
    is forfeited. Percent 0-100; rounded down, so a fraction of a paisa stays with the owner."""
    if _non_negative("forfeit_percent", forfeit_percent) > 100:
        raise ValueError(f"forfeit_percent must be 0-100, got {forfeit_percent!r}")
    return _non_negative("deposit_paise", deposit_paise) * forfeit_percent // 100


# ---------------------------------------------------------------- §183: offence (information only)

@dataclass(frozen=True)
class Offence:
    """The fine range a court would apply under §183 if this seizure led to a conviction."""
    number: int
    subsequent: bool
    fine_min_paise: int
    fine_max_paise: int
    compensation_max_paise: int


def offence(earlier_seizure_count: int) -> Offence:
    """§183(1): first offence fine up to Rs 300 and (absent special reasons) not less than
    Rs 100; second or subsequent up to Rs 500, not less than Rs 250. §183(2)(a): compensation
    up to Rs 250. Information for keepers and officials only: a seizure is not a conviction,
    only a court imposes a fine, and Dabbo never does. Earlier seizures stand in for earlier
    offences, which is as far as the pound's records go."""
    number = times_impounded(earlier_seizure_count)
    if number == 1:
        return Offence(number, False, fine_min_paise=100_00, fine_max_paise=300_00,
                       compensation_max_paise=250_00)
    return Offence(number, True, fine_min_paise=250_00, fine_max_paise=500_00,
                   compensation_max_paise=250_00)


# ---------------------------------------------------------------- whole rupees

def whole_rupees(paise: int) -> int:
    """Amounts change hands in whole rupees (SPEC §2). A part-rupee is rounded UP, so that paying
    the rupees shown always settles what is due (schedules in whole rupees never round)."""
    return -(-_non_negative("paise", paise) // 100)  # integer ceiling: exact for any amount


def rupees_to_paise(rupees: int) -> int:
    """A whole-rupee amount (as typed in an SMS, e.g. `SOLD <tag> 1500`) in paise."""
    return _non_negative("rupees", rupees) * 100
