"""The tables. Money is integer paise; every time is a timezone-aware UTC
datetime (see `UTCDateTime`); dates that the Act counts in local days
(deadlines, `effective_from`) are plain dates in the village's calendar."""
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
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from models.db import Base, UTCDateTime

ROLES = ("owner", "keeper", "official", "mamlatdar", "police")
LANGUAGES = ("gu", "hi", "en")
IMPOUNDMENT_STATUSES = ("impounded", "released", "sold")
# §189(2), SPEC 11.1: held → forfeit_pending → forfeited | held; held → refundable → refunded.
DEPOSIT_STATUSES = ("held", "forfeit_pending", "forfeited", "refundable", "refunded")
COMPLAINT_OUTCOMES = ("upheld", "dismissed")
OUTBOX_STATUSES = ("queued", "sending", "sent", "delivered", "failed", "cancelled")


class Village(Base):
    __tablename__ = "villages"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    taluka: Mapped[str | None] = mapped_column(String(120))
    district: Mapped[str | None] = mapped_column(String(120))
    language: Mapped[str] = mapped_column(String(2), default="gu")
    timezone: Mapped[str] = mapped_column(String(64), default="Asia/Kolkata")
    country: Mapped[str] = mapped_column(String(2), default="IN")
    # §189: the security deposit applies only where the State has notified the village.
    security_notified: Mapped[bool] = mapped_column(Boolean, default=False)
    # §189(1) "by notification": the notification's date; seizures before it carry no
    # security. None with security_notified = notified since before any record.
    security_notified_from: Mapped[date | None] = mapped_column(Date)
    auction_hour: Mapped[int] = mapped_column(Integer, default=11)
    # §189(2): the part of a deposit forfeited on re-impoundment, as the State directs.
    forfeit_percent: Mapped[int] = mapped_column(Integer, default=100)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    pounds: Mapped[list["Pound"]] = relationship(back_populates="village")


class Pound(Base):
    __tablename__ = "pounds"

    id: Mapped[int] = mapped_column(primary_key=True)
    village_id: Mapped[int] = mapped_column(ForeignKey("villages.id"), index=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(120))

    village: Mapped[Village] = relationship(back_populates="pounds")


