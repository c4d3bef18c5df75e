"""Broadcasts: an official's notice to every opted-in person of a village.

A village may hold tens of thousands of people, so the outbox rows are written
by one INSERT ... SELECT for every language straight from the people table (no
ORM object per recipient), and their ids are noted (`models.outbox.bulk_written`)
for the edge to enqueue, in batches, once the transaction has committed.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from handlers.catalogue import LANGUAGES, place_name, spoken, t
from handlers.errors import Refused
from handlers.sms.replies import max_segments
from handlers.text import encoding, segments
from models.outbox import bulk as outbox_bulk
from models.tables import Broadcast, Village

NOTICE_MAX_SEGMENTS = max_segments("gu")


@dataclass(frozen=True)
class FixedNotice:
    """A notice of a registered shape (SPEC 12.3): a gram sabha meeting or a public auction, its
    time and place typed, so that in India it goes as a DLT template with no free text."""

    shape: str  # "meeting" | "auction"
    at: datetime
    place: str


def create(session: Session, village: Village, text: str, *, now: datetime, sender_phone: str | None = None,
           kind: str = "broadcast", fixed: FixedNotice | None = None) -> Broadcast:
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
    texts = notice_texts(village, text) if fixed is None else fixed_notice_texts(village, fixed)
    ids = fan_out(session, village_id=village.id, kind=kind, key_prefix=f"{kind}:{broadcast.id}", texts=texts,
                  now=now, broadcast_id=broadcast.id)
    broadcast.recipient_count = len(ids)
    return broadcast


def notices_path(code: str) -> str:
    """The short link to the village's public notices page (where India's `{url}` leads): a DLT
    slot holds under 30 characters, the registered page's address included."""
    return f"/n/{code}"


def notice_texts(village: Village, text: str) -> dict[str, str]:
    """The official's words under the panchayat's name, in each reader's script (in India the
    general notice, which sends the reader to the village's notices page for the words)."""
    return {lang: t(lang, "notice.broadcast", village=place_name(lang, village.name, village.names, village.code),
                    text=text, url=notices_path(village.code)) for lang in LANGUAGES}


def fixed_notice_texts(village: Village, notice: FixedNotice) -> dict[str, str]:
    texts = {}
    for lang in LANGUAGES:
        name = place_name(lang, village.name, village.names, village.code)
        texts[lang] = t(lang, f"notice.broadcast_{notice.shape}", village=name, place=notice.place or name,
                        when=spoken(lang, notice.at, village.timezone), url=notices_path(village.code))
    return texts


def fan_out(session: Session, *, village_id: int, kind: str, key_prefix: str, texts: dict[str, str], now: datetime,
            broadcast_id: int | None = None, expires_at: datetime | None = None,
            send_after: datetime | None = None) -> list[int]:
    """One queued outbox row per opted-in person of the village, in the
    person's language, with the key `{key_prefix}:{person id}`; a person who
    has one already is skipped, so fanning out twice writes nothing new.
    Every language in one statement. Returns the ids written."""
    return outbox_bulk.add_for_villages(session, village_texts(
        village_id=village_id, kind=kind, key_prefix=key_prefix, texts=texts, broadcast_id=broadcast_id,
        expires_at=expires_at, send_after=send_after), now)


def village_texts(*, village_id: int, kind: str, key_prefix: str, texts: dict[str, str],
                  broadcast_id: int | None = None, expires_at: datetime | None = None,
                  send_after: datetime | None = None) -> list[outbox_bulk.VillageText]:
    """What `fan_out` writes, for a caller that writes many villages' notices
    in one statement (the dispatcher's auction eves)."""
    return [outbox_bulk.VillageText(village_id=village_id, language=lang, text=text, segments=segments(text),
                                    encoding=encoding(text), kind=kind, key_prefix=key_prefix, expires_at=expires_at,
                                    send_after=send_after, broadcast_id=broadcast_id)
            for lang, text in texts.items()]
