"""The Act's outcomes that end or reopen an impoundment without the owner paying the usual dues
(SPEC 12.5): a seizure adjudged illegal (§188(3)), the §185(3) declaration and security after a
release under protest, and the re-seizure for want of them.

Bound by the rules of `handlers.records`: the session, plain values and `now` in; rows changed,
an event on the impoundment's timeline, the notices that follow; nothing committed.
"""
from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers.errors import Refused
from handlers.notices import outcomes as outcome_notices
from handlers.pound import records, timeline
from handlers.pound.declarations import occasion_of, security_required
from handlers.pound.entries import add_event, take_deposit
from models import law, queries
from models.law import trespass
from models.phones import normalise_phone
from models.tables import Deposit, Impoundment, Person, Release, Seizure

RESEIZURE = "s185_3"


# ---------------------------------------------------------------- §188(3): held illegal


def hold_illegal(session: Session, impoundment: Impoundment, decided_on: date, now: datetime) -> list[Release]:
    """§188(3): the seizure adjudged illegal. Every animal of the occasion stops counting as an
    earlier occasion or offence (law.counts_as_occasion); one still held is released on the
    magistrate's order with nothing to pay, the fee and expenses due from the seizer, and the
    auction fixed for it is cancelled (its notices are dropped at send time: it is released)."""
    released = []
    for animal in occasion_of(session, impoundment):
        animal.held_illegal = True
        if animal.status == "impounded":
            released.append(_release_by_court(session, animal, decided_on, now))
    session.flush()
    return released


def _release_by_court(session: Session, impoundment: Impoundment, decided_on: date, now: datetime) -> Release:
    dues = queries.dues_for(session, impoundment, now)
    court = law.court_release(dues.pound_fee_paise, dues.expenses_paise)
    record = Release(impoundment=impoundment, owner_id=impoundment.owner_id, released_at=now, under_protest=False,
                     days=dues.days, pound_fee_paise=dues.pound_fee_paise, expenses_paise=dues.expenses_paise,
                     security_paise=0, total_paise=court.owner_pays_paise, by_court=True,
                     seizer_owes_paise=court.seizer_owes_paise, rounded_off_paise=0)
    session.add(record)
    had_auction = impoundment.auction_fixed_at is not None
    impoundment.status, impoundment.closed_at = "released", now
    impoundment.auction_fixed_at = impoundment.auction_place = None
    add_event(session, impoundment, "released_by_court", now, decided_on=decided_on.isoformat(),
              seizer_owes_paise=court.seizer_owes_paise, auction_cancelled=True)
    session.flush()
    outcome_notices.after_court_release(session, impoundment, record, had_auction, now)
    return record


def return_forfeiture(session: Session, deposit: Deposit, now: datetime) -> int:
    """§188(3) after a settled §189(2) forfeiture: exactly what was forfeited goes back to the
    owner, once, as an entry of today; the forfeiture's own day stays as it was (SPEC 12.4)."""
    amount = law.forfeiture_to_return(deposit.forfeited_paise, deposit.returned_paise)
    if not amount:
        return 0
    deposit.returned_paise += amount
    deposit.returned_at = now
    reseizure = session.get(Impoundment, deposit.forfeited_by_id)
    add_event(session, reseizure, "forfeiture_returned", now, deposit_id=deposit.id, amount_paise=amount)
    session.flush()
    outcome_notices.after_forfeiture_returned(session, deposit, amount, now)
    return amount


# ---------------------------------------------------------------- §183(2)(b), §186(1)


