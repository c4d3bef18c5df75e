"""Engine, sessions and the column types every table shares.

Nothing here knows about Flask: the web app, the RQ worker, the CLI and the
tests each make an engine from a URL and a session from that engine.
"""
from __future__ import annotations

import time
from datetime import datetime, timezone

from collections.abc import Sequence

import psycopg
from psycopg import Column

from sqlalchemy import ARRAY, DateTime, Engine, MetaData, any_, bindparam, create_engine, event, exc, func, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker
from sqlalchemy.sql.elements import TextClause
from sqlalchemy.types import TypeDecorator

from models import plain_rows
from models.prepared import end_reads_by_commit
from models.ranges import guard_flush

# Stable constraint names, so Alembic migrations read the same on every database.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class UTCDateTime(TypeDecorator):
    """A timezone-aware datetime, always stored and returned in UTC.

    PostgreSQL keeps the offset (timestamptz); SQLite silently drops it, so the
    value is normalised to UTC before it is written and tagged UTC when read.
    Naive datetimes are refused: a time without a zone is a bug waiting for a
    village in another timezone.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: pass a timezone-aware one")
        value = value.astimezone(timezone.utc)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=timezone.utc)
        return value.astimezone(timezone.utc)


def normalise_url(url: str) -> str:
    """`postgres://` and `postgresql://` (as hosting platforms hand them out)
    mean psycopg 3, the driver Dabbo ships with."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str, **kwargs) -> Engine:
    """An engine for `url`; SQLite gets foreign keys and a busy timeout,
    because web, worker and cron share one file in the first-run setup."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        kwargs.setdefault("connect_args", {"timeout": 30, "check_same_thread": False})
        engine = create_engine(url, **kwargs)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record):
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.close()

        return engine
    kwargs.setdefault("pool_pre_ping", False)
    if url.startswith("postgresql+psycopg:"):
        kwargs["connect_args"] = {"cursor_factory": DescribingLazily, **kwargs.get("connect_args", {})}
    engine = create_engine(url, **kwargs)
    if not kwargs["pool_pre_ping"]:
        ping_when_idle(engine)
    if url.startswith("postgresql+psycopg:"):
        end_reads_by_commit(engine)
        event.listen(engine, "checkin", _in_transactions_again)   # after read_only / lookup_reads
    return engine


class _Described:
    """What psycopg's Column reads from its cursor, pinned to one result."""

    __slots__ = ("pgresult", "_encoding", "adapters")

    def __init__(self, pgresult, encoding: str, adapters) -> None:
        self.pgresult, self._encoding, self.adapters = pgresult, encoding, adapters


class _Description(Sequence):
    """A result's `cursor.description`, its Column objects made on first use. SQLAlchemy
    asks every statement for it and, once a statement's result columns are known (its
    compiled form keeps them), only looks whether it is None: psycopg's ~100 Column
    objects a lookup were a tenth of the request's Python."""

    __slots__ = ("_described", "_count", "_columns")

    def __init__(self, cursor: psycopg.Cursor, result) -> None:
        self._described = _Described(result, cursor._encoding, cursor.adapters)
        self._count = result.nfields
        self._columns: list | None = None

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):
        if self._columns is None:
            self._columns = [Column(self._described, i) for i in range(self._count)]
        return self._columns[index]

    def __repr__(self) -> str:
        return repr(list(self))


class DescribingLazily(psycopg.Cursor):
    """psycopg's cursor, its `description` made only when read (the same columns)."""

    @property
    def description(self):
        result = self.pgresult
        if result and (result.nfields or result.status in _ROWS):
            return _Description(self, result)
        return None


_ROWS = (psycopg.pq.ExecStatus.TUPLES_OK, psycopg.pq.ExecStatus.SINGLE_TUPLE, psycopg.pq.ExecStatus.TUPLES_CHUNK)


# A pooled connection returned less than this long ago is handed out without a
# ping: under load every request reuses one that was fine moments before, and the
# ping was a round trip per request. See README, "Speed and its trades".
PING_AFTER_IDLE_SECONDS = 1.0
_CHECKED_IN_AT = "dabbo.checked_in_at"


def ping_when_idle(engine: Engine) -> None:
    """SQLAlchemy's pre-ping, only for connections idle longer than
    PING_AFTER_IDLE_SECONDS: a dead one is replaced before use (the pool
    reconnects on DisconnectionError), so the first request after a database
    restart still works unless its connection was in use within the second
    before it; and any disconnect seen in use invalidates the whole pool."""

    @event.listens_for(engine, "checkin")
    def _checked_in(_dbapi_connection, record) -> None:
        record.info[_CHECKED_IN_AT] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checked_out(dbapi_connection, record, _proxy) -> None:
        checked_in_at = record.info.get(_CHECKED_IN_AT)
        if checked_in_at is not None and time.monotonic() - checked_in_at < PING_AFTER_IDLE_SECONDS:
            return
        try:
            # The dialect's own ping (as pool_pre_ping): in autocommit, so it leaves no
            # transaction open behind it.
            alive = engine.dialect.do_ping(dbapi_connection)
        except Exception as dead:
            raise exc.DisconnectionError() from dead
        if not alive:
            raise exc.DisconnectionError()


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    # expire_on_commit=False: a handler may read what it just wrote to build a reply.
    factory = sessionmaker(engine, expire_on_commit=False)
    # No integer past its column reaches the database (models.ranges): a 422, not a 500.
    event.listen(factory, "before_flush", guard_flush)
    return factory


