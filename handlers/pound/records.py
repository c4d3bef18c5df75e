"""The acts a pound's records are made of: seizure, release, sale, a fixed
auction. The admin API, keepers' SMS and USSD all come through here, so each
rule is applied in exactly one place.

Every function takes the session and `now`, changes rows, records an event on the impoundment's
timeline and asks `notices` for the messages that follow. It commits nothing: the caller commits
once, so a refused command changes nothing at all. What follows a release or sale in money (the
deposit's life, surplus payment, complaints) is in `handlers.pound.money`, with the same rules.
"""
from __future__ import annotations

import secrets
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from handlers import notices
from handlers.pound import approvals, declarations, refusals, register
from handlers.pound.entries import FUTURE_TOLERANCE, add_event, take_deposit
from handlers.pound.timeline import first_auction, first_deadline, fixed_auction, notice_posted, refuse_unless_auctioned
from handlers.catalogue.refusals import Moment, Named
from handlers.errors import Refused
from models import law, queries
from models.law import trespass
from models.db import on_postgresql
from models.queries import pending
from models.queries.disposal import for_auction
from models.tables import Animal, Deposit, Impoundment, Person, Pound, Release, Sale, Seizure, Village, Watch

RECEIPT_BASE = 100000


def refuse_before_act(seized_at: datetime, tz: str) -> None:
    """A seizure dated before the Act came into force (0001-01-01, a year typed short) is a typing
    mistake, never a record: refused before it reaches the register."""
    # Compared as moments: 0001-01-01 has no local date east of UTC (the year before it is 0).
    if seized_at < datetime.combine(law.ACT_IN_FORCE_FROM, time(), ZoneInfo(tz)):
        raise Refused("seizure_before_act", "seized_at lies before the Act came into force", field="seized_at",
                      in_force_from=law.ACT_IN_FORCE_FROM.isoformat())


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
    seizer: Person | None = None,
    place: str | None = None,
) -> list[Impoundment]:
    """Record animals taken to `pound` at one time (§184). `tags` holds one
    entry per animal: its ear tag, or None for an untagged animal (it gets a
    receipt number). Registered owners are found from the tag. `seizer`, the
    person who brought them (§184(1): anyone may), gets the register entry."""
    seized_at = seized_at or now
    if not law.kind_in_law(kind, pound.village.pack):   # a heifer in Gujarat: not a kind its Act names
        raise Refused("unknown_kind", f"unknown kind of cattle: {kind}", field="kind")
    if seized_at > now + FUTURE_TOLERANCE:
        raise Refused("future_seizure", "seized_at lies in the future", field="seized_at")
    refuse_before_act(seized_at, pound.village.timezone)
    _queue_on_tags(session, tags)
    clean_tags = _free_tags(session, tags)

    village = pound.village
    if seizure is None:
        seizure = Seizure(pound_id=pound.id, keeper_id=keeper.id if keeper else None, seized_at=seized_at, note=note,
                          seizer_phone=seizer.phone if seizer else None, place=place)
        session.add(seizure)
    elif seizure.pound_id != pound.id:
        raise Refused("seizure_pound_mismatch", "that seizure belongs to another pound", field="seizure", status=409)
    claim_deadline = first_deadline(seized_at, village.pack)
    made = [_impound_one(session, seizure, village, tag, kind, keeper, note, claim_deadline, now) for tag in clean_tags]
    session.flush()
    for owner_id in {i.owner_id for i in made if i.owner_id}:
        forfeit_deposits(session, owner_id, village, next(i for i in made if i.owner_id == owner_id), now)
    notices.after_seizure(session, made, now)
    if seizer is not None:
        register.send_copy(session, seizer, made, now)
    return made


