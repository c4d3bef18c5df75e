"""The acts a pound's records are made of: seizure, release, sale, a fixed
auction. The admin API, keepers' SMS and USSD all come through here, so each
rule is applied in exactly one place.

Every function takes the session and `now`, changes rows, records an event on
the impoundment's timeline and asks `notices` for the messages that follow.
It commits nothing: the caller commits once, so a refused command changes
nothing at all.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from handlers import notices
from handlers.catalogue import when
from handlers.errors import Refused
from models import law, queries
from models.tables import (
    Animal,
    Deposit,
    Event,
    Impoundment,
    Person,
    Pound,
    Release,
    Sale,
    Seizure,
    Village,
    Watch,
)

# A paper register entered late may carry a past time; a future one is a typo.
FUTURE_TOLERANCE = timedelta(minutes=5)
RECEIPT_BASE = 100000


def add_event(session: Session, impoundment: Impoundment, type_: str, at: datetime,
              actor_phone: str | None = None, **detail) -> None:
    session.add(Event(impoundment_id=impoundment.id, type=type_, at=at, actor_phone=actor_phone, detail=detail))


def seize(
    session: Session,
    *,
    pound: Pound,
    kind: str,
    tags: list[str | None],
    now: datetime,
    seized_at: datetime | None = None,
    keeper: Person | None = None,
    seizure: Seizure | None = None,
    note: str | None = None,
) -> list[Impoundment]:
    """Record animals taken to `pound` at one time (§184). `tags` holds one
    entry per animal: its ear tag, or None for an untagged animal (it gets a
    receipt number). Registered owners are found from the tag."""
    seized_at = seized_at or now
    if kind not in law.KINDS:
        raise Refused("unknown_kind", f"unknown kind of cattle: {kind}", field="kind")
    if seized_at > now + FUTURE_TOLERANCE:
        raise Refused("future_seizure", "seized_at lies in the future", field="seized_at")
    clean_tags = [queries.normalise_tag(t) if t else None for t in tags]
    for tag in clean_tags:
        held = queries.impoundment_by_tag(session, tag) if tag else None
        if held is not None and held.status == "impounded":
            raise already_held(held, tag)
    if len(set(t for t in clean_tags if t)) != len([t for t in clean_tags if t]):
        raise Refused("duplicate_tag", "the same tag is listed twice", field="tag", status=409)

    village = pound.village
    if seizure is None:
        seizure = Seizure(pound_id=pound.id, keeper_id=keeper.id if keeper else None, seized_at=seized_at, note=note)
        session.add(seizure)
    elif seizure.pound_id != pound.id:
        raise Refused("seizure_pound_mismatch", "that seizure belongs to another pound", field="seizure", status=409)
    claim_deadline = law.claim_deadline(seized_at)
    made = []
    for tag in clean_tags:
        animal = session.scalars(select(Animal).where(Animal.tag == tag)).first() if tag else None
        impoundment = Impoundment(
            seizure=seizure,
            pound_id=pound.id,
            village_id=village.id,
            tag=tag,
            kind=kind,
            keeper_id=keeper.id if keeper else None,
            owner_id=animal.owner_id if animal else None,
            seized_at=seizure.seized_at,
            status="impounded",
            claim_deadline=claim_deadline,
            auction_at=law.auction_at(claim_deadline, village.timezone, village.auction_hour),
            complaint_deadline=law.complaint_deadline(seizure.seized_at, village.timezone),
            note=note,
            receipt="pending",
        )
        _insert_held(session, impoundment)
        # The receipt a keeper writes on paper: short, digits only, typeable on USSD.
        impoundment.receipt = str(RECEIPT_BASE + impoundment.id)
        add_event(session, impoundment, "seized", now, keeper.phone if keeper else None,
                  seized_at=seizure.seized_at.isoformat(), kind=impoundment.kind, tag=tag)
        made.append(impoundment)
    session.flush()
    for owner_id in {i.owner_id for i in made if i.owner_id}:
        forfeit_deposits(session, owner_id, village, made[0], now)
    notices.after_seizure(session, made, now)
    return made


def already_held(held: Impoundment, tag: str) -> Refused:
    """The answer to a second seizure of a tag still in a pound: where and since when."""
    since = when(held.seized_at, held.village.timezone)
    return Refused("already_impounded", f"tag {tag} is already in {held.pound.name} since {since}", field="tag",
                   status=409, tag=tag, pound=held.pound.name, since=since)


def _insert_held(session: Session, impoundment: Impoundment) -> None:
    """Insert in a savepoint of its own: when a concurrent seizure of the same
    tag committed first, the partial unique index `uq_impoundments_held_tag`
    refuses this row (the check above cannot see an uncommitted row), and the
    loser is answered like any second seizure (issue 18 E)."""
    try:
        with session.begin_nested():
            session.add(impoundment)
            session.flush()
    except IntegrityError as exc:
        if "uq_impoundments_held_tag" not in str(exc.orig):
            raise
        held = queries.impoundment_by_tag(session, impoundment.tag)
        if held is None or held.status != "impounded":
            raise
        raise already_held(held, impoundment.tag) from None


def forfeit_deposits(session: Session, owner_id: int, village: Village, impoundment: Impoundment,
                     now: datetime) -> list[Deposit]:
    """§189(2): a deposit still held when the owner's cattle are impounded
    again within six months is forfeited, wholly or in the village's part."""
    forfeited = []
    held = session.scalars(
        select(Deposit).where(Deposit.owner_id == owner_id, Deposit.village_id == village.id, Deposit.status == "held")
    )
    for deposit in held:
        if law.deposit_forfeited(deposit.deposited_at, impoundment.seized_at, village.timezone):
            deposit.status = "forfeited"
            deposit.forfeited_paise = law.forfeit_amount_paise(deposit.amount_paise, village.forfeit_percent)
            deposit.forfeited_by_id = impoundment.id
            deposit.closed_at = now
            add_event(session, impoundment, "deposit_forfeited", now, deposit_id=deposit.id,
                      forfeited_paise=deposit.forfeited_paise)
            notices.after_deposit_forfeited(session, deposit, now)
            forfeited.append(deposit)
    return forfeited


