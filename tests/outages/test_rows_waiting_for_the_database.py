"""Rows whose send job could not reach the database are noted in Redis and enqueued again by the
first `recover` that reaches it (sms_gateway.worker.queues.wait_for_database); a `recover` that
fails on the database first keeps the note."""
from __future__ import annotations

import uuid

import pytest
from sqlalchemy import exc as sql_errors
from sqlalchemy import select

from handlers.outbox import queue_message
from models.tables import OutboundMessage
from sms_gateway.worker import dispatcher, jobs, queues


@pytest.fixture
def runtime(app):
    return app.extensions["dabbo"]


def test_a_send_job_that_cannot_reach_the_database_notes_its_rows_for_recover(runtime, monkeypatch):
    def unreachable(*_args):
        raise sql_errors.OperationalError("SELECT 1", {}, Exception("connection refused"))

    jobs.use(runtime)
    monkeypatch.setattr(jobs, "deliver", unreachable)
    assert jobs.send_batch([7, 8, 9]) == "database unreachable: 3 rows wait for it"
    assert sorted(int(id_) for id_ in runtime.redis.smembers(queues.WAITING_FOR_DATABASE)) == [7, 8, 9]


def test_the_first_recover_that_reaches_the_database_enqueues_the_noted_rows(runtime, session, clock, run_worker):
    rows = [queue_message(session, to_phone=f"+9198272{n:05d}", text="Your cow is in the pound.", language="en",
                          kind="reply", idempotency_key=f"test:{uuid.uuid4().hex}", now=clock()) for n in range(3)]
    session.commit()
    ids = [row.id for row in rows]
    queues.outbox_queue(runtime.redis).empty()  # their jobs ran and failed on the database
    queues.wait_for_database(runtime, ids)
    assert dispatcher.recover(runtime).endswith("3 after the database's return")
    run_worker()
    session.expire_all()
    assert set(session.scalars(select(OutboundMessage.status).where(OutboundMessage.id.in_(ids)))) == {"sent"}
    assert runtime.redis.smembers(queues.WAITING_FOR_DATABASE) == set()


def test_a_recover_that_fails_on_the_database_keeps_the_note(runtime, monkeypatch):
    queues.wait_for_database(runtime, [11, 12])

    def unreachable(*_args, **_kwargs):
        raise sql_errors.OperationalError("UPDATE", {}, Exception("connection refused"))

    monkeypatch.setattr(queues.outbox, "mark_enqueued", unreachable)
    with pytest.raises(sql_errors.OperationalError):
        queues.enqueue_waiting_for_database(runtime)
    assert sorted(int(id_) for id_ in runtime.redis.smembers(queues.WAITING_FOR_DATABASE)) == [11, 12]
