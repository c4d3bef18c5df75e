"""Broadcasts: an official's notice to every opted-in person of a village.

A village may hold tens of thousands of people, so the outbox rows are written
by one INSERT ... SELECT per language straight from the people table (no ORM
object per recipient), and their ids are noted (`models.outbox.bulk_written`)
for the edge to enqueue, in batches, once the transaction has committed.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from handlers.catalogue import LANGUAGES, t
from handlers.errors import Refused
from handlers.replies import max_segments
from handlers.text import encoding, segments
from models import outbox
from models.tables import Broadcast, Village

NOTICE_MAX_SEGMENTS = max_segments("gu")


def create(session: Session, village: Village, text: str, *, now: datetime, sender_phone: str | None = None,
           kind: str = "broadcast") -> Broadcast:
    """Record the broadcast and one outbox row per opted-in person of the
    village, each in the person's language (the official's words, under the
    panchayat's name). Refused when the official's words exceed the longest
    script's budget (4 SMS parts): one notice never costs the panchayat more
    than that per head, whichever way it was sent (SMS, API, dashboard)."""
    if segments(text) > NOTICE_MAX_SEGMENTS:
        raise Refused("notice_too_long", "the notice is too long", field="text", max=NOTICE_MAX_SEGMENTS)
    broadcast = Broadcast(village_id=village.id, text=text, kind=kind, created_at=now, sender_phone=sender_phone)
    session.add(broadcast)
    session.flush()
    texts = {lang: t(lang, "notice.broadcast", village=village.name, text=text) for lang in LANGUAGES}
    ids = fan_out(session, village_id=village.id, kind=kind, key_prefix=f"{kind}:{broadcast.id}", texts=texts,
                  now=now, broadcast_id=broadcast.id)
    broadcast.recipient_count = len(ids)
    return broadcast


def fan_out(session: Session, *, village_id: int, kind: str, key_prefix: str, texts: dict[str, str], now: datetime,
            broadcast_id: int | None = None, expires_at: datetime | None = None,
            send_after: datetime | None = None) -> list[int]:
    """One queued outbox row per opted-in person of the village, in the
    person's language, with the key `{key_prefix}:{person id}`; a person who
    has one already is skipped, so fanning out twice writes nothing new.
    Returns the ids written."""
    session.flush()
    written: list[int] = []
    for lang, text in texts.items():
        written.extend(outbox.add_for_village(
            session, village_id=village_id, language=lang, text=text, segments=segments(text),
            encoding=encoding(text), kind=kind, key_prefix=key_prefix, now=now, send_after=send_after,
            expires_at=expires_at, broadcast_id=broadcast_id))
    return written
