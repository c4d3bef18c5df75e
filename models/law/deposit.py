"""§189(2): the security deposit's fate: refund after six months, or forfeiture (in whole or
part) when the owner's cattle are impounded again within them."""
from __future__ import annotations

from datetime import date, datetime

from dateutil.relativedelta import relativedelta

from models.law.packs import GUJARAT, Pack
from models.law.units import _non_negative, _utc, local_date



def deposit_refund_date(deposited_at: datetime, tz: str, *, pack: Pack = GUJARAT) -> date:
    """§189(2): refundable on application "on the expiry of" six months from the deposit date.
    Calendar months, clamped to the month's end: 31 Aug + 6 months = 28 (or 29) Feb."""
    return local_date(deposited_at, tz) + relativedelta(months=pack["deposit_months"])


def deposit_forfeited(deposited_at: datetime, reimpounded_at: datetime, tz: str,
                      seizure_illegal: bool = False, *, pack: Pack = GUJARAT) -> bool:
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
    return local_date(reimpounded_at, tz) < deposit_refund_date(deposited_at, tz, pack=pack)


def forfeit_amount_paise(deposit_paise: int, forfeit_percent: int) -> int:
    """§189(2): the deposit "or a part thereof, as may be directed by the State Government"
    is forfeited. Percent 0-100; rounded down, so a fraction of a paisa stays with the owner."""
    if _non_negative("forfeit_percent", forfeit_percent) > 100:
        raise ValueError(f"forfeit_percent must be 0-100, got {forfeit_percent!r}")
    return _non_negative("deposit_paise", deposit_paise) * forfeit_percent // 100


def split_forfeiture(deposit_paise: int, forfeit_percent: int) -> tuple[int, int]:
    """§189(2) "the amount of deposit or a part thereof": (forfeited, remainder); the remainder
    stays a deposit of its own, refundable on the same refund date (SPEC 11.1)."""
    forfeited = forfeit_amount_paise(deposit_paise, forfeit_percent)
    return forfeited, deposit_paise - forfeited


def forfeiture_final(pending_until: date, today: date, complaint_filed: bool,
                     complaint_outcome: str | None) -> bool:
    """§189(2) forfeits only "if the seizure is not adjudged illegal": final once the
    re-seizure's §188(1) deadline (`pending_until`) is over and no complaint stands (none
    filed, or dismissed). A complaint awaiting decision keeps it pending (owner-protecting)."""
    if today <= pending_until:
        return False
    return not complaint_filed or complaint_outcome == "dismissed"


def refund_allowed(status: str) -> bool:
    """§189(2): refunded "on an application ... on the expiry of that period": only a deposit
    whose six months have run out unforfeited (`refundable`) may be refunded."""
    return status == "refundable"
