"""Writing outbound messages into the outbox.

Every SMS Dabbo sends starts as a row written here, inside the caller's
transaction; only after that commits does anything touch Redis (see
`sms_gateway.queues`). The idempotency key makes a second write of the same
notice a no-op, which is what keeps a notice from going out twice.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers.text import encoding, segments
from models.tables import OutboundMessage, Person

# Kinds an owner did not ask for: quiet hours and STOP apply to these.
SOLICITED_KINDS = frozenset({"reply", "release_receipt"})


def queue_message(
    session: Session,
    *,
    to_phone: str,
    text: str,
    language: str,
    kind: str,
    idempotency_key: str,
    now: datetime,
    send_after: datetime | None = None,
    expires_at: datetime | None = None,
    person: Person | None = None,
    impoundment_id: int | None = None,
    broadcast_id: int | None = None,
) -> OutboundMessage | None:
    """Add one message to the outbox; None when a row with this key exists
    already, or the person opted out of messages they did not ask for."""
    unsolicited = kind not in SOLICITED_KINDS
    if person is not None and person.opted_out and unsolicited:
        return None
    exists = session.scalar(
        select(OutboundMessage.id).where(OutboundMessage.idempotency_key == idempotency_key)
    )
    if exists is not None:
        return None
    message = OutboundMessage(
        to_phone=to_phone,
        person_id=person.id if person is not None else None,
        text=text,
        language=language,
        kind=kind,
        idempotency_key=idempotency_key,
        status="queued",
        attempts=0,
        segments=segments(text),
        encoding=encoding(text),
        send_after=send_after or now,
        expires_at=expires_at,
        unsolicited=unsolicited,
        impoundment_id=impoundment_id,
        broadcast_id=broadcast_id,
        created_at=now,
        updated_at=now,
    )
    session.add(message)
    return message
