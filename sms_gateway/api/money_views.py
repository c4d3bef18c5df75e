"""How the deposits, surplus and complaint of an impoundment read in the admin
API: shared by `api` (release, sale, one impoundment) and
`api_money` (refunds, complaints, surplus payments). Reads only."""
from __future__ import annotations

from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from models.tables import Complaint, Deposit, Impoundment, Sale


def _iso(value, tz: str | None = None) -> str | None:
    if value is None:
        return None
    if tz is not None and hasattr(value, "astimezone"):
        value = value.astimezone(ZoneInfo(tz))
    return value.isoformat()


def deposit_json(deposit: Deposit, tz: str, owner_phone: str | None = None) -> dict:
    return {
        "id": deposit.id, "impoundment": deposit.impoundment_id, "receipt": deposit.receipt,
        "status": deposit.status, "amount_paise": deposit.amount_paise,
        "deposited_at": _iso(deposit.deposited_at, tz), "refund_date": _iso(deposit.refund_date),
        "owner_phone": owner_phone, "forfeited_paise": deposit.forfeited_paise,
        "forfeit_pending_until": _iso(deposit.forfeit_pending_until),
        "forfeited_at": _iso(deposit.forfeited_at, tz), "forfeited_by": deposit.forfeited_by_id,
        "remainder_of": deposit.parent_id, "sale": deposit.sale_id,
        "refunded_at": _iso(deposit.refunded_at, tz), "refunded_to_phone": deposit.refunded_to_phone,
    }


def deposits_json(session: Session, impoundment: Impoundment) -> list[dict]:
    """Every deposit taken for this impoundment (a remainder of a part forfeiture too)."""
    owner_phone = impoundment.owner.phone if impoundment.owner else None
    rows = session.scalars(select(Deposit).where(Deposit.impoundment_id == impoundment.id).order_by(Deposit.id))
    return [deposit_json(d, impoundment.village.timezone, owner_phone if d.owner_id else None) for d in rows]


def surplus_json(sale: Sale, tz: str) -> dict:
    if sale.surplus_paid_at:
        disposal = "paid"
    elif sale.surplus_to_fund_at:
        disposal = "village_fund"
    else:
        disposal = "unclaimed" if sale.surplus_paise else "none"
    return {"refused": sale.refused, "security_paise": sale.security_paise, "surplus_disposal": disposal,
            "surplus_paid_at": _iso(sale.surplus_paid_at, tz), "surplus_paid_to_phone": sale.surplus_paid_to_phone,
            "surplus_to_fund_at": _iso(sale.surplus_to_fund_at, tz),
            "surplus_accepted_by": sale.surplus_accepted_by}


def complaint_json(complaint: Complaint | None) -> dict | None:
    if complaint is None:
        return None
    return {"id": complaint.id, "impoundment": complaint.impoundment_id, "filed_on": _iso(complaint.filed_on),
            "by_phone": complaint.by_phone, "outcome": complaint.outcome, "decided_on": _iso(complaint.decided_on),
            "compensation_paise": complaint.compensation_paise}


def complaint_of(session: Session, impoundment: Impoundment) -> Complaint | None:
    return session.scalars(select(Complaint).where(Complaint.impoundment_id == impoundment.id)).first()