class Person(Base):
    __tablename__ = "people"

    id: Mapped[int] = mapped_column(primary_key=True)
    phone: Mapped[str] = mapped_column(String(20), unique=True)  # E.164
    name: Mapped[str | None] = mapped_column(String(120))
    role: Mapped[str] = mapped_column(String(10), default="owner")
    language: Mapped[str] = mapped_column(String(2), default="gu")
    opted_out: Mapped[bool] = mapped_column(Boolean, default=False)
    village_id: Mapped[int | None] = mapped_column(ForeignKey("villages.id"), index=True)
    pound_id: Mapped[int | None] = mapped_column(ForeignKey("pounds.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # issue 13: a mamlatdar (§190) is bound to a taluka, police to a village or a taluka.
    taluka: Mapped[str | None] = mapped_column(String(120))
    # §182(1): a keeper "approved by the Taluka Development Officer".
    approved_on: Mapped[date | None] = mapped_column(Date)
    approval_ref: Mapped[str | None] = mapped_column(String(120))

    village: Mapped[Village | None] = relationship()
    pound: Mapped[Pound | None] = relationship()


class Animal(Base):
    """A registered animal: its ear tag (INAPH / Pashu Aadhaar) and its owner."""

    __tablename__ = "animals"

    id: Mapped[int] = mapped_column(primary_key=True)
    tag: Mapped[str] = mapped_column(String(32), unique=True)
    kind: Mapped[str] = mapped_column(String(16))
    owner_id: Mapped[int] = mapped_column(ForeignKey("people.id"), index=True)

    owner: Mapped[Person] = relationship()


class Seizure(Base):
    """One act of seizing: one or more animals taken to a pound together.
    §189 counts head by seizure ("the number of cattle impounded at a time")."""

    __tablename__ = "seizures"

    id: Mapped[int] = mapped_column(primary_key=True)
    pound_id: Mapped[int] = mapped_column(ForeignKey("pounds.id"), index=True)
    keeper_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"))
    seized_at: Mapped[datetime] = mapped_column(UTCDateTime)
    note: Mapped[str | None] = mapped_column(Text)
    # issue 13, Form A: who brought the animals (any person may seize, §184(1)) and where from.
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
    status: Mapped[str] = mapped_column(String(10), default="impounded")
    claim_deadline: Mapped[datetime] = mapped_column(UTCDateTime)
    auction_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    # An auction an official fixed (AUCTION command); auction_at honours it when later.
    auction_fixed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    auction_place: Mapped[str | None] = mapped_column(String(120))
    complaint_deadline: Mapped[date] = mapped_column(Date)
    note: Mapped[str | None] = mapped_column(Text)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # issue 13, Form A (r.3): the register's serial, per pound per year of the local seizure date.
    register_year: Mapped[int | None] = mapped_column(Integer)
    register_serial: Mapped[int | None] = mapped_column(Integer)

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


# --- Schedules: data, versioned by effective_from; the version in force on the
# --- seizure date applies (SPEC section 2).


class PoundFee(Base):
    """§187(1): the State's pound fee per head, by kind."""

    __tablename__ = "pound_fees"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    amount_paise: Mapped[int] = mapped_column(Integer)
    effective_from: Mapped[date] = mapped_column(Date)

    __table_args__ = (UniqueConstraint("kind", "effective_from", name="uq_pound_fees_kind_from"),)


class DailyRate(Base):
    """§187(2): the panchayat's daily feeding rate, by village and kind."""

    __tablename__ = "daily_rates"

    id: Mapped[int] = mapped_column(primary_key=True)
    village_id: Mapped[int] = mapped_column(ForeignKey("villages.id"))
    kind: Mapped[str] = mapped_column(String(16))
    amount_paise: Mapped[int] = mapped_column(Integer)
    effective_from: Mapped[date] = mapped_column(Date)
    # §187(2): fixed "with previous approval of the District Panchayat" (issue 13).
    approval_ref: Mapped[str | None] = mapped_column(String(120))

    __table_args__ = (
        UniqueConstraint("village_id", "kind", "effective_from", name="uq_daily_rates_village_kind_from"),
    )


class SecurityScaleRow(Base):
    """§189(1): one row of a village's progressive security scale. All rows
    sharing an effective_from form one version of the scale."""

    __tablename__ = "security_scale_rows"

    id: Mapped[int] = mapped_column(primary_key=True)
    village_id: Mapped[int] = mapped_column(ForeignKey("villages.id"))
    effective_from: Mapped[date] = mapped_column(Date)
    position: Mapped[int] = mapped_column(Integer, default=0)
    min_head: Mapped[int] = mapped_column(Integer, default=1)
    max_head: Mapped[int | None] = mapped_column(Integer)
    min_times: Mapped[int] = mapped_column(Integer, default=1)
    max_times: Mapped[int | None] = mapped_column(Integer)
    per_head_paise: Mapped[int] = mapped_column(Integer)

    __table_args__ = (Index("ix_security_scale_village_from", "village_id", "effective_from"),)


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

    impoundment: Mapped[Impoundment] = relationship(back_populates="sale")


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


# --- Messages.


class Broadcast(Base):
    __tablename__ = "broadcasts"

    id: Mapped[int] = mapped_column(primary_key=True)
    village_id: Mapped[int] = mapped_column(ForeignKey("villages.id"))
    text: Mapped[str] = mapped_column(Text)
    kind: Mapped[str] = mapped_column(String(24), default="broadcast")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    sender_phone: Mapped[str | None] = mapped_column(String(20))
    recipient_count: Mapped[int] = mapped_column(Integer, default=0)


class OutboundMessage(Base):
    """The outbox: every SMS Dabbo sends is a row here before it is a job."""

    __tablename__ = "outbound_messages"

    id: Mapped[int] = mapped_column(primary_key=True)
    to_phone: Mapped[str] = mapped_column(String(20), index=True)
    person_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"))
    text: Mapped[str] = mapped_column(Text)
    language: Mapped[str] = mapped_column(String(2))
    kind: Mapped[str] = mapped_column(String(24))
    # One notice, one key: a second insert with the same key is the same message.
    idempotency_key: Mapped[str] = mapped_column(String(160), unique=True)
    status: Mapped[str] = mapped_column(String(10), default="queued")
    provider: Mapped[str | None] = mapped_column(String(20))
    provider_id: Mapped[str | None] = mapped_column(String(64), index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text)
    segments: Mapped[int] = mapped_column(Integer)
    encoding: Mapped[str] = mapped_column(String(5))
    send_after: Mapped[datetime] = mapped_column(UTCDateTime)
    # The notice's own moment has passed after this: drop rather than send late.
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    unsolicited: Mapped[bool] = mapped_column(Boolean, default=True)
    impoundment_id: Mapped[int | None] = mapped_column(ForeignKey("impoundments.id"), index=True)
    broadcast_id: Mapped[int | None] = mapped_column(ForeignKey("broadcasts.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (Index("ix_outbound_status_send_after", "status", "send_after"),)


class InboundMessage(Base):
    """Every inbound SMS or USSD step, for audit and to answer a retried
    webhook exactly as the first time."""

    __tablename__ = "inbound_messages"

    id: Mapped[int] = mapped_column(primary_key=True)
    channel: Mapped[str] = mapped_column(String(8), default="sms")
    provider: Mapped[str] = mapped_column(String(20))
    provider_id: Mapped[str] = mapped_column(String(100))
    phone: Mapped[str] = mapped_column(String(32), index=True)
    text: Mapped[str] = mapped_column(Text)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime)
    reply_text: Mapped[str | None] = mapped_column(Text)
    outcome: Mapped[str | None] = mapped_column(String(32))

    __table_args__ = (UniqueConstraint("provider", "provider_id", name="uq_inbound_provider_id"),)


# --- issue 13: §190 removal orders.


class RemovalOrder(Base):
    """§190(1): a mamlatdar's order to remove cattle to a place by a date."""

    __tablename__ = "removal_orders"

    id: Mapped[int] = mapped_column(primary_key=True)
    taluka: Mapped[str] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(16))  # resident_dry (§190(1)(a)) | non_resident (§190(1)(b))
    place: Mapped[str] = mapped_column(String(200))
    deadline: Mapped[date] = mapped_column(Date)
    mamlatdar_id: Mapped[int] = mapped_column(ForeignKey("people.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    mamlatdar: Mapped[Person] = relationship()
    villages: Mapped[list[Village]] = relationship(secondary="removal_order_villages", order_by="Village.code")
    owners: Mapped[list["RemovalOrderOwner"]] = relationship(back_populates="order", order_by="RemovalOrderOwner.id")


class RemovalOrderVillage(Base):
    __tablename__ = "removal_order_villages"

    order_id: Mapped[int] = mapped_column(ForeignKey("removal_orders.id"), primary_key=True)
    village_id: Mapped[int] = mapped_column(ForeignKey("villages.id"), primary_key=True, index=True)


class RemovalOrderOwner(Base):
    """One owner named in a removal order, and what became of it: compliance,
    removal by the police (§190(2)), a fine the mamlatdar imposed (§190(3),
    recorded here, never imposed by Dabbo)."""

    __tablename__ = "removal_order_owners"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("removal_orders.id"), index=True)
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"), index=True)
    complied_on: Mapped[date | None] = mapped_column(Date)
    police_removed_on: Mapped[date | None] = mapped_column(Date)
    police_phone: Mapped[str | None] = mapped_column(String(20))
    fine_paise: Mapped[int | None] = mapped_column(Integer)
    fine_on: Mapped[date | None] = mapped_column(Date)

    order: Mapped[RemovalOrder] = relationship(back_populates="owners")
    person: Mapped[Person] = relationship()

    __table_args__ = (UniqueConstraint("order_id", "person_id", name="uq_removal_order_owner"),)
