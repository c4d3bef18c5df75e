"""1871 s.14 proviso, in SQL: a state may order another manner of disposal than the auction for a
kind (Chandigarh: cows and heifers to a gaushala). `auctioned()` is the condition an impoundment
meets when its village's law auctions its kind: the lists and notices of animals to be auctioned
read it, so a gaushala's cow is never announced for sale. Built from the packs' data (their
`disposal` per schedule), never from a law's name."""
from __future__ import annotations

from functools import lru_cache

from sqlalchemy import and_, not_, or_, select, true
from sqlalchemy.sql.elements import ColumnElement

from models.law import packs
from models.tables import Impoundment, Village


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
