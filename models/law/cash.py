"""SPEC 12.4: money that changes hands is whole rupees; the Act's arithmetic keeps paise.

What a person pays is rounded DOWN to the rupee and what a person is paid is rounded UP, so
that every rounding falls in the owner's (the payer's) favour. Each part is rounded on its
own and the total is the sum of the rounded parts, so that the parts a message shows always
add up to the total it shows, and the books record exactly the cash that moved, with the
paise left over as a line of their own.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from models.law.dues import Dues, expenses_paise
from models.law.units import _non_negative


@dataclass(frozen=True)
class Cash:
    """Whole-rupee amounts (in paise, each a multiple of 100) for each part, their total, and
    what rounding left out (`rounded_off_paise`: paise not collected, or paid beyond the figure)."""
    parts_paise: tuple[int, ...]
    total_paise: int
    rounded_off_paise: int


def collected(parts_paise: Sequence[int]) -> Cash:
    """What a person pays, part by part (fee, expenses, security): each rounded down."""
    cash = tuple(_non_negative("paise", part) // 100 * 100 for part in parts_paise)
    return Cash(cash, sum(cash), sum(parts_paise) - sum(cash))


def in_cash(dues: Dues) -> Dues:
    """§185(1)'s dues as the owner pays them: the pound fee, the expenses and the security each
    rounded down to the rupee and the total their sum (so a message's parts add up to its
    total), tomorrow's likewise; the daily rate stays exact (it is shown as fixed, r.6), and
    what was left uncollected is `rounded_off_paise`."""
    today = collected([dues.pound_fee_paise, dues.expenses_paise, dues.security_paise])
    tomorrow = collected([dues.pound_fee_paise, expenses_paise(dues.days_tomorrow, dues.daily_rate_paise),
                          dues.security_paise])
    fee, expenses, security = today.parts_paise
    return replace(dues, pound_fee_paise=fee, expenses_paise=expenses, security_paise=security,
                   total_paise=today.total_paise, total_tomorrow_paise=tomorrow.total_paise,
                   rounded_off_paise=today.rounded_off_paise)


def paid_out(paise: int) -> Cash:
    """What a person is paid (a surplus, a refund): rounded up."""
    cash = -(-_non_negative("paise", paise) // 100) * 100
    return Cash((cash,), cash, cash - paise)


def rate_text(paise: int) -> str:
    """r.6: a rate exactly as fixed: "37.50" for 3750 paise, "40" for 4000."""
    rupees, rest = divmod(_non_negative("paise", paise), 100)
    return f"{rupees}.{rest:02d}" if rest else str(rupees)