def on_postgresql(session: Session) -> bool:
    """PostgreSQL (production) or SQLite (the embedded first run): the one
    question asked where the two need different statements."""
    return session.get_bind().dialect.name == "postgresql"


def insert_on_conflict(session: Session, table):
    """An INSERT that takes `on_conflict_do_nothing` / `on_conflict_do_update`:
    PostgreSQL's, else SQLite's (the two spell ON CONFLICT alike)."""
    return (postgresql.insert if on_postgresql(session) else sqlite.insert)(table)


def among(session: Session, column, values: Sequence, type_):
    """`column = ANY(:array)` on PostgreSQL: one parameter, so the statement's
    text (and its compiled and prepared forms) is the same for a batch of any
    size (psycopg parsed an `IN (...)` of 5,000 placeholders anew every time:
    2.4 s of a 4.8 s steady tick); IN elsewhere."""
    if on_postgresql(session):
        return column == any_(bindparam(None, list(values), type_=ARRAY(type_)))
    return column.in_(values)


def read_only(session: Session) -> None:
    """Run this session's reads without a transaction (autocommit), saving the
    BEGIN and COMMIT round trips of a request that only reads. Call it before the
    session's first statement. Under READ COMMITTED (PostgreSQL's default) each
    statement sees its own snapshot anyway, so the reads see exactly what they
    saw inside a transaction; a request that writes must not call this."""
    if on_postgresql(session):
        _autocommit(session)


def _autocommit(session: Session, on: bool = True) -> None:
    """Each statement its own transaction from here on (or, `on` False, one transaction again):
    psycopg's switch, allowed on an idle connection and sent nowhere, as SQLAlchemy's AUTOCOMMIT
    option sets it, without its per-request set and reset (PERFORMANCE.md, "Ninth pass")."""
    session.connection().connection.dbapi_connection.autocommit = on


def _in_transactions_again(dbapi_connection, record) -> None:   # back in the pool: as a new one
    if dbapi_connection is not None and dbapi_connection.autocommit:
        try:
            dbapi_connection.autocommit = False
        except psycopg.Error as cannot:   # never seen (not idle): replaced, not handed out as it is
            record.invalidate(cannot)


# --- a lookup's reads outside a transaction ---------------------------------

_READS_OUTSIDE = "dabbo.reads_outside_transaction"   # session.info: no BEGIN sent yet, on purpose


def lookup_reads(session: Session) -> None:
    """Run a lookup's reads (the sender, the animal, its key) without a
    transaction, saving the BEGIN round trip; the first thing that may write
    or lock (a flush, an INSERT/UPDATE/DELETE or plain SQL statement, a
    SELECT ... FOR UPDATE) or `begin_transaction` opens one on the same
    connection first, so everything written still commits together. The
    audit row of a lookup that wrote nothing else is then one statement, its
    own transaction (`LOOKUP_COMMITS_ASYNC` in it: see commit_lookup).
    Under READ COMMITTED each statement sees its own snapshot anyway, so the
    reads see what they saw inside a transaction. Only for a session that has
    not begun yet (else: nothing changes). Confirm steps call
    `begin_transaction` before they run (an advisory lock is a SELECT)."""
    if on_postgresql(session) and not session.in_transaction():
        _autocommit(session)
        session.info[_READS_OUTSIDE] = True


def outside_transaction(session: Session) -> bool:
    """True while `lookup_reads`' session has sent no BEGIN."""
    return bool(session.info.get(_READS_OUTSIDE))


def begin_transaction(session: Session) -> None:
    """From here on, this session's statements run in one transaction (after
    `lookup_reads`; otherwise they already do)."""
    if session.info.pop(_READS_OUTSIDE, None):
        _autocommit(session, on=False)   # BEGIN goes with the next statement


@event.listens_for(Session, "before_flush")
def _begin_before_flush(session: Session, _context, _instances) -> None:
    if session.info.get(_READS_OUTSIDE):
        begin_transaction(session)


@event.listens_for(Session, "do_orm_execute")
def _begin_before_writing(state) -> None:
    if state.session.info.get(_READS_OUTSIDE) and not _lookup_statement(state) and (
            not state.is_select or isinstance(state.statement, TextClause)
            or getattr(state.statement, "_for_update_arg", None) is not None):
        begin_transaction(state.session)


def _lookup_statement(state) -> bool:
    return bool(state.execution_options.get(LOOKUP_AUDIT))


@event.listens_for(Session, "after_commit")
@event.listens_for(Session, "after_rollback")
def _transaction_ended(session: Session) -> None:
    session.info.pop(_READS_OUTSIDE, None)


