"""The send path made lean for broadcasts: what each change must
keep doing. Timings are in docs/PERFORMANCE.md, not here."""
from __future__ import annotations

import re
from datetime import datetime

import pytest
import redis
from psycopg import sql
from sqlalchemy import event, select, text, update

from models import outbox
from models.tables import OutboundMessage
from sms_gateway.worker import jobs
from sms_gateway.worker import queues
from sms_gateway.worker import processes as worker
from sms_gateway.providers.africastalking.adapter import AfricasTalkingProvider
from sms_gateway.providers.base import Outgoing, SendResult


def test_the_in_process_worker_is_connected_before_its_first_job(app):
    runtime = app.extensions["dabbo"]
    runtime.engine.dispose()
    jobs.use(runtime)
    connection = redis.Redis.from_url(runtime.settings.redis_url)
    try:
        worker.InProcessWorker([queues.outbox_queue(connection)], connection=connection)
        assert runtime.engine.pool.checkedin() == 1   # warmed, and kept: it runs its jobs itself
    finally:
        jobs._context = None
        connection.close()


def test_the_forking_worker_leaves_no_connection_for_its_work_horses_to_inherit(app):
    runtime = app.extensions["dabbo"]
    runtime.engine.dispose()
    jobs.use(runtime)
    connection = redis.Redis.from_url(runtime.settings.redis_url)
    try:
        worker.Worker([queues.outbox_queue(connection)], connection=connection)
        assert runtime.engine.pool.checkedin() == 0
    finally:
        jobs._context = None
        connection.close()


# ------------------------------------------------- Africa's Talking: the request and the reply


def test_at_posts_the_very_form_the_sdk_would(fake_at, at_settings):
    from africastalking.SMS import SMSService

    provider = AfricasTalkingProvider.from_settings(at_settings)
    numbers = [f"+9198{i:08d}" for i in range(3)]
    provider._sms.send("Auction tomorrow", numbers, sender_id="DABBO")
    SMSService.send(provider._sms, "Auction tomorrow", numbers, sender_id="DABBO")   # the SDK's own body

    ours, sdks = fake_at.forms
    assert ours == sdks and ours["to"] == ",".join(numbers)
    assert fake_at.requests[0].headers["apiKey"] == fake_at.api_key


def test_at_reply_numbers_written_otherwise_still_find_their_messages(fake_at, at_settings, monkeypatch):
    entry = fake_at._entry
    monkeypatch.setattr(fake_at, "_entry", lambda code, number, cost, message_id: entry(
        code, f"{number[:3]} {number[3:8]}-{number[8:]}", cost, message_id))   # "+91 98000-00001"
    fake_at.set_number_status("+919800000002", 406)
    messages = [Outgoing(to=f"+91980000000{i}", text="Auction tomorrow", ref=str(i)) for i in range(1, 4)]

    results = AfricasTalkingProvider.from_settings(at_settings).send_many(messages)

    ids = fake_at.requests[0].ids
    assert results == [SendResult("1", "sent", provider_id=ids[0]),
                       SendResult("2", "permanent", error="406 UserInBlacklist", opted_out=True),
                       SendResult("3", "sent", provider_id=ids[1])]


# ------------------------------------------------- recording: one statement, still a compare-and-set


def _row(session, clock, status: str, n: int) -> int:
    message = outbox.add(session, to_phone=f"+91980000{n:04d}", text="Gram sabha on Sunday", language="en",
                         kind="broadcast", idempotency_key=f"speed:{n}", segments=1, encoding="GSM-7",
                         unsolicited=True, now=clock())
    session.flush()
    message.status = status
    session.commit()
    return message.id


def test_record_sent_writes_each_rows_provider_id_and_moves_no_settled_row(session, clock):
    sending, requeued, cancelled = (_row(session, clock, status, n)
                                    for n, status in enumerate(("sending", "queued", "cancelled")))

    assert outbox.record_sent(session, [sending, requeued, cancelled], ["AT1", "AT2", "AT3"], clock()) == 3
    session.commit()

    rows = {m.id: (m.status, m.provider_id, m.sent_at is not None)
            for m in session.scalars(select(OutboundMessage)).all()}
    assert rows == {sending: ("sent", "AT1", True), requeued: ("sent", "AT2", True),
                    cancelled: ("cancelled", None, False)}


