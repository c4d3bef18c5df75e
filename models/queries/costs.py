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

from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.orm import Session

from models.tables import Broadcast, Impoundment, OutboundMessage, Person, Village

BILLED = or_(OutboundMessage.status.in_(("sent", "delivered")),
             and_(OutboundMessage.status == "failed", OutboundMessage.provider_id.is_not(None)))


# The village a message belongs to (the module's docstring says which).
MESSAGE_VILLAGE = func.coalesce(Impoundment.village_id, Broadcast.village_id, Person.village_id)


def _of_villages(statement, village_ids: list[int] | None):
    """`statement` over the outbox joined to what says each message's village; `village_ids`
    None = every village."""
    statement = (statement.select_from(OutboundMessage)
                 .outerjoin(Impoundment, Impoundment.id == OutboundMessage.impoundment_id)
                 .outerjoin(Broadcast, Broadcast.id == OutboundMessage.broadcast_id)
                 .outerjoin(Person, Person.id == OutboundMessage.person_id))
    return statement if village_ids is None else statement.where(MESSAGE_VILLAGE.in_(village_ids))


@dataclass(frozen=True)
class Delivery:
    """One village's month of messages: `sent` reached the provider (the billed ones),
    `delivered` were reported delivered, `failed` ended failed (refused by the provider or
    reported undelivered), `segments` the billed segments the cost is counted in."""

    sent: int = 0
    delivered: int = 0
    failed: int = 0
    segments: int = 0


def delivery(session: Session, month: date, village_ids: list[int] | None = None,
             tz: str = "Asia/Kolkata") -> dict[int, Delivery]:
    """Per village, the messages written in `month` (local to `tz`, by the time each was
    written, as `monthly` counts them) by what became of them."""
    start, end = month_bounds(month, tz)
    billed = case((BILLED, 1), else_=0)
    statement = (_of_villages(select(MESSAGE_VILLAGE, func.sum(billed),
                                     func.sum(case((OutboundMessage.status == "delivered", 1), else_=0)),
                                     func.sum(case((OutboundMessage.status == "failed", 1), else_=0)),
                                     func.sum(billed * OutboundMessage.segments)), village_ids)
                 .where(OutboundMessage.created_at >= start, OutboundMessage.created_at < end)
                 .group_by(MESSAGE_VILLAGE))
    return {vid: Delivery(int(sent or 0), int(delivered or 0), int(failed or 0), int(segments or 0))
            for vid, sent, delivered, failed, segments in session.execute(statement) if vid is not None}


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
    statement = (_of_villages(select(MESSAGE_VILLAGE, OutboundMessage.kind, func.count(OutboundMessage.id),
                                     func.sum(OutboundMessage.segments)), village_ids)
                 .where(BILLED, OutboundMessage.created_at >= start, OutboundMessage.created_at < end)
                 .group_by(MESSAGE_VILLAGE, OutboundMessage.kind))
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
