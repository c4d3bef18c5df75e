"""The facts an owner or keeper asks about, gathered once for every channel.

An SMS `FIND`, the USSD "find animal" screen, the dashboard and the simulator
all tell the same things about an impoundment (where, since when, what is due,
the claim deadline and auction); `FEES`, `AUCTIONS`, `MY` and `LIST` likewise.
Each function here loads those facts as plain values, so that every channel
words them in its own space (an SMS, an 80-character USSD page) without
computing anything twice. Reads only: nothing here writes a row.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload

from models import law, queries
from models.law import trespass
from models.queries import KnownCaller
from models.queries.disposal import for_auction
from models.tables import Animal, Impoundment, Person, Village


@dataclass(frozen=True)
class AnimalStatus:
    """One impoundment as its owner sees it at `at`."""

    impoundment_id: int
    tag: str | None
    receipt: str
    kind: str
    status: str                     # impounded | released | sold
    pound_name: str
    village_name: str
    timezone: str
    seized_at: datetime
    claim_deadline: datetime
    auction_at: datetime
    auction_place: str | None
    complaint_deadline: date
    # What it takes to get the animal back now (impounded), or what was paid (released).
    dues: law.Dues
    # While impounded, what it takes under protest (§185(2)): fee and expenses, no deposit.
    dues_under_protest: law.Dues | None
    released_at: datetime | None = None
    under_protest: bool = False
    protest_deadline: date | None = None
    sold_at: datetime | None = None
    surplus_paise: int | None = None
    surplus_deadline: date | None = None
    # The pound's and village's names per language; `pound_name` is the fallback.
    pound_names: dict | None = None
    village_names: dict | None = None

    @property
    def number(self) -> str:
        """What a person types to find this animal again: its ear tag, else the receipt."""
        return self.tag or self.receipt


def animal_status(session: Session, impoundment: Impoundment, now: datetime) -> AnimalStatus:
    """Every fact of `impoundment` an owner asks about, with the dues as at `now`."""
    village = impoundment.village
    release, sale = impoundment.release, impoundment.sale
    at = min(now, impoundment.closed_at) if impoundment.closed_at else now
    dues = queries.dues_for(session, impoundment, at)
    under_protest = None
    if impoundment.status == "impounded":
        # The same schedules, without the deposit: law.dues, not a second set of queries.
        under_protest = law.in_cash(law.dues(
            seized_at=impoundment.seized_at, at=dues.at, tz=village.timezone, pound_fee_paise=dues.pound_fee_paise,
            daily_rate_paise=dues.daily_rate_paise, under_protest=True))
    return AnimalStatus(
        impoundment_id=impoundment.id,
        tag=impoundment.tag,
        receipt=impoundment.receipt,
        kind=impoundment.kind,
        status=impoundment.status,
        pound_name=impoundment.pound.name,
        village_name=village.name,
        timezone=village.timezone,
        seized_at=impoundment.seized_at,
        claim_deadline=impoundment.claim_deadline,
        auction_at=impoundment.auction_at,
        auction_place=impoundment.auction_place,
        complaint_deadline=impoundment.complaint_deadline,
        dues=dues,
        dues_under_protest=under_protest,
        released_at=release.released_at if release else None,
        under_protest=bool(release and release.under_protest),
        protest_deadline=release.protest_deadline if release else None,
        sold_at=sale.sold_at if sale else None,
        surplus_paise=sale.surplus_paise if sale else None,
        surplus_deadline=sale.surplus_deadline if sale else None,
        pound_names=impoundment.pound.names or {},
        village_names=village.names or {},
)


@dataclass(frozen=True)
class AuctionLot:
    """One animal due to be auctioned."""

    village_name: str
    timezone: str
    auction_at: datetime
    auction_place: str | None
    kind: str
    tag: str | None
    receipt: str
    village_names: dict = field(default_factory=dict)   # the village's name per language

    @property
    def number(self) -> str:
        return self.tag or self.receipt


def upcoming_auctions(session: Session, *, village_id: int | None, now: datetime,
                      limit: int = 50) -> list[AuctionLot]:
    """Animals still in a pound whose auction lies ahead, soonest first, in one
    village (or in every village when `village_id` is None). An animal whose
    auction time has passed unsold is not "upcoming" and is left out."""
    query = (
        select(Impoundment)
        .options(joinedload(Impoundment.village))
        .where(Impoundment.status == "impounded", Impoundment.auction_at > now, for_auction())
        .order_by(Impoundment.auction_at, Impoundment.id)
        .limit(limit)
)
    if village_id is not None:
        query = query.where(Impoundment.village_id == village_id)
    return [
        AuctionLot(i.village.name, i.village.timezone, i.auction_at, i.auction_place, i.kind, i.tag, i.receipt,
                   dict(i.village.names or {}))
        for i in session.scalars(query)
    ]


@dataclass(frozen=True)
class OwnedAnimal:
    """A registered animal and, when it has ever been impounded, its latest impoundment."""

    tag: str
    kind: str
    latest: AnimalStatus | None


def owned_animals(session: Session, person: Person | KnownCaller, now: datetime, limit: int = 30) -> list[OwnedAnimal]:
    """The animals registered to `person`, each with its latest impoundment
    (the one in a pound first). Animals only claimed, never registered, show
    through the impoundments the owner was identified on."""
    animals = list(session.scalars(
        select(Animal).where(Animal.owner_id == person.id).order_by(Animal.tag).limit(limit)
))
    owned = []
    for animal in animals:
        impoundment = queries.impoundment_by_tag(session, animal.tag)
        latest = animal_status(session, impoundment, now) if impoundment is not None else None
        owned.append(OwnedAnimal(animal.tag, animal.kind, latest))
    return owned


@dataclass(frozen=True)
class PoundAnimal:
    """One line of a keeper's list: an animal held in the keeper's pound."""

    tag: str | None
    receipt: str
    kind: str
    days: int
    timezone: str
    auction_at: datetime
    disposal: str = "auction"   # 1871 s.14 proviso: "gaushala" where the schedule sends the kind there

    @property
    def number(self) -> str:
        return self.tag or self.receipt


def pound_animals(session: Session, pound_id: int, now: datetime, limit: int = 100) -> list[PoundAnimal]:
    """Animals now held in one pound, soonest auction first, with the §187(2)
    day count as at `now`."""
    held = session.scalars(
        select(Impoundment)
        .options(joinedload(Impoundment.village))
        .where(Impoundment.pound_id == pound_id, Impoundment.status == "impounded")
        .order_by(Impoundment.auction_at, Impoundment.id)
        .limit(limit)
)
    return [
        PoundAnimal(i.tag, i.receipt, i.kind,
                    law.days_impounded(i.seized_at, max(now, i.seized_at), i.village.timezone),
                    i.village.timezone, i.auction_at, trespass.disposal(i.kind, i.village.pack))
        for i in held
    ]


def village_of(session: Session, person: Person | KnownCaller | None) -> Village | None:
    """The village a person belongs to, if registered with one."""
    if person is None or person.village_id is None:
        return None
    return session.get(Village, person.village_id)

