"""What the people concerned are told of the outcomes in `handlers.outcomes` (SPEC 12.5): the
keeper of a release on the magistrate's order, the owner of a forfeiture on a conviction, the
owner of a forfeiture paid back, owner and keeper of a re-seizure for want of the §185(3)
declaration, and the `security_due` notices, which reach the keeper of the pound when the
impoundment names none."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers.catalogue import day, kind_name, money, t
from handlers.sms.replies import short
from handlers.notices.common import (
    COMPLAINT_OUTCOME, DEPOSIT_REFUNDED, FORFEITED_ON_CONVICTION, HANDED_OVER, KEEPER_UNAPPROVED, SECURITY_DUE,
    label, pound_name,
    write_notice,
)
from models import law
from models.law import sections
from models.tables import Deposit, Impoundment, Person, Pound, Release, Village


def keeper_of(session: Session, impoundment: Impoundment) -> Person | None:
    """The keeper who recorded the impoundment, else the keeper of its pound (SPEC 12.5)."""
    if impoundment.keeper_id:
        return session.get(Person, impoundment.keeper_id)
    return session.scalars(select(Person).where(Person.role == "keeper", Person.pound_id == impoundment.pound_id)
                           .order_by(Person.id).limit(1)).first()


def after_court_release(session: Session, impoundment: Impoundment, release: Release, had_auction: bool,
                        now: datetime) -> None:
    """§188(3): the keeper hands the animal back and collects nothing; the auction is off."""
    keeper = keeper_of(session, impoundment)
    if keeper is None:
        return
    write_notice(session, keeper, COMPLAINT_OUTCOME, f"{COMPLAINT_OUTCOME}:keeper:{impoundment.id}", now,
                 lambda lang: t(lang, "notice.court_release_keeper", kind=kind_name(lang, impoundment.kind),
                                tag=label(impoundment, lang), receipt=impoundment.receipt,
                                fees=money(lang, release.seizer_owes_paise)),
                 impoundment_id=impoundment.id)


def after_conviction(session: Session, impoundment: Impoundment, convicted_on, now: datetime) -> None:
    """§183(2)(b): the owner hears that the animal went to the State on the conviction, that
    nothing is to be paid at the pound and that no auction follows. Once per impoundment."""
    owner = session.get(Person, impoundment.owner_id) if impoundment.owner_id else None
    if owner is None:
        return
    write_notice(session, owner, FORFEITED_ON_CONVICTION, f"{FORFEITED_ON_CONVICTION}:{impoundment.id}", now,
                 lambda lang: t(lang, "notice.forfeited_on_conviction", kind=kind_name(lang, impoundment.kind),
                                tag=label(impoundment, lang), receipt=impoundment.receipt, date=day(convicted_on)),
                 impoundment_id=impoundment.id)


def after_handover(session: Session, impoundment: Impoundment, now: datetime) -> None:
    """1871 s.14 proviso: the owner hears that the unclaimed animal was handed to the gaushala
    the official named, on which day, and that it is not auctioned and nothing is collected at
    the pound. Once per impoundment."""
    owner = session.get(Person, impoundment.owner_id) if impoundment.owner_id else None
    if owner is None:
        return
    write_notice(session, owner, HANDED_OVER, f"{HANDED_OVER}:{impoundment.id}", now,
                 lambda lang: t(lang, "notice.handed_over_gaushala", kind=kind_name(lang, impoundment.kind),
                                tag=label(impoundment, lang), to=short(impoundment.handed_to, 40),
                                date=day(law.local_date(impoundment.closed_at, impoundment.village.timezone))),
                 impoundment_id=impoundment.id)


def after_forfeiture_returned(session: Session, deposit: Deposit, amount_paise: int, now: datetime) -> None:
    """§188(3) with §189(2): the owner hears that what was forfeited is paid back."""
    owner = session.get(Person, deposit.owner_id) if deposit.owner_id else None
    if owner is None:
        return
    village = session.get(Village, deposit.village_id)
    write_notice(session, owner, DEPOSIT_REFUNDED, f"{DEPOSIT_REFUNDED}:returned:{deposit.id}", now,
                 lambda lang: t(lang, "notice.forfeiture_returned", amount=money(lang, amount_paise),
                                day=day(law.local_date(deposit.forfeited_at or now, village.timezone))),
                 impoundment_id=deposit.impoundment_id)


def after_reseizure(session: Session, impoundment: Impoundment, security_paise: int, now: datetime) -> None:
    """§185(3): owner and keeper hear that the animal is held for the declaration and security
    alone, and what that security is."""
    owner = session.get(Person, impoundment.owner_id) if impoundment.owner_id else None
    if owner is not None:
        write_notice(session, owner, SECURITY_DUE, f"{SECURITY_DUE}:reseized:{impoundment.id}", now,
                     lambda lang: t(lang, "notice.reseized_for_declaration", kind=kind_name(lang, impoundment.kind),
                                    tag=label(impoundment, lang), amount=money(lang, security_paise)),
                     impoundment_id=impoundment.id)


def security_due(session: Session, impoundment: Impoundment, amount_paise: int, now: datetime, *,
                 dismissed: bool, deadline, expires_at: datetime | None = None) -> None:
    """§185(3): the owner and the keeper (of the pound, when the impoundment names none) are told
    that the declaration and security are due. Keyed per impoundment and person: once."""
    suffix = "_dismissed" if dismissed else ""
    owner = session.get(Person, impoundment.owner_id) if impoundment.owner_id else None
    for person, key in ((owner, "notice.security_due" + suffix),
                        (keeper_of(session, impoundment), "notice.security_due_keeper" + suffix)):
        if person is not None:
            write_notice(session, person, SECURITY_DUE, f"{SECURITY_DUE}:{impoundment.id}:{person.id}", now,
                         lambda lang, k=key: t(lang, k, kind=kind_name(lang, impoundment.kind),
                                               tag=label(impoundment, lang), receipt=impoundment.receipt,
                                               amount=money(lang, amount_paise), deadline=day(deadline)),
                         expires_at=expires_at, impoundment_id=impoundment.id)


def after_unapproved_seizure(session: Session, impoundments, now: datetime) -> None:
    """§182(1), SPEC 12.5: a keeper without the Taluka Development Officer's approval recorded a
    seizure; "the sarpanch and the dashboard are told". The records know no sarpanch apart: every
    official of the village (sarpanch, talati, panchayat staff: SPEC 2) hears of it once per
    seizure; the dashboard lists the keeper among those without approval."""
    first = impoundments[0] if impoundments else None
    keeper = session.get(Person, first.keeper_id) if first is not None and first.keeper_id else None
    if keeper is None or keeper.role != "keeper":
        return
    village = first.village
    if sections.keeper_may_dispose(keeper.approved_on, law.local_date(first.seized_at, village.timezone)):
        return
    pound = session.get(Pound, first.pound_id)
    officials = session.scalars(select(Person).where(Person.role == "official", Person.village_id == village.id)
                                .order_by(Person.id))
    for official in officials:
        write_notice(session, official, KEEPER_UNAPPROVED, f"{KEEPER_UNAPPROVED}:{first.seizure_id}:{official.id}",
                     now, lambda lang: t(lang, "notice.unapproved_seizure", keeper=keeper.name or keeper.phone,
                                         pound=pound_name(pound, lang), count=len(impoundments),
                                         tag=label(first, lang)),
                     impoundment_id=first.id)
