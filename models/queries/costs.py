"""What the outbox cost: SMS segments per message kind and per village in a
month. A panchayat pays per segment its provider accepted, so only
rows that reached the provider count (`sent`, `delivered`, and `failed` after
a provider id was given); queued, cancelled or refused rows cost nothing.

A message belongs to the village of its impoundment, else of its broadcast,
else of the person it went to.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from models.tables import Broadcast, Impoundment, OutboundMessage, Person, Village

BILLED = or_(OutboundMessage.status.in_(("sent", "delivered")),
             and_(OutboundMessage.status == "failed", OutboundMessage.provider_id.is_not(None)))


@dataclass
class VillageCost:
    village: Village
    kinds: dict[str, tuple[int, int]] = field(default_factory=dict)  # kind -> (messages, segments)

    @property
    def segments(self) -> int:
        return sum(segments for _, segments in self.kinds.values())

    @property
    def messages(self) -> int:
        return sum(count for count, _ in self.kinds.values())


def month_bounds(month: date, tz: str) -> tuple[datetime, datetime]:
    """The first moment of `month` and of the next, local time."""
    start = datetime.combine(month.replace(day=1), time(0), ZoneInfo(tz))
    following = date(month.year + (month.month == 12), month.month % 12 + 1, 1)
    return start, datetime.combine(following, time(0), ZoneInfo(tz))


def monthly(session: Session, month: date, village_ids: list[int] | None = None,
            tz: str = "Asia/Kolkata") -> list[VillageCost]:
    """Segments and messages per village and kind sent in `month` (by the
    time each was written), villages in code order; `village_ids` None = all."""
    start, end = month_bounds(month, tz)
    village_id = func.coalesce(Impoundment.village_id, Broadcast.village_id, Person.village_id)
    statement = (select(village_id, OutboundMessage.kind, func.count(OutboundMessage.id),
                        func.sum(OutboundMessage.segments))
                 .select_from(OutboundMessage)
                 .outerjoin(Impoundment, Impoundment.id == OutboundMessage.impoundment_id)
                 .outerjoin(Broadcast, Broadcast.id == OutboundMessage.broadcast_id)
                 .outerjoin(Person, Person.id == OutboundMessage.person_id)
                 .where(BILLED, OutboundMessage.created_at >= start, OutboundMessage.created_at < end)
                 .group_by(village_id, OutboundMessage.kind))
    if village_ids is not None:
        statement = statement.where(village_id.in_(village_ids))
    found: dict[int, VillageCost] = {}
    rows = session.execute(statement).all()
    villages = {v.id: v for v in session.scalars(select(Village).where(
        Village.id.in_({row[0] for row in rows if row[0] is not None})))}
    for vid, kind, count, segments in rows:
        if vid is None:
            continue  # a reply to a stranger belongs to no village
        cost = found.setdefault(vid, VillageCost(villages[vid]))
        cost.kinds[kind] = (int(count), int(segments or 0))
    return sorted(found.values(), key=lambda cost: cost.village.code)
