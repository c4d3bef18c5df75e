"""Broadcasts: an official's notice to every opted-in person of a village."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers.outbox import queue_message
from models.tables import Broadcast, Person, Village


def create(session: Session, village: Village, text: str, *, now: datetime, sender_phone: str | None = None,
           kind: str = "broadcast") -> Broadcast:
    """Record the broadcast and one outbox row per opted-in person."""
    broadcast = Broadcast(village_id=village.id, text=text, kind=kind, created_at=now, sender_phone=sender_phone)
    session.add(broadcast)
    session.flush()
    count = 0
    for person in session.scalars(select(Person).where(Person.village_id == village.id,
                                                       Person.opted_out.is_(False))):
        if queue_message(session, to_phone=person.phone, text=text, language=person.language, kind=kind,
                         idempotency_key=f"{kind}:{broadcast.id}:{person.id}", now=now, person=person,
                         broadcast_id=broadcast.id) is not None:
            count += 1
    broadcast.recipient_count = count
    return broadcast
