"""The claim timeline an impoundment follows, by its village's law: Gujarat's one seven-day
window before the auction (§186(1)), or the 1871 Act's two stages (s.14): unclaimed seven days,
the keeper reports to the police; the police officer's notice; the auction not before seven days
after it. Called by `handlers.pound.records`; commits nothing."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, func, select
from sqlalchemy.orm import Session

from handlers.catalogue.refusals import Moment
from handlers.errors import Refused
from handlers.pound.entries import FUTURE_TOLERANCE, add_event
from models import law
from models.db import among
from models.law import trespass
from models.tables import Event, Impoundment, Village


def first_deadline(seized_at: datetime, pack) -> datetime:
    """Gujarat §186(1): the end of the seven-day claim window. 1871 s.14: the moment the keeper's
    report to the police falls due (the owner may still claim until the auction)."""
    if trespass.two_stage(pack):
        return trespass.police_report_due(seized_at, pack)
    return law.claim_deadline(seized_at, pack=pack)


def first_auction(claim_deadline: datetime, village: Village) -> datetime:
    """Gujarat §186(1): the first auction hour after the window. 1871 s.14: the earliest the
    auction could be, a notice posted the instant the report fell due; the sale still waits for
    a notice (post_notice moves it to seven days after the real one)."""
    if trespass.two_stage(village.pack):
        return trespass.auction_not_before(claim_deadline, village.pack)
    return law.auction_at(claim_deadline, village.timezone, village.auction_hour, pack=village.pack)


def fixed_auction(impoundment: Impoundment, village: Village, auction_at: datetime) -> datetime:
    """An official's fixed auction as the animal's auction: Gujarat §186(1) honours it only after
    the claim window (law.auction_at); 1871 s.14 only from seven days after the notice."""
    if trespass.two_stage(village.pack):
        return max(impoundment.auction_at, auction_at)
    return law.auction_at(impoundment.claim_deadline, village.timezone, village.auction_hour, fixed_at=auction_at)


def post_notice(session: Session, impoundment: Impoundment, *, now: datetime, at: datetime | None = None,
                actor_phone: str | None = None) -> Impoundment:
    """1871 s.14: the police officer's notice (number and description, place seized, place
    impounded), posted once the keeper's report is due; the auction is then not before the
    auction stage's hours after it."""
    at = at or now
    village = impoundment.village
    pack = village.pack
    if not trespass.two_stage(pack):
        raise Refused("no_notice_stage", "this village's law has no police notice before the auction", status=409,
                      law=village.law)
    if impoundment.status != "impounded":
        raise Refused("not_impounded", "this animal is not in the pound", status=409, status_now=impoundment.status)
    if at > now + FUTURE_TOLERANCE:
        raise Refused("future_notice", "notice time lies in the future", field="at")
    if not trespass.notice_allowed(at, impoundment.seized_at, pack):
        raise Refused("before_police_report", "the notice follows the report to the police, due at the claim deadline",
                      field="at", status=409, claim_deadline=impoundment.claim_deadline.isoformat())
    reported = _recorded_report(session, impoundment)
    if reported is not None and at < reported:
        raise Refused("before_police_report", "the notice follows the keeper's recorded report to the police",
                      field="at", status=409, claim_deadline=impoundment.claim_deadline.isoformat(),
                      police_reported_at=reported.isoformat())
    impoundment.auction_at = trespass.auction_not_before(at, pack)
    if impoundment.auction_fixed_at is not None and impoundment.auction_fixed_at > impoundment.auction_at:
        impoundment.auction_at = impoundment.auction_fixed_at
    add_event(session, impoundment, "notice_posted", now, actor_phone, posted_at=at.isoformat(),
              auction_at=impoundment.auction_at.isoformat())
    session.flush()
    return impoundment


