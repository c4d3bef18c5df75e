"""§189(1)'s two counts for an animal's seizure, in SQL: the earlier occasions
of the owner's cattle in the village ("the number of times the cattle are
impounded", less this one) and the head in this occasion ("the number of
cattle impounded at a time"). An occasion is owner, pound and local date
(`Impoundment.seized_on`; SPEC 11.1), however many commands recorded it.

One home for the rule: `count_queries(subject)` builds both counts for any
subject with `owner_id`, `village_id`, `pound_id`, `seized_on` and
`seized_at`: bound parameters for one animal (`BOUND`, which
`models.queries.seizure_counts` runs on a FEES request) or the columns of the
impoundments themselves for a batch (`seizure_counts_many`, which the
dispatcher runs for thousands of claim reminders in one statement instead of
one query per animal). Both are the same SQL, so they cannot drift apart.

`remembering` lends a batch's counts to `queries.seizure_counts` for the
length of a `with` block (the dispatcher's texting loop, which only reads),
each one only while the animal's occasion columns are still those counted.

`IN_ROW` is the same pair correlated to the impoundment an outer query
loads: one animal's query (a FIND, FEES, USSD find, dues) carries its counts
(`read_with`), kept for that transaction only and dropped as soon as the
session holds an added, changed or deleted impoundment (a SEIZE of more
head, a new owner).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from types import SimpleNamespace
from typing import Iterable, Iterator

from sqlalchemy import Integer, String, bindparam, cast, false, func, or_, select
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql import Select

from models.db import among, kept_for_the_transaction, read_for_the_transaction
from models.tables import Impoundment

# One animal's occasion as bound parameters (see models.queries._seizure_params).
BOUND = SimpleNamespace(owner_id=bindparam("owner_id"), village_id=bindparam("village_id"),
                        pound_id=bindparam("pound_id"), seized_on=bindparam("seized_on"),
                        seized_at=bindparam("seized_at"))


def count_queries(subject, among=Impoundment) -> tuple[Select, Select]:
    """(earlier occasions, head in this occasion) of `subject`'s seizure, as
    two single-count SELECTs over the impoundments `among` (correlated to
    `subject` when one of the two is an alias of the table)."""
    # "pound/date" with `||` (not concat(), which SQLite, the first-run database, lacks).
    occasion_key = cast(among.pound_id, String) + "/" + cast(among.seized_on, String)
    earlier = select(func.count(func.distinct(occasion_key))).where(
        among.owner_id == subject.owner_id,
        among.village_id == subject.village_id,
        among.seized_at < subject.seized_at,
        or_(among.pound_id != subject.pound_id, among.seized_on != subject.seized_on),
        # law.counts_as_occasion: a seizure held illegal (§188(3)) and a §185(3) re-seizure are not.
        among.held_illegal == false(),
        among.reason.is_(None),
    )
    heads = select(func.count(among.id)).where(
        among.owner_id == subject.owner_id,
        among.pound_id == subject.pound_id,
        among.seized_on == subject.seized_on,
        among.reason.is_(None),
    )
    return earlier, heads


def normalised(owner_id: int | None, earlier: int | None, heads: int | None) -> tuple[int, int]:
    """An unknown owner has no earlier seizures and one head; a count the
    database has not seen yet (an unflushed animal) counts itself."""
    if owner_id is None:
        return 0, 1
    return earlier or 0, heads or 1


@dataclass(frozen=True)
class Counted:
    """A batch's counts for one animal, with the occasion columns they were counted for."""

    occasion: tuple[int | None, int, int, date, datetime]
    counts: tuple[int, int]


_SUBJECT = aliased(Impoundment, name="subject")
_SUBJECT_EARLIER, _SUBJECT_HEADS = count_queries(_SUBJECT)
_SUBJECT_COLUMNS = (_SUBJECT.owner_id, _SUBJECT.village_id, _SUBJECT.pound_id, _SUBJECT.seized_on,
                    _SUBJECT.seized_at)
_COUNTS_MANY = select(_SUBJECT.id, *_SUBJECT_COLUMNS, _SUBJECT_EARLIER.scalar_subquery(),
                      _SUBJECT_HEADS.scalar_subquery())
BATCH = 5000


def _occasion(impoundment) -> tuple:
    return (impoundment.owner_id, impoundment.village_id, impoundment.pound_id, impoundment.seized_on,
            impoundment.seized_at)


def seizure_counts_many(session: Session, ids: Iterable[int]) -> dict[int, Counted]:
    """{impoundment id: its counts}, for stored impoundments, one statement
    per BATCH ids (`= ANY(array)` on PostgreSQL: one statement text for any batch)."""
    ids = sorted(set(ids))
    found: dict[int, Counted] = {}
    for start in range(0, len(ids), BATCH):
        batch = ids[start:start + BATCH]
        for impoundment_id, *occasion, earlier, heads in session.execute(
                _COUNTS_MANY.where(among(session, _SUBJECT.id, batch, Integer))):
            found[impoundment_id] = Counted(tuple(occasion), normalised(occasion[0], earlier, heads))
    return found


_REMEMBERED = "dabbo.seizure_counts"


@contextmanager
def remembering(session: Session, counted: dict[int, Counted]) -> Iterator[None]:
    """Within the block, `remembered` answers from `counted` (see the module's
    docstring); outside it nothing is remembered."""
    session.info[_REMEMBERED] = counted
    try:
        yield
    finally:
        session.info.pop(_REMEMBERED, None)


def remembered(session: Session, impoundment: Impoundment) -> tuple[int, int] | None:
    """The counts lent by `remembering` for this animal, if its occasion is
    still the one they were counted for; else None (count it afresh)."""
    counted = session.info.get(_REMEMBERED)
    if not counted:
        return None
    found = counted.get(impoundment.id)
    if found is None or found.occasion != _occasion(impoundment):
        return None
    return found.counts


# --- the counts one animal's query carries ------------------------------------------

IN_ROW = tuple(query.scalar_subquery() for query in count_queries(
    Impoundment, among=aliased(Impoundment, name="other_seizure")))
_READ = "dabbo.seizure_counts_read"   # session.info: {impoundment id: (earlier, heads)}


def read_with(session: Session, impoundment: Impoundment, earlier: int | None, heads: int | None) -> None:
    """Keep the counts `IN_ROW` gave with `impoundment` for this transaction."""
    session.info.setdefault(_READ, {})[impoundment.id] = normalised(impoundment.owner_id, earlier, heads)


def known(session: Session, impoundment: Impoundment) -> tuple[int, int] | None:
    """The counts already known for this animal: lent by `remembering`, or
    read with it in this transaction while no impoundment has changed since;
    else None (count it afresh)."""
    lent = remembered(session, impoundment)
    if lent is not None:
        return lent
    return read_for_the_transaction(session, _READ, (Impoundment,)).get(impoundment.id)


kept_for_the_transaction(_READ, (Impoundment,))
