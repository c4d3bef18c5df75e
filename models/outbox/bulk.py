"""Set-based writes into the outbox: many rows in one statement.

`add_for_villages` is `models.outbox.add_for_village` for many texts at once
(a broadcast in every language, the eves of a morning's 2,000 auctions): one
INSERT ... SELECT joining the texts to the opted-in people of their village
and language, per batch of texts, where it was one statement per text.

`add_many` is `models.outbox.add` for a whole tick's notices at once: one
INSERT ... SELECT FROM unnest(...) per batch, every row carrying its
idempotency key, `ON CONFLICT (idempotency_key) DO NOTHING`, so a key the
outbox holds already (written by an earlier tick, or by a concurrent one) is
skipped in the database rather than probed first. The ids written are noted
(`models.outbox.note_bulk_written`) for the after-commit enqueuer, as
broadcasts' rows are.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Sequence

from sqlalchemy import text
from sqlalchemy.orm import Session

from models import outbox
from models.db import on_postgresql
from models.outbox.stop import reaches_sql_text

BATCH = 5000   # rows per statement
VILLAGE_BATCH = 1000   # texts per statement of add_for_villages (about 200,000 rows at district scale)


@dataclass(frozen=True)
class NewRow:
    """One `queued` row to write (see models.outbox.add for the columns)."""

    to_phone: str
    person_id: int | None
    text: str
    language: str
    kind: str
    idempotency_key: str
    segments: int
    encoding: str
    unsolicited: bool
    expires_at: datetime | None = None
    impoundment_id: int | None = None


_INSERT_MANY = text("""
INSERT INTO outbound_messages (to_phone, person_id, text, language, kind, idempotency_key, status, attempts,
                               segments, encoding, send_after, expires_at, unsolicited, impoundment_id,
                               created_at, updated_at)
SELECT r.to_phone, r.person_id, r.text, r.language, r.kind, r.idempotency_key, :queued, 0, r.segments,
       r.encoding, :now, r.expires_at, r.unsolicited, r.impoundment_id, :now, :now
FROM unnest(CAST(:to_phone AS varchar[]), CAST(:person_id AS integer[]), CAST(:text AS varchar[]),
            CAST(:language AS varchar[]), CAST(:kind AS varchar[]), CAST(:idempotency_key AS varchar[]),
            CAST(:segments AS integer[]), CAST(:encoding AS varchar[]), CAST(:expires_at AS timestamptz[]),
            CAST(:unsolicited AS boolean[]), CAST(:impoundment_id AS integer[]))
     AS r(to_phone, person_id, text, language, kind, idempotency_key, segments, encoding, expires_at,
          unsolicited, impoundment_id)
ON CONFLICT (idempotency_key) DO NOTHING
RETURNING id""")
_COLUMNS = ("to_phone", "person_id", "text", "language", "kind", "idempotency_key", "segments", "encoding",
            "expires_at", "unsolicited", "impoundment_id")


def add_many(session: Session, rows: Sequence[NewRow], now: datetime) -> list[int]:
    """Write `rows` as `queued`, skipping every key the outbox has; returns
    the ids written. Elsewhere than PostgreSQL, row by row (models.outbox.add)."""
    if not on_postgresql(session):
        return _one_by_one(session, rows, now)
    session.flush()   # rows added through the ORM earlier in this transaction count as written
    written: list[int] = []
    for start in range(0, len(rows), BATCH):
        batch = rows[start:start + BATCH]
        params = {name: [getattr(row, name) for row in batch] for name in _COLUMNS}
        written.extend(session.scalars(_INSERT_MANY, {**params, "queued": outbox.QUEUED, "now": now}))
    outbox.note_bulk_written(session, written)
    return written


def _one_by_one(session: Session, rows: Sequence[NewRow], now: datetime) -> list[int]:
    added = [outbox.add(session, now=now, **{name: getattr(row, name) for name in _COLUMNS})
             for row in rows]
    session.flush()
    return [message.id for message in added if message is not None]


@dataclass(frozen=True)
class VillageText:
    """One text for every opted-in person of a village who reads `language`,
    keyed `{key_prefix}:{person id}` (see models.outbox.add_for_village)."""

    village_id: int
    language: str
    text: str
    segments: int
    encoding: str
    kind: str
    key_prefix: str
    expires_at: datetime | None = None
    send_after: datetime | None = None
    broadcast_id: int | None = None


# The same rows as models.outbox.add_for_village, for many (village, language, text)s at once.
_INSERT_FOR_VILLAGES = text(f"""
INSERT INTO outbound_messages (to_phone, person_id, text, language, kind, idempotency_key, status, attempts,
                               segments, encoding, send_after, expires_at, unsolicited, broadcast_id,
                               created_at, updated_at)
SELECT p.phone, p.id, f.text, f.language, f.kind, f.key_prefix || ':' || p.id, :queued, 0, f.segments,
       f.encoding, coalesce(f.send_after, :now), f.expires_at, true, f.broadcast_id, :now, :now
FROM unnest(CAST(:village_id AS integer[]), CAST(:language AS varchar[]), CAST(:text AS varchar[]),
            CAST(:segments AS integer[]), CAST(:encoding AS varchar[]), CAST(:kind AS varchar[]),
            CAST(:key_prefix AS varchar[]), CAST(:expires_at AS timestamptz[]),
            CAST(:send_after AS timestamptz[]), CAST(:broadcast_id AS integer[]))
     AS f(village_id, language, text, segments, encoding, kind, key_prefix, expires_at, send_after, broadcast_id)
JOIN people p ON p.village_id = f.village_id AND p.language = f.language AND {reaches_sql_text("p.opted_out")}
ON CONFLICT (idempotency_key) DO NOTHING
RETURNING id""")
_VILLAGE_COLUMNS = ("village_id", "language", "text", "segments", "encoding", "kind", "key_prefix", "expires_at",
                    "send_after", "broadcast_id")


def add_for_villages(session: Session, texts: Sequence[VillageText], now: datetime) -> list[int]:
    """One `queued` row per opted-in reader of each text, skipping every key
    the outbox has (writing twice adds nothing); returns the ids written, also
    noted for the after-commit enqueuer. Elsewhere than PostgreSQL, one
    statement per text (models.outbox.add_for_village)."""
    session.flush()   # rows added through the ORM earlier in this transaction count as written
    if not on_postgresql(session):
        return [message_id for entry in texts for message_id in outbox.add_for_village(
            session, now=now, **{name: getattr(entry, name) for name in _VILLAGE_COLUMNS})]
    written: list[int] = []
    for start in range(0, len(texts), VILLAGE_BATCH):
        batch = texts[start:start + VILLAGE_BATCH]
        params = {name: [getattr(entry, name) for entry in batch] for name in _VILLAGE_COLUMNS}
        written.extend(session.scalars(_INSERT_FOR_VILLAGES, {**params, "queued": outbox.QUEUED, "now": now}))
    outbox.note_bulk_written(session, written)
    return written
