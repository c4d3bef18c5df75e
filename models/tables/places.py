"""People and places: villages, pounds, the people Dabbo knows, their
registered animals, the schedules of fees and rates a pound charges (data,
versioned by `effective_from`), and the dashboard's sign-out generations."""
from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, Boolean, Date, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from models.db import Base, UTCDateTime
from models.law import packs

ROLES = ("owner", "keeper", "official", "mamlatdar", "police", "taluka")
LANGUAGES = ("gu", "hi", "en", "gul")


class Village(Base):
    __tablename__ = "villages"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    taluka: Mapped[str | None] = mapped_column(String(120))
    district: Mapped[str | None] = mapped_column(String(120))
    language: Mapped[str] = mapped_column(String(3), default="gu")
    # The name in other scripts ({"gu": ..., "en": ...}), earlier; `name` is the fallback.
    names: Mapped[dict] = mapped_column(JSON, default=dict, server_default="{}")
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
    # SPEC 13.4: the law the village's pounds run under (a pack in models/law/packs) and which
    # of that pack's schedules it follows; every village before packs is Gujarat's.
    law: Mapped[str] = mapped_column(String(40), default="gujarat_panchayats_1993",
                                     server_default="gujarat_panchayats_1993")
    law_schedule: Mapped[str] = mapped_column(String(40), default="village", server_default="village")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    pounds: Mapped[list["Pound"]] = relationship(back_populates="village")

    @property
    def pack(self) -> packs.Pack:
        """The values of the village's law with its schedule laid over them: what every rule
        applied to its impoundments reads (models.law.packs)."""
        return packs.rules(self.law or packs.DEFAULT_LAW, self.law_schedule)


class Pound(Base):
    __tablename__ = "pounds"

    id: Mapped[int] = mapped_column(primary_key=True)
    village_id: Mapped[int] = mapped_column(ForeignKey("villages.id"), index=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    names: Mapped[dict] = mapped_column(JSON, default=dict, server_default="{}")

    village: Mapped[Village] = relationship(back_populates="pounds")


class Person(Base):
    __tablename__ = "people"

    id: Mapped[int] = mapped_column(primary_key=True)
    phone: Mapped[str] = mapped_column(String(20), unique=True)  # E.164
    name: Mapped[str | None] = mapped_column(String(120))
    role: Mapped[str] = mapped_column(String(10), default="owner")
    language: Mapped[str] = mapped_column(String(3), default="gu")
    opted_out: Mapped[bool] = mapped_column(Boolean, default=False)
    village_id: Mapped[int | None] = mapped_column(ForeignKey("villages.id"), index=True)
    pound_id: Mapped[int | None] = mapped_column(ForeignKey("pounds.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # a mamlatdar (§190) and a Taluka Development Officer (role `taluka`, the district view)
    # are bound to a taluka, police to a village or a taluka.
    taluka: Mapped[str | None] = mapped_column(String(120))
    # §182(1): a keeper "approved by the Taluka Development Officer".
    approved_on: Mapped[date | None] = mapped_column(Date)
    approval_ref: Mapped[str | None] = mapped_column(String(120))

    village: Mapped[Village | None] = relationship()
    pound: Mapped[Pound | None] = relationship()

    # A village's first opted-in person (the dispatcher's probe of an auction's notice), one
    # index entry away (migration 0008).
    __table_args__ = (Index("ix_people_village_person", "village_id", "id"),)


class Animal(Base):
    """A registered animal: its ear tag (INAPH / Pashu Aadhaar) and its owner."""

    __tablename__ = "animals"

    id: Mapped[int] = mapped_column(primary_key=True)
    tag: Mapped[str] = mapped_column(String(32), unique=True)
    kind: Mapped[str] = mapped_column(String(16))
    owner_id: Mapped[int] = mapped_column(ForeignKey("people.id"), index=True)

    owner: Mapped[Person] = relationship()


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
    # §187(2): fixed "with previous approval of the District Panchayat".
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


class SessionGeneration(Base):
    """How many times an identity of the dashboard (`admin`, `official:<person
    id>`) has signed out. A session carries the generation it began in and is
    refused once sign-out has moved it on, so a copied cookie dies with the
    sign-out."""

    __tablename__ = "session_generations"

    identity: Mapped[str] = mapped_column(String(40), primary_key=True)
    generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
