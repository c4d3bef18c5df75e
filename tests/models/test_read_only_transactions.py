"""A transaction that only read ends by COMMIT, not ROLLBACK (models.db.end_reads_by_commit):
psycopg forgets every statement it prepared on a connection when the connection rolls back,
so a readiness probe, a public page or a retried step made the next lookups on that
connection parse and plan again. What was written is never committed by this: a
transaction that wrote, or failed, still rolls back."""
from __future__ import annotations

import pytest
from psycopg.pq import TransactionStatus
from sqlalchemy import text
from sqlalchemy.exc import DataError

PREPARED = text("SELECT count(*) FROM pg_prepared_statements")


def _prepare_a_statement(connection) -> None:
    # psycopg prepares a statement on its sixth run (prepare_threshold 5).
    for n in range(6):
        connection.execute(text("SELECT :n + 1"), {"n": n})


@pytest.fixture
def engine(app):
    engine = app.extensions["dabbo"].engine
    engine.dispose()   # a connection of its own, with nothing prepared yet
    return engine


@pytest.fixture
def scratch(engine):
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE IF NOT EXISTS read_only_scratch (n integer)"))
        connection.execute(text("DELETE FROM read_only_scratch"))
    yield
    with engine.begin() as connection:
        connection.execute(text("DROP TABLE read_only_scratch"))


def test_a_transaction_that_only_read_keeps_its_prepared_statements(engine):
    with engine.connect() as connection:
        _prepare_a_statement(connection)
        assert connection.execute(PREPARED).scalar() >= 1
        connection.rollback()
        assert connection.execute(PREPARED).scalar() >= 1


def test_a_connection_back_in_the_pool_after_reads_keeps_its_prepared_statements(engine):
    with engine.connect() as connection:   # closed without a commit: SQLAlchemy rolls back
        _prepare_a_statement(connection)
    with engine.connect() as connection:
        assert connection.execute(PREPARED).scalar() >= 1


def test_a_transaction_that_only_read_leaves_nothing_open(engine):
    with engine.connect() as connection:
        connection.execute(text("SELECT 1"))
        connection.rollback()
        assert connection.connection.dbapi_connection.info.transaction_status == TransactionStatus.IDLE


def test_a_transaction_that_wrote_is_rolled_back(engine, scratch):
    with engine.connect() as connection:
        connection.execute(text("INSERT INTO read_only_scratch VALUES (1)"))
        connection.rollback()
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM read_only_scratch")).scalar() == 0


def test_a_transaction_that_wrote_and_then_read_is_rolled_back(engine, scratch):
    with engine.connect() as connection:
        connection.execute(text("INSERT INTO read_only_scratch VALUES (1)"))
        _prepare_a_statement(connection)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM read_only_scratch")).scalar() == 0


def test_a_transaction_that_failed_is_rolled_back_and_the_connection_answers_again(engine):
    with engine.connect() as connection:
        with pytest.raises(DataError):
            connection.execute(text("SELECT 1 / 0"))
        connection.rollback()
        assert connection.execute(text("SELECT 2")).scalar() == 2


def test_a_readiness_probe_leaves_the_statements_prepared(client, engine):
    with engine.connect() as connection:
        _prepare_a_statement(connection)
    assert client.get("/readyz").status_code == 200
    with engine.connect() as connection:
        assert connection.execute(PREPARED).scalar() >= 1


def test_a_retried_ussd_step_leaves_the_statements_prepared(world, ussd, engine):
    first = ussd.post("+919825000004", "1", session_id="ATUid_kept")
    with engine.connect() as connection:
        _prepare_a_statement(connection)
    again = ussd.post("+919825000004", "1", session_id="ATUid_kept")
    assert again.get_data(as_text=True) == first.get_data(as_text=True)
    with engine.connect() as connection:
        assert connection.execute(PREPARED).scalar() >= 1
