"""§190 removal orders (SPEC 11.3): a mamlatdar orders owners to
remove cattle to a place by a date; each owner is told by SMS and reminded 3
days and 1 day before; compliance, removal by the police (§190(2)) and a fine
(§190(3)) are recorded, never imposed by Dabbo.

Records change here (handlers.pound.records delegates this family to it); nothing
is committed: the caller commits once, so a refused order changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from handlers.pound import admin
from handlers.catalogue import day, t
from handlers.errors import Refused
from handlers.outbox import queue_message
from models import law
from models.law import sections
from models.tables import Animal, OutboundMessage, Person, RemovalOrder, RemovalOrderOwner, RemovalOrderVillage, Village

REMOVAL_ORDER = "removal_order"
REMOVAL_REMINDER = "removal_reminder"
MORNING_HOUR = 8


@dataclass(frozen=True)
class OwnerOutcome:
    """What the mamlatdar reports about one owner named in an order."""

    phone: str
    complied_on: date | None = None
    police_removed_on: date | None = None
    police_phone: str | None = None
    fine_paise: int | None = None
    fine_on: date | None = None
    rank: str | None = None          # §190(2): the removing police officer's rank


def create(session: Session, *, taluka: str, village_codes: list[str], kind: str, owner_phones: list[str],
           place: str, deadline: date, now: datetime, mamlatdar_phone: str | None = None,
           notification_ref: str | None = None, head_counts: dict[str, int] | None = None) -> RemovalOrder:
    """§190(1): the order, for villages of the mamlatdar's own taluka only, in an area the State
    has notified, naming only owners the section reaches (law.sections.may_be_ordered)."""
    if kind not in sections.REMOVAL_KINDS:
        raise Refused("bad_kind", "kind is resident_dry or non_resident", field="kind")
    if not (notification_ref or "").strip():
        raise Refused("not_notified", "section 190 applies only where the State has notified it: give "
                      "notification_ref", field="notification_ref", status=422)
    mamlatdar = _mamlatdar(session, taluka, mamlatdar_phone)
    villages = _villages_of(session, mamlatdar.taluka, village_codes)
    if deadline <= law.local_date(now, villages[0].timezone):
        raise Refused("deadline_passed", "the deadline must be a later date", field="deadline")
    owners = _owners(session, owner_phones, villages[0], now)
    heads = _head_counts(session, owners, kind, head_counts or {}, villages[0].country)
    order = RemovalOrder(taluka=mamlatdar.taluka, kind=kind, place=place.strip(), deadline=deadline,
                         mamlatdar_id=mamlatdar.id, created_at=now, notification_ref=notification_ref.strip())
    session.add(order)
    session.flush()
    for village in villages:
        session.add(RemovalOrderVillage(order_id=order.id, village_id=village.id))
    for owner in owners:
        session.add(RemovalOrderOwner(order_id=order.id, person_id=owner.id, head_count=heads[owner.id]))
        _tell(session, order, owner, villages[0].timezone, now)
    session.flush()
    session.refresh(order)
    return order


def record(session: Session, order: RemovalOrder, outcomes: list[OwnerOutcome], now: datetime) -> RemovalOrder:
    """What became of each owner named: complied, removed by the police
    (§190(2)), fined by the mamlatdar (§190(3), at most Rs 5,000)."""
    named = {row.person.phone: row for row in order.owners}
    for index, outcome in enumerate(outcomes):
        phone = admin.require_phone(outcome.phone, f"owners.{index}.phone")
        row = named.get(phone)
        if row is None:
            raise Refused("owner_not_named", f"{phone} is not named in this order", field=f"owners.{index}.phone")
        _apply(session, row, outcome, index, law.local_date(now, _timezone(order)))
        if row.complied_on or row.police_removed_on:
            _cancel_reminders(session, order, row.person, now)
    session.flush()
    return order


def _apply(session: Session, row: RemovalOrderOwner, outcome: OwnerOutcome, index: int, today: date) -> None:
    deadline = row.order.deadline
    if outcome.fine_paise is not None:
        if not sections.removal_fine_allowed(outcome.fine_paise):
            raise Refused("fine_over_limit", "a fine under section 190(3) is more than 0 and at most Rs 5,000",
                          field=f"owners.{index}.fine_paise")
        _after_deadline(deadline, outcome.fine_on or today, today, f"owners.{index}.fine_on")
        row.fine_paise, row.fine_on = outcome.fine_paise, outcome.fine_on or today
    if outcome.police_removed_on is not None:
        _after_deadline(deadline, outcome.police_removed_on, today, f"owners.{index}.police_removed_on")
        if not sections.may_remove(outcome.rank):
            raise Refused("rank_below_head_constable", "a police removal is by a Head-Constable or above "
                          "(section 190(2)): give rank", field=f"owners.{index}.rank", status=422)
        row.police_rank = outcome.rank
        if outcome.police_phone:
            officer = session.scalars(select(Person).where(
                Person.phone == admin.require_phone(outcome.police_phone, f"owners.{index}.police_phone"))).first()
            if officer is None or officer.role != "police":
                raise Refused("not_police", "police_phone is not a registered police officer (section 190(2))",
                              field=f"owners.{index}.police_phone")
            row.police_phone = officer.phone
        row.police_removed_on = outcome.police_removed_on
    if outcome.complied_on is not None:
        row.complied_on = outcome.complied_on


def _after_deadline(deadline: date, on: date, today: date, field: str) -> None:
    """§190(2)-(3): only after the order's period is over, and not on a day still to come."""
    if on > today:
        raise Refused("future_date", "that day has not come yet", field=field, status=422)
    if not sections.after_the_deadline(deadline, on):
        raise Refused("before_deadline", f"only after the deadline {deadline.isoformat()} (section 190(2)-(3))",
                      field=field, status=409)