def _impound_one(session: Session, seizure: Seizure, village: Village, tag: str | None, kind: str,
                 keeper: Person | None, note: str | None, claim_deadline: datetime, now: datetime) -> Impoundment:
    """One animal of a seizure into the register: its deadlines (§184, §186), its
    owner found by the tag, its receipt, and the timeline's first event."""
    animal = session.scalars(select(Animal).where(Animal.tag == tag)).first() if tag else None
    impoundment = Impoundment(
        seizure=seizure,
        pound_id=seizure.pound_id,
        village_id=village.id,
        tag=tag,
        kind=kind,
        keeper_id=keeper.id if keeper else None,
        owner_id=animal.owner_id if animal else None,
        seized_at=seizure.seized_at,
        seized_on=law.local_date(seizure.seized_at, village.timezone),
        status="impounded",
        claim_deadline=claim_deadline,
        auction_at=first_auction(claim_deadline, village),
        complaint_deadline=law.complaint_deadline(seizure.seized_at, village.timezone, pack=village.pack),
        note=note,
        # Unique until the id gives the real receipt: one shared placeholder made every
        # concurrent seizure wait on (and deadlock over) the receipt index.
        receipt=f"~{secrets.token_hex(7)}",
)
    _insert_held(session, impoundment)
    # The receipt a keeper writes on paper: short, digits only, typeable on USSD.
    impoundment.receipt = str(RECEIPT_BASE + impoundment.id)
    register.number(session, impoundment, village.timezone)
    add_event(session, impoundment, "seized", now, keeper.phone if keeper else None,
              seized_at=seizure.seized_at.isoformat(), kind=impoundment.kind, tag=tag)
    return impoundment


def already_held(held: Impoundment, tag: str) -> Refused:
    """The answer to a second seizure of a tag still in a pound: where and since when, said in
    the reader's words where the refusal is worded (the pound's name in their language)."""
    return Refused("already_impounded", f"tag {tag} is already in {held.pound.name} since {held.seized_at.isoformat()}",
                   field="tag", status=409, tag=tag, pound=Named.of(held.pound),
                   since=Moment(held.seized_at, held.village.timezone))


def _insert_held(session: Session, impoundment: Impoundment) -> None:
    """Insert in a savepoint of its own: when a concurrent seizure of the same
    tag committed first, the partial unique index `uq_impoundments_held_tag`
    refuses this row (the check above cannot see an uncommitted row), and the
    loser is answered like any second seizure."""
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


def _queue_on_tags(session: Session, tags: list[str | None]) -> None:
    """Seizures of the same tag take turns (a PostgreSQL advisory lock per
    tag, held to the end of the transaction, taken in one order): the second
    waits for the first to commit, then finds the tag held and is refused,
    instead of meeting it in the unique index while holding other locks
    (the pound's register row) and deadlocking."""
    if not on_postgresql(session):
        return
    for tag in sorted({queries.normalise_tag(t) for t in tags if t}):
        session.execute(select(func.pg_advisory_xact_lock(func.hashtext(f"dabbo:tag:{tag}"))))


def _free_tags(session: Session, tags: list[str | None]) -> list[str | None]:
    """The tags normalised, each listed once and none already in a pound."""
    clean_tags = [queries.normalise_tag(t) if t else None for t in tags]
    if any(tag is not None and not queries.tag_shape_ok(tag) for tag in clean_tags):
        raise Refused("bad_tag", "a tag is a 12-digit ear tag or a pound receipt number", field="tag")
    for tag in clean_tags:
        held = queries.impoundment_by_tag(session, tag) if tag else None
        if held is not None and held.status == "impounded":
            raise already_held(held, tag)
    if len(set(t for t in clean_tags if t)) != len([t for t in clean_tags if t]):
        raise Refused("duplicate_tag", "the same tag is listed twice", field="tag", status=409)
    return clean_tags


def forfeit_deposits(session: Session, owner_id: int, village: Village, impoundment: Impoundment,
                     now: datetime) -> list[Deposit]:
    """§189(2): a deposit still held when the owner's cattle are impounded again within six months
    is forfeited once the re-seizure's §188(1) complaint deadline has passed unchallenged (SPEC
    11.1); until then it is `forfeit_pending` (handlers.pound.money settles it). The remainder of a
    part forfeiture, and a deposit of this same occasion, are not forfeited."""
    pending = []
    held = session.scalars(select(Deposit).where(
        Deposit.owner_id == owner_id, Deposit.village_id == village.id, Deposit.status == "held",
        Deposit.parent_id.is_(None)))
    for deposit in held:
        taken_for = session.get(Impoundment, deposit.impoundment_id)
        if (taken_for.pound_id, taken_for.seized_on) == (impoundment.pound_id, impoundment.seized_on):
            continue  # one occasion (SPEC 11.1): not a re-impoundment
        if law.deposit_forfeited(deposit.deposited_at, impoundment.seized_at, village.timezone):
            deposit.status = "forfeit_pending"
            deposit.forfeited_by_id = impoundment.id
            deposit.forfeit_pending_until = impoundment.complaint_deadline
            add_event(session, impoundment, "deposit_forfeit_pending", now, deposit_id=deposit.id,
                      amount_paise=deposit.amount_paise, until=impoundment.complaint_deadline.isoformat())
            pending.append(deposit)
    return pending


