"""The periodic dispatcher: one `tick` a minute (the `cron` process enqueues
it, a worker runs it; `flask --app sms_gateway dispatch` runs one by hand).

A tick makes the outbox whole again, whatever happened since the last one:
it answers inbound SMS parked while the database was down (sms_gateway.
parked), writes the dated notices whose moment has come, opens §189(2) refund
windows, drops queued notices whose moment has passed, takes back rows a dead
worker left `sending`, and enqueues every due row that no job holds (a dated
notice, a retry after backoff, a row whose job Redis lost). Every step is
idempotent, so a tick run twice, or late, sends nothing twice.
"""
from __future__ import annotations

import logging
from datetime import timedelta

import redis
from sqlalchemy import update

from handlers import notices
from handlers.delivery import MAX_ATTEMPTS
from models.tables import OutboundMessage
from sms_gateway import parked, queues

log = logging.getLogger("dabbo.dispatcher")

# A row `sending` for this long lost its worker (killed, OOM, machine gone).
# Longer than an RQ job may run (queues.job_timeout), so a live job is never
# raced; the price is that a killed send waits this long to be retried.
SENDING_TIMEOUT = timedelta(minutes=10)
LOCK_NAME = "dabbo:dispatcher:tick"


def tick(runtime) -> str:
    """One pass; returns a one-line summary for the log and the CLI."""
    lock = _lock(runtime)
    if lock is False:
        return "skipped: another tick is running"
    try:
        return _tick(runtime)
    finally:
        if lock:
            try:
                lock.release()
            except redis.RedisError:
                pass


def _tick(runtime) -> str:
    now = runtime.clock()
    settings = runtime.settings
    replayed = parked.replay(runtime)
    with runtime.sessions() as session:
        refunds = notices.open_refund_windows(session, now)
        written = notices.write_due_notices(session, now, reminder_days=settings.reminder_days,
                                            morning_hour=settings.quiet_hours[1],
                                            evening_hour=settings.quiet_hours[0])
        session.commit()  # the session's after-commit hook enqueues what was written
    with runtime.sessions() as session:
        expired = session.execute(
            update(OutboundMessage)
            .where(OutboundMessage.status == "queued", OutboundMessage.expires_at <= now)
            .values(status="cancelled", last_error="expired: its moment has passed", updated_at=now),
            execution_options={"synchronize_session": False}).rowcount
        lost = OutboundMessage.status == "sending", OutboundMessage.updated_at <= now - SENDING_TIMEOUT
        gave_up = session.execute(
            update(OutboundMessage).where(*lost, OutboundMessage.attempts >= MAX_ATTEMPTS)
            .values(status="failed", last_error=f"worker lost while sending, {MAX_ATTEMPTS} attempts",
                    updated_at=now),
            execution_options={"synchronize_session": False}).rowcount
        # Back to `queued` with updated_at left old, so enqueue_due picks them up below.
        stuck = session.execute(
            update(OutboundMessage).where(*lost)
            .values(status="queued", last_error="re-driven: worker lost while sending"),
            execution_options={"synchronize_session": False}).rowcount
        session.commit()
    enqueued = queues.enqueue_due(runtime)
    summary = (f"tick {now:%Y-%m-%d %H:%M}Z: {replayed} parked SMS answered, {written} notices written, {refunds} deposits refundable, "
               f"{expired} expired, {stuck} re-driven, {gave_up} given up, {enqueued} enqueued")
    log.info(summary)
    return summary


def _lock(runtime):
    """A Redis lock so two overlapping ticks do not race (the idempotency keys
    would keep them from duplicating anything, but one would fail). Without
    Redis the tick still runs: None means "no lock taken"."""
    try:
        lock = runtime.redis.lock(LOCK_NAME, timeout=240, blocking=False)
        return lock if lock.acquire() else False
    except redis.RedisError:
        return None
