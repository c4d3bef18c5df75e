"""A missed call to the service number (SPEC 11.4): the caller is never answered (the call is
free for them) and hears back, per MISSED_CALL_ANSWER, by an SMS (kind `reply`) listing their
animals in pounds with today's dues, or by a call back (kind `voice_callback`) that reads the
same and offers the voice menu. Someone with nothing in a pound is told so plainly.

Every answer costs the panchayat an SMS or a call, so a missed call is a lever a prankster can
pull. Three limits hold it:

* only numbers this deployment serves are answered: of a country its villages are in, and typed
  mobile or fixed line by `phonenumbers` (never premium, shared-cost, toll-free, satellite or
  abroad; `models.phones.answerable`);
* at most one answer per caller per ten minutes (redialling or a prank costs one, not one each);
* at most MISSED_CALL_BUDGET answers an hour in all (counted by the edge in Redis, asked through
  `budget()`). Past it the call is kept as `waiting`, the administrator is alerted, and the
  dispatcher answers the waiting calls, oldest first, as the next hours' budgets allow.

The call itself is stored (InboundMessage, unique per provider call id) so a provider's retry of
the same webhook answers nothing twice.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
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
from models.phones import answerable, normalise_phone
from models.tables import InboundMessage, OutboundMessage, Person, Village

ONE_ANSWER_PER = timedelta(minutes=10)
ANSWER_BY_CALL = "call"
KEY_PREFIX = "missed:"
CHANNEL = "missed"
WAITING = "waiting"
ANSWERED = ("sms", "call")
log = logging.getLogger("dabbo.missed_call")


@dataclass
class Answered:
    """What became of one missed call (for the log and the simulator)."""

    outcome: str  # sms | call | limited | repeat | bad_phone | not_served | waiting
    text: str = ""
    message_ids: list[int] = field(default_factory=list)


def answer(session: Session, *, phone: str, provider: str, call_id: str, now: datetime, answer_by: str,
           budget: Callable[[], bool] | None = None) -> Answered:
    """Store the missed call, write the answer into the outbox (unless this caller was
    answered in the last ten minutes, the number is not one this deployment serves, or
    `budget()`, asked last, says the hour's answers are spent), commit. The session's
    after-commit hook enqueues it."""
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
    if not answerable(e164, served_countries(session)):
        record.outcome = "not_served"
        session.commit()
        log.warning("missed call from a number this deployment does not serve (ending %s): not answered", e164[-4:])
        return Answered("not_served")
    if _answered_lately(session, e164, now):
        record.outcome = "limited"
        session.commit()
        return Answered("limited")
    if budget is not None and not budget():
        record.outcome = WAITING
        session.commit()
        return Answered(WAITING)
    return _write_answer(session, record, e164, now, answer_by)


def _write_answer(session: Session, record: InboundMessage, e164: str, now: datetime, answer_by: str) -> Answered:
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


def served_countries(session: Session) -> set[str]:
    """The countries of this deployment's villages (SPEC 1: default IN)."""
    return set(session.scalars(select(Village.country).distinct())) or {"IN"}


def answer_waiting(session: Session, *, now: datetime, answer_by: str, budget: Callable[[], bool],
                   limit: int = 500) -> int:
    """The dispatcher's part: answer calls kept `waiting`, oldest first, while `budget()`
    allows (a caller answered meanwhile is not answered twice). Returns how many were answered."""
    waiting = session.scalars(select(InboundMessage).where(
        InboundMessage.channel == CHANNEL, InboundMessage.outcome == WAITING)
        .order_by(InboundMessage.received_at, InboundMessage.id).limit(limit)).all()
    answered = 0
    for record in waiting:
        if _answered_lately(session, record.phone, now):
            record.outcome = "limited"
            session.commit()
            continue
        if not budget():
            break
        if _write_answer(session, record, record.phone, now, answer_by).outcome in ANSWERED:
            answered += 1
    return answered


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
