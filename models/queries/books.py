"""What the pound's books read: the Form A register's entries,
the Form B movements of money, and the fee list in force (r.6). Plain
dataclasses out, built from the records the SMS, USSD and API flows write:
nothing here is typed twice, every figure is read from where it was first
recorded.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session, aliased, joinedload

from models import law, queries
from models.law import books, trespass
from models.tables import (
    DailyRate,
    Deposit,
    Impoundment,
    Person,
    Pound,
    PoundFee,
    Release,
    RemovalOrder,
    RemovalOrderVillage,
    Sale,
    Seizure,
    Village,
)


@dataclass(frozen=True)
class RegisterEntry:
    """One line of Form A (r.3)."""

    serial: int
    year: int
    receipt: str
    seized_at: datetime
    kind: str
    tag: str | None
    marks: str | None
    seizer_phone: str | None
    seizer_name: str | None
    keeper_phone: str | None
    place: str | None
    owner_phone: str | None
    owner_name: str | None
    disposal: str | None          # released | released_under_protest | sold | forfeited_on_conviction | handed_over | None
    disposed_at: datetime | None
    pound_fee_paise: int
    expenses_paise: int
    deposit_paise: int
    sale_proceeds_paise: int
    sale_expenses_paise: int
    surplus_paise: int
    # 1871 s.7: the entry of the cattle brought together, and where the seizer and owner live
    # (the village Dabbo knows them in: it keeps no street address).
    seizure_id: int = 0
    seizer_village: Village | None = None
    owner_village: Village | None = None
    # 1871 s.14 proviso: the gaushala a handed-over animal went to (disposal "handed_over").
    handed_to: str | None = None

    @property
    def money_taken_paise(self) -> int:
        """What the pound took in for this animal: on release fee, expenses and
        deposit; on sale the proceeds (out of which fee and expenses are met)."""
        if self.disposal == "sold":
            return self.sale_proceeds_paise
        return self.pound_fee_paise + self.expenses_paise + self.deposit_paise


def local_bounds(start: date, end: date, tz: str) -> tuple[datetime, datetime]:
    """The UTC moments that begin `start` and end `end` in the village's calendar."""
    zone = ZoneInfo(tz)
    return (datetime.combine(start, time(0), zone), datetime.combine(end + timedelta(days=1), time(0), zone))


def register_entries(session: Session, pound: Pound, start: date, end: date) -> list[RegisterEntry]:
    """Form A for `pound`: every impoundment seized from `start` to `end`
    (local dates, both included), in register order."""
    tz = pound.village.timezone
    low, high = local_bounds(start, end, tz)
    owner, seizer, keeper = aliased(Person), aliased(Person), aliased(Person)
    rows = session.execute(
        select(Impoundment, Seizure, owner, seizer, keeper)
        .options(joinedload(Impoundment.release), joinedload(Impoundment.sale))
        .join(Seizure, Seizure.id == Impoundment.seizure_id)
        .outerjoin(owner, owner.id == Impoundment.owner_id)
        .outerjoin(seizer, seizer.phone == Seizure.seizer_phone)
        .outerjoin(keeper, keeper.id == Impoundment.keeper_id)
        .where(Impoundment.pound_id == pound.id, Impoundment.seized_at >= low, Impoundment.seized_at < high)
        .order_by(Impoundment.register_year, Impoundment.register_serial, Impoundment.id)
).unique().all()
    return [_entry(*row) for row in rows]


def _entry(impoundment: Impoundment, seizure: Seizure, owner: Person | None, seizer: Person | None,
           keeper: Person | None) -> RegisterEntry:
    release, sale = impoundment.release, impoundment.sale
    disposal, disposed_at = None, None
    fee = expenses = deposit = proceeds = sale_expenses = surplus = 0
    if release is not None:
        disposal = "released_under_protest" if release.under_protest else "released"
        disposed_at = release.released_at
        fee, expenses, deposit = release.pound_fee_paise, release.expenses_paise, release.security_paise
    elif sale is not None:
        disposal, disposed_at = "sold", sale.sold_at
        fee, expenses = sale.pound_fee_paise, sale.expenses_paise
        proceeds, sale_expenses, surplus = sale.proceeds_paise, sale.sale_expenses_paise, sale.surplus_paise
    elif impoundment.status == law.FORFEITED_ON_CONVICTION:
        # §183(2)(b): it left the pound to the State on the day recorded; nothing was collected.
        disposal, disposed_at = law.FORFEITED_ON_CONVICTION, impoundment.closed_at
    elif impoundment.status == trespass.HANDED_OVER:
        # 1871 s.14 proviso: handed to the gaushala named, on the day recorded; nothing collected.
        disposal, disposed_at = trespass.HANDED_OVER, impoundment.closed_at
    return RegisterEntry(
        serial=impoundment.register_serial or 0, year=impoundment.register_year or 0,
        receipt=impoundment.receipt, seized_at=impoundment.seized_at, kind=impoundment.kind, tag=impoundment.tag,
        marks=impoundment.note, seizer_phone=seizure.seizer_phone or (keeper.phone if keeper else None),
        seizer_name=(seizer.name if seizer else None) if seizure.seizer_phone else (keeper.name if keeper else None),
        keeper_phone=keeper.phone if keeper else None, place=seizure.place,
        owner_phone=owner.phone if owner else None, owner_name=owner.name if owner else None,
        disposal=disposal, disposed_at=disposed_at, pound_fee_paise=fee, expenses_paise=expenses,
        deposit_paise=deposit, sale_proceeds_paise=proceeds, sale_expenses_paise=sale_expenses,
        surplus_paise=surplus, seizure_id=impoundment.seizure_id,
        seizer_village=((seizer.village if seizer else None) if seizure.seizer_phone
                        else (keeper.village if keeper else None)),
        owner_village=owner.village if owner else None, handed_to=impoundment.handed_to)


