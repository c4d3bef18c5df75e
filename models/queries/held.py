"""An animal as an owner's lookup reads it: plain values, no ORM.

FIND, FEES, the USSD find and the dues API read one impoundment with its village,
pound, release and sale, and compute the answer from them; nothing is written to
them. Loaded through the ORM (identity map, instance state, the joined
relationships' loaders), that animal cost about as much CPU as everything else the
request did with the database (docs/PERFORMANCE.md, "Eighth pass"). These classes carry
every column of their table under the ORM attribute's name (the same names here)
and the ORM classes' properties (`Village.pack`, `Sale.surplus_cash_paise`), so the
code that computes an answer (models.queries.act_dues, handlers.pound.facts, the
replies, the dues' JSON) reads one as it reads the ORM rows: every rule of the money
still runs through the same functions, on the same values. A release or sale that
does not exist is None, as the ORM's would be.

The relationships no answer reads (the seizure, the owner, the keeper) are not
carried: asking for one is an AttributeError, which a test shows, never a wrong
figure. Whatever changes an animal loads it through the ORM
(queries.impoundment_by_tag), never from here.
"""
from __future__ import annotations

from dataclasses import make_dataclass

from models.tables import Impoundment, Pound, Release, Sale, Village


def _columns(model) -> list[str]:
    return [column.key for column in model.__table__.columns]


HeldVillage = make_dataclass("HeldVillage", _columns(Village), frozen=True, slots=True,
                             namespace={"pack": Village.pack, "__doc__": "A village's columns, and its law's pack."})
HeldPound = make_dataclass("HeldPound", _columns(Pound), frozen=True, slots=True,
                           namespace={"__doc__": "A pound's columns."})
HeldRelease = make_dataclass("HeldRelease", _columns(Release), frozen=True, slots=True,
                             namespace={"__doc__": "A release's columns."})
HeldSale = make_dataclass("HeldSale", _columns(Sale), frozen=True, slots=True, namespace={
    "surplus_cash_paise": Sale.surplus_cash_paise, "__doc__": "A sale's columns, and its surplus as paid out."})
HeldImpoundment = make_dataclass(
    "HeldImpoundment", [*_columns(Impoundment), "village", "pound", "release", "sale"], frozen=True,
    slots=True, namespace={"__doc__": "An impoundment's columns with its village, pound, release and sale."})

# The columns `held` reads, in this order: what a statement selects first.
PARTS = ((Impoundment, None), (Village, HeldVillage), (Pound, HeldPound), (Release, HeldRelease), (Sale, HeldSale))
WIDTH = sum(len(model.__table__.columns) for model, _ in PARTS)
_IMPOUNDMENT_WIDTH = len(Impoundment.__table__.columns)


def _slices() -> tuple[tuple[type, slice], ...]:
    bounds, start = [], _IMPOUNDMENT_WIDTH
    for model, plain in PARTS[1:]:
        end = start + len(model.__table__.columns)
        bounds.append((plain, slice(start, end)))
        start = end
    return tuple(bounds)


_SLICES = _slices()   # (class, its columns' place in the row) after the impoundment's


def held(row) -> HeldImpoundment:
    """The animal from the first `WIDTH` values of `row`: the impoundment's columns, then
    its village's, pound's, release's and sale's, each in its table's column order (a
    release or sale whose columns are all NULL, an outer join's nothing, is None)."""
    parts = [plain(*row[where]) if row[where.start] is not None else None   # the first column is the id
             for plain, where in _SLICES]
    return HeldImpoundment(*row[:_IMPOUNDMENT_WIDTH], *parts)
