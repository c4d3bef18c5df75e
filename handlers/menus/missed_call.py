"""A missed call to the service number (SPEC 11.4): the caller is never answered (the call is
free for them) and hears back, per MISSED_CALL_ANSWER, by an SMS (kind `reply`) listing their
animals in pounds with today's dues, or by a call back (kind `voice_callback`) that reads the
same and offers the voice menu. Someone with nothing in a pound is told so plainly.

At most one answer per caller per ten minutes: a phone that rings the number again and again
(redialling, or a prank) costs the panchayat one SMS or one call, not one each time. The call
itself is stored (InboundMessage, unique per provider call id) so a provider's retry of the
same webhook answers nothing twice.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from handlers import received
from handlers.pound import facts
from handlers.catalogue import heard_language, kind_name, language_or_default, money, rupees, t
from handlers.outbox import queue_message
from handlers.sms.replies import fit_list, short
from models import queries
from models.phones import normalise_phone
from models.tables import InboundMessage, OutboundMessage, Person

ONE_ANSWER_PER = timedelta(minutes=10)
ANSWER_BY_CALL = "call"
KEY_PREFIX = "missed:"
CHANNEL = "missed"


@dataclass
class Answered:
    """What became of one missed call (for the log and the simulator)."""

    outcome: str  # sms | call | limited | repeat | bad_phone
    text: str = ""
    message_ids: list[int] = field(default_factory=list)


def answer(session: Session, *, phone: str, provider: str, call_id: str, now: datetime, answer_by: str) -> Answered:
    """Store the missed call, write the answer into the outbox (unless this caller was
    answered in the last ten minutes), commit. The session's after-commit hook enqueues it."""
    e164 = normalise_phone(phone) if isinstance(phone, str) else None
    if e164 is None:
        return Answered("bad_phone")
    record = InboundMessage(channel=CHANNEL, provider=provider, provider_id=received.printable(call_id)[:100], phone=e164[:32],
                            text="", received_at=now)
    session.add(record)
    try:
        session.flush()
    except IntegrityError:  # the provider retried this webhook: it was answered the first time
        session.rollback()
        return Answered("repeat")
    if _answered_lately(session, e164, now):
        record.outcome = "limited"
        session.commit()
        return Answered("limited")
    person = queries.person_by_phone(session, e164)
    by_call = answer_by == ANSWER_BY_CALL
    reads = person.language if person else None
    language = heard_language(reads) if by_call else language_or_default(reads)
    text = summary(session, person, language, now, voice=by_call)
    kind = "voice_callback" if by_call else "reply"
    message = queue_message(session, to_phone=e164, text=text, language=language, kind=kind,
                            idempotency_key=f"{KEY_PREFIX}{e164}:{int(now.timestamp()) // 600}", now=now,
                            person=person)
    record.outcome = "call" if kind == "voice_callback" else "sms"
    record.reply_text = text
    try:
        session.commit()
    except IntegrityError:  # a concurrent missed call of the same caller wrote its answer first
        session.rollback()
        return Answered("limited")
    return Answered(record.outcome, text, [message.id] if message is not None else [])


def _answered_lately(session: Session, phone: str, now: datetime) -> bool:
    return session.scalar(
        select(OutboundMessage.id).where(
            OutboundMessage.to_phone == phone,
            OutboundMessage.idempotency_key.startswith(f"{KEY_PREFIX}{phone}:"),
            OutboundMessage.created_at > now - ONE_ANSWER_PER,
        ).limit(1)
    ) is not None


def summary(session: Session, person: Person | None, language: str, now: datetime, voice: bool = False) -> str:
    """The caller's registered animals now in a pound, each with today's dues (in one SMS's
    budget; or, to be spoken, every one in words); or plainly that none is."""
    held = [animal.latest for animal in (facts.owned_animals(session, person, now) if person else [])
            if animal.latest is not None and animal.latest.status == "impounded"]
    family = "missed.voice" if voice else "missed.sms"
    if not held:
        return t(language, f"{family}_none")
    items = [t(language, f"{family}_item", tag=status.number, kind=kind_name(language, status.kind),
               pound=short(status.pound_name, 20), total=money(language, status.dues.total_paise))
             for status in held]
    if voice:
        return t(language, family, items="; ".join(items))  # written; said as a person says it (speech)
    # The first animal's own values too: in India the answer is a template that names one (SPEC 12.3).
    first = dict(tag=held[0].number, total=rupees(held[0].dues.total_paise))
    return fit_list(language, lambda joined: t(language, family, items=joined, **first), items)
