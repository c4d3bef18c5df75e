"""The district's view (SPEC 13.3): per taluka, village and month, what became of the animals,
the money and the messages. Every figure is read from where the pound first recorded it and
through the queries the other pages read: the register's impoundments and their releases and
sales, Form B's movements of money (`books.movements`), the outbox as the costs page counts it
(`costs.delivery`). A month is the village's own calendar month (its timezone).

What each figure counts (docs/THE-ACT-AND-THE-BOOKS.md, "The district's view"):

- seized: the month's Form A entries (by the local seizure date);
- claimed: animals released to their owner in the month, whoever paid (at the gate, out of a
  refused sale, nothing on the magistrate's order); sold: auctioned in the month; handed to a
  gaushala: unclaimed, handed over in the month instead of the auction (1871 s.14 proviso);
  forfeited: left the pound on conviction (§183(2)(b)) in the month;
- still held: in the pound at the end of the month (or now, for the month still running);
- share reclaimed: claimed out of every animal that left the pound in the month;
- median days held: of the animals that left in the month, the Act's days (§187(2));
- collected: Form B's receipts of the month; sent to the village fund: its transfers of an
  unclaimed surplus (§186(1)); paid out: every other payment (refunds, surplus paid, forfeitures
  to the State, sale expenses); the rupee rounding lines are not cash and count in none;
- messages sent, delivered, failed and the billed segments, as `costs.delivery` reads them.
"""
from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from fractions import Fraction

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from models import law
from models.law import books, trespass
from models.queries import books as book_queries
from models.queries import costs
from models.tables import Impoundment, Pound, Release, Sale, Village


TO_VILLAGE_FUND = "village_fund_transfers"   # Form B's payment head (books.PAYMENT_HEADS)
assert TO_VILLAGE_FUND in books.PAYMENT_HEADS


