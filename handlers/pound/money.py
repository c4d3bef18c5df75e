"""The money that follows a release or a sale (SPEC 11.1): the §189 deposit's
life (forfeit_pending → forfeited, part forfeiture, refund), the §186(1)
surplus (paid to the owner, or to the village fund), and §188 complaints.

Owned by `handlers.pound.records` (records.py would pass 400 lines) and bound by
the same rules: every function takes the session, plain values and `now`,
changes rows, adds an event to the impoundment's timeline, asks `notice_money` for
what follows, and commits nothing, so a refused call changes nothing.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers.notices import money as notice_money
from handlers.pound import outcomes
from handlers.errors import Refused
from handlers.pound.entries import add_event
from handlers.pound.records import FUTURE_TOLERANCE
from models import law, queries
from models.tables import Complaint, Deposit, Impoundment, Sale, Village

# ---------------------------------------------------------------- §186(1): the surplus


def pay_surplus(session: Session, impoundment: Impoundment, *, to_phone: str, now: datetime,
                at: datetime | None = None, actor_phone: str | None = None) -> Sale:
    """§186(1): the surplus is paid to whoever proved ownership within the fifteen days
    after the sale; once only, and never after the village fund has it."""
    at = at or now
    sale = impoundment.sale
    if sale is None:
        raise Refused("not_sold", "this animal was not sold", field="id", status=409)
    if sale.surplus_paid_at is not None or sale.surplus_to_fund_at is not None:
        raise Refused("surplus_settled", "the surplus has already been paid out", status=409)
    if sale.surplus_paise <= 0:
        raise Refused("no_surplus", "the sale left no surplus", status=409)
    if at > now + FUTURE_TOLERANCE:
        raise Refused("future_payment", "payment time lies in the future", field="at")
    if not law.surplus_payable(sale.sold_at, at, impoundment.village.timezone):
        raise Refused("surplus_deadline_passed", "only within the 15 days after the sale (section 186(1))",
                      field="at", status=409, surplus_deadline=sale.surplus_deadline.isoformat())
    sale.surplus_paid_at, sale.surplus_paid_to_phone = at, to_phone
    add_event(session, impoundment, "surplus_paid", now, actor_phone, surplus_paise=sale.surplus_paise,
              to_phone=to_phone, paid_at=at.isoformat())
    session.flush()
    notice_money.after_surplus_paid(session, impoundment, sale, now)
    return sale


def transfer_due_surpluses(session: Session, now: datetime) -> int:
    """§186(1) "in any other case, form part of the village fund": every unpaid surplus
    whose fifteen days are over goes to the fund (the dispatcher's tick). Returns how many."""
    soon = now.date() + timedelta(days=1)  # every village's local today is at most this
    sales = session.scalars(select(Sale).where(
        Sale.surplus_paise > 0, Sale.surplus_paid_at.is_(None), Sale.surplus_to_fund_at.is_(None),
        Sale.surplus_deadline < soon).order_by(Sale.id))
    moved = 0
    for sale in sales:
        impoundment = sale.impoundment
        if law.local_date(now, impoundment.village.timezone) <= sale.surplus_deadline:
            continue
        sale.surplus_to_fund_at = now
        add_event(session, impoundment, "surplus_to_village_fund", now, surplus_paise=sale.surplus_paise)
        moved += 1
    return moved


# ---------------------------------------------------------------- §189(2): the deposit's fate


def settle_pending_forfeitures(session: Session, now: datetime) -> int:
    """§189(2) with §188: a forfeit_pending deposit becomes forfeited once the re-seizure's
    complaint deadline has passed with no complaint standing; the village's part goes to
    the State and the rest stays a held deposit of its own. Returns how many settled."""
    settled = 0
    pending = session.scalars(select(Deposit).where(
        Deposit.status == "forfeit_pending", Deposit.forfeit_pending_until < now.date() + timedelta(days=1))
        .order_by(Deposit.id))
    for deposit in pending:
        village = session.get(Village, deposit.village_id)
        reseizure = session.get(Impoundment, deposit.forfeited_by_id)
        complaint = queries.occasion_complaint(session, reseizure)
        if law.forfeiture_final(deposit.forfeit_pending_until, law.local_date(now, village.timezone),
                                        complaint is not None, complaint.outcome if complaint else None):
            _forfeit(session, deposit, village, reseizure, now)
            settled += 1
    return settled


def _forfeit(session: Session, deposit: Deposit, village: Village, reseizure: Impoundment, now: datetime) -> None:
    forfeited, _ = law.split_forfeiture(deposit.amount_paise, village.forfeit_percent)
    # SPEC 12.4: the State's part in whole rupees, rounded down: the paise stay with the owner.
    forfeited = law.collected([forfeited]).total_paise
    remainder = deposit.amount_paise - forfeited
    deposit.status, deposit.forfeited_paise = "forfeited", forfeited
    deposit.forfeited_at = deposit.closed_at = now
    if remainder:
        session.add(Deposit(owner_id=deposit.owner_id, village_id=deposit.village_id,
                            impoundment_id=deposit.impoundment_id, receipt=deposit.receipt,
                            amount_paise=remainder, deposited_at=deposit.deposited_at,
                            refund_date=deposit.refund_date, status="held", forfeited_paise=0,
                            parent_id=deposit.id))
    add_event(session, reseizure, "deposit_forfeited", now, deposit_id=deposit.id, forfeited_paise=forfeited,
              remainder_paise=remainder)
    session.flush()
    notice_money.after_deposit_forfeited(session, deposit, now)


def _undo_forfeiture(session: Session, deposit: Deposit, now: datetime) -> None:
    """§189(2) "if the seizure is not adjudged illegal": it was, before the forfeiture settled,
    so the deposit is simply held again (no money had moved)."""
    reseizure = session.get(Impoundment, deposit.forfeited_by_id)
    add_event(session, reseizure, "deposit_forfeiture_undone", now, deposit_id=deposit.id)
    deposit.status, deposit.forfeited_paise, deposit.forfeited_by_id = "held", 0, None
    deposit.forfeit_pending_until = deposit.forfeited_at = deposit.closed_at = None


def refund_deposit(session: Session, deposit: Deposit, *, now: datetime, at: datetime | None = None,
                   to_phone: str | None = None, actor_phone: str | None = None) -> Deposit:
    """§189(2): "on an application ... refunded to him on the expiry of that period": only a
    refundable deposit, paid in full to the depositor (or whoever the panchayat names)."""
    at = at or now
    if not law.refund_allowed(deposit.status):
        raise Refused("not_refundable", f"the deposit is {deposit.status}, not refundable", field="id",
                      status=409, deposit_status=deposit.status)
    if at > now + FUTURE_TOLERANCE:
        raise Refused("future_refund", "refund time lies in the future", field="at")
    village = session.get(Village, deposit.village_id)
    if law.local_date(at, village.timezone) < deposit.refund_date:
        raise Refused("before_refund_date", "not before the refund date", field="at", status=409)
    deposit.status, deposit.refunded_at, deposit.closed_at = "refunded", at, at
    deposit.refunded_to_phone = to_phone or (deposit_owner_phone(session, deposit))
    impoundment = session.get(Impoundment, deposit.impoundment_id)
    add_event(session, impoundment, "deposit_refunded", now, actor_phone, deposit_id=deposit.id,
              amount_paise=deposit.amount_paise, to_phone=deposit.refunded_to_phone)
    session.flush()
    notice_money.after_deposit_refunded(session, deposit, now)
    return deposit


def deposit_owner_phone(session: Session, deposit: Deposit) -> str | None:
    impoundment = session.get(Impoundment, deposit.impoundment_id)
    return impoundment.owner.phone if deposit.owner_id and impoundment.owner else None


# ---------------------------------------------------------------- §188: complaints


def file_complaint(session: Session, impoundment: Impoundment, *, filed_on: date, now: datetime,
                   by_phone: str | None = None) -> Complaint:
    """§188(1): a complaint of illegal seizure made to the magistrate. Recorded as told; a
    late one is the magistrate's to judge, not Dabbo's to refuse."""
    tz = impoundment.village.timezone
    if session.scalar(select(Complaint.id).where(Complaint.impoundment_id == impoundment.id)) is not None:
        raise Refused("complaint_exists", "a complaint is already recorded for this impoundment", status=409)
    if filed_on < impoundment.seized_on:
        raise Refused("before_seizure", "filed_on is before the seizure", field="filed_on")
    if filed_on > law.local_date(now, tz):
        raise Refused("future_complaint", "filed_on lies in the future", field="filed_on")
    complaint = Complaint(impoundment_id=impoundment.id, filed_on=filed_on, by_phone=by_phone,
                          compensation_paise=0, recorded_at=now)
    session.add(complaint)
    add_event(session, impoundment, "complaint_filed", now, by_phone, filed_on=filed_on.isoformat(),
              in_time=filed_on <= impoundment.complaint_deadline)
    session.flush()
    return complaint


def decide_complaint(session: Session, impoundment: Impoundment, *, outcome: str, decided_on: date,
                     now: datetime, compensation_paise: int = 0) -> Complaint:
    """§188(3): the magistrate's outcome. Upheld: compensation up to Rs 100 and the fees and
    expenses to be paid by the seizer, and the §189 forfeiture this seizure caused undone."""
    complaint = session.scalars(select(Complaint).where(Complaint.impoundment_id == impoundment.id)).first()
    if complaint is None:
        raise Refused("no_complaint", "no complaint is recorded for this impoundment", status=404)
    if outcome not in ("upheld", "dismissed"):
        raise Refused("bad_outcome", "outcome is upheld or dismissed", field="outcome")
    cap_paise = impoundment.village.pack["compensation_max_paise"]   # §188(3); 1871 s.22: a schedule setting
    if not 0 <= compensation_paise <= cap_paise:
        raise Refused("compensation_too_high", f"compensation is at most {cap_paise // 100} rupees",
                      field="compensation_paise", cap_paise=cap_paise,
                      section=impoundment.village.pack.cite("compensation_max_paise"))
    if outcome == "dismissed" and compensation_paise:
        raise Refused("compensation_when_dismissed", "no compensation on a dismissed complaint",
                      field="compensation_paise")
    if decided_on < complaint.filed_on or decided_on > law.local_date(now, impoundment.village.timezone):
        raise Refused("bad_decided_on", "decided_on must lie between filing and today", field="decided_on")
    complaint.outcome, complaint.decided_on, complaint.compensation_paise = outcome, decided_on, compensation_paise
    add_event(session, impoundment, "complaint_decided", now, outcome=outcome, decided_on=decided_on.isoformat(),
              compensation_paise=compensation_paise)
    if outcome == "upheld":
        for deposit in _forfeited_by_occasion(session, impoundment):
            if deposit.status == "forfeit_pending":
                _undo_forfeiture(session, deposit, now)
            else:
                outcomes.return_forfeiture(session, deposit, now)   # settled: a new entry (SPEC 12.4)
        outcomes.hold_illegal(session, impoundment, decided_on, now)
    session.flush()
    notice_money.after_complaint_decided(session, impoundment, complaint, now)
    if outcome == "dismissed":
        notice_money.security_due_at_once(session, impoundment, now)   # §185(3): "declared to be lawful"
    return complaint


def _forfeited_by_occasion(session: Session, impoundment: Impoundment) -> list[Deposit]:
    query = select(Deposit).join(Impoundment, Impoundment.id == Deposit.forfeited_by_id).where(
        Deposit.status.in_(("forfeit_pending", "forfeited")))
    if impoundment.owner_id is None:
        query = query.where(Impoundment.id == impoundment.id)
    else:
        query = query.where(Impoundment.owner_id == impoundment.owner_id, Impoundment.pound_id == impoundment.pound_id,
                            Impoundment.seized_on == impoundment.seized_on)
    return list(session.scalars(query.order_by(Deposit.id)))
