"""The money notices (SPEC 11.5): a forfeited deposit, a surplus
paid, a deposit refunded, a complaint decided, written at once by the hooks
`handlers.pound.money` calls; and the dated ones the dispatcher's tick writes: a
deposit's refund window opening (§189(2)) and the security due after a
release under protest (§185(3))."""
from __future__ import annotations

from datetime import date, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload

from handlers.notices import outcomes as outcome_notices
from handlers.pound import declarations
from handlers.catalogue import day, kind_name, money, rupees, t
from handlers.notices.common import (
    COMPLAINT_OUTCOME, DEPOSIT_FORFEITED, DEPOSIT_REFUNDABLE, DEPOSIT_REFUNDED, SECURITY_DUE, SURPLUS_PAID,
    label, local_moment, write_notice,
)
from models import law, queries
from models.law import trespass
from models.tables import Complaint, Deposit, Event, Impoundment, Person, Release, Sale, Village


SECURITY_DUE_DAYS = 7  # a §185(3) notice not written within a week of its day is not written late


def after_deposit_forfeited(session: Session, deposit: Deposit, now: datetime) -> None:
    owner = session.get(Person, deposit.owner_id) if deposit.owner_id else None
    if owner is None:
        return
    village = session.get(Village, deposit.village_id)
    write_notice(session, owner, DEPOSIT_FORFEITED, f"{DEPOSIT_FORFEITED}:{deposit.id}", now,
                 lambda lang: t(lang, "notice.deposit_forfeited", amount=rupees(deposit.amount_paise),
                                forfeited=rupees(deposit.forfeited_paise),
                                day=day(law.local_date(deposit.deposited_at, village.timezone))),
                 impoundment_id=deposit.impoundment_id)


def after_surplus_paid(session: Session, impoundment: Impoundment, sale: Sale, now: datetime) -> None:
    """§186(1) (the 1871 Act: s.16's balance): the payee (else the owner) has the payment in writing."""
    key = "notice.surplus_paid_trespass" if trespass.two_stage(impoundment.village.pack) else "notice.surplus_paid"
    _money_notice(session, queries.person_by_phone(session, sale.surplus_paid_to_phone or ""), impoundment,
                  SURPLUS_PAID, f"{SURPLUS_PAID}:{sale.id}", now, key,
                  amount=sale.surplus_paise, to=sale.surplus_paid_to_phone,
                  paid_on=law.local_date(sale.surplus_paid_at, impoundment.village.timezone))


def after_deposit_refunded(session: Session, deposit: Deposit, now: datetime) -> None:
    """§189(2): the depositor has the refund in writing."""
    impoundment = session.get(Impoundment, deposit.impoundment_id)
    tz = impoundment.village.timezone
    _money_notice(session, queries.person_by_phone(session, deposit.refunded_to_phone or ""), impoundment,
                  DEPOSIT_REFUNDED, f"{DEPOSIT_REFUNDED}:{deposit.id}", now, "notice.deposit_refunded",
                  amount=deposit.amount_paise, to=deposit.refunded_to_phone or "",
                  paid_on=law.local_date(deposit.refunded_at, tz), day=law.local_date(deposit.deposited_at, tz))


def after_complaint_decided(session: Session, impoundment: Impoundment, complaint: Complaint, now: datetime) -> None:
    """§188(3): the owner hears the magistrate's outcome; upheld, what the seizer pays."""
    release = impoundment.release
    if complaint.outcome == "upheld" and release is not None and release.by_court:
        # §188(3) "if the cattle have not been released": free to take back, the seizer pays.
        values = dict(key="notice.complaint_upheld_held", comp=complaint.compensation_paise,
                      fees=release.seizer_owes_paise)
    elif complaint.outcome == "upheld":
        paid = release.pound_fee_paise + release.expenses_paise if release else 0
        values = dict(key="notice.complaint_upheld", comp=complaint.compensation_paise, fees=paid)
    else:
        values = dict(key="notice.complaint_dismissed")
    _money_notice(session, queries.person_by_phone(session, complaint.by_phone or ""), impoundment,
                  COMPLAINT_OUTCOME, f"{COMPLAINT_OUTCOME}:{complaint.id}", now, values.pop("key"), **values)


