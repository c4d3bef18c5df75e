"""What the dashboard shows, read for one set of villages (an official's own
village, or all of them for the administrator).

Reads only: every amount comes from `models.queries.dues_for` and every
schedule from the `*_on` queries, the same code the SMS replies and the admin
API use, so the dashboard can never disagree with what a phone is told.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime

from sqlalchemy import func, or_, select, true
from sqlalchemy.orm import Session

from models import law, queries
from models.law import trespass
from models.queries.disposal import noticed
from models.tables import Broadcast, Impoundment, OutboundMessage, Person, Pound, Village

OUTBOX_ROWS = 50
HELD_ROWS = 500


def _in(column, village_ids: list[int] | None):
    """A filter on `column` for the viewer's villages (none for the administrator)."""
    return true() if village_ids is None else column.in_(village_ids)


def villages(session: Session, village_ids: list[int] | None) -> list[Village]:
    return list(session.scalars(select(Village).where(_in(Village.id, village_ids)).order_by(Village.code)))


@dataclass(frozen=True)
class PoundRow:
    pound: Pound
    held: int


def pounds(session: Session, village_ids: list[int] | None) -> list[PoundRow]:
    held = (select(Impoundment.pound_id, func.count(Impoundment.id).label("held"))
            .where(Impoundment.status == "impounded").group_by(Impoundment.pound_id).subquery())
    rows = session.execute(
        select(Pound, func.coalesce(held.c.held, 0)).outerjoin(held, held.c.pound_id == Pound.id)
        .where(_in(Pound.village_id, village_ids)).order_by(Pound.code))
    return [PoundRow(pound, count) for pound, count in rows]


@dataclass(frozen=True)
class HeldAnimal:
    impoundment: Impoundment
    dues: law.Dues
    seizure_number: int  # §183: this owner's how-manieth seizure in the village (information only)
    noticed: bool = True  # 1871 s.14: its police notice is recorded (always so where the law has none)


def held_animals(session: Session, village_ids: list[int] | None, now: datetime,
                 pound_ids: list[int] | None = None) -> list[HeldAnimal]:
    """Animals in a pound now, soonest auction first, each with today's dues."""
    held = session.execute(
        select(Impoundment, noticed()).where(Impoundment.status == "impounded",
                                             _in(Impoundment.village_id, village_ids), _in(Impoundment.pound_id, pound_ids))
        .order_by(Impoundment.auction_at, Impoundment.id).limit(HELD_ROWS))
    return [HeldAnimal(i, queries.dues_for(session, i, now),
                       law.offence(queries.earlier_seizure_count(session, i)).number, bool(has_notice))
            for i, has_notice in held]


@dataclass
class Auction:
    village: Village
    at: datetime
    place: str | None
    animals: list[Impoundment] = field(default_factory=list)


def to_gaushala(impoundment: Impoundment) -> bool:
    """1871 s.14 proviso: the village's schedule sends this kind (a cow, a heifer) to a gaushala,
    not to the auction."""
    return trespass.disposal(impoundment.kind, impoundment.village.pack) == "gaushala"


def upcoming_auctions(held: list[HeldAnimal], now: datetime, gaushala: bool = False) -> list[Auction]:
    """The auctions still ahead, one per village, time and place, from the animals held; a kind
    the schedule sends to a gaushala is in none of them, nor one whose police notice the law wants
    and nobody has recorded (1871 s.14: no notice, no auction). `gaushala`: those animals instead,
    each group at the first moment of its handover (1871 s.14 proviso)."""
    auctions: dict[tuple, Auction] = {}
    for row in held:
        impoundment = row.impoundment
        if impoundment.auction_at < now or to_gaushala(impoundment) != gaushala:
            continue
        if not gaushala and not row.noticed:
            continue
        key = (impoundment.village_id, impoundment.auction_at, impoundment.auction_place)
        auction = auctions.setdefault(key, Auction(impoundment.village, impoundment.auction_at,
                                                   impoundment.auction_place))
        auction.animals.append(impoundment)
    return sorted(auctions.values(), key=lambda a: (a.at, a.village.code))


def _outbox_filter(village_ids: list[int] | None):
    """A message belongs to a village when its person lives there, or it is
    about an animal in the village's pound, or it is the village's broadcast."""
    if village_ids is None:
        return true()
    return or_(
        OutboundMessage.person_id.in_(select(Person.id).where(Person.village_id.in_(village_ids))),
        OutboundMessage.impoundment_id.in_(select(Impoundment.id).where(Impoundment.village_id.in_(village_ids))),
        OutboundMessage.broadcast_id.in_(select(Broadcast.id).where(Broadcast.village_id.in_(village_ids))),
    )


