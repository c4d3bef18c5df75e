"""Handing committed outbox rows to RQ (SPEC section 7).

The outbox row is the truth; a job on the `outbox` queue is only a nudge to
send it. So enqueueing never raises (Redis down, flushed, restarted: the rows
wait in the database and the dispatcher re-drives them), enqueueing twice is
harmless (the job's compare-and-set on the row's status sends it once), and
nothing is enqueued before the transaction that wrote the rows has committed
(`enqueue_after_commit` hooks every session of the runtime for that).

Rows go out in batches: one job carries up to `BATCH_SIZE` ids, so a broadcast
to 100,000 people is 100 jobs, and Africa's Talking gets up to 1000 recipients
of the same text in one request (`Provider.send_many`).
"""
from __future__ import annotations

import logging
from typing import Iterable

import redis
from rq import Queue
from sqlalchemy import event

from models import outbox
from sms_gateway.providers.registry import request_timeout_s

log = logging.getLogger("dabbo.queues")

QUEUE = "outbox"
BATCH_SIZE = 1000  # Africa's Talking's most recipients per request
# How long a send job keeps starting provider requests; the rest of its batch
# goes back to the queue for the next job (sms_gateway.worker.jobs.deliver).
SEND_BUDGET_S = 120.0
QUEUED_TIMEOUT = outbox.QUEUED_TIMEOUT  # a queued, due row untouched this long has lost its job
# The send job, by dotted name: this module never imports the jobs (which
# import the runtime, which imports this module).
SEND_JOB = "sms_gateway.worker.jobs.send_batch"
_PENDING = "outbox.pending_ids"
# Ids of rows whose send job could not reach the database (sms_gateway.worker.jobs.send_batch):
# `dispatcher.recover` enqueues them again as soon as it can reach it.
WAITING_FOR_DATABASE = "dabbo:outbox:waiting-for-database"


def outbox_queue(connection: redis.Redis) -> Queue:
    return Queue(QUEUE, connection=connection)


def job_timeout(provider: str, batch_size: int) -> int:
    """RQ's time limit for a send job, from its batch and the provider's
    request timeout: every request may take its full timeout,
    but the job starts none after SEND_BUDGET_S, so the limit is the smaller
    of the two plus one request and a margin. Always well under
    `outbox.SENDING_TIMEOUT`, so no row is re-driven while a live job still
    holds it."""
    per_request = request_timeout_s(provider)  # the provider's own HTTP timeout
    return int(min(batch_size * per_request, SEND_BUDGET_S) + per_request + 30)


def enqueue_messages(runtime, message_ids: Iterable[int]) -> int:
    """Enqueue send jobs for these (committed) rows, `BATCH_SIZE` ids a job.
    Returns how many ids were handed to Redis: 0 when Redis is unreachable,
    in which case the rows wait for the dispatcher. Never raises."""
    ids = sorted(set(message_ids))
    if not ids:
        return 0
    queue = outbox_queue(runtime.redis)
    try:
        with runtime.redis.pipeline() as pipeline:
            for start in range(0, len(ids), BATCH_SIZE):
                batch = ids[start:start + BATCH_SIZE]
                queue.enqueue(SEND_JOB, args=(batch,),
                              job_timeout=job_timeout(runtime.settings.sms_provider, len(batch)),
                              result_ttl=3600, failure_ttl=7 * 24 * 3600,
                              description=f"send outbox {batch[0]}..{batch[-1]} ({len(batch)})", pipeline=pipeline)
            pipeline.execute()
    except redis.RedisError as exc:
        log.warning("Redis unreachable, %d outbox rows wait for the dispatcher: %s", len(ids), exc)
        return 0
    return len(ids)


