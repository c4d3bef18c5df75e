"""A lookup's hottest statements run straight on psycopg: the same SQL, fewer layers.

An owner's FIND, FEES, USSD find or the dues API sends a few statements, each built
once at import (the answer's key, the audit row). SQLAlchemy's Core path around each
costs several times what psycopg itself does (its execution context, result metadata,
row objects, events): measured per statement, about 80 µs of CPU against psycopg's 40.
Here a statement is compiled once per process by SQLAlchemy itself (the same SQL
text, bound parameters and type processing it would send) and then run on the
session's own psycopg connection: in its transaction, or outside one as
`models.db.lookup_reads` left it, so nothing about transactions changes.

It is compiled with PostgreSQL's own placeholders (`$1`, SQLAlchemy's "numeric_dollar")
and sent as bytes through psycopg's RawCursor: psycopg then has nothing to convert. With
`%(name)s` placeholders psycopg re-encodes and hashes the text on every run, and parses it
again with a regular expression when it is longer than the 4 kB it caches (the animal's
statement is 4.5 kB): a third of what psycopg spent on that statement.

What SQLAlchemy would add that matters here is kept:
* the columns' and parameters' type processing (UTCDateTime's UTC, for instance);
* its exceptions: a psycopg error comes out as SQLAlchemy's (an IntegrityError stays
  an IntegrityError for the callers that answer a retry from storage), and a
  connection that broke is invalidated, as SQLAlchemy does;
* its `before_cursor_execute` listeners, where any are registered (tests and the
  bench count statements that way; production registers none, and then nothing is
  dispatched: SQLAlchemy too skips dispatch when nobody listens).
A statement SQLAlchemy would expand at run time (an IN list, a literal rendered per
call), whose parameter names it must escape, or that needs a column default computed in
Python is run through SQLAlchemy as before.
"""
from __future__ import annotations

import copy
import logging
import threading
from typing import NamedTuple

import psycopg
from sqlalchemy import exc
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

log = logging.getLogger(__name__)

class _Plan(NamedTuple):
    sql: str                              # with $1, $2...: for listeners and errors
    query: bytes                          # the same, as psycopg sends it
    names: tuple                          # the parameter behind $1, $2...
    compiled: object                     # SQLAlchemy's Compiled: construct_params
    bind_processors: tuple                # (name, function) for parameters that need one
    result_processors: tuple              # (column index, function) for columns that need one


_PLANS: dict[tuple[int, str], _Plan | None] = {}
_PLANS_LOCK = threading.Lock()
# The statements built once at import are a few dozen. Past this many, some caller builds
# one per call, each of which would be kept for ever: those run through SQLAlchemy.
MAX_PLANS = 512


def _plannable(compiled) -> bool:
    binds = compiled.binds.values()
    return (not compiled.escaped_bind_names and not any(b.expanding or b.literal_execute for b in binds)
            # Python-side column defaults are computed by SQLAlchemy's execution context
            and not getattr(compiled, "insert_prefetch", None) and not getattr(compiled, "update_prefetch", None))


def _plan(statement, dialect) -> _Plan | None:
    """The statement as SQLAlchemy compiles it for `dialect`, or None where it must run
    through SQLAlchemy. Statements are module-level constants: kept by id, with the
    statement itself held so the id is never reused."""
    key = (id(statement), dialect.name)
    plan = _PLANS.get(key, _MISSING)
    if plan is not _MISSING:
        return plan
    if len(_PLANS) >= MAX_PLANS:
        log.warning("more than %d statements run straight: one is built per call, and runs through SQLAlchemy",
                    MAX_PLANS)
        return None
    plan = None
    # Elsewhere (SQLite, the first run's database) through SQLAlchemy, and not compiled here.
    compiled = statement.compile(dialect=_dollar(dialect)) if dialect.name == "postgresql" else None
    if compiled is not None and _plannable(compiled):
        binds = compiled.binds.values()
        bind_processors = tuple({
            compiled.bind_names[b]: processor for b in binds
            if (processor := b.type.dialect_impl(dialect).bind_processor(dialect)) is not None}.items())
        result_processors = tuple(
            (index, processor) for index, column in enumerate(compiled._result_columns)
            if (processor := column[3].dialect_impl(dialect).result_processor(dialect, None)) is not None)
        plan = _Plan(compiled.string, compiled.string.encode(), tuple(compiled.positiontup or ()), compiled,
                     bind_processors, result_processors)
    with _PLANS_LOCK:
        _PLANS[key] = plan
        _KEPT.append(statement)
    return plan


_MISSING = object()
_KEPT: list = []
_DOLLAR_DIALECTS: dict = {}


def _dollar(dialect):
    """`dialect` (as the engine initialised it) compiling `$1` placeholders: the same SQL
    otherwise, `%` no longer doubled (RawCursor sends the text as it is)."""
    dollar = _DOLLAR_DIALECTS.get(id(dialect))
    if dollar is None:
        dollar = copy.copy(dialect)
        dollar.paramstyle, dollar.positional = "numeric_dollar", True
        dollar.identifier_preparer = dollar.preparer(dollar)
        _DOLLAR_DIALECTS[id(dialect)] = dollar
        _KEPT.append(dialect)   # its id is never reused
    return dollar


class Rows:
    """What a statement returned, as SQLAlchemy's Result offers it to these callers."""

    __slots__ = ("_cursor", "_processors")

    def __init__(self, cursor, processors) -> None:
        self._cursor, self._processors = cursor, processors

    def first(self) -> tuple | None:
        row = self._cursor.fetchone()
        self._cursor.close()
        return row if row is None else self._processed(row)

    def all(self) -> list[tuple]:
        rows = self._cursor.fetchall()
        self._cursor.close()
        return [self._processed(row) for row in rows]

    def _processed(self, row: tuple) -> tuple:
        if not self._processors:
            return row
        values = list(row)
        for index, processor in self._processors:
            if values[index] is not None:
                values[index] = processor(values[index])
        return tuple(values)


def execute(session: Session, statement, params: dict):
    """`statement` with `params` on the session's connection: a `Rows`, or SQLAlchemy's
    Result where the statement cannot run straight (see the module's docstring)."""
    connection = session.connection()
    dialect = connection.dialect
    plan = _plan(statement, dialect)
    if plan is None:
        return connection.execute(statement, params)
    named = plan.compiled.construct_params(params)
    for name, processor in plan.bind_processors:
        named[name] = processor(named[name])
    values = [named[name] for name in plan.names]
    cursor = psycopg.RawCursor(connection.connection.driver_connection)
    if connection._has_events or connection.engine._has_events:
        connection.dispatch.before_cursor_execute(connection, cursor, plan.sql, values, None, False)
    try:
        cursor.execute(plan.query, values)
    except dialect.loaded_dbapi.Error as error:
        _raise(connection, cursor, plan.sql, values, error)
    return Rows(cursor, plan.result_processors)


def _raise(connection: Connection, cursor, sql: str, values: dict, error: Exception):
    """SQLAlchemy's exception for `error`, the connection invalidated if it broke (as
    SQLAlchemy's own execution does)."""
    dialect = connection.dialect
    disconnected = dialect.is_disconnect(error, connection.connection.dbapi_connection, cursor)
    if disconnected:
        connection.invalidate(error)
    raise exc.DBAPIError.instance(sql, values, error, dialect.loaded_dbapi.Error,
                                  connection_invalidated=disconnected, dialect=dialect) from error
