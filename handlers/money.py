"""The money that follows a release or a sale (SPEC 11.1): the §189 deposit's
life (forfeit_pending → forfeited, part forfeiture, refund), the §186(1)
surplus (paid to the owner, or to the village fund), and §188 complaints.

Owned by `handlers.records` (records.py would pass 400 lines): the same rules
hold here. Every function takes the session, plain values and `now`, changes
rows, adds an event to the impoundment's timeline, asks `notices` for what
follows, and commits nothing.
"""
from __future__ import annotations

from datetime import date, datetime

from sqlalchemy.orm import Session

from handlers.errors import Refused
from models.tables import Complaint, Deposit, Impoundment, Person, Sale


def pay_surplus(session: Session, impoundment: Impoundment, *, to_phone: str, now: datetime,
                at: datetime | None = None, actor_phone: str | None = None) -> Sale:
    """§186(1): the surplus paid to the person who proved ownership within the 15 days.
    Sets Sale.surplus_paid_at / surplus_paid_to_phone."""
    raise NotImplementedError


def transfer_surplus_to_fund(session: Session, sale: Sale, *, now: datetime) -> Sale:
    """§186(1) "in any other case, form part of the village fund": after the deadline.
    Sets Sale.surplus_to_fund_at."""
    raise NotImplementedError


def transfer_due_surpluses(session: Session, now: datetime) -> int:
    """The dispatcher's tick: every unpaid surplus whose 15 days have passed goes to the fund."""
    raise NotImplementedError


def settle_pending_forfeitures(session: Session, now: datetime) -> int:
    """The dispatcher's tick: forfeit_pending deposits whose re-seizure's §188(1) complaint
    deadline has passed with no complaint pending or upheld become forfeited."""
    raise NotImplementedError


def refund_deposit(session: Session, deposit: Deposit, *, now: datetime, at: datetime | None = None,
                   to_phone: str | None = None, actor_phone: str | None = None) -> Deposit:
    """§189(2): a refundable deposit refunded on application. Sets refunded_at, refunded_to_phone."""
    raise NotImplementedError


def file_complaint(session: Session, impoundment: Impoundment, *, filed_on: date, now: datetime,
                   by_phone: str | None = None) -> Complaint:
    """§188(1): a complaint of illegal seizure made to the magistrate."""
    raise NotImplementedError


def decide_complaint(session: Session, impoundment: Impoundment, *, outcome: str, decided_on: date,
                     now: datetime, compensation_paise: int = 0) -> Complaint:
    """§188(3): the magistrate's outcome; upheld undoes the §189 forfeiture the seizure caused."""
    raise NotImplementedError


def attach_deposits(session: Session, impoundment: Impoundment, owner: Person, now: datetime) -> list[Deposit]:
    """A deposit taken while the owner was unknown is attached once they are identified."""
    raise NotImplementedError


__all__ = ["Refused"]
