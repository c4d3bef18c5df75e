"""Pooled connections (models.db.ping_when_idle): one idle longer
than PING_AFTER_IDLE_SECONDS is pinged before use, and the ping leaves no
transaction open behind it (a read-only request switches the connection to
autocommit, which psycopg refuses inside a transaction); a dead one is
replaced before the request sees it."""
from __future__ import annotations

from psycopg.pq import TransactionStatus
from sqlalchemy import text

from models import db


def test_a_pinged_connection_is_handed_out_outside_any_transaction(app, monkeypatch):
    monkeypatch.setattr(db, "PING_AFTER_IDLE_SECONDS", 0.0)   # every checkout pings
    engine = app.extensions["dabbo"].engine
    with engine.connect() as connection:
        connection.execute(text("SELECT 1"))
    with engine.connect() as connection:
        assert connection.connection.dbapi_connection.info.transaction_status == TransactionStatus.IDLE


def test_a_read_only_request_on_a_pinged_connection_answers(world, api, monkeypatch):
    monkeypatch.setattr(db, "PING_AFTER_IDLE_SECONDS", 0.0)
    for _ in range(3):
        assert api.get("/impoundments/1/dues").status_code == 200


def test_a_dead_pooled_connection_is_replaced_before_use(app, monkeypatch):
    monkeypatch.setattr(db, "PING_AFTER_IDLE_SECONDS", 0.0)
    engine = app.extensions["dabbo"].engine
    engine.dispose()
    pooled, other = engine.connect(), engine.connect()
    backend = pooled.execute(text("SELECT pg_backend_pid()")).scalar()
    pooled.close()   # back in the pool, then killed there
    other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": backend})
    other.commit()
    other.close()
    for _ in range(2):   # whichever of the two pooled connections comes first
        with engine.connect() as connection:
            assert connection.execute(text("SELECT pg_backend_pid()")).scalar() != backend
