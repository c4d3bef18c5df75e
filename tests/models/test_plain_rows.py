"""A lookup's statements run straight on psycopg (models.plain_rows) answer what
SQLAlchemy would: the same values, its exceptions, its statement listeners, the
session's transaction. Real PostgreSQL.

World: the demo district; John D'Souza (+919825000006) owns the bullock 345678901234.
"""
from __future__ import annotations

from datetime import timezone

import psycopg
import pytest
from sqlalchemy import bindparam, insert, literal_column, select
from sqlalchemy.dialects import sqlite
from sqlalchemy.exc import IntegrityError

from models import db, plain_rows
from models.db import execute_core, lookup_reads
from models.tables import Impoundment, Person, Village

OWNER, TAG = "+919825000006", "345678901234"
_BY_TAG = select(Impoundment.id, Impoundment.seized_at, Impoundment.status).where(Impoundment.tag == bindparam("tag"))
_BY_IDS = select(Impoundment.id).where(Impoundment.id.in_(bindparam("ids", expanding=True)))
_NEW_VILLAGE = insert(Village.__table__).values(code=bindparam("code"), name=bindparam("name"),
                                                created_at=bindparam("created_at"))


def test_a_statement_run_straight_gives_the_row_sqlalchemy_gives(world, session):
    straight = execute_core(session, _BY_TAG, {"tag": TAG}).first()
    through_sqlalchemy = session.connection().execute(_BY_TAG, {"tag": TAG}).first()
    session.rollback()
    assert isinstance(straight, tuple) and straight == tuple(through_sqlalchemy)
    assert straight[1].tzinfo == timezone.utc   # UTCDateTime's own processing


def test_a_statement_sqlalchemy_must_expand_runs_through_sqlalchemy(world, session):
    impoundment_id = execute_core(session, _BY_TAG, {"tag": TAG}).first()[0]
    assert plain_rows._plan(_BY_IDS, session.get_bind().dialect) is None
    assert execute_core(session, _BY_IDS, {"ids": [impoundment_id, -1]}).first() == (impoundment_id,)
    session.rollback()


def test_a_duplicate_row_raises_sqlalchemys_integrity_error(world, session, clock):
    """The USSD and SMS retries are told apart by this very exception."""
    existing = session.scalars(select(Village)).first()
    with pytest.raises(IntegrityError):
        execute_core(session, _NEW_VILLAGE, {"code": existing.code, "name": "again", "created_at": clock()})
    session.rollback()
    assert session.scalars(select(Person.id).where(Person.phone == OWNER)).first() is not None   # usable again


def test_statement_listeners_see_a_statement_run_straight(world, session, statements):
    statements.clear()
    execute_core(session, _BY_TAG, {"tag": TAG}).first()
    session.rollback()
    assert len(statements) == 1 and "impoundments.tag" in statements[0]


def test_a_statement_run_straight_reads_inside_the_sessions_transaction(world, session, clock):
    """A row the session's transaction wrote is seen before the commit; nothing else is."""
    session.execute(_NEW_VILLAGE, {"code": "PLAIN", "name": "Plain", "created_at": clock()})
    by_code = select(Village.name).where(Village.code == bindparam("code"))
    assert execute_core(session, by_code, {"code": "PLAIN"}).first() == ("Plain",)
    session.rollback()
    assert execute_core(session, by_code, {"code": "PLAIN"}).first() is None
    session.rollback()


def test_statements_built_per_call_past_the_bound_run_through_sqlalchemy(world, session, monkeypatch):
    """Each statement run straight is kept for the process's life: one built per call must not be."""
    monkeypatch.setattr(plain_rows, "MAX_PLANS", len(plain_rows._PLANS))
    built_now = select(Impoundment.id).where(Impoundment.tag == bindparam("tag"))
    assert plain_rows._plan(built_now, session.get_bind().dialect) is None
    assert execute_core(session, built_now, {"tag": TAG}).first() is not None
    session.rollback()


def test_a_statement_run_straight_is_sent_with_postgresqls_own_placeholders(world, session, statements):
    """psycopg has nothing to convert: `$1` in the text, the values in their order."""
    statements.clear()
    execute_core(session, _BY_TAG, {"tag": TAG}).first()
    session.rollback()
    assert "impoundments.tag = $1" in statements[0] and "%(" not in statements[0]


def test_a_percent_sign_in_a_statement_reaches_postgresql_as_written(world, session):
    """With `%(name)s` placeholders a literal % is doubled for psycopg to undo; sent as it is, it is not."""
    fifty = select(literal_column("'50%'"), Impoundment.tag).where(Impoundment.tag == bindparam("tag"))
    assert execute_core(session, fifty, {"tag": TAG}).first() == ("50%", TAG)
    session.rollback()


def test_a_connection_a_lookup_read_outside_a_transaction_returns_to_the_pool_in_transactions(app, world):
    """`lookup_reads` switches psycopg's autocommit on for one request; the pool switches it off
    again, so the next request that writes gets its transaction."""
    factory = app.extensions["dabbo"].sessions
    with factory() as lookup:
        lookup_reads(lookup)
        psycopg_connection = lookup.connection().connection.driver_connection
        assert psycopg_connection.autocommit
        execute_core(lookup, _BY_TAG, {"tag": TAG}).first()
        lookup.commit()
    assert not psycopg_connection.autocommit   # back in the pool, as a new connection is


def test_a_connection_that_cannot_leave_autocommit_is_replaced_not_handed_out():
    """Should psycopg refuse the switch back (a connection not idle: never seen), the pool replaces
    the connection rather than hand it out in autocommit."""
    class NotIdle:
        @property
        def autocommit(self) -> bool:
            return True

        @autocommit.setter
        def autocommit(self, _value: bool) -> None:
            raise psycopg.ProgrammingError("can't change 'autocommit' now")

    class Record:
        invalidated = None

        def invalidate(self, error):
            self.invalidated = error

    record = Record()
    db._in_transactions_again(NotIdle(), record)
    assert isinstance(record.invalidated, psycopg.ProgrammingError)


def test_a_statement_for_sqlite_runs_through_sqlalchemy_without_being_compiled_here(monkeypatch):
    def never(_dialect):
        raise AssertionError("compiled for a database whose statements never run straight")

    monkeypatch.setattr(plain_rows, "_dollar", never)
    statement = select(Impoundment.id).where(Impoundment.tag == bindparam("tag"))
    assert plain_rows._plan(statement, sqlite.dialect()) is None