def identify_owner(session: Session, impoundment: Impoundment, owner: Person, now: datetime) -> None:
    """An owner unknown at seizure proves the animal is theirs at claim; a
    deposit taken for it while they were unknown becomes theirs (SPEC 11.1)."""
    if impoundment.owner_id == owner.id:
        return
    impoundment.owner_id = owner.id
    impoundment.owner = owner
    add_event(session, impoundment, "owner_identified", now, owner.phone)
    if impoundment.tag and session.scalars(select(Animal).where(Animal.tag == impoundment.tag)).first() is None:
        session.add(Animal(tag=impoundment.tag, kind=impoundment.kind, owner_id=owner.id))
    for deposit in session.scalars(select(Deposit).where(Deposit.impoundment_id == impoundment.id,
                                                         Deposit.owner_id.is_(None))):
        deposit.owner_id = owner.id
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
    approvals.require_approved_keeper(session, impoundment, actor_phone, at)   # §182(1)
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
        total_paise=dues.total_paise, rounded_off_paise=dues.rounded_off_paise,
        protest_deadline=(law.dispute_deadline(impoundment.seized_at, at, village.timezone, pack=village.pack)
                      if under_protest else None),
)
    session.add(record)
    impoundment.status = "released"
    impoundment.closed_at = at
    if dues.security_paise:
        take_deposit(session, impoundment, dues.security_paise, at)
    declarations.declared_by_release(session, impoundment, at)   # §185(3): re-seized cattle only
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
    refused: bool = False,
) -> Sale:
    """§186(1): an animal unclaimed for seven days is sold at its auction;
    what the sale brings beyond the fee, expenses and sale expenses is the
    owner's surplus. §185(4) `refused`: the owner appeared and refused to pay,
    so the security due is deducted too and held as a deposit.
    §186(2): a keeper or panchayat official may not be the buyer."""
    at = at or now
    if impoundment.status != "impounded":
        raise Refused("not_impounded", "this animal is not in the pound", status=409, status_now=impoundment.status)
    refuse_unless_auctioned(impoundment)   # 1871 s.14 proviso: a gaushala's cow is not sold
    declarations.check_sale(session, impoundment, actor_phone, at)   # §182(1) keeper approved; §185(4)
    pack = impoundment.village.pack
    if pack.get("notice_required") and not notice_posted(session, impoundment):
        # 1871 s.14: unclaimed seven days "from the notice": no notice posted, no auction.
        raise Refused("no_notice", "the auction follows the police notice: none is recorded", field="at", status=409,
                      auction_at=impoundment.auction_at.isoformat())
    if not law.sale_allowed(at, impoundment.auction_at):
        # SPEC 11.1: the sale is the published auction (§186(1); 1871 s.14: seven days after the
        # notice), never before it.
        raise Refused("before_notice_auction" if trespass.two_stage(pack) else "before_auction", "the sale is the auction: not before the auction time", field="at",
                      status=409, auction_at=impoundment.auction_at.isoformat())
    if at > now + FUTURE_TOLERANCE:
        raise Refused("future_sale", "sale time lies in the future", field="at")
    if proceeds_paise < 0 or sale_expenses_paise < 0:
        raise Refused("negative_amount", "amounts cannot be negative", field="proceeds_paise")
    if buyer_phone:
        _check_buyer(session, buyer_phone, pack)
    dues = queries.dues_for(session, impoundment, at)
    village = impoundment.village
    # §185(4): the owner appeared and refused to pay: the security due comes off too.
    security = dues.security_paise if refused else 0
    record = Sale(
        impoundment=impoundment,
        sold_at=at,
        proceeds_paise=proceeds_paise,
        sale_expenses_paise=sale_expenses_paise,
        pound_fee_paise=dues.pound_fee_paise,
        expenses_paise=dues.expenses_paise,
        refused=refused,
        security_paise=security,
        surplus_paise=law.surplus_paise(proceeds_paise, dues.pound_fee_paise, dues.expenses_paise,
                                        sale_expenses_paise, security_paise=security),
        surplus_deadline=law.surplus_deadline(at, village.timezone, pack=pack),
        buyer_phone=buyer_phone,
)
    session.add(record)
    impoundment.status = "sold"
    impoundment.closed_at = at
    add_event(session, impoundment, "sold", now, actor_phone, proceeds_paise=proceeds_paise,
              surplus_paise=record.surplus_paise, refused=refused, security_paise=security)
    session.flush()
    refusals.after_refused_sale(session, impoundment, record, security, at, now)   # §185(4), §189
    notices.after_sale(session, impoundment, record, now)
    return record