@dataclass(frozen=True)
class BroughtEntry:
    """One entry of the 1871 Act's register (s.7): the cattle brought to the pound together,
    their number and description, the day and hour brought, the name and residence of the
    seizer and of the owner if known; `animals` are their Form A lines, in register order, so
    what became of each (s.13 delivery, s.16 sale) is read from the same records."""
    animals: tuple[RegisterEntry, ...]

    @property
    def first(self) -> RegisterEntry:
        return self.animals[0]

    @property
    def number(self) -> int:
        return len(self.animals)

    @property
    def owners(self) -> list[tuple[str | None, Village | None]]:
        """The owners known, once each, with their residence (the cattle of one seizure may be
        several people's)."""
        found = []
        for animal in self.animals:
            if animal.owner_phone and (animal.owner_name, animal.owner_village) not in found:
                found.append((animal.owner_name, animal.owner_village))
        return found


def brought_entries(session: Session, pound: Pound, start: date, end: date) -> list[BroughtEntry]:
    """The s.7 register of `pound` from `start` to `end`: Form A's lines grouped by the seizure
    that brought them, in the order of their first serial."""
    grouped: dict[int, list[RegisterEntry]] = {}
    for entry in register_entries(session, pound, start, end):
        grouped.setdefault(entry.seizure_id, []).append(entry)
    return [BroughtEntry(tuple(animals)) for animals in grouped.values()]


# --- the fee list exhibited (r.6) -----------------------------------------------------


@dataclass(frozen=True)
class KindRates:
    kind: str
    pound_fee_paise: int
    daily_rate_paise: int
    approval_ref: str | None   # the District Panchayat's approval of the daily rate (§187(2))


@dataclass(frozen=True)
class FeeList:
    village: Village
    on: date
    kinds: list[KindRates]
    security: list[law.ScaleRow]   # empty where §189 is not notified
    # §187(2): newer rate versions not charged because the District Panchayat's approval is missing.
    unapproved: list[KindRates] = field(default_factory=list)


def fee_list(session: Session, village: Village, on: date) -> FeeList:
    """Pound fees (§187(1)), daily rates (§187(2)) and the security scale
    (§189(1)) in force in `village` on `on`, every kind in the Act's order."""
    rates = session.execute(select(DailyRate.kind, DailyRate.effective_from, DailyRate.amount_paise,
                                   DailyRate.approval_ref).where(DailyRate.village_id == village.id)).all()
    # Every kind's fee versions in one read (the State's table: a few rows a kind).
    fees = session.execute(select(PoundFee.kind, PoundFee.effective_from, PoundFee.amount_paise)).all()
    kinds, unapproved = [], []
    for kind in law.KINDS:
        versions = [(effective, (amount, ref)) for k, effective, amount, ref in rates if k == kind]
        amount, ref = law.in_force([v for v in versions if v[1][1]], on) or (0, None)   # §187(2): approved
        fee = law.in_force([(effective, paise) for k, effective, paise in fees if k == kind], on) or 0   # §187(1)
        kinds.append(KindRates(kind, fee, amount, ref))
        newest = law.in_force(versions, on)
        if newest is not None and newest[1] is None:
            unapproved.append(KindRates(kind, 0, newest[0], None))
    security = queries.security_scale_on(session, village.id, on) if village.security_notified else []
    return FeeList(village=village, on=on, kinds=kinds, security=security, unapproved=unapproved)


# --- Form B: the money that moved (r.4) -------------------------------------------------