def forfeit_on_conviction(session: Session, impoundment: Impoundment, *, convicted_on: date, now: datetime,
                          court: str | None = None) -> Impoundment:
    """§183(2)(b): "the cattle in respect of which the accused is convicted shall be forfeited to the
    State Government": the animal leaves the pound to the State, nothing is collected from the
    owner, and no auction follows (its notices are dropped at send time: it is no longer held).
    The owner is told."""
    if impoundment.status != "impounded":
        raise Refused("not_impounded", "this animal is not in the pound", status=409, status_now=impoundment.status)
    tz = impoundment.village.timezone
    if convicted_on < impoundment.seized_on or convicted_on > law.local_date(now, tz):
        raise Refused("bad_convicted_on", "convicted_on must lie between the seizure and today", field="convicted_on")
    impoundment.status, impoundment.closed_at = law.FORFEITED_ON_CONVICTION, now
    impoundment.auction_fixed_at = impoundment.auction_place = None
    add_event(session, impoundment, "forfeited_on_conviction", now, convicted_on=convicted_on.isoformat(), court=court)
    session.flush()
    outcome_notices.after_conviction(session, impoundment, convicted_on, now)
    return impoundment


# ---------------------------------------------------------------- 1871 s.14 proviso


def hand_over(session: Session, impoundment: Impoundment, *, to: str, now: datetime, at: datetime | None = None,
              actor_phone: str | None = None) -> Impoundment:
    """1871 s.14 proviso: an animal of a kind the schedule sends elsewhere (a cow to a gaushala) is
    handed over instead of auctioned, at the moment the auction could have been (the notice's
    seven days over; no notice, no handover). The impoundment closes; what the owner owed is not
    collected (docs/law-packs/cattle_trespass_1871.md). The owner is told once."""
    at = at or now
    if impoundment.status != "impounded":
        raise Refused("not_impounded", "this animal is not in the pound", status=409, status_now=impoundment.status)
    tag, pack = impoundment.tag or impoundment.receipt, impoundment.village.pack
    manner = timeline.disposal_of(impoundment)
    if manner == "auction":
        raise Refused("disposal_auction", f"the village's law auctions a {impoundment.kind}: record its sale",
                      field="to", status=422, tag=tag, auction_at=impoundment.auction_at.isoformat())
    if pack.get("notice_required") and not timeline.notice_posted(session, impoundment):
        raise Refused("no_notice_handover", "the handover follows the police notice: none is recorded",
                      field="handed_at", status=422, tag=tag, auction_at=impoundment.auction_at.isoformat())
    if not trespass.handover_allowed(at, impoundment.auction_at):
        raise Refused("before_notice_handover", "not before 7 days after the police notice (s.14)",
                      field="handed_at", status=422, tag=tag, auction_at=impoundment.auction_at.isoformat())
    if at > now + records.FUTURE_TOLERANCE:
        raise Refused("future_handover", "handed_at lies in the future", field="handed_at", status=422)
    owed = queries.dues_for(session, impoundment, at).total_paise
    impoundment.status, impoundment.closed_at, impoundment.handed_to = trespass.HANDED_OVER, at, to
    impoundment.auction_fixed_at = impoundment.auction_place = impoundment.auction_place_en = None
    add_event(session, impoundment, "handed_over", now, actor_phone, to=to, disposal=manner, handed_at=at.isoformat(),
              not_collected_paise=owed, section=pack.cite("disposal"))
    session.flush()
    outcome_notices.after_handover(session, impoundment, now)
    return impoundment


def authorised_officer(session: Session, impoundment: Impoundment, phone: str | None) -> str | None:
    """§186(1): proof of ownership is made "to the satisfaction of such officer as the panchayat
    authorises": when named, an official of the impoundment's village."""
    if not phone:
        return None
    officer = queries.person_by_phone(session, normalise_phone(phone, impoundment.village.country) or "")
    if officer is None or officer.role != "official" or officer.village_id != impoundment.village_id:
        raise Refused("not_authorised_officer", "accepted_by is not an official of this village (section 186(1))",
                      field="accepted_by", status=422)
    return officer.phone


# ---------------------------------------------------------------- §185(3): declaration and security


