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

from handlers.catalogue import kind_name, t, when
from handlers.outbox import queue_message
from models.law import books
from models.tables import Impoundment, Person, Pound

REGISTER_COPY = "register_copy"


def number(session: Session, impoundment: Impoundment, tz: str) -> None:
    """Give `impoundment` the next serial of its pound's register for the
    year of its seizure. The pound's row is locked first, so two keepers
    seizing at once cannot take the same number."""
    session.execute(select(Pound.id).where(Pound.id == impoundment.pound_id).with_for_update())
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
    text = t(language, "notice.register_copy", pound=first.pound.name[:30], entries=entries,
             count=len(made), kind=kind_name(language, first.kind), tags=tags,
             seized_at=when(first.seized_at, tz), place=(first.seizure.place or first.note or "-")[:40])
    queue_message(session, to_phone=seizer.phone, text=text, language=language, kind=REGISTER_COPY,
                  idempotency_key=f"{REGISTER_COPY}:{first.seizure_id}:{first.id}", now=now, person=seizer,
                  impoundment_id=first.id)
