"""§185(4): the owner appeared and refused or omitted to pay, so "the cattle or as many of them as
may be necessary shall be sold". When several animals of one owner's occasion are held, each
refused sale's surplus first covers what the others still owe; once the proceeds cover it all the
selling stops, the rest go back to the owner paid from the sale, and the keeper is told how many
remain to be released (SPEC 12.5). Called by `handlers.pound.records` when a sale is recorded; commits nothing."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers.pound.declarations import occasion_of
from handlers.pound.entries import add_event, take_deposit
from models import law, queries
from models.law import trespass
from models.tables import Impoundment, Pound, Release, Sale


def after_refused_sale(session: Session, impoundment: Impoundment, sale: Sale, security_paise: int, at: datetime,
                       now: datetime) -> None:
    """The security deducted is held as a deposit (§185(4), §189); then the occasion is settled."""
    if security_paise:
        take_deposit(session, impoundment, security_paise, at, sale=sale)
        session.flush()
    if sale.refused:
        settle_occasion(session, impoundment, sale, at, now)


def settle_occasion(session: Session, impoundment: Impoundment, sale: Sale, at: datetime, now: datetime) -> list[
        Impoundment]:
    """What this sale (with what earlier refused sales of the occasion held back) leaves after its
    own dues pays the others' dues: all of them (they are released, paid from the sale, and the
    rest is the owner's surplus), or not yet (the surplus is held back for them). Returns the
    animals still held after it."""
    others = [a for a in occasion_of(session, impoundment) if a.status == "impounded" and a.id != impoundment.id]
    if not others:
        return []
    earlier = session.scalars(select(Sale).join(Impoundment, Impoundment.id == Sale.impoundment_id).where(
        Sale.id != sale.id, Sale.refused.is_(True), Sale.held_back_paise > 0,
        Impoundment.id.in_([a.id for a in occasion_of(session, impoundment)]))).all()
    available = sale.surplus_paise + sum(s.held_back_paise for s in earlier)
    owed = {a.id: queries.dues_for(session, a, at) for a in others}
    covered, left = law.proceeds_cover(available, [d.total_paise for d in owed.values()])
    if not covered:
        sale.held_back_paise, sale.surplus_paise = sale.surplus_paise, 0
        add_event(session, impoundment, "sale_held_back", now, held_back_paise=sale.held_back_paise,
                  still_due_paise=left, still_held=len(others))
        return others
    for s in earlier:
        s.held_back_paise = 0
    sale.surplus_paise = left
    for animal in others:
        _release_paid_by_sale(session, animal, owed[animal.id], sale, at, now)
    add_event(session, impoundment, "sale_covers_the_rest", now, released=[a.id for a in others],
              surplus_paise=left)
    return []


def _release_paid_by_sale(session: Session, animal: Impoundment, dues: law.Dues, sale: Sale, at: datetime,
                          now: datetime) -> None:
    session.add(Release(impoundment=animal, owner_id=animal.owner_id, released_at=at, under_protest=False,
                        days=dues.days, pound_fee_paise=dues.pound_fee_paise, expenses_paise=dues.expenses_paise,
                        security_paise=dues.security_paise, total_paise=dues.total_paise,
                        rounded_off_paise=dues.rounded_off_paise, paid_by_sale_id=sale.id))
    animal.status, animal.closed_at = "released", at
    if dues.security_paise:
        take_deposit(session, animal, dues.security_paise, at, sale=sale)
    add_event(session, animal, "released_paid_by_sale", now, sale_id=sale.id, total_paise=dues.total_paise)
    session.flush()


def still_held(session: Session, impoundment: Impoundment) -> int:
    """How many animals of the owner's occasion are still in the pound after a sale."""
    return sum(1 for a in occasion_of(session, impoundment) if a.status == "impounded")


def released_by(session: Session, sale: Sale) -> list[int]:
    """The animals of the occasion this sale's proceeds paid for (released with it)."""
    return list(session.scalars(select(Release.impoundment_id).where(Release.paid_by_sale_id == sale.id)
                                .order_by(Release.impoundment_id)))


@dataclass(frozen=True)
class SaleAccount:
    """One occasion's s.16 account with the sums its (c) and (f) are made of: the fines (s.12),
    the feeding charges (ss.4-6) and the sale's expenses, each as recorded when it was sold or
    released paid from the sale."""
    animal: Impoundment          # the occasion's first animal sold
    sale: Sale
    account: trespass.Account
    fines_paise: int
    feeding_paise: int
    sale_expenses_paise: int


def sale_account(session: Session, impoundment: Impoundment) -> trespass.Account:
    """1871 s.16(a)-(f): the account the owner is given after the sale of as many of the
    occasion's cattle as were needed: (a) the number seized, (b) the days impounded until the
    last sale, (c) the fines and charges of the animals sold and of those the proceeds paid for,
    (d) the number sold, (e) the proceeds, (f) how much of them went to the dues and sale
    expenses, and the balance paid to the owner."""
    return _account(session, impoundment).account


def sale_accounts(session: Session, pound: Pound, start: date, end: date) -> list[SaleAccount]:
    """Every s.16 account of `pound` whose first sale fell from `start` to `end` (the village's
    dates, both included), one per occasion sold from, in the order of the sales: what the admin
    API's sale accounts and the books page both read."""
    tz, found, seen = pound.village.timezone, [], set()
    sales = session.scalars(select(Sale).join(Impoundment, Impoundment.id == Sale.impoundment_id)
                            .where(Impoundment.pound_id == pound.id).order_by(Sale.sold_at, Sale.id))
    for sale in sales:
        animal = sale.impoundment
        occasion = (animal.owner_id, animal.seized_on) if animal.owner_id else ("animal", animal.id)
        if occasion in seen or not start <= law.local_date(sale.sold_at, tz) <= end:
            continue
        seen.add(occasion)
        found.append(_account(session, animal))
    return found


def _account(session: Session, impoundment: Impoundment) -> SaleAccount:
    animals = occasion_of(session, impoundment)
    sales = [animal.sale for animal in animals if animal.sale is not None]
    paid_by_sale = session.scalars(select(Release).where(
        Release.paid_by_sale_id.in_([sale.id for sale in sales]))).all() if sales else []
    pack, tz = impoundment.village.pack, impoundment.village.timezone
    days = max((law.days_impounded(impoundment.seized_at, sale.sold_at, tz, pack=pack) for sale in sales), default=0)
    fines = sum(sale.pound_fee_paise for sale in sales) + sum(release.pound_fee_paise for release in paid_by_sale)
    feeding = sum(sale.expenses_paise for sale in sales) + sum(release.expenses_paise for release in paid_by_sale)
    proceeds = sum(sale.proceeds_paise for sale in sales)
    balance = sum(sale.surplus_paise for sale in sales)
    account = trespass.Account(number_seized=len(animals), time_impounded_days=days,
                               fines_and_charges_paise=fines + feeding, number_sold=len(sales),
                               proceeds_paise=proceeds, applied_to_dues_paise=proceeds - balance,
                               balance_to_owner_paise=balance)
    first = min(sales, key=lambda sale: (sale.sold_at, sale.id)) if sales else None
    return SaleAccount(first.impoundment if first else impoundment, first, account, fines, feeding,
                       sum(sale.sale_expenses_paise for sale in sales))
