"""1871 s.14 proviso, in SQL: a state may order another manner of disposal than the auction for a
kind (Chandigarh: cows and heifers to a gaushala). `auctioned()` is the condition an impoundment
meets when its village's law auctions its kind: the lists and notices of animals to be auctioned
read it, so a gaushala's cow is never announced for sale; `for_auction()` adds s.14's notice
(no notice recorded, no auction announced). Built from the packs' data (their `disposal` per
schedule, their `claim_stages`), never from a law's name."""
from __future__ import annotations

from functools import lru_cache

from sqlalchemy import and_, not_, or_, select, true
from sqlalchemy.sql.elements import ColumnElement

from models.law import packs
from models.tables import Event, Impoundment, Village


@lru_cache(maxsize=None)
def otherwise_disposed() -> tuple[tuple[str, str, bool, bool, tuple[str, ...]], ...]:
    """(law, schedule, is the default law, is the law's default schedule, kinds not auctioned)
    for every schedule of every pack that disposes of some kind otherwise."""
    found = []
    for law_id in packs.available():
        pack = packs.load(law_id)
        for schedule_id in pack.schedules:
            rules = packs.rules(law_id, schedule_id)
            kinds = tuple(sorted(kind for kind, manner in (rules.get("disposal") or {}).items() if manner != "auction"))
            if kinds:
                found.append((law_id, schedule_id, law_id == packs.DEFAULT_LAW, schedule_id == pack.default_schedule,
                              kinds))
    return tuple(found)


def auctioned() -> ColumnElement:
    """The impoundments whose kind their village's law sends to auction (s.14; every kind in a
    law without a `disposal`)."""
    others = []
    for law_id, schedule_id, default_law, default_schedule, kinds in otherwise_disposed():
        law_matches = or_(Village.law == law_id, Village.law.is_(None)) if default_law else Village.law == law_id
        schedule_matches = (or_(Village.law_schedule == schedule_id, Village.law_schedule.is_(None))
                            if default_schedule else Village.law_schedule == schedule_id)
        villages = select(Village.id).where(law_matches, schedule_matches)
        others.append(and_(Impoundment.kind.in_(kinds), Impoundment.village_id.in_(villages)))
    return not_(or_(*others)) if others else true()


@lru_cache(maxsize=None)
def noticed_laws() -> tuple[tuple[str, bool], ...]:
    """(law, is the default law) for every pack whose claim timeline has the police report and
    the notice before the auction (its `claim_stages`, s.14), read from the packs."""
    return tuple((law_id, law_id == packs.DEFAULT_LAW) for law_id in packs.available()
                 if "claim_stages" in packs.load(law_id).values)


def noticed() -> ColumnElement:
    """1871 s.14: the impoundments whose auction may be announced as their village's law has it:
    every one where the law has a single claim window (Gujarat §186(1)); where it has the two
    stages, only one whose police notice is recorded (its `auction_at` is then notice + the
    auction stage's hours): no notice, no auction, so none is announced."""
    laws = noticed_laws()
    if not laws:
        return true()
    law_ids = [law_id for law_id, _ in laws]
    matches = Village.law.in_(law_ids)
    if any(default for _, default in laws):
        matches = or_(matches, Village.law.is_(None))
    two_stage = select(Village.id).where(matches)
    notice = select(Event.id).where(Event.impoundment_id == Impoundment.id, Event.type == "notice_posted")
    return or_(Impoundment.village_id.not_in(two_stage), notice.exists())


# 1871 s.14: the events that show the keeper's report reached the police: the report recorded,
# or the officer's notice, which follows it.
REPORT_EVENTS = ("police_reported", "notice_posted")


def reported() -> ColumnElement:
    """1871 s.14: the impoundments whose report to the police is on record (the report itself, or
    the notice that follows it): no keeper is told to report them again, and the keeper's digest
    counts them neither due nor overdue."""
    return select(Event.id).where(Event.impoundment_id == Impoundment.id, Event.type.in_(REPORT_EVENTS)).exists()


def for_auction() -> ColumnElement:
    """The impoundments due to be auctioned at their `auction_at`, for every list and notice of
    the auctions: their kind goes to auction (`auctioned`) and, under a two-stage law, their
    police notice is recorded (`noticed`)."""
    return and_(auctioned(), noticed())