# ------------------------------------------------- the outbox's partial indexes (migration 0007)


def test_three_outbox_indexes_hold_only_the_rows_their_queries_look_for(session):
    definitions = dict(session.execute(text(
        "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'outbound_messages'")).all())

    assert "WHERE (provider_id IS NOT NULL)" in definitions["ix_outbound_messages_provider_id"]
    assert "WHERE (impoundment_id IS NOT NULL)" in definitions["ix_outbound_messages_impoundment_id"]
    assert "'sent'" in definitions["ix_outbound_status_send_after"]
    assert "'delivered'" in definitions["ix_outbound_status_send_after"]


@pytest.mark.parametrize("query", ["due", "expire", "lost"])
def test_the_dispatchers_queries_can_use_the_partial_status_index_in_any_plan(session, clock, query):
    """The status is written into their SQL (no parameter), so even a generic
    plan proves the rows it wants are in a partial index on the status: the
    unsettled rows' (0007) or the queued rows' by expiry (0008), whichever the
    planner prefers."""
    statements = []

    def capture(_connection, _cursor, statement, params, _context, _many):
        statements.append((statement, params))

    engine = session.get_bind()
    event.listen(engine, "before_cursor_execute", capture)
    try:
        {"due": outbox.due_ids, "expire": outbox.expire, "lost": outbox.redrive_lost}[query](session, clock())
    finally:
        event.remove(engine, "before_cursor_execute", capture)
    session.rollback()
    statement, params = statements[-1]
    names = re.findall(r"%\((\w+)\)s", statement)
    numbered = re.sub(r"%\((\w+)\)s", lambda m: f"${names.index(m.group(1)) + 1}", statement)
    cursor = session.connection().connection.dbapi_connection.cursor()
    cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
    cursor.execute("SET LOCAL enable_seqscan = off")
    kinds = [{str: "varchar", datetime: "timestamptz", int: "integer"}[type(params[name])] for name in names]
    cursor.execute(f"PREPARE dispatcher_query({', '.join(kinds)}) AS {numbered}")
    values = ", ".join(sql.Literal(params[name]).as_string(cursor) for name in names)
    cursor.execute(f"EXPLAIN EXECUTE dispatcher_query({values})")
    plan = "\n".join(row[0] for row in cursor.fetchall())
    session.rollback()
    cursor.execute("DEALLOCATE dispatcher_query")
    assert "ix_outbound_status_send_after" in plan or "ix_outbound_queued_expires" in plan, plan


# ------------------------------------------------- plans that do not depend on the statistics


def test_the_claim_finds_rows_by_primary_key_even_when_statistics_say_nothing_is_queued(session, clock):
    """Statistics taken while the outbox held no queued row (the usual state of a big outbox) must not
    send the claim through the status index: a broadcast's 100,000 queued rows would be walked for
    each job of 1000."""
    settled = [_row(session, clock, "sent", n) for n in range(300)]
    session.execute(text("ANALYZE outbound_messages"))
    session.execute(update(OutboundMessage).where(OutboundMessage.id.in_(settled[:100])).values(status="queued"))
    session.commit()
    ids = settled[:100]
    plans = _plans_of(session, lambda: outbox.lock_due(session, ids, clock()))
    plans += _plans_of(session, lambda: outbox.claim(session, ids, "africastalking", clock()))
    session.rollback()
    assert all("ix_outbound_status_send_after" not in plan for plan in plans), plans


def _plans_of(session, run) -> list[str]:
    """EXPLAIN of every statement `run` executes."""
    statements = []

    def capture(_connection, _cursor, statement, params, _context, _many):
        statements.append((statement, params))

    engine = session.get_bind()
    event.listen(engine, "before_cursor_execute", capture)
    try:
        run()
    finally:
        event.remove(engine, "before_cursor_execute", capture)
    cursor = session.connection().connection.dbapi_connection.cursor()
    cursor.execute("SET LOCAL enable_seqscan = off")
    plans = []
    for statement, params in statements:
        cursor.execute("EXPLAIN " + statement, params)
        plans.append("\n".join(row[0] for row in cursor.fetchall()))
    return plans
