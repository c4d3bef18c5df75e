"""Dated notices written as a set: the dispatcher's rules say who
gets what (`Notice`), this writes them all in a few statements.

A rule in handlers/notices/dated.py yields `Notice`s (recipient, kind, idempotency
key, the text in the recipient's language, expiry, impoundment) for the
notices still missing, and hands the lot to `write_all`, which applies the
policy `handlers.outbox.queue_message` applies to one row (the STOP rule,
`models.outbox.stop`) and writes them with `models.outbox.bulk.add_many`: one
INSERT ... SELECT per 5,000 rows carrying their idempotency keys, so a notice
written before is skipped by the database, never sent twice. A new kind of
dated notice (security_due, surplus transfers, forfeitures) is one more rule
yielding Notices.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Iterable

from sqlalchemy.orm import Session

from handlers.text import encoding, segments
from models.outbox.bulk import NewRow, add_many
from models.outbox.stop import is_unsolicited, reaches
from models.tables import Person


@dataclass(frozen=True)
class Notice:
    person: Person
    kind: str
    key: str
    text: str
    expires_at: datetime | None = None
    impoundment_id: int | None = None


def write_all(session: Session, notices: Iterable[Notice], now: datetime) -> int:
    """Write every notice its recipient may be sent; returns how many rows
    were written (keys already in the outbox are not)."""
    rows = []
    sizes: dict[str, tuple[int, str]] = {}   # many recipients share a text: measure it once
    for notice in notices:
        unsolicited = is_unsolicited(notice.kind)
        if not reaches(notice.person.opted_out, unsolicited):
            continue
        if notice.text not in sizes:
            sizes[notice.text] = (segments(notice.text), encoding(notice.text))
        parts, text_encoding = sizes[notice.text]
        rows.append(NewRow(to_phone=notice.person.phone, person_id=notice.person.id, text=notice.text,
                           language=notice.person.language, kind=notice.kind, idempotency_key=notice.key,
                           segments=parts, encoding=text_encoding,
                           unsolicited=unsolicited, expires_at=notice.expires_at,
                           impoundment_id=notice.impoundment_id))
    return len(add_many(session, rows, now)) if rows else 0
