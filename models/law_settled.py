"""The Act's money, settled (SPEC 11.1): the readings of §§185-189 this round adds.

The same room and rules as `models.law` (pure functions on plain values, no clock read, every
rule citing its section); a module of its own so that law.py stays readable (under 400 lines).
Imports nothing of the project but `models.law`.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from models.law import (
    _utc,
    complaint_deadline,
    forfeit_amount_paise,
    local_date,
    protest_deadline,
    surplus_deadline,
)


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


def security_notified_on(notified: bool, notified_from: date | None, seizure_date: date) -> bool:
    """§189(1) applies where the State "by notification" applies it: from that date (none
    recorded = notified before any seizure Dabbo holds)."""
    return notified and (notified_from is None or seizure_date >= notified_from)


def sale_allowed(at: datetime, auction_at: datetime) -> bool:
    """§186(1) "sold by auction": the sale is the auction, never before `auction_at`."""
    return _utc("at", at) >= _utc("auction_at", auction_at)


def surplus_payable(sold_at: datetime, paid_at: datetime, tz: str) -> bool:
    """§186(1): paid to whoever "within fifteen days after the sale" proves ownership: from
    the sale to the surplus deadline inclusive; after it the surplus is the village fund's."""
    return (_utc("paid_at", paid_at) >= _utc("sold_at", sold_at)
            and local_date(paid_at, tz) <= surplus_deadline(sold_at, tz))


COMPENSATION_MAX_PAISE = 100_00  # §188(3): "not exceeding one hundred rupees"


def security_due(protest_deadline: date, today: date, notified: bool, complaint_filed: bool,
                 complaint_outcome: str | None) -> bool:
    """§185(3): no complaint within four weeks of delivery (or seizure declared lawful) and
    §189 applies: the keeper requires declaration and security, from the day after."""
    if not notified or today <= protest_deadline:
        return False
    return not complaint_filed or complaint_outcome == "dismissed"


@dataclass(frozen=True)
class ProtestTerms:
    """What a release under protest's receipt states (SPEC 11.1)."""
    complaint_deadline: date      # §188(1): seizure date + 10
    complaint_deadline_passed: bool
    protest_deadline: date        # §185(3): release date + 28


def protest_terms(seized_at: datetime, released_at: datetime, tz: str) -> ProtestTerms:
    """§188(1)'s ten days run from the seizure (maybe over by the release); §185(3)'s four
    weeks from the delivery of the cattle."""
    deadline = complaint_deadline(seized_at, tz)
    return ProtestTerms(deadline, local_date(released_at, tz) > deadline, protest_deadline(released_at, tz))


def occasion(pound_id: int, seized_at: datetime, tz: str) -> tuple[int, date]:
    """§189(1) "the number of cattle impounded at a time" and "the number of times": an
    owner's animals seized at one pound on one local date are one occasion, however many
    commands or calls recorded them (SPEC 11.1). With the owner, this key names it."""
    return pound_id, local_date(seized_at, tz)


def refund_allowed(status: str) -> bool:
    """§189(2): refunded "on an application ... on the expiry of that period": only a deposit
    whose six months have run out unforfeited (`refundable`) may be refunded."""
    return status == "refundable"
