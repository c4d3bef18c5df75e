"""One impoundment's story for the staff page: its events and its messages,
merged in time order, and its deposits."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from models.tables import Deposit, Event, OutboundMessage


@dataclass(frozen=True)
class Entry:
    at: datetime
    event: Event | None = None
    message: OutboundMessage | None = None


def entries(session: Session, impoundment_id: int) -> list[Entry]:
    events = session.scalars(select(Event).where(Event.impoundment_id == impoundment_id))
    messages = session.scalars(select(OutboundMessage).where(OutboundMessage.impoundment_id == impoundment_id))
    merged = [Entry(e.at, event=e) for e in events] + [Entry(m.created_at, message=m) for m in messages]
    return sorted(merged, key=lambda entry: (entry.at, entry.message is not None))


def deposits(session: Session, impoundment_id: int) -> list[Deposit]:
    """Deposits taken at this impoundment's release, and any it caused to be forfeited."""
    return list(session.scalars(select(Deposit).where(
        or_(Deposit.impoundment_id == impoundment_id, Deposit.forfeited_by_id == impoundment_id))
        .order_by(Deposit.id)))
