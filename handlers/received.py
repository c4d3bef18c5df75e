"""What every received message needs, whatever the channel (SMS, USSD, voice).

Each channel stores what it received in `InboundMessage` (unique per
provider and provider id) with the answer it gave, so that:

- a retried delivery is answered with the stored answer (`stored_answer`)
  instead of running twice;
- the text it stores is text PostgreSQL accepts (`storable`: no NUL, no lone
  surrogate; `printable` for audit text that should also drop control
  characters), and an API refuses what it could not store
  (`first_unstorable_field`);
- the outbox rows the request wrote (the reply, notices, a broadcast's bulk
  rows) are known, to enqueue or show (`OutboxRowsWritten`).

A channel's handler calls these; nothing here knows about HTTP.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import event, inspect, select
from sqlalchemy.orm import Session

from models import outbox
from models.db import lookup_reads
from models.tables import InboundMessage, OutboundMessage


def stored_answer(session: Session, provider: str, provider_id: str) -> str | None:
    """The answer given the first time this provider message arrived ("" when
    it was stored without one), or None when it never arrived. Read outside a
    transaction when none is open (a retry, or a voice step's first question): no
    BEGIN, and nothing to end afterwards."""
    lookup_reads(session)
    stored = session.execute(select(InboundMessage.reply_text).where(
        InboundMessage.provider == provider, InboundMessage.provider_id == provider_id)).first()
    if stored is None:
        return None
    return stored.reply_text or ""


def storable(value: object) -> str:
    """Text PostgreSQL accepts: a str without NUL and without lone surrogates
    (replaced by "?"); None is ""."""
    if not isinstance(value, str):
        value = "" if value is None else str(value)
    return value.replace("\x00", "").encode("utf-8", errors="replace").decode("utf-8")


def is_storable(value: str) -> bool:
    """True when PostgreSQL can store `value` as it is."""
    return storable(value) == value


def printable(value: str | None) -> str:
    """Audit text: only printable characters and newlines (so also nothing
    `storable` would have to change: NUL and lone surrogates are not
    printable)."""
    return "".join(ch for ch in (value or "") if ch.isprintable() or ch == "\n")


def first_unstorable_field(value: Any, path: str = "") -> str | None:
    """The dotted name of the first string (key or value) in `value`, a
    parsed JSON document, that PostgreSQL cannot store (JSON's `\\udc00`
    escapes decode to a lone surrogate). Such input is refused rather than
    failing in the database (found by Schemathesis)."""
    if isinstance(value, str):
        return None if is_storable(value) else (path or "body")
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = ((str(index), item) for index, item in enumerate(value))
    else:
        return None
    for key, item in items:
        name = f"{path}.{key}" if path else str(key)
        found = first_unstorable_field(key, name) if isinstance(key, str) else None
        found = found or first_unstorable_field(item, name)
        if found:
            return found
    return None


class OutboxRowsWritten:
    """The outbox rows written on `session` while a message is handled: ORM
    rows added by anyone (this channel, records, notices) and rows written in
    bulk (`models.outbox.note_bulk_written`, a broadcast). Use as a context
    manager around the handling; call `stop()` before committing (a commit
    hands the bulk ids to the enqueuer and forgets them), then ask `ids()`.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.rows: list[OutboundMessage] = []
        self._bulk_before = len(outbox.bulk_written(session))
        self._bulk: list[int] | None = None  # set by stop()

    def __enter__(self) -> "OutboxRowsWritten":
        # Noted by the one listener below: a listener added and removed per message cost
        # about 3 % of an SMS lookup's CPU (SQLAlchemy rebuilds the session's dispatch).
        self.session.info.setdefault(_LISTENING, []).append(self)
        return self

    def __exit__(self, *_exc) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop listening and keep the bulk ids seen so far; safe to call twice."""
        if self._bulk is None:
            listening = self.session.info.get(_LISTENING, [])
            if self in listening:
                listening.remove(self)
            self._bulk = self.bulk_ids()

    def bulk_ids(self) -> list[int]:
        """Ids written in bulk since this started (until `stop`)."""
        if self._bulk is not None:
            return list(self._bulk)
        return outbox.bulk_written(self.session)[self._bulk_before:]

    def any(self) -> bool:
        """True when any row was written (even one in a savepoint since
        rolled back: the transaction is then not a pure lookup)."""
        return bool(self.rows) or bool(self.bulk_ids())

    def ids(self) -> list[int]:
        """The ids of the rows that were kept: ORM rows rolled back with a
        savepoint are transient again and left out."""
        kept = [row.id for row in self.rows if inspect(row).persistent]
        return list(dict.fromkeys(kept + self.bulk_ids()))


_LISTENING = "dabbo.outbox_rows_written"   # session.info: the OutboxRowsWritten started and not stopped


@event.listens_for(Session, "transient_to_pending")
def _pending(session: Session, instance: object) -> None:
    if isinstance(instance, OutboundMessage):
        for listening in session.info.get(_LISTENING, ()):
            listening.rows.append(instance)
