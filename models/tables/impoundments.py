"""An impoundment's life: the seizure, each animal held, the watches on a
tag, and what ended it (release, sale), with the deposits of §189, the
complaints of §188 and the timeline's events."""
from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from models import law
from models.db import Base, UTCDateTime
from models.tables.places import Person, Pound, Village

IMPOUNDMENT_STATUSES = ("impounded", "released", "sold", "forfeited_on_conviction", "handed_over")
# §189(2), SPEC 11.1: held → forfeit_pending → forfeited | held; held → refundable → refunded.
DEPOSIT_STATUSES = ("held", "forfeit_pending", "forfeited", "refundable", "refunded")
COMPLAINT_OUTCOMES = ("upheld", "dismissed")


class Seizure(Base):
    """One act of seizing: one or more animals taken to a pound together.
    §189 counts head by seizure ("the number of cattle impounded at a time")."""

    __tablename__ = "seizures"

    id: Mapped[int] = mapped_column(primary_key=True)
    pound_id: Mapped[int] = mapped_column(ForeignKey("pounds.id"), index=True)
    keeper_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"))
    seized_at: Mapped[datetime] = mapped_column(UTCDateTime)
    note: Mapped[str | None] = mapped_column(Text)
    # earlier, Form A: who brought the animals (any person may seize, §184(1)) and where from.
    seizer_phone: Mapped[str | None] = mapped_column(String(20))
    place: Mapped[str | None] = mapped_column(String(200))


