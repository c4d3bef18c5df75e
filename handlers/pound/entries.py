"""The two rows every record writes beside its own: an event on the impoundment's timeline, and a
deposit for security collected (§189(1)).

Why a module of its own: seizure, release, sale, the §185(4) refused sale, the money that follows
and the Act's outcomes all write them; kept here, below all of them, none of those modules has to
import another to record what happened. Commits nothing."""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from models import law
from models.tables import Deposit, Event, Impoundment, Sale

# A paper register entered late may carry a past time; a future one is a typo.
FUTURE_TOLERANCE = timedelta(minutes=5)


def add_event(session: Session, impoundment: Impoundment, type_: str, at: datetime,
              actor_phone: str | None = None, **detail) -> None:
    session.add(Event(impoundment_id=impoundment.id, type=type_, at=at, actor_phone=actor_phone, detail=detail))


def take_deposit(session: Session, impoundment: Impoundment, amount_paise: int, at: datetime,
                 sale: Sale | None = None) -> Deposit:
    """§189(1): security collected is always a deposit record, with the
    receipt number, even while the owner is unknown (SPEC 11.1)."""
    village = impoundment.village
    deposit = Deposit(
        owner_id=impoundment.owner_id, village_id=village.id, impoundment_id=impoundment.id,
        receipt=impoundment.receipt, amount_paise=amount_paise, deposited_at=at,
        refund_date=law.deposit_refund_date(at, village.timezone), status="held", forfeited_paise=0,
        sale_id=sale.id if sale is not None else None)
    session.add(deposit)
    return deposit
