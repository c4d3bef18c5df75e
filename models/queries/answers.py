"""What an owner's lookup answer depends on, read in one narrow statement.

An answer to FIND, FEES, the USSD "find animal" screen or the dues API is a
function of rows and of the moment asked: the impoundment, its release and
sale, its pound and village (names, time zone, §189 notification, the law
pack), the pound fee and daily rate in force on the seizure date, the §189
counts of the owner's seizures and the village's security scale. This
statement returns the *versions* of those rows, not their contents:
PostgreSQL's `xmin` of each row, which every committed INSERT, UPDATE or
DELETE of that row changes (whoever writes it: the ORM, a bulk statement,
plain SQL, another process), never back to an earlier value. The values
that are themselves computed by subqueries (fee, rate, counts, the scale's
rows) are returned as values. Equal keys mean equal inputs, so an answer
kept under its key (handlers/pound/answers.py) is never stale.

The key also carries the few plain columns the moment's part of the key is
worked out from (seizure time, deadlines, time zone) and what a watch needs
(status, whether there is a sale), so a remembered answer needs nothing else.

PostgreSQL only (`xmin` is its row version): elsewhere `available` is False
and every answer is computed as it always was.
"""
from __future__ import annotations

from collections import namedtuple

from sqlalchemy import bindparam, literal_column, or_, select
from sqlalchemy.orm import Session

from models.db import execute_core
from models.queries import held, normalise_tag, occasions
from models.queries import _FEE_IN_FORCE, _RATE_IN_FORCE, _SEIZURE_DATE, _with_schedules
from models.tables import Impoundment, Pound, Release, Sale, Village

_release = Release.__table__.alias("answer_release")
_sale = Sale.__table__.alias("answer_sale")
_pound = Pound.__table__.alias("answer_pound")
_village = Village.__table__.alias("answer_village")

# Every row of the village's scale, any version: a row added, changed or removed
# changes this text (ids and row versions, in id order).
_SCALE_ROWS = literal_column(
    "(SELECT string_agg(x.id || ':' || x.xmin::text, ',' ORDER BY x.id) FROM security_scale_rows x "
    "WHERE x.village_id = impoundments.village_id)")


def _over_the_animal(statement):
    """`statement` over the impoundments, with the animal's pound, village, release and sale
    (the aliases above) joined."""
    return (statement.select_from(Impoundment.__table__)
            .join(_pound, _pound.c.id == Impoundment.pound_id)
            .join(_village, _village.c.id == Impoundment.village_id)
            .outerjoin(_release, _release.c.impoundment_id == Impoundment.id)
            .outerjoin(_sale, _sale.c.impoundment_id == Impoundment.id))


def _by_tag(statement):
    """The same animal models.queries.impoundment_by_tag loads: the one in a pound, else the latest."""
    return (statement.where(or_(Impoundment.tag == bindparam("tag"), Impoundment.receipt == bindparam("tag")))
            .order_by((Impoundment.status == "impounded").desc(), Impoundment.seized_at.desc())
            .limit(1))


def _by_id(statement):
    return statement.where(Impoundment.id == bindparam("id"))


# The row versions of the animal, its release, sale, pound and village (NULL: no such row).
_VERSION = literal_column("impoundments.xmin::text").label("version")
_OTHER_VERSIONS = (
    literal_column("answer_release.xmin::text").label("release_version"),
    literal_column("answer_sale.xmin::text").label("sale_version"),
    literal_column("answer_pound.xmin::text").label("pound_version"),
    literal_column("answer_village.xmin::text").label("village_version"),
)

_KEY = _over_the_animal(
    select(
        Impoundment.id,
        _VERSION,
        Impoundment.status,
        Impoundment.seized_at,
        Impoundment.claim_deadline,
        Impoundment.auction_at,
        Impoundment.closed_at,
        Impoundment.reason,
        *_OTHER_VERSIONS,
        _village.c.timezone,
        _village.c.law,
        _village.c.law_schedule,
        _FEE_IN_FORCE.label("fee"),
        _RATE_IN_FORCE.label("rate"),
        occasions.IN_ROW[0].label("earlier_seizures"),
        occasions.IN_ROW[1].label("heads"),
        _SCALE_ROWS.label("scale"),
    )
)
_KEY_BY_TAG = _by_tag(_KEY)
_KEY_BY_ID = _by_id(_KEY)


# The same key beside the animal itself, for a tag or id this process has no answer for yet:
# what the key gives is then computed from this one statement's animal (its place, outcome,
# schedules and counts, as impoundment_by_tag loads it), never from a second round trip. The
# animal is read as plain values (models.queries.held): through the ORM, loading it cost about
# as much CPU as the rest of the request's database work (docs/PERFORMANCE.md, "Eighth pass").
_VERSIONS_IN_ROW = (_VERSION, *_OTHER_VERSIONS, _SCALE_ROWS)
_HELD = _over_the_animal(
    select(*Impoundment.__table__.c, *_village.c, *_pound.c, *_release.c, *_sale.c, _SEIZURE_DATE,
           _FEE_IN_FORCE, _RATE_IN_FORCE, *occasions.IN_ROW, *_VERSIONS_IN_ROW))
_HELD_BY_TAG = _by_tag(_HELD)
_HELD_BY_ID = _by_id(_HELD)


def available(session: Session) -> bool:
    """Row versions exist on PostgreSQL only."""
    return session.get_bind().dialect.name == "postgresql"


Key = namedtuple("Key", [column.name for column in _KEY.selected_columns])


def key_by_tag(session: Session, tag: str) -> Key | None:
    """The versions behind the animal `impoundment_by_tag` would load, or None."""
    tag = normalise_tag(tag)
    if not tag:
        return None
    row = execute_core(session, _KEY_BY_TAG, {"tag": tag}).first()
    return Key(*row) if row is not None else None


def key_by_id(session: Session, impoundment_id: int) -> Key | None:
    row = execute_core(session, _KEY_BY_ID, {"id": impoundment_id}).first()
    return Key(*row) if row is not None else None


def loaded_by_tag(session: Session, tag: str) -> tuple[held.HeldImpoundment, Key] | None:
    """The animal `impoundment_by_tag` loads, as plain values, and its key, in one statement."""
    tag = normalise_tag(tag)
    if not tag:
        return None
    return _loaded(session, execute_core(session, _HELD_BY_TAG, {"tag": tag}).first())


def loaded_by_id(session: Session, impoundment_id: int) -> tuple[held.HeldImpoundment, Key] | None:
    return _loaded(session, execute_core(session, _HELD_BY_ID, {"id": impoundment_id}).first())


def _loaded(session: Session, row) -> tuple[held.HeldImpoundment, Key] | None:
    if row is None:
        return None
    on, fee, rate, earlier, heads, version, release, sale, pound, village, scale = row[held.WIDTH:]
    animal = held.held(row)
    _with_schedules(session, (animal, on, fee, rate, earlier, heads))
    return animal, _key(animal, version, release, sale, pound, village, fee, rate, earlier, heads, scale)


def _key(i, version, release, sale, pound, village, fee, rate, earlier, heads, scale) -> Key:
    v = i.village
    return Key(i.id, version, i.status, i.seized_at, i.claim_deadline, i.auction_at, i.closed_at, i.reason,
               release, sale, pound, village, v.timezone, v.law, v.law_schedule, fee, rate, earlier, heads, scale)
