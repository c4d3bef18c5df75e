"""Setting up a district: villages, pounds, people, animals and schedules.

Used by the admin API and the demo loader alike; each function validates,
writes rows and commits nothing (the caller does).
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from handlers.errors import Refused
from models import law, queries
from models.law import packs
from models.db import insert_on_conflict
from models.phones import normalise_phone
from models.tables import (
    Animal,
    DailyRate,
    Person,
    Pound,
    PoundFee,
    SecurityScaleRow,
    Village,
)


def require_kind(kind: str, field: str = "kind") -> str:
    kind = kind.strip().lower()
    if kind not in law.NAMED_KINDS:   # which of them a village takes is its pack's (handlers.pound.records)
        raise Refused("unknown_kind", f"unknown kind of cattle: {kind}", field=field, status=422)
    return kind


def require_village(session: Session, code: str) -> Village:
    village = queries.village_by_code(session, code)
    if village is None:
        raise Refused("unknown_village", f"no village with code {code}", field="village", status=404)
    return village


def require_pound(session: Session, code: str) -> Pound:
    pound = session.scalars(select(Pound).where(Pound.code == code.strip().upper())).first()
    if pound is None:
        raise Refused("unknown_pound", f"no pound with code {code}", field="pound", status=404)
    return pound


def require_phone(raw: str, field: str = "phone", region: str = "IN") -> str:
    phone = normalise_phone(raw, region)
    if phone is None:
        raise Refused("bad_phone", f"not a phone number: {raw}", field=field, status=422)
    return phone


def set_pound_fee(session: Session, kind: str, amount_paise: int, effective_from: date) -> PoundFee:
    """§187(1): a new version of the State's fee for one kind."""
    kind = require_kind(kind)
    row = session.scalars(select(PoundFee).where(PoundFee.kind == kind, PoundFee.effective_from == effective_from)).first()
    if row is None:
        row = PoundFee(kind=kind, effective_from=effective_from, amount_paise=amount_paise)
        session.add(row)
    row.amount_paise = amount_paise
    return row


def require_law(law_id: str, schedule: str | None) -> tuple[str, str]:
    """SPEC 13.4: a pack Dabbo holds and one of its schedules (none named = the pack's default)."""
    try:
        pack = packs.load(law_id)
    except ValueError:
        raise Refused("unknown_law", f"no law pack {law_id}", field="law", status=422) from None
    schedule = schedule or pack.default_schedule
    if schedule not in pack.schedules:
        raise Refused("unknown_schedule", f"law {law_id} has no schedule {schedule}",
                      field="law_schedule", status=422)
    return law_id, schedule


def set_village_law(session: Session, village: Village, law_id: str, schedule: str | None) -> Village:
    """SPEC 13.4: the village's pounds run under this law and schedule from now on."""
    village.law, village.law_schedule = require_law(law_id, schedule)
    session.flush()
    return village


def create_village(session: Session, *, code: str, name: str, now: datetime, taluka: str | None = None,
                   district: str | None = None, language: str = "gu", timezone: str = law.DEFAULT_TZ,
                   security_notified: bool = False, auction_hour: int = 11, forfeit_percent: int = 100,
                   security_notified_from: date | None = None, names: dict[str, str] | None = None,
                   law_id: str = packs.DEFAULT_LAW, law_schedule: str | None = None) -> Village:
    code = code.strip().upper()
    law_id, law_schedule = require_law(law_id, law_schedule)
    try:
        ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise Refused("bad_timezone", f"unknown timezone {timezone}", field="timezone")
    if queries.village_by_code(session, code) is not None:
        raise Refused("duplicate_village", f"village {code} exists", field="code", status=409)
    village = Village(code=code, name=name, taluka=taluka, district=district, language=language,
                      timezone=timezone, security_notified=security_notified, auction_hour=auction_hour,
                      security_notified_from=security_notified_from,
                      forfeit_percent=forfeit_percent, names=dict(names or {}), created_at=now,
                      law=law_id, law_schedule=law_schedule)
    session.add(village)
    session.flush()
    return village


def set_daily_rates(session: Session, village: Village, rates: dict[str, int], effective_from: date,
                    approval_ref: str | None = None) -> None:
    """§187(2): a new version of the village's daily rates, kind by kind,
    with the District Panchayat's approval reference when given."""
    for kind, amount_paise in rates.items():
        kind = require_kind(kind, field=f"rates.{kind}")
        row = session.scalars(select(DailyRate).where(
            DailyRate.village_id == village.id, DailyRate.kind == kind, DailyRate.effective_from == effective_from)).first()
        if row is None:
            row = DailyRate(village_id=village.id, kind=kind, effective_from=effective_from, amount_paise=amount_paise)
            session.add(row)
        row.amount_paise = amount_paise
        row.approval_ref = approval_ref


def set_security_scale(session: Session, village: Village, rows: list[dict], effective_from: date) -> None:
    """§189(1): a new version of the village's progressive scale (replaces a
    version with the same effective_from)."""
    session.execute(delete(SecurityScaleRow).where(
        SecurityScaleRow.village_id == village.id, SecurityScaleRow.effective_from == effective_from))
    for position, row in enumerate(rows):
        session.add(SecurityScaleRow(village_id=village.id, effective_from=effective_from, position=position, **row))