@dataclass
class Figures:
    """One village's month, or the sum of several."""

    seized: int = 0
    claimed: int = 0
    sold: int = 0
    handed_over: int = 0   # 1871 s.14 proviso: to a gaushala instead of the auction
    forfeited: int = 0
    still_held: int = 0
    days_held: list[int] = field(default_factory=list)   # one entry per animal that left
    collected_paise: int = 0
    paid_out_paise: int = 0
    to_fund_paise: int = 0
    sent: int = 0
    delivered: int = 0
    failed: int = 0
    segments: int = 0

    @property
    def left(self) -> int:
        return self.claimed + self.sold + self.handed_over + self.forfeited

    @property
    def share_reclaimed(self) -> Fraction | None:
        """Claimed out of all that left the pound; None when none left."""
        return Fraction(self.claimed, self.left) if self.left else None

    @property
    def median_days(self) -> float | None:
        return statistics.median(self.days_held) if self.days_held else None

    def cost_paise(self, price_per_segment_paise: int) -> int:
        return self.segments * price_per_segment_paise

    def add(self, other: "Figures") -> None:
        for name in ("seized", "claimed", "sold", "handed_over", "forfeited", "still_held", "collected_paise", "paid_out_paise",
                     "to_fund_paise", "sent", "delivered", "failed", "segments"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.days_held = sorted(self.days_held + other.days_held)


@dataclass
class Taluka:
    """A taluka's villages, each with its month's figures, and their sum."""

    name: str | None          # None: villages registered without a taluka
    villages: list[tuple[Village, Figures]]

    @property
    def total(self) -> Figures:
        total = Figures()
        for _, figures in self.villages:
            total.add(figures)
        return total


def month_days(month: date) -> tuple[date, date]:
    """The first and the last day of `month`."""
    first = month.replace(day=1)
    following = date(first.year + (first.month == 12), first.month % 12 + 1, 1)
    return first, following - timedelta(days=1)


def talukas(session: Session, month: date, village_ids: list[int] | None, taluka: str | None = None) -> list[Taluka]:
    """The month's figures of the villages in `village_ids` (None: every village), or of those
    among them in `taluka`, grouped by taluka (by name; villages without one last)."""
    statement = select(Village).order_by(Village.code)
    if village_ids is not None:
        statement = statement.where(Village.id.in_(village_ids))
    villages = [v for v in session.scalars(statement) if taluka is None or same_taluka(v.taluka, taluka)]
    grouped: dict[str | None, list[Village]] = defaultdict(list)
    for village in villages:
        grouped[taluka_key(village.taluka)].append(village)
    figures = village_figures(session, month, villages)
    names = {key: members[0].taluka.strip() if key else None for key, members in grouped.items()}
    return [Taluka(names[key], [(v, figures[v.id]) for v in grouped[key]])
            for key in sorted(grouped, key=lambda key: (key is None, key or ""))]


def taluka_names(session: Session, village_ids: list[int] | None) -> list[str]:
    """The talukas of these villages (None: every village), each once, by name."""
    statement = select(Village.taluka).where(Village.taluka.is_not(None))
    if village_ids is not None:
        statement = statement.where(Village.id.in_(village_ids))
    names: dict[str, str] = {}
    for name in session.scalars(statement):
        if taluka_key(name):
            names.setdefault(taluka_key(name), name.strip())
    return sorted(names.values(), key=str.casefold)


def taluka_key(name: str | None) -> str | None:
    return name.strip().casefold() if name and name.strip() else None


def same_taluka(a: str | None, b: str | None) -> bool:
    return taluka_key(a) is not None and taluka_key(a) == taluka_key(b)


def village_figures(session: Session, month: date, villages: list[Village]) -> dict[int, Figures]:
    """Each village's figures for its own local `month`."""
    found = {village.id: Figures() for village in villages}
    by_zone: dict[str, list[Village]] = defaultdict(list)
    for village in villages:
        by_zone[village.timezone].append(village)
    for tz, members in by_zone.items():
        ids = [v.id for v in members]
        start, end = costs.month_bounds(month, tz)
        _animals(session, found, {v.id: v for v in members}, month, start, end)
        for village_id, sent in costs.delivery(session, month, ids, tz).items():
            figures = found[village_id]
            figures.sent, figures.delivered, figures.failed, figures.segments = (
                sent.sent, sent.delivered, sent.failed, sent.segments)
    for village in villages:
        _money(session, found[village.id], village, month)
    return found


def _animals(session: Session, found: dict[int, Figures], villages: dict[int, Village], month: date,
             start: datetime, end: datetime) -> None:
    """What came into and left the villages' pounds in the month (`start`..`end`, local)."""
    first, last = month_days(month)
    ids = list(villages)
    in_village = Impoundment.village_id.in_(ids)
    for village_id in session.scalars(select(Impoundment.village_id).where(
            in_village, Impoundment.seized_on >= first, Impoundment.seized_on <= last)):
        found[village_id].seized += 1
    for village_id in session.scalars(select(Impoundment.village_id).where(
            in_village, Impoundment.seized_at < end,
            or_(Impoundment.closed_at.is_(None), Impoundment.closed_at >= end))):
        found[village_id].still_held += 1
    left = [(impoundment, release.released_at, "claimed") for impoundment, release in session.execute(
        select(Impoundment, Release).join(Release, Release.impoundment_id == Impoundment.id)
        .where(in_village, Release.released_at >= start, Release.released_at < end))]
    left += [(impoundment, sale.sold_at, "sold") for impoundment, sale in session.execute(
        select(Impoundment, Sale).join(Sale, Sale.impoundment_id == Impoundment.id)
        .where(in_village, Sale.sold_at >= start, Sale.sold_at < end))]
    left += [(impoundment, impoundment.closed_at, "forfeited") for impoundment in session.scalars(
        select(Impoundment).where(in_village, Impoundment.status == law.FORFEITED_ON_CONVICTION,
                                  Impoundment.closed_at >= start, Impoundment.closed_at < end))]
    left += [(impoundment, impoundment.closed_at, "handed_over") for impoundment in session.scalars(
        select(Impoundment).where(in_village, Impoundment.status == trespass.HANDED_OVER,
                                  Impoundment.closed_at >= start, Impoundment.closed_at < end))]
    for impoundment, left_at, how in left:
        village = villages[impoundment.village_id]
        figures = found[village.id]
        setattr(figures, how, getattr(figures, how) + 1)
        figures.days_held.append(law.days_impounded(impoundment.seized_at, left_at, village.timezone,
                                                    pack=village.pack))
    for figures in found.values():
        figures.days_held.sort()


def _money(session: Session, figures: Figures, village: Village, month: date) -> None:
    """Form B's movements of the village's pounds in the month (books.movements, the books' own)."""
    first, last = month_days(month)
    for pound in session.scalars(select(Pound).where(Pound.village_id == village.id)):
        for movement in book_queries.movements(session, pound, last):
            if not (first <= movement.on <= last) or not movement.is_cash:
                continue
            if movement.is_receipt:
                figures.collected_paise += movement.amount_paise
            elif movement.head == TO_VILLAGE_FUND:
                figures.to_fund_paise += movement.amount_paise
            else:
                figures.paid_out_paise += movement.amount_paise