def movements(session: Session, pound: Pound, end: date) -> list[books.Movement]:
    """Every sum that came into or went out of `pound`'s cash up to `end`
    (local dates), each read from the record that first holds it: releases
    (fee, expenses, security), sales (proceeds, sale expenses, the surplus
    paid or sent to the village fund), deposits (refunds, forfeitures)."""
    tz = pound.village.timezone
    _, high = local_bounds(end, end, tz)
    found: list[books.Movement] = []
    for release, receipt in session.execute(
            select(Release, Impoundment.receipt).join(Impoundment, Impoundment.id == Release.impoundment_id)
            .where(Impoundment.pound_id == pound.id, Release.released_at < high)):
        on = law.local_date(release.released_at, tz)
        # §188(3): the seizer owes them; §185(4): paid from a sale's proceeds, already received.
        if not release.by_court and release.paid_by_sale_id is None:
            found += [books.Movement(on, "pound_fees", release.pound_fee_paise, receipt),
                      books.Movement(on, "expenses", release.expenses_paise, receipt),
                      books.Movement(on, "security_deposits", release.security_paise, receipt),
                      books.Movement(on, books.ROUNDED_OFF, release.rounded_off_paise, receipt)]
        if release.declared_at is not None and release.declared_at < high:   # §185(3)
            found.append(books.Movement(law.local_date(release.declared_at, tz), "security_deposits",
                                        release.declared_security_paise, receipt))
    for sale, receipt in session.execute(
            select(Sale, Impoundment.receipt).join(Impoundment, Impoundment.id == Sale.impoundment_id)
            .where(Impoundment.pound_id == pound.id, Sale.sold_at < high)):
        on = law.local_date(sale.sold_at, tz)
        found += [books.Movement(on, "sale_proceeds", sale.proceeds_paise, receipt),
                  books.Movement(on, "sale_expenses", sale.sale_expenses_paise, receipt)]
        for moment, head in ((sale.surplus_paid_at, "surplus_paid"), (sale.surplus_to_fund_at, "village_fund_transfers")):
            if moment is not None and moment < high:
                # SPEC 12.4: paid out in whole rupees, rounded up; the paise beyond on a line of their own.
                found += [books.Movement(law.local_date(moment, tz), head, sale.surplus_cash_paise, receipt),
                          books.Movement(law.local_date(moment, tz), books.ROUNDED_OFF,
                                         sale.surplus_cash_paise - sale.surplus_paise, receipt)]
    for deposit, receipt in session.execute(
            select(Deposit, Impoundment.receipt).join(Impoundment, Impoundment.id == Deposit.impoundment_id)
            .where(Impoundment.pound_id == pound.id)):
        found += _deposit_movements(deposit, receipt, tz, high)
    return [movement for movement in found if movement.amount_paise]


def _deposit_movements(deposit: Deposit, receipt: str, tz: str, high: datetime) -> list[books.Movement]:
    """A deposit's refund and its forfeiture to the State (§189(2)). Its
    collection is the release's (or the sale's) receipt, not counted again."""
    found = []
    if deposit.refunded_at is not None and deposit.refunded_at < high:
        found.append(books.Movement(law.local_date(deposit.refunded_at, tz), "deposit_refunds",
                                    deposit.amount_paise, receipt))
    forfeited_at = deposit.forfeited_at or (deposit.closed_at if deposit.status == "forfeited" else None)
    if deposit.status == "forfeited" and forfeited_at is not None and forfeited_at < high:
        found.append(books.Movement(law.local_date(forfeited_at, tz), "forfeitures_to_state",
                                    deposit.forfeited_paise, receipt))
    if deposit.returned_at is not None and deposit.returned_at < high:
        # §188(3): the forfeiture paid back on the day of the decision, an entry of its own that
        # names the deposit it corrects; the forfeiture's day is never rewritten (SPEC 12.4).
        found.append(books.Movement(law.local_date(deposit.returned_at, tz), "deposit_refunds",
                                    deposit.returned_paise, f"{receipt} (forfeiture {deposit.id} returned)"))
    return found


# --- what the officials of a village see -------------------------------------


def removal_orders_for(session: Session, village_ids: list[int] | None) -> list[RemovalOrder]:
    """§190 orders naming any of these villages (None: every order), latest first."""
    statement = select(RemovalOrder).order_by(RemovalOrder.id.desc()).limit(200)
    if village_ids is not None:
        statement = statement.where(RemovalOrder.id.in_(select(RemovalOrderVillage.order_id).where(
            RemovalOrderVillage.village_id.in_(village_ids))))
    return list(session.scalars(statement))


def unapproved_keepers(session: Session, village_ids: list[int] | None) -> list[Person]:
    """§182(1): keepers without the Taluka Development Officer's approval on record."""
    statement = select(Person).where(Person.role == "keeper", Person.approved_on.is_(None)).order_by(Person.id)
    if village_ids is not None:
        statement = statement.where(Person.village_id.in_(village_ids))
    return list(session.scalars(statement))
