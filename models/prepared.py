"""psycopg's prepared statements kept across a transaction that only read.

psycopg prepares a statement on a connection the sixth time it runs there, and PostgreSQL
then skips parsing and planning it. A ROLLBACK makes psycopg forget them all (and send
DEALLOCATE ALL), so what rolls back often makes every lookup on that connection be parsed
and planned again. `end_reads_by_commit` ends a transaction that wrote nothing by COMMIT.
"""
from __future__ import annotations

import logging

from psycopg.pq import TransactionStatus
from sqlalchemy import Engine

log = logging.getLogger(__name__)

# True when the open transaction has written nothing: PostgreSQL assigns a transaction id
# on the first write (a row inserted, changed, deleted or locked FOR UPDATE), not before.
_WROTE_NOTHING = "SELECT txid_current_if_assigned() IS NULL"


def end_reads_by_commit(engine: Engine) -> None:
    """End a transaction that wrote nothing with COMMIT where SQLAlchemy would send ROLLBACK.

    psycopg forgets every statement it has prepared on a connection when that connection
    rolls back (it sends DEALLOCATE ALL: a rolled-back transaction may have dropped what a
    statement refers to). SQLAlchemy rolls back whenever a session or connection ends
    without a commit, which every readiness probe, public page, voice step and retried SMS
    or USSD step did (those now read outside a transaction: models.db.lookup_reads and
    read_only; this is for whatever still reads in one). The next five runs of each
    statement on that connection were then parsed and planned again; the animal's lookup
    alone plans in about a millisecond of the database's time. For a
    transaction that changed nothing, COMMIT and ROLLBACK leave the database the same, and
    the database itself says whether this one changed anything (its transaction id is only
    assigned by a write), so nothing written is ever committed by this: a transaction that
    wrote, or failed, still rolls back. The price is the question, one round trip, where
    psycopg's DEALLOCATE ALL was one too. docs/PERFORMANCE.md, "Sixth pass"."""

    # The dialect's own rollback (what a session, a connection and the pool's reset all call),
    # wrapped for this engine only. Not a "rollback" event: any connection event makes
    # SQLAlchemy dispatch events around every statement (7 % more instructions per lookup).
    dialect = engine.dialect
    roll_back = dialect.do_rollback

    def do_rollback(dbapi_connection) -> None:
        # A Connection hands over the pool's proxy of the psycopg connection, the pool the connection.
        psycopg_connection = getattr(dbapi_connection, "dbapi_connection", dbapi_connection)
        try:
            only_read = (psycopg_connection.info.transaction_status == TransactionStatus.INTRANS
                         and psycopg_connection.execute(_WROTE_NOTHING, prepare=True).fetchone()[0])
        except Exception:   # a broken connection: the rollback reports it, as it always did
            log.debug("asking whether a transaction wrote failed", exc_info=True)
            only_read = False
        if only_read:
            try:
                psycopg_connection.commit()   # psycopg then skips the ROLLBACK: nothing is open
                return
            except Exception:   # never seen: ended as SQLAlchemy would have ended it
                log.warning("ending a read-only transaction by commit failed", exc_info=True)
        roll_back(dbapi_connection)

    dialect.do_rollback = do_rollback