# A lookup's audit statement (execution option): the one write of a lookup, which may run
# as its own transaction after `lookup_reads`. It must carry LOOKUP_COMMITS_ASYNC.
LOOKUP_AUDIT = "dabbo_lookup_audit"
# `SET LOCAL synchronous_commit TO off` as an expression a statement can RETURN: in a
# statement that is its own transaction, the setting holds for that transaction's commit.
LOOKUP_COMMITS_ASYNC = func.set_config("synchronous_commit", "off", True).label("commits_async")


def execute_core(session: Session, statement, params: dict):
    """Run `statement`, a Core statement over tables (no ORM entity in it), on
    the session's connection: in its transaction, or outside one as
    `lookup_reads` left it. The same compiled statement and parameters as
    `session.execute`, without the ORM's statement path (its compile state and
    `do_orm_execute` hooks): about half of what SQLAlchemy adds to psycopg on
    each statement. Only for reads and for a lookup's audit statement
    (`LOOKUP_AUDIT`), which those hooks let through unchanged: the hooks that
    open a transaction or drop values kept for one act on writes (and a
    lookup's audit row is its transaction's last statement: nothing is
    computed after it). On PostgreSQL it runs straight on psycopg (models.plain_rows)."""
    return plain_rows.execute(session, statement, params)


# Called inside the transaction just before commit_lookup commits it (its COMMIT
# goes past SQLAlchemy's before_commit event): models.queries.pending registers here.
BEFORE_LOOKUP_COMMIT: list = []


def commit_lookup(session: Session) -> None:
    """Commit the transaction of a read-only lookup (an SMS FIND/FEES/...,
    a USSD screen that confirms nothing, a refusal) without waiting for the
    write-ahead log to reach the disk: PostgreSQL's `SET LOCAL
    synchronous_commit TO off`, for this one transaction only.

    The trade, and why it is only taken here: the commit is still atomic and
    ordered (never half a transaction, never a later one without an earlier
    one), but if the database server itself crashes, the last few hundred
    milliseconds of such commits (wal_writer_delay x 3 at most) may be lost.
    What they hold is only the inbound message's audit row, a reminder
    subscription (Watch) and at most a self-registered stranger (Person),
    all of which the same lookup would write again; the answer depended on
    nothing being written. A transaction that changes records, writes an
    outbox row or honours STOP must use `session.commit()` (synchronous): the
    callers check that before calling this. See docs/PERFORMANCE.md."""
    if on_postgresql(session):
        # One round trip for both (PostgreSQL's simple protocol runs the two
        # statements in order); what is still pending is flushed first, into this
        # transaction. session.commit() then ends SQLAlchemy's transaction and runs
        # its after-commit hooks; psycopg sends no second COMMIT to an idle connection.
        session.flush()
        for hook in BEFORE_LOOKUP_COMMIT:
            hook(session)
        if not outside_transaction(session):
            session.execute(text("SET LOCAL synchronous_commit TO off; COMMIT"))
        # else: the audit row's statement was its own transaction, committed with
        # LOOKUP_COMMITS_ASYNC; nothing is open (psycopg sends no COMMIT in autocommit).
    session.commit()


# --- values read for one transaction ------------------------------------


def pending_changes(session: Session, tables: tuple[type, ...]) -> bool:
    """True when the session holds an added, changed or deleted row of `tables`, flushed or not."""
    return any(isinstance(row, tables) for rows in (session.new, session.dirty, session.deleted) for row in rows)


def read_for_the_transaction(session: Session, key: str, tables: tuple[type, ...]) -> dict:
    """`session.info[key]` (see kept_for_the_transaction), or {} when nothing
    was read or the session holds a row of `tables` added, changed or deleted
    since, flushed or not (what was read is then dropped)."""
    read = session.info.get(key)
    if read and pending_changes(session, tables):
        session.info.pop(key, None)
        return {}
    return read or {}


def kept_for_the_transaction(key: str, tables: tuple[type, ...]) -> None:
    """Make `session.info[key]`, values read from rows of `tables` along with
    another query, last no longer than they are true: dropped at commit or
    rollback, after a flush that wrote one of those rows, and on any bulk
    INSERT, UPDATE or DELETE of them or any plain SQL. Read them with
    `read_for_the_transaction`, which also minds rows changed and not flushed yet."""

    @event.listens_for(Session, "after_commit")
    @event.listens_for(Session, "after_rollback")
    def _forget(session: Session) -> None:
        session.info.pop(key, None)

    @event.listens_for(Session, "do_orm_execute")
    def _forget_on_statements(state) -> None:
        if not state.session.info.get(key):
            return
        if isinstance(state.statement, TextClause) or (
                (state.is_insert or state.is_update or state.is_delete) and state.bind_mapper is not None
                and state.bind_mapper.class_ in tables):
            state.session.info.pop(key, None)

    @event.listens_for(Session, "after_flush")
    def _forget_after_flush(session: Session, _context) -> None:
        if pending_changes(session, tables):
            session.info.pop(key, None)
