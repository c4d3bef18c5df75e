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
from sqlalchemy import event, or_, select, update

from handlers import broadcasts
from models.tables import OutboundMessage

log = logging.getLogger("dabbo.queues")

QUEUE = "outbox"
BATCH_SIZE = 1000  # Africa's Talking's most recipients per request
# A job that runs longer is killed by RQ; its rows stay `sending` until the
# dispatcher's SENDING_TIMEOUT (longer than this) re-drives them.
JOB_TIMEOUT = timedelta(minutes=5)
# A queued, due row nobody has touched for this long has lost its job.
QUEUED_TIMEOUT = timedelta(minutes=5)
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
    from sms_gateway import jobs

    queue = outbox_queue(runtime.redis)
    try:
        with runtime.redis.pipeline() as pipeline:
            for start in range(0, len(ids), BATCH_SIZE):
                batch = ids[start:start + BATCH_SIZE]
                queue.enqueue(jobs.send_batch, args=(batch,), job_timeout=int(JOB_TIMEOUT.total_seconds()),
                              result_ttl=3600, failure_ttl=7 * 24 * 3600,
                              description=f"send outbox {batch[0]}..{batch[-1]} ({len(batch)})", pipeline=pipeline)
            pipeline.execute()
    except redis.RedisError as exc:
        log.warning("Redis unreachable, %d outbox rows wait for the dispatcher: %s", len(ids), exc)
        return 0
    return len(ids)


def enqueue_due(runtime) -> int:
    """Enqueue every queued row that is due and not in anyone's hands: never
    enqueued since it became due (a dated notice, a retry, a deferral), or
    enqueued so long ago that its job must be lost (Redis flushed, enqueue
    failed). `updated_at` records when a process last took the row in hand;
    it is moved forward only after Redis accepted the job. Returns how many."""
    now = runtime.clock()
    with runtime.sessions() as session:
        ids = list(session.scalars(select(OutboundMessage.id).where(
            OutboundMessage.status == "queued",
            OutboundMessage.send_after <= now,
            or_(OutboundMessage.updated_at < OutboundMessage.send_after,
                OutboundMessage.updated_at <= now - QUEUED_TIMEOUT),
        ).order_by(OutboundMessage.id)))
        if not ids or not enqueue_messages(runtime, ids):
            return 0
        for start in range(0, len(ids), 10_000):
            session.execute(update(OutboundMessage).where(
                OutboundMessage.id.in_(ids[start:start + 10_000]), OutboundMessage.status == "queued",
            ).values(updated_at=now), execution_options={"synchronize_session": False})
        session.commit()
    return len(ids)


def enqueue_after_commit(runtime) -> None:
    """Every session of `runtime` enqueues the outbox rows it wrote, once its
    transaction has committed (and forgets them on rollback). Rows written by
    ORM objects are noticed at flush; rows written in bulk are listed by
    `handlers.broadcasts` in `session.info`. Rows not yet due are left to the
    dispatcher."""
    sessions = runtime.sessions

    @event.listens_for(sessions, "after_flush")
    def _collect(session, _context):
        now = runtime.clock()
        pending = session.info.setdefault(_PENDING, set())
        for obj in session.new:
            if isinstance(obj, OutboundMessage) and obj.status == "queued" and obj.send_after <= now:
                pending.add(obj.id)

    @event.listens_for(sessions, "after_commit")
    def _enqueue(session):
        ids = session.info.pop(_PENDING, set()) | set(session.info.pop(broadcasts.WRITTEN_IDS, ()))
        if ids:
            enqueue_messages(runtime, ids)

    @event.listens_for(sessions, "after_rollback")
    def _forget(session):
        session.info.pop(_PENDING, None)
        session.info.pop(broadcasts.WRITTEN_IDS, None)
