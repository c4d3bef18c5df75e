"""What a broadcast will cost before it is sent (the composer): the
official's words in characters, encoding and SMS parts against the 4-part
cap, and, for the village's opted-in people in their languages, how many
receive it and how many segments that makes. The same texts and the same cap
as `broadcasts.create`."""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from handlers.notices.broadcasts import NOTICE_MAX_SEGMENTS, notice_texts
from handlers.text import encoding, segments
from models.outbox.stop import reaches_sql
from models.tables import Person, Village


@dataclass(frozen=True)
class Preview:
    characters: int
    encoding: str
    parts: int
    max_parts: int
    recipients: int
    segments: int          # over every recipient, each in their own language

    @property
    def too_long(self) -> bool:
        return self.parts > self.max_parts


def recipients_by_language(session: Session, village: Village) -> dict[str, int]:
    return dict(session.execute(
        select(Person.language, func.count(Person.id))
        .where(Person.village_id == village.id, reaches_sql(Person.opted_out)).group_by(Person.language)).all())


def preview(session: Session, village: Village, text: str) -> Preview:
    counts = recipients_by_language(session, village)
    texts = notice_texts(village, text)
    return Preview(characters=len(text), encoding=encoding(text), parts=segments(text),
                   max_parts=NOTICE_MAX_SEGMENTS, recipients=sum(counts.values()),
                   segments=sum(count * segments(texts.get(lang, text)) for lang, count in counts.items()))


_SLOT = "\x00"


def frames(session: Session, village: Village) -> dict[str, tuple[str, str, int]]:
    """What the composer's live count needs to count the way the send path does: for each
    language the village's opted-in people read, the words around the official's text in
    that language's notice (`notice_texts`: "અંબાજી ગ્રામ પંચાયત: " before it) and how many
    read it. A Gujarati reader's notice travels as UCS-2 even when the words typed are
    English, so its parts are counted on the whole Gujarati notice, as they will be charged."""
    counts = recipients_by_language(session, village)
    texts = notice_texts(village, _SLOT)
    return {lang: (*texts.get(lang, _SLOT).split(_SLOT, 1), count) for lang, count in counts.items()}
