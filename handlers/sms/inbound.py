"""One inbound SMS, whatever the provider, to one reply (SPEC sections 3-4).

Both webhooks and the browser simulator call `handle_sms`; they only turn
HTTP into an `Inbound` and the `Reply` back into HTTP. Here:

1. the message is stored (InboundMessage, unique per provider id) before
   anything else, so a retried webhook finds it and gets the same answer,
   and a concurrent retry waits on the unique index instead of running twice;
2. the command runs inside a savepoint: if it is refused (or a bug raises),
   the savepoint is rolled back and only the audit row and the reply remain;
3. one commit. The ids of every outbox row written (the reply, notices the
   command caused, a broadcast) are handed back for the edge to show (the
   simulator) or enqueue; the runtime's sessions also enqueue them after
   commit by themselves (sms_gateway.worker.queues.enqueue_after_commit). The
bookkeeping every channel shares is `handlers.received`.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

from sqlalchemy import bindparam, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from handlers.sms import account
from handlers.pound import admin
from handlers.sms import keeper
from handlers.pound import lookup
from handlers.sms import official
from handlers.pound import rates
from handlers.catalogue import CATALOGUES, DEFAULT_LANGUAGE, language_or_default, t
from handlers.catalogue.refusals import said_values
from handlers.sms.commands import Command, Problem, parse
from handlers.errors import Refused
from handlers.outbox import queue_message
from handlers.received import OutboxRowsWritten, storable, stored_answer
from handlers.sms.replies import Context, Sender
from models import queries
from models.queries import pending
from models.db import LOOKUP_AUDIT, LOOKUP_COMMITS_ASYNC, commit_lookup, lookup_reads, on_postgresql
from models.phones import normalise_phone
from models.tables import InboundMessage, Person

log = logging.getLogger("dabbo.inbound")

# Column widths of InboundMessage; junk is cut to fit rather than refused.
_PHONE_WIDTH, _ID_WIDTH, _OUTCOME_WIDTH = 32, 100, 32
_AUDIT_TEXT_LIMIT = 4000


@dataclass
class Inbound:
    """A provider-neutral inbound message. `phone` is as the provider sent it."""

    phone: str
    text: str
    provider: str
    provider_id: str
    channel: str = "sms"
    # The command read from `text`, when the webhook already had to read it
    # (Twilio does, to tell a base64 body from a plain one): not read twice.
    parsed: Command | Problem | None = field(default=None, compare=False, repr=False)


@dataclass
class Reply:
    """The answer to the sender, and the outbox rows (the reply itself when it
    goes through the outbox, and any notice the command caused) to enqueue."""

    text: str
    language: str
    message_ids: list[int] = field(default_factory=list)


# Which family answers which command, and the role it needs (None: anyone).
COMMANDS: dict[str, tuple[Callable[[Session, Context, Command], str], str | None]] = {
    "find": (lookup.find, None),
    "fees": (lookup.fees, None),
    "auctions": (lookup.auctions, None),
    "my": (lookup.my, None),
    "help": (account.show_help, None),
    "lang": (account.lang, None),
    "stop": (account.stop, None),
    "start": (account.start, None),
    "seize": (keeper.seize, "keeper"),
    "release": (keeper.release, "keeper"),
    "sold": (keeper.sold, "keeper"),
    "list": (keeper.list_pound, "keeper"),
    "police": (keeper.police, "keeper"),
    "notice": (official.notice, "official"),
    "auction": (official.auction, "official"),
    "rates": (rates.rates, None),
}
ROLE_REFUSALS = {"keeper": "keeper_only", "official": "official_only"}
# Commands that change no record: they write the audit row and, for FIND and
# FEES, the asker's reminder subscription (a Watch), nothing else.
LOOKUPS = frozenset({"find", "fees", "auctions", "my", "help", "list", "rates"})


def _only_looked_up(outcome: str) -> bool:
    """True when the command was a lookup, or was refused or failed (its
    savepoint rolled back): the transaction holds no change of record, so it
    may commit with `models.db.commit_lookup`."""
    return outcome in LOOKUPS or outcome.startswith("refused:") or outcome == "error"


# A plain lookup's audit row, written last with its answer (see _answer_lookup);
# a message stored before (a retry) or by a concurrent delivery inserts nothing.
_RECEIVED_AND_ANSWERED = (
    pg_insert(InboundMessage.__table__)
    .values({name: bindparam(name) for name in (
        "channel", "provider", "provider_id", "phone", "text", "received_at", "reply_text", "outcome")})
    .on_conflict_do_nothing(constraint="uq_inbound_provider_id")
    .returning(InboundMessage.__table__.c.id, LOOKUP_COMMITS_ASYNC)
    # its own transaction after the reads (models.db.lookup_reads), unless something else wrote
    .execution_options(**{LOOKUP_AUDIT: True}))
_RECEIVED_AND_ANSWERED_AND_WATCH = pending.carrying_a_watch(_RECEIVED_AND_ANSWERED)
_ANSWERED = (update(InboundMessage.__table__).where(InboundMessage.__table__.c.id == bindparam("audit_id"))
             .values(reply_text=bindparam("reply_text"), outcome=bindparam("outcome")))
_ANSWERED_AND_WATCH = pending.carrying_a_watch(_ANSWERED)


def handle_sms(session: Session, inbound: Inbound, *, now: datetime, ussd_code: str,
               reply_via_outbox: bool = False) -> Reply:
    """Answer one inbound SMS and commit. `ussd_code` is the service's USSD
    code (HELP names it). With `reply_via_outbox` (providers that cannot
    answer in the HTTP response, like Africa's Talking) the reply is also
    written to the outbox as kind "reply", in the same transaction."""
    text = storable(inbound.text)
    provider_id = storable(inbound.provider_id)[:_ID_WIDTH]
    phone = normalise_phone(inbound.phone) if isinstance(inbound.phone, str) else None
    command = inbound.parsed if inbound.parsed is not None and text == inbound.text else parse(text)
    if not reply_via_outbox and phone is not None and on_postgresql(session):
        answered = _answer_lookup(session, inbound, command, text, provider_id, phone, now, ussd_code)
        if answered is not None:
            return answered

    # Inserted first, without asking first whether it exists: the unique index
    # answers that (a retried webhook, or a concurrent one that waits on it).
    record = InboundMessage(channel=inbound.channel, provider=inbound.provider, provider_id=provider_id,
                            phone=storable(inbound.phone)[:_PHONE_WIDTH], text=text[:_AUDIT_TEXT_LIMIT],
                            received_at=now)
    session.add(record)
    try:
        session.flush()
    except IntegrityError:
        # This message was stored before (a retry), or a concurrent delivery committed first:
        # answer as it did.
        session.rollback()
        return _stored_reply(session, inbound.provider, provider_id, phone)

    with OutboxRowsWritten(session) as written:
        known = queries.person_by_phone(session, phone) if phone else None
        reply_text, language, outcome = _run(session, command, phone, known, now, ussd_code)
        if reply_via_outbox and phone is not None:
            # A stranger registered by the command (and not rolled back with it) is found anew.
            person = known or queries.person_by_phone(session, phone)
            queue_message(session, to_phone=phone, text=reply_text, language=language, kind="reply",
                          idempotency_key=f"reply:{inbound.provider}:{provider_id}"[:160], now=now,
                          person=person)
        # The audit row's answer carries the sender's new Watch, if any: one round trip for both.
        pending.execute_carrying_watches(session, _ANSWERED, _ANSWERED_AND_WATCH, {
            "audit_id": record.id, "reply_text": reply_text, "outcome": outcome[:_OUTCOME_WIDTH]})
        written.stop()  # before the commit, which hands a broadcast's bulk ids to the enqueuer
        if _only_looked_up(outcome) and not written.any():
            commit_lookup(session)
        else:
            session.commit()
    return Reply(reply_text, language, written.ids())


def _answer_lookup(session: Session, inbound: Inbound, command: Command | Problem, text: str, provider_id: str,
                   phone: str, now: datetime, ussd_code: str) -> Reply | None:
    """A registered sender's plain lookup (FIND, FEES, AUCTIONS, MY, HELP,
    RATES) answered in fewer round trips: no savepoint, and the
    audit row written once, last, with its answer and the asker's watch.
    Anything else, a refusal or a failure included, returns None after a
    rollback, and handle_sms answers it the careful way (a lookup changes no
    record, so running it again changes nothing). A retried message computes
    the answer, finds its audit row taken by the unique key, and is answered
    from storage as on the careful path."""
    if isinstance(command, Problem) or command.name not in LOOKUPS or COMMANDS[command.name][1] is not None:
        return None
    lookup_reads(session)   # no BEGIN: anything that writes opens the transaction first
    known = queries.caller_by_phone(session, phone)
    if known is None:
        session.rollback()   # a stranger registers on first contact: a change of record
        return None
    sender = Sender(phone=phone, person=known, language=language_or_default(known.language))
    handler = COMMANDS[command.name][0]
    with OutboxRowsWritten(session) as written:
        try:
            reply_text = handler(session, Context(sender=sender, now=now, ussd_code=ussd_code), command)
        except Exception:   # Refused, or a bug: answered (and logged) on the careful path
            written.stop()
            session.rollback()
            return None
        stored = pending.execute_carrying_watches(
            session, _RECEIVED_AND_ANSWERED, _RECEIVED_AND_ANSWERED_AND_WATCH, {
                "channel": inbound.channel, "provider": inbound.provider, "provider_id": provider_id,
                "phone": storable(inbound.phone)[:_PHONE_WIDTH], "text": text[:_AUDIT_TEXT_LIMIT],
                "received_at": now, "reply_text": reply_text, "outcome": command.name}).first()
        written.stop()
        if stored is None:
            session.rollback()
            return _stored_reply(session, inbound.provider, provider_id, phone)
        if written.any():
            session.commit()
        else:
            commit_lookup(session)
    return Reply(reply_text, sender.language, written.ids())


def _run(session: Session, command: Command | Problem, phone: str | None, known: Person | None, now: datetime,
         ussd_code: str) -> tuple[str, str, str]:
    """Carry out the parsed command inside a savepoint; `known` is the
    sender's Person, if registered. Returns (reply text, reply language,
    outcome for the audit row)."""
    language = language_or_default(known.language if known else None)
    savepoint = session.begin_nested()
    try:
        sender = _sender(session, phone, now, known)
        context = Context(sender=sender, now=now, ussd_code=ussd_code)
        if isinstance(command, Problem):
            raise _problem_refusal(command, sender)
        handler, role = COMMANDS[command.name]
        if role is not None and sender.role != role:
            raise Refused(ROLE_REFUSALS[role], f"{command.name} needs a {role}")
        reply_text = handler(session, context, command)
        savepoint.commit()
        return reply_text, sender.language, command.name
    except Refused as refused:
        savepoint.rollback()
        return refusal_text(language, refused), language, f"refused:{refused.code}"
    except Exception:
        # A bug must not leave the sender in silence, nor half a change behind.
        log.exception("SMS command failed")
        savepoint.rollback()
        return t(language, "sms.err.generic"), language, "error"


def _sender(session: Session, phone: str | None, now: datetime, known: Person | None) -> Sender:
    if phone is None:
        return Sender(phone=None, person=None, language=DEFAULT_LANGUAGE)
    person = known if known is not None else admin.person_for_phone(session, phone, now)
    return Sender(phone=phone, person=person, language=language_or_default(person.language))


def _problem_refusal(problem: Problem, sender: Sender) -> Refused:
    """A text that is not a well-formed command. A keeper's or official's
    command typed by someone else gets the role answer, not its usage."""
    needed = COMMANDS.get(problem.command or "", (None, None))[1]
    if needed is not None and sender.role != needed:
        return Refused(ROLE_REFUSALS[needed], "wrong role")
    return Refused(f"problem.{problem.code}", problem.code, command=problem.command)


def refusal_text(language: str, refused: Refused) -> str:
    """The sender's sentence for a refusal: a parse problem with the
    command's usage, or a record refusal (`sms.err.<code>`)."""
    if refused.code == "unknown_kind":
        # A kind the words know but the village's law does not name (a heifer in Gujarat): the
        # same answer as a word nobody knows.
        refused = Refused("problem.unknown_kind", refused.message, command="seize")
    if refused.code.startswith("problem."):
        command = refused.detail.get("command")
        usage = t(language, f"sms.usage.{command}") if command and _has(f"sms.usage.{command}") else \
            t(language, "sms.usage.help")
        return t(language, f"sms.{refused.code}") + " " + usage
    key = f"sms.err.{refused.code}"
    if not _has(key):
        return t(language, "sms.err.generic")
    try:
        return t(language, key, **said_values(language, refused.detail))
    except (KeyError, IndexError):
        return t(language, "sms.err.generic")


def _has(key: str) -> bool:
    return key in CATALOGUES[DEFAULT_LANGUAGE]


def _stored_reply(session: Session, provider: str, provider_id: str, phone: str | None) -> Reply:
    """The reply given the first time this provider message arrived, in the
    sender's language ("" if there is none to give)."""
    stored = stored_answer(session, provider, provider_id)
    if stored is None:
        return Reply("", DEFAULT_LANGUAGE)
    person = queries.person_by_phone(session, phone) if phone else None
    session.rollback()  # nothing to write: end the reads (a transaction only where they opened one)
    return Reply(stored, language_or_default(person.language if person else None), [])