def create_pound(session: Session, village: Village, *, code: str, name: str,
                 names: dict[str, str] | None = None) -> Pound:
    code = code.strip().upper()
    if session.scalars(select(Pound).where(Pound.code == code)).first() is not None:
        raise Refused("duplicate_pound", f"pound {code} exists", field="code", status=409)
    pound = Pound(village_id=village.id, code=code, name=name, names=dict(names or {}))
    session.add(pound)
    session.flush()
    return pound


def create_person(session: Session, *, phone: str, name: str | None, role: str, village: Village | None,
                  now: datetime, pound: Pound | None = None, language: str | None = None,
                  taluka: str | None = None, approved_on: date | None = None,
                  approval_ref: str | None = None) -> Person:
    phone = require_phone(phone, region=village.country if village else "IN")
    if queries.person_by_phone(session, phone) is not None:
        raise Refused("duplicate_phone", f"{phone} is already registered", field="phone", status=409)
    taluka = check_binding(role, village, taluka)
    if (approved_on is None) != (approval_ref is None) or (approved_on and role != "keeper"):
        raise Refused("bad_approval", "a keeper's approval needs both approved_on and approval_ref (§182(1))",
                      field="approval_ref")
    if role == "keeper" and pound is None:
        raise Refused("keeper_needs_pound", "a keeper is bound to one pound", field="pound")
    if pound is not None and village is not None and pound.village_id != village.id:
        raise Refused("pound_not_in_village", "that pound belongs to another village", field="pound")
    person = Person(phone=phone, name=name, role=role, village_id=village.id if village else None,
                    pound_id=pound.id if pound else None, taluka=taluka, approved_on=approved_on,
                    approval_ref=approval_ref,
                    language=language or (village.language if village else "gu"), opted_out=False, created_at=now)
    session.add(person)
    session.flush()
    return person


def register_animal(session: Session, owner: Person, *, tag: str, kind: str) -> Animal:
    clean = queries.normalise_tag(tag)
    if not queries.tag_shape_ok(clean):
        raise Refused("bad_tag", "a tag is a 12-digit ear tag or a pound receipt number", field="tag")
    if session.scalars(select(Animal).where(Animal.tag == clean)).first() is not None:
        raise Refused("duplicate_tag", f"tag {clean} is already registered", field="tag", status=409)
    animal = Animal(tag=clean, kind=require_kind(kind), owner_id=owner.id)
    session.add(animal)
    session.flush()
    return animal


def person_for_phone(session: Session, phone: str, now: datetime, language: str | None = None) -> Person:
    """The person behind an inbound phone; a stranger becomes an owner on
    first contact (SPEC section 1: owners register themselves by querying)."""
    person = queries.person_by_phone(session, phone)
    if person is None:
        # Not check-then-insert: a new phone's first messages arrive at once, and
        # the losers of that race must be answered too. A row a
        # concurrent request inserted first is waited for and read back.
        session.execute(insert_on_conflict(session, Person).values(
            phone=phone, role="owner", language=language or "gu", opted_out=False, created_at=now,
).on_conflict_do_nothing(index_elements=["phone"]))
        person = queries.person_by_phone(session, phone)
    return person


# --- roles bound to a taluka, the §182 approval -------------------------------


def check_binding(role: str, village: Village | None, taluka: str | None) -> str | None:
    """Who is bound to what: a mamlatdar (§190) and a Taluka Development Officer to a taluka,
    police to a village or a taluka, everyone else to a village. Returns the taluka kept."""
    taluka = taluka.strip() if taluka else None
    if role == "mamlatdar":
        if not taluka:
            raise Refused("taluka_needed", "a mamlatdar is bound to a taluka", field="taluka")
        return taluka
    if role == "taluka":   # the Taluka Development Officer reads his taluka's district view
        if not taluka:
            raise Refused("officer_taluka_needed", "a Taluka Development Officer is bound to a taluka",
                          field="taluka")
        if village is not None:
            raise Refused("officer_no_village", "a Taluka Development Officer is bound to a taluka, not a village",
                          field="village")
        return taluka
    if role == "police":
        if village is None and not taluka:
            raise Refused("village_or_taluka_needed", "police are bound to a village or a taluka", field="village")
        return taluka or village.taluka
    if village is None:
        raise Refused("village_needed", f"a {role} is bound to a village", field="village")
    return None


def require_person(session: Session, raw_phone: str) -> Person:
    person = queries.person_by_phone(session, require_phone(raw_phone))
    if person is None:
        raise Refused("unknown_person", f"no person with phone {raw_phone}", field="phone", status=404)
    return person


def approve_keeper(person: Person, *, approved_on: date, approval_ref: str) -> None:
    """§182(1): keepers are persons "approved by the Taluka Development Officer"."""
    if person.role != "keeper":
        raise Refused("not_a_keeper", "only a pound keeper is approved by the TDO (section 182)", field="phone")
    person.approved_on = approved_on
    person.approval_ref = approval_ref.strip()