def report_to_police(session: Session, impoundment: Impoundment, *, now: datetime,
                     reported_at: datetime | None = None, actor_phone: str | None = None) -> Impoundment:
    """1871 s.14: the keeper's report to the officer in charge of the police station, made once
    the animal has been unclaimed for the report stage's hours (its `claim_deadline`), and made
    once: a second report, or one after the officer's notice (which proves the report reached
    him), is refused with the moment already on record."""
    at = reported_at or now
    village = impoundment.village
    tag = impoundment.tag or impoundment.receipt
    pack = village.pack
    if not trespass.two_stage(pack):
        raise Refused("no_notice_stage", "this village's law has no police report before the auction", status=409,
                      law=village.law, tag=tag)
    if impoundment.status != "impounded":
        raise Refused("not_impounded", "this animal is not in the pound", status=409, status_now=impoundment.status,
                      tag=tag)
    recorded = police_reported_at(session, impoundment)
    if recorded is not None:
        raise Refused("police_report_recorded", "the report to the police is already recorded", status=409,
                      police_reported_at=Moment(recorded, village.timezone), tag=tag)
    if at > now + FUTURE_TOLERANCE:
        raise Refused("future_police_report", "report time lies in the future", field="reported_at", tag=tag)
    due = trespass.police_report_due(impoundment.seized_at, pack)
    if not trespass.report_allowed(at, impoundment.seized_at, pack):
        raise Refused("before_police_report_due", "the report to the police falls due at the claim deadline",
                      field="reported_at", status=409, police_report_due=Moment(due, village.timezone), tag=tag)
    add_event(session, impoundment, "police_reported", now, actor_phone, reported_at=at.isoformat())
    session.flush()
    return impoundment


def police_reported_at(session: Session, impoundment: Impoundment) -> datetime | None:
    """1871 s.14: when the keeper's report to the police was made: the recorded report's moment;
    without one, the moment of the officer's notice, which the report preceded (the notice
    proves it reached him); None while neither is recorded (and always under a one-window law)."""
    return police_reports(session, [impoundment.id]).get(impoundment.id)


def police_reports(session: Session, impoundment_ids: list[int]) -> dict[int, datetime]:
    """`police_reported_at` of many animals in one read: {id: moment} of those with one."""
    reported = {}
    for impoundment_id, moments in _moments_of(session, impoundment_ids).items():
        moment = moments.get("police_reported") or moments.get("notice_posted")
        if moment is not None:
            reported[impoundment_id] = moment
    return reported


def _recorded_report(session: Session, impoundment: Impoundment) -> datetime | None:
    return _moments(session, impoundment).get("police_reported")


# The event recording each step of s.14 and the detail holding the moment it names.
_STEP_MOMENTS = {"police_reported": "reported_at", "notice_posted": "posted_at"}


def _moments(session: Session, impoundment: Impoundment) -> dict[str, datetime]:
    """{event type: the moment it names} of this animal's first report and first notice, in one read."""
    return _moments_of(session, [impoundment.id]).get(impoundment.id, {})


def _moments_of(session: Session, impoundment_ids: list[int]) -> dict[int, dict[str, datetime]]:
    """`_moments` of many animals, in one read."""
    found: dict[int, dict[str, datetime]] = {}
    if not impoundment_ids:
        return found
    for impoundment_id, type_, detail in session.execute(
            select(Event.impoundment_id, Event.type, Event.detail)
            .where(among(session, Event.impoundment_id, impoundment_ids, Integer), Event.type.in_(_STEP_MOMENTS))
            .order_by(Event.id)):
        moment = (detail or {}).get(_STEP_MOMENTS[type_])
        moments = found.setdefault(impoundment_id, {})
        if moment and type_ not in moments:
            moments[type_] = datetime.fromisoformat(moment)
    return found


def notice_posted(session: Session, impoundment: Impoundment) -> bool:
    """1871 s.14: whether the police notice of this animal has been recorded."""
    return session.scalar(select(func.count(Event.id)).where(Event.impoundment_id == impoundment.id,
                                                              Event.type == "notice_posted")) > 0


def disposal_of(impoundment: Impoundment) -> str:
    """1871 s.14 proviso: how the village's law disposes of this animal once its stages are over
    ("auction" unless the schedule orders another manner for its kind: "gaushala")."""
    return trespass.disposal(impoundment.kind, impoundment.village.pack)


def refuse_unless_auctioned(impoundment: Impoundment) -> None:
    """1871 s.14 proviso: an animal of a kind the schedule sends elsewhere (a cow to a gaushala)
    is never sold at the auction; the refusal says where it goes instead."""
    manner = disposal_of(impoundment)
    if manner != "auction":
        raise Refused(f"disposal_{manner}",
                      f"the village's law sends a {impoundment.kind} to a {manner}, not to auction",
                      field="kind", status=422, tag=impoundment.tag or impoundment.receipt,
                      disposal=manner, auction_at=impoundment.auction_at.isoformat(),
                      section=impoundment.village.pack.cite("disposal"))