def identify_owner(session: Session, impoundment: Impoundment, owner: Person, now: datetime) -> None:
    """An owner unknown at seizure proves the animal is theirs at claim."""
    if impoundment.owner_id == owner.id:
        return
    impoundment.owner_id = owner.id
    impoundment.owner = owner
    add_event(session, impoundment, "owner_identified", now, owner.phone)
    if impoundment.tag and session.scalars(select(Animal).where(Animal.tag == impoundment.tag)).first() is None:
        session.add(Animal(tag=impoundment.tag, kind=impoundment.kind, owner_id=owner.id))
    session.flush()
    forfeit_deposits(session, owner.id, impoundment.village, impoundment, now)


def release(
    session: Session,
    impoundment: Impoundment,
    *,
    now: datetime,
    at: datetime | None = None,
    owner: Person | None = None,
    under_protest: bool = False,
    actor_phone: str | None = None,
) -> Release:
    """§185: the animal goes back on payment of what is due at `at`; under
    protest (§185(2)) only the fee and expenses are taken."""
    at = at or now
    if impoundment.status != "impounded":
        raise Refused("not_impounded", "this animal is not in the pound", status=409, status_now=impoundment.status)
    if at < impoundment.seized_at:
        raise Refused("before_seizure", "release time is before the seizure", field="at")
    if at > now + FUTURE_TOLERANCE:
        raise Refused("future_release", "release time lies in the future", field="at")
    if owner is not None:
        identify_owner(session, impoundment, owner, now)
    dues = queries.dues_for(session, impoundment, at, under_protest=under_protest)
    village = impoundment.village
    record = Release(
        impoundment=impoundment,
        owner_id=impoundment.owner_id,
        released_at=at,
        under_protest=under_protest,
        days=dues.days,
        pound_fee_paise=dues.pound_fee_paise,
        expenses_paise=dues.expenses_paise,
        security_paise=dues.security_paise,
        total_paise=dues.total_paise,
        protest_deadline=law.protest_deadline(at, village.timezone) if under_protest else None,
    )
    session.add(record)
    impoundment.status = "released"
    impoundment.closed_at = at
    if dues.security_paise and impoundment.owner_id:
        session.add(Deposit(
            owner_id=impoundment.owner_id, village_id=village.id, impoundment_id=impoundment.id,
            amount_paise=dues.security_paise, deposited_at=at,
            refund_date=law.deposit_refund_date(at, village.timezone), status="held",
        ))
    add_event(session, impoundment, "released", now, actor_phone, total_paise=dues.total_paise,
              under_protest=under_protest, released_at=at.isoformat())
    session.flush()
    notices.after_release(session, impoundment, record, now)
    return record


