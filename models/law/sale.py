"""§186: the seven-day claim window, the auction, who may buy, and the owner's surplus."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from models.law.packs import GUJARAT, Pack
from models.law.units import _non_negative, _utc, _zone, local_date



def claim_deadline(seized_at: datetime, *, pack: Pack = GUJARAT) -> datetime:
    """§186(1): unclaimed "within seven days after any cattle have been impounded" → sale.

    Exactly 7 × 24 hours of elapsed time after the seizure, computed in UTC so a clock change
    in the village never shortens the owner's window. Returned in the seizure's own timezone.
    """
    hours = pack["claim_window_hours"]
    return (_utc("seized_at", seized_at) + timedelta(hours=hours)).astimezone(seized_at.tzinfo)


def auction_at(claim_deadline: datetime, tz: str, auction_hour: int | None = None,
               fixed_at: datetime | None = None, *, pack: Pack = GUJARAT) -> datetime:
    """§186(1): unclaimed cattle are "forthwith sold by auction": at the first village auction
    hour strictly after the claim deadline.

    A deadline of exactly 11:00 gives the next day's 11:00: at 11:00 the window has only just
    closed, and the owner must not lose the animal at the very instant it closes. An official's
    fixed auction is honoured only if later than that; an earlier one would sell before the
    window has closed (or before notice), which §186(1) does not allow, so it is ignored.
    Returned in the village's timezone; no `auction_hour` given = the pack's.
    """
    if auction_hour is None:
        auction_hour = pack["auction_hour"]
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


def sale_allowed(at: datetime, auction_at: datetime) -> bool:
    """§186(1) "sold by auction": the sale is the auction, never before `auction_at`."""
    return _utc("at", at) >= _utc("auction_at", auction_at)


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


def surplus_deadline(sold_at: datetime, tz: str, *, pack: Pack = GUJARAT) -> date:
    """§186(1): the owner must prove ownership "within fifteen days after the sale" to receive
    the surplus; after that it goes to the village fund. Last day = local sale date + 15."""
    return local_date(sold_at, tz) + timedelta(days=pack["surplus_claim_days"])


def surplus_payable(sold_at: datetime, paid_at: datetime, tz: str, *, pack: Pack = GUJARAT) -> bool:
    """§186(1): paid to whoever "within fifteen days after the sale" proves ownership: from
    the sale to the surplus deadline inclusive; after it the surplus is the village fund's."""
    return (_utc("paid_at", paid_at) >= _utc("sold_at", sold_at)
            and local_date(paid_at, tz) <= surplus_deadline(sold_at, tz, pack=pack))


class BuyerBarred(ValueError):
    """§186(2): this person may not buy cattle at a pound sale."""

# §186(2) bars police officers too; Dabbo registers no police role, but the rule is the Act's.
BARRED_BUYER_ROLES = frozenset(GUJARAT["barred_buyer_roles"])


def check_buyer(buyer_role: str | None, *, pack: Pack = GUJARAT) -> None:
    """§186(2): "No Police Officer, or officer, member or servant of the panchayat including the
    pound-keeper shall directly or indirectly, purchase any cattle at a sale" (1871 s.19: officers
    and keepers). Raises BuyerBarred for such a buyer, citing the pack's section; an unknown buyer
    (None) or an owner may buy."""
    if buyer_role is not None and buyer_role.strip().lower() in pack["barred_buyer_roles"]:
        raise BuyerBarred(f"a {buyer_role.strip().lower()} may not buy impounded cattle "
                          f"({pack.cite('barred_buyer_roles')})")


AHEAD, CLAIM_PASSED, AUCTION_PASSED = "ahead", "claim_passed", "auction_passed"


def deadlines_state(claim_deadline: datetime, auction_at: datetime, now: datetime) -> str:
    """§186(1) as the owner must hear it at `now`: the seven days to claim still running
    (AHEAD), over with the auction still to come (CLAIM_PASSED), or the auction's moment gone
    by with the animal still held (AUCTION_PASSED: the sale was not recorded, so only the
    panchayat can say what happens now). A moment is passed once it is reached."""
    now = _utc("now", now)
    if _utc("auction_at", auction_at) <= now:
        return AUCTION_PASSED
    if _utc("claim_deadline", claim_deadline) <= now:
        return CLAIM_PASSED
    return AHEAD
