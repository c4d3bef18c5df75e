"""§185(3) and SPEC 11.1's occasion, as the records read them: the animals of one occasion,
the security a declaration asks, and the declaration a re-seized animal's release makes.
Imports no record-changing module, so `records`, `outcomes` and the notices can all use it."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers.errors import Refused
from handlers.pound import approvals
from models import law, queries
from models.tables import Impoundment


def occasion_of(session: Session, impoundment: Impoundment) -> list[Impoundment]:
    """The animals of this seizure's occasion (owner, pound, local date: SPEC 11.1); a complaint
    on any of them speaks for all. An unknown owner's animal is its own occasion."""
    if impoundment.owner_id is None:
        return [impoundment]
    return list(session.scalars(select(Impoundment).where(
        Impoundment.owner_id == impoundment.owner_id, Impoundment.pound_id == impoundment.pound_id,
        Impoundment.seized_on == impoundment.seized_on, Impoundment.reason.is_(None)).order_by(Impoundment.id)))


def security_required(session: Session, impoundment: Impoundment) -> int:
    """§185(3) with §189(1): the security the scale asks for this animal's seizure, in whole
    rupees as it changes hands (SPEC 12.4)."""
    return law.collected([queries.security_per_head(session, impoundment)]).total_paise


def declared_by_release(session: Session, impoundment: Impoundment, at: datetime) -> None:
    """§185(3): cattle seized again for want of the declaration come back once it is made and
    the security deposited: that release records the declaration on the release under protest."""
    if impoundment.reseizure_of_id is None:
        return
    first = session.get(Impoundment, impoundment.reseizure_of_id)
    if first is not None and first.release is not None and first.release.declared_on is None:
        first.release.declared_on = law.local_date(at, impoundment.village.timezone)
        first.release.declared_at = at


def check_sale(session: Session, impoundment: Impoundment, actor_phone: str | None, at: datetime) -> None:
    """§182(1): not by a keeper without the TDO's approval (handlers.pound.approvals). §185(4): cattle seized again for want of the declaration are "sold by public auction by
    such officer at such place and time ... as are referred to in section 186": they had no new
    claim window, so they are sold only at an auction an official has fixed for them."""
    approvals.require_approved_keeper(session, impoundment, actor_phone, at)
    if impoundment.reason is not None and impoundment.auction_fixed_at is None:
        raise Refused("no_auction_fixed", "fix an auction first (section 185(4))", field="at", status=409)
