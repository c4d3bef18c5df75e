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
from datetime import timedelta
from typing import Iterable

import redis
from rq import Queue
from sqlalchemy import event

from models import outbox

log = logging.getLogger("dabbo.queues")

QUEUE = "outbox"
BATCH_SIZE = 1000  # Africa's Talking's most recipients per request
# A job that runs longer is killed by RQ; its rows stay `sending` until the
# dispatcher's SENDING_TIMEOUT (longer than this) re-drives them.
JOB_TIMEOUT = timedelta(minutes=5)
QUEUED_TIMEOUT = outbox.QUEUED_TIMEOUT  # a queued, due row untouched this long has lost its job
# The send job, by dotted name: this module never imports the jobs (which
# import the runtime, which imports this module).
SEND_JOB = "sms_gateway.jobs.send_batch"
_PENDING = "outbox.pending_ids"


def outbox_queue(connection: redis.Redis) -> Queue:
    return Queue(QUEUE, connection=connection)


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
                queue.enqueue(SEND_JOB, args=(batch,), job_timeout=int(JOB_TIMEOUT.total_seconds()),
                              result_ttl=3600, failure_ttl=7 * 24 * 3600,
                              description=f"send outbox {batch[0]}..{batch[-1]} ({len(batch)})", pipeline=pipeline)
            pipeline.execute()
    except redis.RedisError as exc:
        log.warning("Redis unreachable, %d outbox rows wait for the dispatcher: %s", len(ids), exc)
        return 0
    return len(ids)


def enqueue_due(runtime) -> int:
    """Enqueue every queued row that is due and not in anyone's hands
    (`models.outbox.due_ids`), and mark them taken in hand only after Redis
    accepted the jobs. Returns how many."""
    now = runtime.clock()
    with runtime.sessions() as session:
        ids = outbox.due_ids(session, now)
        if not ids or not enqueue_messages(runtime, ids):
            return 0
        outbox.mark_enqueued(session, ids, now)
        session.commit()
    return len(ids)


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
        ids = session.info.pop(_PENDING, set()) | set(outbox.forget_bulk_written(session))
        if ids:
            enqueue_messages(runtime, ids)

    @event.listens_for(sessions, "after_rollback")
    def _forget(session):
        session.info.pop(_PENDING, None)
        outbox.forget_bulk_written(session)