def _money_notice(session: Session, payee: Person | None, impoundment: Impoundment, kind: str, key: str,
                  now: datetime, text_key: str, **values) -> None:
    """One notice to `payee`, else the impoundment's owner. Values ending in
    money are paise (shown as rupees), dates are shown as dates: declared, not composed."""
    person = payee or (session.get(Person, impoundment.owner_id) if impoundment.owner_id else None)
    if person is None:
        return

    def text(lang: str) -> str:
        shown = {name: money(lang, value) if name in _MONEY_VALUES else day(value) if isinstance(value, date)
                 else value for name, value in values.items()}
        return t(lang, text_key, kind=kind_name(lang, impoundment.kind), tag=label(impoundment, lang), **shown)

    write_notice(session, person, kind, key, now, text, impoundment_id=impoundment.id)


_MONEY_VALUES = frozenset({"amount", "comp", "fees"})


def open_refund_windows(session: Session, now: datetime) -> int:
    """§189(2): a deposit still held six months after it was made becomes
    refundable on application; its owner is told. Returns how many opened."""
    opened = 0
    soon = now.date() + timedelta(days=1)  # every village's local today is at most this
    for deposit in session.scalars(select(Deposit).where(Deposit.status == "held", Deposit.refund_date <= soon)):
        village = session.get(Village, deposit.village_id)
        if law.local_date(now, village.timezone) < deposit.refund_date:
            continue
        deposit.status = "refundable"
        session.add(Event(impoundment_id=deposit.impoundment_id, type="deposit_refundable", at=now,
                          detail={"deposit_id": deposit.id, "amount_paise": deposit.amount_paise}))
        owner = session.get(Person, deposit.owner_id) if deposit.owner_id else None  # unknown owner: no one to tell
        if owner is not None:
            write_notice(session, owner, DEPOSIT_REFUNDABLE, f"{DEPOSIT_REFUNDABLE}:{deposit.id}", now,
                         lambda lang, d=deposit, v=village: t(
                             lang, "notice.deposit_refundable", amount=rupees(d.amount_paise),
                             day=day(law.local_date(d.deposited_at, v.timezone))),
                         impoundment_id=deposit.impoundment_id)
        opened += 1
    return opened


def write_security_dues(session: Session, now: datetime, morning_hour: int) -> None:
    """§185(3): the morning after the four weeks of a release under protest, in a village
    where §189 applies and no complaint was filed, owner and keeper are told that the
    declaration and security are due (a dismissed complaint tells them at once:
    `security_due_at_once`). Not once the declaration is made."""
    first, last = now.date() - timedelta(days=SECURITY_DUE_DAYS + 1), now.date()
    releases = session.scalars(select(Release).options(joinedload(Release.impoundment).joinedload(Impoundment.village))
                               .where(Release.under_protest.is_(True), Release.protest_deadline >= first,
                                      Release.protest_deadline <= last, Release.declared_on.is_(None))
                               .order_by(Release.id))
    for release in releases:
        impoundment, village = release.impoundment, release.impoundment.village
        moment = local_moment(release.protest_deadline + timedelta(days=1), morning_hour, village.timezone)
        expires = local_moment(release.protest_deadline + timedelta(days=SECURITY_DUE_DAYS), 0, village.timezone)
        complaint = queries.occasion_complaint(session, impoundment)
        if complaint is not None or not moment <= now < expires:
            continue  # a complaint's dismissal tells them at once; pending or upheld: nothing due
        if _security_due_from(impoundment, release, None) is None:
            continue
        outcome_notices.security_due(session, impoundment, declarations.security_required(session, impoundment), now,
                                     dismissed=False, deadline=release.protest_deadline, expires_at=expires)


def security_due_at_once(session: Session, impoundment: Impoundment, now: datetime) -> None:
    """§185(3) "if on any complaint ... the seizure is declared to be lawful": the complaint on
    a release under protest is dismissed, so the declaration and security are due now."""
    for animal in declarations.occasion_of(session, impoundment):
        release = animal.release
        if release is None or not release.under_protest or release.declared_on is not None:
            continue
        complaint = queries.occasion_complaint(session, animal)
        if _security_due_from(animal, release, complaint) is None:
            continue
        outcome_notices.security_due(session, animal, declarations.security_required(session, animal), now,
                                     dismissed=True, deadline=release.protest_deadline)


def _security_due_from(impoundment: Impoundment, release: Release, complaint: Complaint | None) -> date | None:
    village = impoundment.village
    notified = law.security_notified_on(village.security_notified, village.security_notified_from,
                                        impoundment.seized_on)
    return law.security_due_from(release.protest_deadline, notified, complaint is not None,
                                 complaint.outcome if complaint else None,
                                 complaint.decided_on if complaint else None)
