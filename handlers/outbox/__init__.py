"""Writing outbound messages into the outbox.

Every SMS Dabbo sends starts as a row written here, inside the caller's
transaction; only after that commits does anything touch Redis (see
`sms_gateway.worker.queues`). Here is the policy (who may be sent what); the
statement is `models.outbox.add`, whose idempotency key makes a second write
of the same notice a no-op, which keeps a notice from going out twice.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from handlers.text import encoding, segments
from models import outbox
from models.outbox.stop import SOLICITED_KINDS  # noqa: F401 (still importable from here)
from models.outbox.stop import is_unsolicited, reaches
from models.tables import OutboundMessage, Person


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
    unsolicited = is_unsolicited(kind)
    if person is not None and not reaches(person.opted_out, unsolicited):
        return None
    return outbox.add(session, to_phone=to_phone, text=text, language=language, kind=kind,
                      idempotency_key=idempotency_key, segments=segments(text), encoding=encoding(text),
                      unsolicited=unsolicited, now=now, send_after=send_after, expires_at=expires_at,
                      person_id=person.id if person is not None else None, impoundment_id=impoundment_id,
                      broadcast_id=broadcast_id)