def record_declaration(session: Session, impoundment: Impoundment, *, declared_on: date, security_paise: int,
                       now: datetime, actor_phone: str | None = None) -> Release:
    """§185(3): after a release under protest, the owner makes the declaration and deposits the
    security the scale asks. Recorded once; the deposit lives like any other (§189(2))."""
    release = impoundment.release
    if release is None or not release.under_protest:
        raise Refused("not_protest_release", "only after a release under protest (section 185(3))", status=409)
    if release.declared_on is not None:
        raise Refused("declaration_exists", "the declaration is already recorded", status=409)
    tz = impoundment.village.timezone
    if declared_on < law.local_date(release.released_at, tz) or declared_on > law.local_date(now, tz):
        raise Refused("bad_declared_on", "declared_on must lie between the release and today", field="declared_on")
    required = security_required(session, impoundment)
    if security_paise != required:
        raise Refused("wrong_security", f"the security due is {required} paise", field="security_paise",
                      status=422, security_due_paise=required)
    release.declared_on, release.declared_at, release.declared_security_paise = declared_on, now, security_paise
    if security_paise:
        take_deposit(session, impoundment, security_paise, now)
    add_event(session, impoundment, "declaration_made", now, actor_phone, declared_on=declared_on.isoformat(),
              security_paise=security_paise)
    session.flush()
    return release


def protest_release_for_tag(session: Session, tag: str) -> Impoundment | None:
    """The latest release under protest of this tag still waiting for its declaration."""
    return session.scalars(select(Impoundment).join(Release, Release.impoundment_id == Impoundment.id).where(
        Impoundment.tag == queries.normalise_tag(tag), Release.under_protest.is_(True),
        Release.declared_on.is_(None)).order_by(Impoundment.id.desc()).limit(1)).first()


def reseize(session: Session, first: Impoundment, *, now: datetime, keeper: Person | None = None,
            seized_at: datetime | None = None, note: str | None = None) -> Impoundment:
    """§185(3): "the cattle delivered to him under sub-section (2) shall be seized again for the
    purposes of sub-section (4)" when the declaration and security are not made once due.
    Recorded as such (`reason` s185_3): it asks for the security alone, and starts no new fee,
    no new expenses and no new auction clock (§185(4) sells only at an auction fixed for it)."""
    release = first.release
    seized_at = seized_at or now
    if release is None or not release.under_protest or release.declared_on is not None:
        raise Refused("not_reseizable", "only cattle released under protest and still without the declaration",
                      field="tag", status=409)
    village = first.village
    records.refuse_before_act(seized_at, village.timezone)
    complaint = queries.occasion_complaint(session, first)
    notified = law.security_notified_on(village.security_notified, village.security_notified_from, first.seized_on)
    due_from = law.security_due_from(release.protest_deadline, notified, complaint is not None,
                                     complaint.outcome if complaint else None,
                                     complaint.decided_on if complaint else None)
    if due_from is None or law.local_date(seized_at, village.timezone) < due_from:
        raise Refused("security_not_due", "the declaration and security are not due yet (section 185(3))",
                      field="reason", status=409, due_from=due_from.isoformat() if due_from else None)
    if seized_at > now + records.FUTURE_TOLERANCE:
        raise Refused("future_seizure", "seized_at lies in the future", field="seized_at")
    records._queue_on_tags(session, [first.tag])
    records._free_tags(session, [first.tag])
    seizure = Seizure(pound_id=first.pound_id, keeper_id=keeper.id if keeper else None, seized_at=seized_at, note=note)
    session.add(seizure)
    # No new claim window and no auction until an official fixes one (records.sell refuses before).
    again = records._impound_one(session, seizure, village, first.tag, first.kind, keeper, note, seized_at, now)
    again.reason, again.reseizure_of_id, again.owner_id = RESEIZURE, first.id, first.owner_id
    again.claim_deadline = again.auction_at = seized_at
    add_event(session, again, "seized_for_declaration", now, keeper.phone if keeper else None, reseizure_of=first.id,
              security_paise=security_required(session, first))
    session.flush()
    outcome_notices.after_reseizure(session, again, security_required(session, first), now)
    return again
