"""§185(4): the owner appeared and refused or omitted to pay, so "the cattle or as many of them as
may be necessary shall be sold". When several animals of one owner's occasion are held, each
refused sale's surplus first covers what the others still owe; once the proceeds cover it all the
selling stops, the rest go back to the owner paid from the sale, and the keeper is told how many
remain to be released (SPEC 12.5). Bound by `handlers.pound.records`' rules; commits nothing."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers.pound.declarations import occasion_of
from handlers.pound.records import add_event, take_deposit
from models import law, queries
from models.tables import Impoundment, Release, Sale


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
