"""§190 removal orders: a mamlatdar's order to remove cattle, the villages
it covers and what became of each owner it names."""
from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from models.db import Base, UTCDateTime
from models.tables.places import Person, Village


class RemovalOrder(Base):
    """§190(1): a mamlatdar's order to remove cattle to a place by a date."""

    __tablename__ = "removal_orders"

    id: Mapped[int] = mapped_column(primary_key=True)
    taluka: Mapped[str] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(16))  # resident_dry (§190(1)(a)) | non_resident (§190(1)(b))
    place: Mapped[str] = mapped_column(String(200))
    deadline: Mapped[date] = mapped_column(Date)
    # §190(1): the State's notification applying the section to the area (required from SPEC 12.5).
    notification_ref: Mapped[str | None] = mapped_column(String(120))
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
    # §190(2): the removing officer's rank (Head-Constable or above); §190(1): the head he keeps.
    police_rank: Mapped[str | None] = mapped_column(String(32))
    head_count: Mapped[int | None] = mapped_column(Integer)

    order: Mapped[RemovalOrder] = relationship(back_populates="owners")
    person: Mapped[Person] = relationship()

    __table_args__ = (UniqueConstraint("order_id", "person_id", name="uq_removal_order_owner"),)
