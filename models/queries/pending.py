"""Rows a lookup writes besides its audit row, carried by the statement that
writes the audit row instead of a round trip of their own.

A FIND, FEES or USSD "find animal" subscribes the asker to the animal's
reminders (a Watch, decided in handlers/pound/records.py). On PostgreSQL the watch
waits here until the channel writes the inbound message's audit row, and
goes in the same statement as a data-modifying CTE; whatever nobody carried
is written by itself just before the commit, so none is ever lost. A
savepoint rolled back takes the watches asked for inside it along.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import Result, bindparam, event
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.orm import Session, SessionTransaction
from sqlalchemy.sql.expression import Executable

from models.db import BEFORE_LOOKUP_COMMIT, LOOKUP_AUDIT, execute_core
from models.tables import Watch

_PENDING = "dabbo.pending_watches"   # session.info: [(transaction, impoundment id, person id, at)]


def add_watch(session: Session, impoundment_id: int, person_id: int, at: datetime) -> None:
    transaction = session.get_nested_transaction() or session.get_transaction()
    session.info.setdefault(_PENDING, []).append((transaction, impoundment_id, person_id, at))


def _insert(pending: list):
    rows = [{"impoundment_id": i, "person_id": p, "created_at": at} for _, i, p, at in pending]
    # The unique key answers "already watching": no read first.
    return pg_insert(Watch).values(rows).on_conflict_do_nothing()


# The one watch a lookup asks for, as a CTE any audit statement can carry; built
# once, with bound parameters, so the carrying statement is compiled once too.
_ONE_WATCH = pg_insert(Watch).values(
    impoundment_id=bindparam("watch_impoundment_id"), person_id=bindparam("watch_person_id"),
    created_at=bindparam("watch_created_at")).on_conflict_do_nothing().cte("new_watch")


def carrying_a_watch(statement: Executable) -> Executable:
    """`statement` (an audit row's INSERT or UPDATE with bound parameters) that
    also writes one watch: for execute_carrying_watches."""
    return statement.add_cte(_ONE_WATCH)


def execute_carrying_watches(session: Session, plain: Executable, carrying: Executable, params: dict) -> Result:
    """Run the audit row's statement: `carrying` (see carrying_a_watch) when
    exactly one watch is pending, else the pending ones by themselves (if any)
    and `plain`. Returns the audit statement's result."""
    # A lookup's audit statement needs none of the session's statement hooks (models.db.execute_core).
    execute = session.execute if not plain.get_execution_options().get(LOOKUP_AUDIT) else (
        lambda statement, values: execute_core(session, statement, values))
    waiting = session.info.get(_PENDING)
    if waiting and len(waiting) == 1:
        del session.info[_PENDING]
        _, impoundment_id, person_id, at = waiting[0]
        return execute(carrying, {**params, "watch_impoundment_id": impoundment_id,
                                  "watch_person_id": person_id, "watch_created_at": at})
    write(session)
    return execute(plain, params)


def write(session: Session) -> None:
    """Write what is still pending, in its own statement."""
    pending = session.info.pop(_PENDING, None)
    if pending:
        session.execute(_insert(pending))


@event.listens_for(Session, "before_commit")
def _write_before_commit(session: Session) -> None:
    write(session)


BEFORE_LOOKUP_COMMIT.append(write)


def _inside(transaction: SessionTransaction | None, ended: SessionTransaction) -> bool:
    while transaction is not None:
        if transaction is ended:
            return True
        transaction = transaction.parent
    return False


@event.listens_for(Session, "after_soft_rollback")
def _forget_rolled_back(session: Session, previous_transaction: SessionTransaction) -> None:
    pending = session.info.get(_PENDING)
    if pending:
        session.info[_PENDING] = [row for row in pending if not _inside(row[0], previous_transaction)]