def _check_buyer(session: Session, buyer_phone: str, pack) -> None:
    """§186(2) (1871: s.19): a keeper, official or police officer may not be the buyer."""
    buyer = queries.person_by_phone(session, buyer_phone)
    try:
        law.check_buyer(buyer.role if buyer else None, pack=pack)
    except law.BuyerBarred:
        raise Refused("buyer_barred_trespass" if trespass.two_stage(pack) else "buyer_barred",
                      "a pound keeper, official or police officer may not buy at the sale",
                      field="buyer_phone", status=422, section=pack.cite("barred_buyer_roles"))


def fix_auction(
    session: Session,
    village: Village,
    *,
    auction_at: datetime,
    now: datetime,
    place: str | None = None,
    place_en: str | None = None,
    actor_phone: str | None = None,
) -> list[Impoundment]:
    """An official fixes the auction for every animal of the village whose
    claim window closes before it. law.auction_at never lets it fall inside
    an animal's seven days. Under a two-stage law (1871 s.14) only the animals
    whose police notice is recorded are in it; one noticed later is sold at
    notice + the auction stage's hours, announced on that auction's eve."""
    if auction_at <= now:
        raise Refused("auction_in_past", "the auction time has already passed", field="at")
    animals = list(session.scalars(
        select(Impoundment).where(
            Impoundment.village_id == village.id,
            Impoundment.status == "impounded",
            Impoundment.claim_deadline < auction_at,
            for_auction(),   # 1871 s.14: noticed, of a kind the law auctions
).order_by(Impoundment.id)
))
    for impoundment in animals:
        impoundment.auction_fixed_at = auction_at
        impoundment.auction_place, impoundment.auction_place_en = place, place_en
        impoundment.auction_at = fixed_auction(impoundment, village, auction_at)
        add_event(session, impoundment, "auction_fixed", now, actor_phone, auction_at=auction_at.isoformat(),
                  place=place, place_en=place_en)
    session.flush()
    notices.after_auction_fixed(session, animals, now)
    return animals


def watch(session: Session, impoundment: Impoundment, person: Person | queries.KnownCaller, now: datetime) -> None:
    """The asker of a tag lookup gets that impoundment's reminders."""
    watch_animal(session, impoundment.id, impoundment.status, impoundment.sale is not None, person, now)


def watch_animal(session: Session, impoundment_id: int, status: str, sold: bool, person: Person | queries.KnownCaller,
                 now: datetime) -> None:
    """`watch` from the facts alone (an answer served from its key has no loaded row):
    reminders still to come, while held or after a sale (the surplus). Of `person`, only its id is read."""
    if status != "impounded" and not sold:
        return
    if person.id is None:
        session.flush()   # a stranger registered by this very lookup
    if on_postgresql(session):
        # Written with the lookup's audit row, or just before the commit (models.queries.pending).
        pending.add_watch(session, impoundment_id, person.id, now)
        return
    exists = session.scalar(select(Watch.id).where(
        Watch.impoundment_id == impoundment_id, Watch.person_id == person.id))
    if exists is None:
        session.add(Watch(impoundment_id=impoundment_id, person_id=person.id, created_at=now))
