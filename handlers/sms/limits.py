"""What a phone over its inbound limit is told (the limit itself is kept in
Redis by sms_gateway.ratelimit; handlers never touch Redis).

Once per window the sender hears, in their language, that Dabbo will answer
again in a few minutes; after that, silence. Nothing of the message is
stored: a flood must cost the database nothing.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from handlers.catalogue import DEFAULT_LANGUAGE, language_or_default, t
from handlers.sms.inbound import Inbound, Reply
from handlers.outbox import queue_message
from models import queries
from models.phones import normalise_phone


def _person(session: Session, phone: str):
    e164 = normalise_phone(phone) if isinstance(phone, str) else None
    return e164, (queries.person_by_phone(session, e164) if e164 else None)


STAFF_ROLES = ("keeper", "official", "mamlatdar", "police")


def is_staff(session: Session, phone: str) -> bool:
    """Whether `phone` is registered as someone who runs the pounds (a keeper, an official, a
    mamlatdar, police): they get a much higher inbound limit than a stranger. The read is
    ended at once (rolled back), so the request starts afresh whatever it finds."""
    try:
        _e164, person = _person(session, phone)
        return person is not None and person.role in STAFF_ROLES
    finally:
        session.rollback()


def sms_limited(session: Session, inbound: Inbound, *, now: datetime, reply_via_outbox: bool) -> Reply:
    """The one polite reply to an SMS over the limit. With `reply_via_outbox`
    (Africa's Talking) it is written to the outbox as kind "reply", with the
    same idempotency key an answered message would have, and committed."""
    e164, person = _person(session, inbound.phone)
    language = language_or_default(person.language if person else None)
    text = t(language, "sms.limited")
    ids: list[int] = []
    if reply_via_outbox and e164 is not None:
        row = queue_message(session, to_phone=e164, text=text, language=language, kind="reply",
                            idempotency_key=f"reply:{inbound.provider}:{inbound.provider_id}"[:160], now=now,
                            person=person)
        session.commit()  # a retried message finds the row written already (None)
        if row is not None:
            ids.append(row.id)
    return Reply(text, language, ids)


def silent() -> Reply:
    """The answer to everything else over the limit: nothing."""
    return Reply("", DEFAULT_LANGUAGE, [])


def ussd_limited(session: Session, phone: str) -> str:
    """The USSD screen (`END ...`) for a dial over the limit. Unlike an SMS,
    a USSD request must be answered every time; a screen costs nothing."""
    _e164, person = _person(session, phone)
    return "END " + t(person.language if person else DEFAULT_LANGUAGE, "ussd.limited")