def wait_for_database(runtime, message_ids: Iterable[int]) -> int:
    """Note rows whose send job failed because the database was unreachable: they stay `queued`
    and marked as enqueued, so without this note they would wait QUEUED_TIMEOUT (5 minutes) after
    the database is back. Returns how many were noted (0 when Redis is down too: then they do
    wait for QUEUED_TIMEOUT). Never raises."""
    ids = [int(id_) for id_ in message_ids]
    if not ids:
        return 0
    try:
        runtime.redis.sadd(WAITING_FOR_DATABASE, *ids)
    except redis.RedisError as exc:
        log.warning("Redis unreachable too: %d outbox rows wait for QUEUED_TIMEOUT: %s", len(ids), exc)
        return 0
    return len(ids)


def enqueue_waiting_for_database(runtime) -> int:
    """Enqueue again the rows `wait_for_database` noted; the caller has just reached the
    database. Returns how many ids were handed to RQ. Rows sent or claimed meanwhile are skipped
    by their job's compare-and-set, as ever."""
    try:
        ids = sorted(int(id_) for id_ in runtime.redis.smembers(WAITING_FOR_DATABASE))
    except redis.RedisError:
        return 0
    if not ids:
        return 0
    # The note is dropped only once the rows are marked and their jobs enqueued: a database that
    # fails again first (this raises) or a Redis that does (0 enqueued) leaves it for the next try.
    with runtime.sessions() as session:
        outbox.mark_enqueued(session, ids, runtime.clock())
        session.commit()
    enqueued = enqueue_messages(runtime, ids)
    if enqueued:
        try:
            runtime.redis.srem(WAITING_FOR_DATABASE, *ids)
        except redis.RedisError:
            pass  # enqueued once more by the next recover: each row still goes once (its claim)
    return enqueued


def enqueue_due(runtime) -> int:
    """Enqueue every queued row that is due and not in anyone's hands
    (`models.outbox.due_ids`). Returns how many.

    Commit first, then enqueue: a job put on Redis while this
    transaction still held the rows locked would find them locked, skip them
    (`SKIP LOCKED`) and leave them another QUEUED_TIMEOUT. If Redis refuses,
    the mark is undone so that the next tick tries again."""
    now = runtime.clock()
    with runtime.sessions() as session:
        ids = outbox.due_ids(session, now)
        if not ids:
            return 0
        outbox.mark_enqueued(session, ids, now)
        session.commit()
        if enqueue_messages(runtime, ids):
            return len(ids)
        outbox.mark_enqueued(session, ids, now - QUEUED_TIMEOUT)
        session.commit()
    return 0


def enqueue_after_commit(runtime) -> None:
    """Every session of `runtime` enqueues the outbox rows it wrote, once its
    transaction has committed (and forgets them on rollback). Rows written by
    ORM objects are noticed at flush; rows written in bulk are listed by
    `models.outbox.note_bulk_written`. Rows not yet due are left to the
    dispatcher."""
    sessions = runtime.sessions

    @event.listens_for(sessions, "after_flush")
    def _collect(session, _context):
        now = runtime.clock()
        pending = session.info.setdefault(_PENDING, set())
        for obj in session.new:
            if outbox.is_due_new_row(obj, now):
                pending.add(obj.id)

    @event.listens_for(sessions, "after_commit")
    def _enqueue(session):
        # SQLAlchemy fires after_commit when a savepoint (begin_nested) commits
        # too; the rows are not committed until the outermost transaction is
        #. A job enqueued then finds nothing to claim.
        if session.in_nested_transaction():
            return
        ids = session.info.pop(_PENDING, set()) | set(outbox.forget_bulk_written(session))
        if ids:
            enqueue_messages(runtime, ids)

    @event.listens_for(sessions, "after_rollback")
    def _forget(session):
        # A savepoint's rollback keeps what the outer transaction wrote; ids of
        # rows it undid may stay listed: a job for a row that does not exist
        # claims nothing.
        if session.in_nested_transaction():
            return
        session.info.pop(_PENDING, None)
        outbox.forget_bulk_written(session)