def _head_counts(session: Session, owners: list[Person], kind: str, given: dict[str, int],
                 country: str) -> dict[int, int]:
    """Each owner's head of cattle, as the mamlatdar states it (`head_counts` by phone), else the
    animals registered to them; an owner the section does not reach is refused (§190(1))."""
    stated = {admin.require_phone(phone, "head_counts", country): count for phone, count in given.items()}
    heads = {}
    for index, owner in enumerate(owners):
        count = stated.get(owner.phone)
        if count is None:
            count = session.scalar(select(func.count(Animal.id)).where(Animal.owner_id == owner.id)) or 0
        if not sections.may_be_ordered(kind, count):
            why = "more than 20 head (section 190(1)(ii))" if kind == "non_resident" else "cattle to remove (190(1)(a))"
            raise Refused("owner_not_reached", f"{owner.phone} has {count} head: an order needs {why}",
                          field=f"owners.{index}", status=422)
        heads[owner.id] = count
    return heads


def _timezone(order: RemovalOrder) -> str:
    return order.villages[0].timezone if order.villages else law.DEFAULT_TZ


def _mamlatdar(session: Session, taluka: str, phone: str | None) -> Person:
    """The order's author: the mamlatdar named, who must be the taluka's; else
    the one registered for the taluka."""
    if phone:
        person = session.scalars(select(Person).where(
            Person.phone == admin.require_phone(phone, "mamlatdar_phone"))).first()
        if person is None or person.role != "mamlatdar":
            raise Refused("not_mamlatdar", "mamlatdar_phone is not a registered mamlatdar", field="mamlatdar_phone")
        if not _same(person.taluka, taluka):
            raise Refused("outside_taluka", f"the mamlatdar's taluka is {person.taluka}, not {taluka}", field="taluka")
        return person
    person = session.scalars(select(Person).where(Person.role == "mamlatdar").order_by(Person.id)).all()
    found = [p for p in person if _same(p.taluka, taluka)]
    if not found:
        raise Refused("no_mamlatdar", f"no mamlatdar is registered for taluka {taluka}", field="taluka")
    return found[0]


def _villages_of(session: Session, taluka: str, codes: list[str]) -> list[Village]:
    villages = []
    for index, code in enumerate(codes):
        village = admin.require_village(session, code)
        if not _same(village.taluka, taluka):
            raise Refused("village_outside_taluka", f"village {village.code} is not in taluka {taluka}",
                          field=f"villages.{index}")
        if village not in villages:
            villages.append(village)
    return villages


def _owners(session: Session, phones: list[str], village: Village, now: datetime) -> list[Person]:
    owners: list[Person] = []
    for index, raw in enumerate(phones):
        person = admin.person_for_phone(session, admin.require_phone(raw, f"owners.{index}", village.country), now,
                                        language=village.language)
        if person not in owners:
            owners.append(person)
    return owners


def _tell(session: Session, order: RemovalOrder, owner: Person, tz: str, now: datetime) -> None:
    """The order at once, and each reminder at 08:00 village time on its day."""
    lang = owner.language
    values = {"taluka": order.taluka[:30], "what": t(lang, f"removal.{order.kind}"), "place": order.place[:40],
              "deadline": day(order.deadline), "order": order.id}
    queue_message(session, to_phone=owner.phone, text=t(lang, "notice.removal_order", **values), language=lang,
                  kind=REMOVAL_ORDER, idempotency_key=f"{REMOVAL_ORDER}:{order.id}:{owner.id}", now=now,
                  person=owner)
    zone = ZoneInfo(tz)
    expires = datetime.combine(order.deadline + timedelta(days=1), time(0), zone)
    for days, on in sections.removal_reminder_dates(order.deadline, law.local_date(now, tz)).items():
        queue_message(session, to_phone=owner.phone, text=t(lang, "notice.removal_reminder", days=days, **values),
                      language=lang, kind=REMOVAL_REMINDER,
                      idempotency_key=f"{REMOVAL_REMINDER}:{order.id}:{owner.id}:{days}", now=now,
                      send_after=datetime.combine(on, time(MORNING_HOUR), zone), expires_at=expires, person=owner)


def _cancel_reminders(session: Session, order: RemovalOrder, owner: Person, now: datetime) -> None:
    """An owner who complied (or whose cattle the police removed) is not reminded."""
    session.execute(update(OutboundMessage).where(
        OutboundMessage.status == "queued",
        OutboundMessage.idempotency_key.like(f"{REMOVAL_REMINDER}:{order.id}:{owner.id}:%"))
        .values(status="cancelled", last_error="no longer applies: the order was carried out", updated_at=now),
        execution_options={"synchronize_session": False})


def _same(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and a.strip().casefold() == b.strip().casefold()