def outbox(session: Session, village_ids: list[int] | None, limit: int = OUTBOX_ROWS) -> list[OutboundMessage]:
    """The newest outbound messages, with their delivery status."""
    return list(session.scalars(select(OutboundMessage).where(_outbox_filter(village_ids))
                                .order_by(OutboundMessage.id.desc()).limit(limit)))


def outbox_counts(session: Session, village_ids: list[int] | None) -> Counter:
    """How many messages are in each status (queued, sent, delivered, failed…)."""
    rows = session.execute(select(OutboundMessage.status, func.count(OutboundMessage.id))
                           .where(_outbox_filter(village_ids)).group_by(OutboundMessage.status))
    return Counter({status: count for status, count in rows})


@dataclass(frozen=True)
class VillageSchedule:
    village: Village
    on: date
    daily_rates: dict[str, int]  # kind -> paise a day (§187(2))
    security_rows: list[law.ScaleRow]  # §189(1); empty where the village is not notified


@dataclass(frozen=True)
class Schedules:
    on: date
    pound_fees: dict[str, int]  # kind -> paise per head (§187(1))
    villages: list[VillageSchedule]


def schedules(session: Session, village_list: list[Village], now: datetime) -> Schedules:
    """The schedules in force today: what a seizure made today would be charged."""
    today = law.local_date(now)
    return Schedules(
        on=today,
        pound_fees={kind: queries.pound_fee_on(session, kind, today) for kind in law.KINDS},
        villages=[
            VillageSchedule(
                village=village,
                on=law.local_date(now, village.timezone),
                daily_rates={kind: queries.daily_rate_on(session, village.id, kind,
                                                         law.local_date(now, village.timezone))
                             for kind in law.KINDS},
                security_rows=queries.security_scale_on(session, village.id, law.local_date(now, village.timezone))
                if village.security_notified else [],
            )
            for village in village_list
        ],
    )


# --- finding an animal on the dashboard (SPEC 13.3) ---------------------------------------

PAGE_SIZE = 25
# The states a clerk filters by, each a condition on the impoundment at `now`.
FIND_STATES = ("held", "claim_passed", "auction_fixed", "sold", "released")


@dataclass
class Found:
    rows: list[HeldAnimal]
    total: int
    page: int
    pages: int

    @property
    def first(self) -> int:
        return 0 if not self.total else (self.page - 1) * PAGE_SIZE + 1

    @property
    def last(self) -> int:
        return min(self.page * PAGE_SIZE, self.total)


def _state_filter(state: str, now: datetime):
    impounded = Impoundment.status == "impounded"
    return {"held": impounded,
            "claim_passed": impounded & (Impoundment.claim_deadline < now),
            "auction_fixed": impounded & Impoundment.auction_fixed_at.is_not(None),
            "sold": Impoundment.status == "sold",
            "released": Impoundment.status == "released"}[state]


def find_animals(session: Session, village_ids: list[int] | None, now: datetime, *, pound_ids: list[int] | None = None,
                 text: str = "", pound_code: str = "", state: str = "held", seized_from: date | None = None,
                 seized_to: date | None = None, page: int = 1) -> Found:
    """One page of the animals a clerk looks for: `text` is part of a tag, a receipt, the
    owner's name or the owner's phone (its digits); soonest auction first, dues for the page's
    rows only."""
    conditions = [_in(Impoundment.village_id, village_ids), _in(Impoundment.pound_id, pound_ids),
                  _state_filter(state if state in FIND_STATES else "held", now)]
    if pound_code:
        conditions.append(Impoundment.pound_id.in_(select(Pound.id).where(Pound.code == pound_code.upper())))
    if seized_from is not None:
        conditions.append(Impoundment.seized_on >= seized_from)
    if seized_to is not None:
        conditions.append(Impoundment.seized_on <= seized_to)
    text = text.strip()
    if text:
        like = f"%{text.replace('%', '').replace('_', '')}%"
        digits = "".join(c for c in text if c.isdigit())
        owners = select(Person.id).where(Person.name.ilike(like))
        if len(digits) >= 4:
            owners = select(Person.id).where(or_(Person.name.ilike(like), Person.phone.like(f"%{digits}%")))
        conditions.append(or_(Impoundment.tag.ilike(like), Impoundment.receipt.ilike(like),
                              Impoundment.owner_id.in_(owners)))
    total = session.scalar(select(func.count(Impoundment.id)).where(*conditions)) or 0
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(1, page), pages)
    found = session.scalars(select(Impoundment).where(*conditions).order_by(Impoundment.auction_at, Impoundment.id)
                            .offset((page - 1) * PAGE_SIZE).limit(PAGE_SIZE))
    rows = [HeldAnimal(i, queries.dues_for(session, i, now),
                       law.offence(queries.earlier_seizure_count(session, i)).number) for i in found]
    return Found(rows, total, page, pages)
