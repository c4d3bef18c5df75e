"""The ranges integer columns hold, checked before anything reaches the database.

Why: PostgreSQL refuses an `integer` past 2,147,483,647 (`NumericValueOutOfRange`), and a value
that only fails at the database fails as a 500, after the work is done, naming nothing. An
amount (`{"amount_paise": 2147483648}`, Rs 999,999,999 on a form) or an id
(`/impoundments/2147483648/dues`) past its column is a mistake of the sender, to be answered
with the field named. The edges check what they read (the API's schemas, the forms' readers,
the ids in paths: `fits`); and every flush checks every integer column of every row it writes
(`guard_flush`), so an amount computed from others (days x a daily rate) that outgrows its
column is refused the same way instead of failing in the database.

Pure: no Flask, no settings; `OutOfRange` carries what an edge needs to answer (the shape of
`handlers.errors.Refused`, which models may not import).
"""
from __future__ import annotations

from sqlalchemy import BigInteger, Integer, SmallInteger, inspect
from sqlalchemy.orm import Session

INT4_MIN, INT4_MAX = -2**31, 2**31 - 1
INT8_MIN, INT8_MAX = -2**63, 2**63 - 1
INT2_MIN, INT2_MAX = -2**15, 2**15 - 1


class OutOfRange(ValueError):
    """An integer past the range of the column it is for: a 422 naming the field."""

    status = 422
    code = "out_of_range"

    def __init__(self, field: str, value: int, low: int, high: int) -> None:
        self.field, self.value, self.low, self.high = field, value, low, high
        self.message = f"{field} must be between {low} and {high}"
        self.detail = {"field": field, "max": high}
        super().__init__(self.message)


def fits(value: int, low: int = INT4_MIN, high: int = INT4_MAX) -> bool:
    """Whether `value` fits an `integer` column (or the range given)."""
    return isinstance(value, int) and low <= value <= high


def column_range(column_type) -> tuple[int, int] | None:
    if isinstance(column_type, BigInteger):
        return INT8_MIN, INT8_MAX
    if isinstance(column_type, SmallInteger):
        return INT2_MIN, INT2_MAX
    if isinstance(column_type, Integer):
        return INT4_MIN, INT4_MAX
    return None


def check_row(row: object) -> None:
    """Raise OutOfRange for the first integer attribute of `row` its column cannot hold."""
    mapper = inspect(row).mapper
    for attribute in mapper.column_attrs:
        column = attribute.columns[0]
        bounds = column_range(column.type)
        if bounds is None:
            continue
        value = getattr(row, attribute.key, None)
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        if not bounds[0] <= value <= bounds[1]:
            raise OutOfRange(attribute.key, value, *bounds)


def guard_flush(session: Session, _flush_context, _instances) -> None:
    """`before_flush`: every row about to be inserted or updated has each integer in range."""
    for row in list(session.new) + list(session.dirty):
        check_row(row)