def sell(
    session: Session,
    impoundment: Impoundment,
    *,
    proceeds_paise: int,
    now: datetime,
    at: datetime | None = None,
    sale_expenses_paise: int = 0,
    buyer_phone: str | None = None,
    actor_phone: str | None = None,
) -> Sale:
    """§186(1): an animal unclaimed for seven days is sold; what the sale
    brings beyond the fee, expenses and sale expenses is the owner's surplus.
    §186(2): a keeper or panchayat official may not be the buyer."""
    at = at or now
    if impoundment.status != "impounded":
        raise Refused("not_impounded", "this animal is not in the pound", status=409, status_now=impoundment.status)
    if at < impoundment.claim_deadline:
        # Reading: §186(1) allows a sale only once seven days have passed unclaimed.
        raise Refused("claim_window_open", "the seven-day claim window is still open", field="at", status=409,
                      claim_deadline=impoundment.claim_deadline.isoformat())
    if at > now + FUTURE_TOLERANCE:
        raise Refused("future_sale", "sale time lies in the future", field="at")
    if proceeds_paise < 0 or sale_expenses_paise < 0:
        raise Refused("negative_amount", "amounts cannot be negative", field="proceeds_paise")
    if buyer_phone:
        buyer = queries.person_by_phone(session, buyer_phone)
        try:
            law.check_buyer(buyer.role if buyer else None)
        except law.BuyerBarred:
            raise Refused("buyer_barred", "a pound keeper or panchayat official may not buy (section 186(2))",
                          field="buyer_phone", status=422)
    dues = queries.dues_for(session, impoundment, at)
    village = impoundment.village
    record = Sale(
        impoundment=impoundment,
        sold_at=at,
        proceeds_paise=proceeds_paise,
        sale_expenses_paise=sale_expenses_paise,
        pound_fee_paise=dues.pound_fee_paise,
        expenses_paise=dues.expenses_paise,
        surplus_paise=law.surplus_paise(proceeds_paise, dues.pound_fee_paise, dues.expenses_paise,
                                        sale_expenses_paise),
        surplus_deadline=law.surplus_deadline(at, village.timezone),
        buyer_phone=buyer_phone,
    )
    session.add(record)
    impoundment.status = "sold"
    impoundment.closed_at = at
    add_event(session, impoundment, "sold", now, actor_phone, proceeds_paise=proceeds_paise,
              surplus_paise=record.surplus_paise)
    session.flush()
    notices.after_sale(session, impoundment, record, now)
    return record


def fix_auction(
    session: Session,
    village: Village,
    *,
    auction_at: datetime,
    now: datetime,
    place: str | None = None,
    actor_phone: str | None = None,
) -> list[Impoundment]:
    """An official fixes the auction for every animal of the village whose
    claim window closes before it. law.auction_at never lets it fall inside
    an animal's seven days."""
    if auction_at <= now:
        raise Refused("auction_in_past", "the auction time has already passed", field="at")
    animals = list(session.scalars(
        select(Impoundment).where(
            Impoundment.village_id == village.id,
            Impoundment.status == "impounded",
            Impoundment.claim_deadline < auction_at,
        ).order_by(Impoundment.id)
    ))
    for impoundment in animals:
        impoundment.auction_fixed_at = auction_at
        impoundment.auction_place = place
        impoundment.auction_at = law.auction_at(impoundment.claim_deadline, village.timezone,
                                                village.auction_hour, fixed_at=auction_at)
        add_event(session, impoundment, "auction_fixed", now, actor_phone, auction_at=auction_at.isoformat(),
                  place=place)
    session.flush()
    notices.after_auction_fixed(session, animals, now)
    return animals


def watch(session: Session, impoundment: Impoundment, person: Person, now: datetime) -> None:
    """The asker of a tag lookup gets that impoundment's reminders."""
    if impoundment.status != "impounded" and impoundment.sale is None:
        return
    exists = session.scalar(select(Watch.id).where(
        Watch.impoundment_id == impoundment.id, Watch.person_id == person.id))
    if exists is None:
        session.add(Watch(impoundment_id=impoundment.id, person_id=person.id, created_at=now))
