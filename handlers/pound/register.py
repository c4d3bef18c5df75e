"""The Form A register (Gujarat Village Panchayats (Cattle Pounds) Rules,
1998, r.3), as handlers.pound.records delegates it: each impoundment's serial
number, and the copy of the entry the person who seized the animal receives
(§184(1): any person may seize and take cattle to the pound).

Nothing is committed here; records' caller commits once.
"""
from __future__ import annotations

from datetime import datetime
from typing import Sequence

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from handlers.catalogue import kind_name, place_name, spoken, t
from handlers.outbox import queue_message
from models.law import books
from models.tables import Impoundment, Person

REGISTER_COPY = "register_copy"


# The register's own lock: one per pound, a PostgreSQL advisory lock held to the end of the
# transaction. Not the pound's row: every insert that names the pound (the seizure, the
# impoundment) holds a share lock on that row through its foreign key, and two seizures asking
# to upgrade their share locks to FOR UPDATE wait for each other (a deadlock PostgreSQL breaks
# by killing one). Nothing else takes this lock, and it is taken after the tag locks
# (records._queue_on_tags) and before nothing else, so the order is always: tags, register.
REGISTER_LOCK_CLASS = 0x4461  # "Da": the two-key advisory lock space (class, pound id)


def number(session: Session, impoundment: Impoundment, tz: str) -> None:
    """Give `impoundment` the next serial of its pound's register for the
    year of its seizure: gapless (a rolled-back seizure frees its number
    with its lock) and never twice (two seizures at one pound take turns
    on the register's lock, not on the pound's row)."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(select(func.pg_advisory_xact_lock(REGISTER_LOCK_CLASS, impoundment.pound_id)))
    # SQLite: a writing transaction holds the whole database; nothing to lock here.
    year = books.register_year(impoundment.seized_at, tz)
    last = session.scalar(select(func.max(Impoundment.register_serial)).where(
        Impoundment.pound_id == impoundment.pound_id, Impoundment.register_year == year))
    impoundment.register_year = year
    impoundment.register_serial = books.next_serial(last)


def entry_label(impoundment: Impoundment) -> str:
    """How a register entry is cited: serial/year."""
    return f"{impoundment.register_serial}/{impoundment.register_year}"


def send_copy(session: Session, seizer: Person, made: Sequence[Impoundment], now: datetime) -> None:
    """r.3's copy to the person who seized: the entries, by SMS (kind
    `register_copy`). The seizer asked for nothing, so STOP and quiet hours
    apply like any notice."""
    first = made[0]
    tz = first.village.timezone
    language = seizer.language
    # Several animals brought at once are consecutive entries: one range, three tags at most (one SMS).
    entries = entry_label(first) if len(made) == 1 else \
        f"{first.register_serial}-{made[-1].register_serial}/{first.register_year}"
    labels = [i.tag or i.receipt for i in made]
    tags = ", ".join(labels[:3]) + (f" +{len(labels) - 3}" if len(labels) > 3 else "")
    text = t(language, "notice.register_copy", pound=place_name(language, first.pound.name, first.pound.names, first.pound.code)[:30], entries=entries,
             count=len(made), kind=kind_name(language, first.kind), tags=tags,
             seized_at=spoken(language, first.seized_at, tz), place=(first.seizure.place or first.note or "-")[:40])
    queue_message(session, to_phone=seizer.phone, text=text, language=language, kind=REGISTER_COPY,
                  idempotency_key=f"{REGISTER_COPY}:{first.seizure_id}:{first.id}", now=now, person=seizer,
                  impoundment_id=first.id)