class Impoundment(Base):
    """One animal in a pound, from seizure to release or sale."""

    __tablename__ = "impoundments"

    id: Mapped[int] = mapped_column(primary_key=True)
    seizure_id: Mapped[int] = mapped_column(ForeignKey("seizures.id"), index=True)
    pound_id: Mapped[int] = mapped_column(ForeignKey("pounds.id"))
    village_id: Mapped[int] = mapped_column(ForeignKey("villages.id"))
    # The pound receipt number: how an untagged animal is found again.
    receipt: Mapped[str] = mapped_column(String(16), unique=True)
    tag: Mapped[str | None] = mapped_column(String(32), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    keeper_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"))
    # Known at seizure when the tag is registered; else set when someone claims it.
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"), index=True)
    seized_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # The local date of seizure: with owner and pound, SPEC 11.1's "one occasion" (§189(1)).
    seized_on: Mapped[date] = mapped_column(Date)
    status: Mapped[str] = mapped_column(String(24), default="impounded")
    claim_deadline: Mapped[datetime] = mapped_column(UTCDateTime)
    auction_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    # An auction an official fixed (AUCTION command); auction_at honours it when later.
    auction_fixed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    auction_place: Mapped[str | None] = mapped_column(String(120))
    # The same place in Latin letters, for en and gul readers (None: auction_place serves them).
    auction_place_en: Mapped[str | None] = mapped_column(String(120))
    complaint_deadline: Mapped[date] = mapped_column(Date)
    note: Mapped[str | None] = mapped_column(Text)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # earlier, Form A (r.3): the register's serial, per pound per year of the local seizure date.
    register_year: Mapped[int | None] = mapped_column(Integer)
    register_serial: Mapped[int | None] = mapped_column(Integer)
    # Why the animal is held: None for a straying (§184), "s185_3" for cattle delivered under
    # protest and seized again for want of the declaration and security (§185(3)-(4)), which
    # asks for the security alone and starts no new fee or auction clock (SPEC 12.5).
    reason: Mapped[str | None] = mapped_column(String(16))
    reseizure_of_id: Mapped[int | None] = mapped_column(ForeignKey("impoundments.id"))
    # §188(3): the magistrate adjudged this occasion's seizure illegal. Not an earlier occasion
    # for §189(1) nor an earlier offence for §183 (SPEC 12.5).
    held_illegal: Mapped[bool] = mapped_column(Boolean, default=False, server_default=text("false"))
    # 1871 s.14 proviso: the gaushala (or panjrapole) a kind the law does not auction was handed
    # to once its stages were over (status "handed_over"); None otherwise.
    handed_to: Mapped[str | None] = mapped_column(String(120))

    pound: Mapped[Pound] = relationship()
    village: Mapped[Village] = relationship()
    seizure: Mapped[Seizure] = relationship()
    owner: Mapped[Person | None] = relationship(foreign_keys=[owner_id])
    keeper: Mapped[Person | None] = relationship(foreign_keys=[keeper_id])
    release: Mapped["Release | None"] = relationship(back_populates="impoundment")
    sale: Mapped["Sale | None"] = relationship(back_populates="impoundment")

    __table_args__ = (
        Index("ix_impoundments_pound_status", "pound_id", "status"),
        Index("ix_impoundments_village_status", "village_id", "status"),
        Index("ix_impoundments_status_auction", "status", "auction_at"),
        # The dispatcher's claim reminders, every minute (bench/district.py, docs/EXPLAIN.md).
        Index("ix_impoundments_status_claim", "status", "claim_deadline"),
        # One tag, one pound at a time: two keepers racing to seize it cannot both win.
        Index("uq_impoundments_held_tag", "tag", unique=True,
              postgresql_where=text("status = 'impounded' AND tag IS NOT NULL"),
              sqlite_where=text("status = 'impounded' AND tag IS NOT NULL")),
        Index("ix_impoundments_owner_occasion", "owner_id", "village_id", "seized_on"),
        UniqueConstraint("pound_id", "register_year", "register_serial", name="uq_impoundments_register_serial"),
)


class Watch(Base):
    """A phone that asked about an impoundment and so gets its reminders."""

    __tablename__ = "watches"

    id: Mapped[int] = mapped_column(primary_key=True)
    impoundment_id: Mapped[int] = mapped_column(ForeignKey("impoundments.id"))
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    person: Mapped[Person] = relationship()

    __table_args__ = (UniqueConstraint("impoundment_id", "person_id", name="uq_watches_impoundment_person"),)


# --- What happened to an impoundment.


class Release(Base):
    __tablename__ = "releases"

    id: Mapped[int] = mapped_column(primary_key=True)
    impoundment_id: Mapped[int] = mapped_column(ForeignKey("impoundments.id"), unique=True)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"))
    released_at: Mapped[datetime] = mapped_column(UTCDateTime)
    under_protest: Mapped[bool] = mapped_column(Boolean, default=False)
    days: Mapped[int] = mapped_column(Integer)
    pound_fee_paise: Mapped[int] = mapped_column(Integer)
    expenses_paise: Mapped[int] = mapped_column(Integer)
    security_paise: Mapped[int] = mapped_column(Integer)
    total_paise: Mapped[int] = mapped_column(Integer)
    # The dispatcher's protest reminders look for deadlines near today every minute.
    protest_deadline: Mapped[date | None] = mapped_column(Date, index=True)
    # §188(3): released on the magistrate's order, nothing taken from the owner; the fee and the
    # expenses (pound_fee_paise + expenses_paise) are owed by the seizer, not pound receipts.
    by_court: Mapped[bool] = mapped_column(Boolean, default=False, server_default=text("false"))
    seizer_owes_paise: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    # SPEC 12.4: the paise of the Act's figure not collected (each part rounded down to the rupee).
    rounded_off_paise: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    # §185(3): the declaration made and the security deposited after a release under protest.
    declared_on: Mapped[date | None] = mapped_column(Date)
    declared_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    declared_security_paise: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    # §185(4): released because a refused sale of the occasion covered its dues (not cash received
    # at the gate: the money is in that sale's proceeds).
    paid_by_sale_id: Mapped[int | None] = mapped_column(ForeignKey("sales.id"))

    impoundment: Mapped[Impoundment] = relationship(back_populates="release")


class Sale(Base):
    __tablename__ = "sales"

    id: Mapped[int] = mapped_column(primary_key=True)
    impoundment_id: Mapped[int] = mapped_column(ForeignKey("impoundments.id"), unique=True)
    sold_at: Mapped[datetime] = mapped_column(UTCDateTime)
    proceeds_paise: Mapped[int] = mapped_column(Integer)
    sale_expenses_paise: Mapped[int] = mapped_column(Integer, default=0)
    pound_fee_paise: Mapped[int] = mapped_column(Integer)
    expenses_paise: Mapped[int] = mapped_column(Integer)
    # §185(4): the owner appeared and refused or omitted to pay: the security due is
    # deducted from the proceeds too (and held as a deposit, see Deposit.sale_id).
    refused: Mapped[bool] = mapped_column(Boolean, default=False)
    security_paise: Mapped[int] = mapped_column(Integer, default=0)
    surplus_paise: Mapped[int] = mapped_column(Integer)
    surplus_deadline: Mapped[date] = mapped_column(Date, index=True)  # the dispatcher's surplus reminders
    buyer_phone: Mapped[str | None] = mapped_column(String(20))
    # §186(1): the surplus goes either to the owner who proves ownership within the 15
    # days (paid_at, paid_to_phone) or, after them, to the village fund (to_fund_at). Once.
    surplus_paid_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    surplus_paid_to_phone: Mapped[str | None] = mapped_column(String(20))
    surplus_to_fund_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # §185(4): the part of a refused sale's surplus held back to cover the owner's other animals
    # of the occasion still held (handlers.pound.refusals); 0 once they are covered.
    held_back_paise: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    # §186(1): the officer the panchayat authorised to accept the proof of ownership.
    surplus_accepted_by: Mapped[str | None] = mapped_column(String(20))

    impoundment: Mapped[Impoundment] = relationship(back_populates="sale")

    @property
    def surplus_cash_paise(self) -> int:
        """SPEC 12.4: the surplus as paid out, rounded up to the rupee (the owner's favour)."""
        return law.paid_out(self.surplus_paise).total_paise


class Deposit(Base):
    """§189 security deposit (SPEC 11.1): held → forfeit_pending → forfeited | held;
    held → refundable → refunded.

    Money: `amount_paise` collected at `deposited_at` (a release, or a §185(4) sale's
    deduction: `sale_id`). On forfeiture `forfeited_paise` goes to the State at
    `forfeited_at`; a part forfeiture leaves the rest as a NEW deposit row with `parent_id`
    set (no new money: same cash, its own life, held until the same refund_date). A refund
    pays `amount_paise` at `refunded_at` to `refunded_to_phone`."""

    __tablename__ = "deposits"

    id: Mapped[int] = mapped_column(primary_key=True)
    # None while the owner is unknown (keeper releases name no owner); attached when identified.
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"), index=True)
    village_id: Mapped[int] = mapped_column(ForeignKey("villages.id"))
    impoundment_id: Mapped[int] = mapped_column(ForeignKey("impoundments.id"))
    # The pound receipt number of the impoundment it was taken for.
    receipt: Mapped[str | None] = mapped_column(String(16))
    amount_paise: Mapped[int] = mapped_column(Integer)
    deposited_at: Mapped[datetime] = mapped_column(UTCDateTime)
    refund_date: Mapped[date] = mapped_column(Date)
    status: Mapped[str] = mapped_column(String(16), default="held")
    forfeited_paise: Mapped[int] = mapped_column(Integer, default=0)
    forfeited_by_id: Mapped[int | None] = mapped_column(ForeignKey("impoundments.id"))
    # forfeit_pending until the re-seizure's §188(1) complaint deadline has passed.
    forfeit_pending_until: Mapped[date | None] = mapped_column(Date)
    forfeited_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The deposit whose part forfeiture left this remainder (SPEC 11.1 "part forfeiture").
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("deposits.id"))
    # §185(4): security deducted from a sale's proceeds.
    sale_id: Mapped[int | None] = mapped_column(ForeignKey("sales.id"))
    refunded_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    refunded_to_phone: Mapped[str | None] = mapped_column(String(20))
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # §188(3) after a settled forfeiture: what was forfeited is paid back to the owner, once, as
    # an entry on the day of the decision; the forfeiture's own day is never rewritten (SPEC 12.4).
    returned_paise: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    returned_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (Index("ix_deposits_status_refund", "status", "refund_date"),)


class Complaint(Base):
    """§188: a complaint of illegal seizure to a first-class magistrate, and its outcome.
    Compensation (≤ Rs 100, §188(3)) is paid by the seizer to the complainant, not by the
    pound: recorded, not a pound receipt or payment."""

    __tablename__ = "complaints"

    id: Mapped[int] = mapped_column(primary_key=True)
    impoundment_id: Mapped[int] = mapped_column(ForeignKey("impoundments.id"), unique=True)
    filed_on: Mapped[date] = mapped_column(Date)
    by_phone: Mapped[str | None] = mapped_column(String(20))
    outcome: Mapped[str | None] = mapped_column(String(10))  # None while pending
    decided_on: Mapped[date | None] = mapped_column(Date)
    compensation_paise: Mapped[int] = mapped_column(Integer, default=0)
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime)


class Event(Base):
    """The timeline of one impoundment: what happened, when, and by whom."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(primary_key=True)
    impoundment_id: Mapped[int] = mapped_column(ForeignKey("impoundments.id"), index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    type: Mapped[str] = mapped_column(String(32))
    actor_phone: Mapped[str | None] = mapped_column(String(20))
    detail: Mapped[dict] = mapped_column(JSON, default=dict)
