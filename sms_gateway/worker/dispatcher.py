"""The periodic dispatcher: one `tick` a minute (the `cron` process enqueues
it, a worker runs it; `flask --app sms_gateway dispatch` runs one by hand).

A tick makes the outbox whole again, whatever happened since the last one:
it answers inbound SMS parked while the database was down (sms_gateway.
parked), writes the dated notices whose moment has come, opens §189(2) refund
windows, drops queued notices whose moment has passed, takes back rows a dead
worker left `sending`, and enqueues every due row that no job holds (a dated
notice, a retry after backoff, a row whose job Redis lost). Every step is
idempotent, so a tick run twice, or late, sends nothing twice. (On PostgreSQL
the auctions' eves are written beside the other notices, in a session of their
own: see `_write_notices`.)
"""
from __future__ import annotations

import contextvars
import logging
from concurrent.futures import ThreadPoolExecutor

import redis

from handlers.catalogue import read_on
from handlers.pound import money
from handlers.notices import dated as notice_dated
from handlers.notices import money as notice_money
from models import outbox
from models.outbox import redrive as outbox_redrive
from sms_gateway.worker import hands, missed_calls, parked
from sms_gateway.worker import queues

log = logging.getLogger("dabbo.dispatcher")

SENDING_TIMEOUT = outbox.SENDING_TIMEOUT  # a row `sending` this long lost its worker
LOCK_NAME = "dabbo:dispatcher:tick"
RECOVER_EVERY_S = 15  # how often the cron process runs `recover` (sms_gateway.cron_config)


def tick(runtime) -> str:
    """One pass; returns a one-line summary for the log and the CLI."""
    lock = _lock(runtime)
    if lock is False:
        return "skipped: another tick is running"
    try:
        with read_on(runtime.clock()):  # dates in another year than the tick's are written with it
            return _tick(runtime)
    finally:
        if lock:
            try:
                lock.release()
            except redis.RedisError:
                pass


def recover(runtime) -> str:
    """What a worker or Redis lost, taken back within seconds (the `cron` process runs this
    every RECOVER_EVERY_S, and every tick): rows `sending` that no live worker holds
    (sms_gateway.hands) go back to the queue, after Redis lost its contents every queued,
    due row is enqueued again at once instead of after QUEUED_TIMEOUT, and so are the rows whose
    send job failed because the database was unreachable (`queues.wait_for_database`): within
    RECOVER_EVERY_S of the database's return, the first `recover` that reaches it."""
    client = runtime.redis
    lost = hands.lost_jobs(client)
    held = hands.held_ids(client)
    moved = enqueued = 0
    with runtime.sessions() as session:
        if held is not None:
            moved = outbox_redrive.redrive_unheld(session, runtime.clock(), held, hands.GRACE)
            session.commit()
        ids = outbox_redrive.enqueued_ids(session, runtime.clock()) if lost else []
        if ids:
            outbox.mark_enqueued(session, ids, runtime.clock())
            session.commit()
    if ids:
        enqueued = queues.enqueue_messages(runtime, ids)
    elif moved:
        enqueued = queues.enqueue_due(runtime)
    after_database = queues.enqueue_waiting_for_database(runtime)
    if moved or enqueued or after_database:
        log.info("recovered: %d rows of gone workers re-driven, %d rows whose jobs Redis lost enqueued, "
                 "%d rows whose jobs could not reach the database enqueued", moved, enqueued, after_database)
    return f"{moved} re-driven, {enqueued} re-enqueued, {after_database} after the database's return"


def _tick(runtime) -> str:
    now = runtime.clock()
    recovered = recover(runtime)
    replayed = parked.replay(runtime)
    calls = missed_calls.replay(runtime) + missed_calls.answer_waiting(runtime)
    forfeited, to_fund, refunds, written = _write_notices(runtime, now)
    with runtime.sessions() as session:
        expired = outbox.expire(session, now)
        gave_up = outbox.give_up_lost(session, now)  # before redrive_lost, which would take them back
        stuck = outbox.redrive_lost(session, now)
        session.commit()
    enqueued = queues.enqueue_due(runtime)
    summary = (f"tick {now:%Y-%m-%d %H:%M}Z: recovered {recovered}, {replayed} parked SMS answered, {calls} missed calls answered late, {written} notices written, {refunds} deposits refundable, "
               f"{forfeited} forfeitures settled, {to_fund} surpluses to village fund, "
               f"{expired} expired, {stuck} re-driven, {gave_up} given up, {enqueued} enqueued")
    log.info(summary)
    return summary


def _write_notices(runtime, now) -> tuple[int, int, int, int]:
    """Settle the money whose day has come and write the dated notices due;
    returns (forfeitures, surpluses to fund, refund windows, notices written).

    On PostgreSQL the auctions' eves are written by a session of their own on
    a thread, beside the rest: on a district's morning they are
    400,000 rows of PostgreSQL's work, the rest mostly Python's, and the
    machine has two cores. Two transactions, not one: every notice carries its
    idempotency key and is derived again every minute, so a tick that dies
    between the two commits leaves the rest to the next tick, as a lost tick
    does; nothing is written twice. (SQLite, one writer at a time: one session.)"""
    settings = runtime.settings
    parallel = runtime.engine.dialect.name == "postgresql"
    with ThreadPoolExecutor(max_workers=1) as pool:
        eves = (pool.submit(contextvars.copy_context().run, _write_auction_eves, runtime, now, settings.quiet_hours[1])
                if parallel else None)
        with runtime.sessions() as session:
            # Settle forfeitures before opening refund windows: a remainder may open at once.
            forfeited = money.settle_pending_forfeitures(session, now)
            to_fund = money.transfer_due_surpluses(session, now)
            refunds = notice_money.open_refund_windows(session, now)
            written = notice_dated.write_due_notices(session, now, reminder_days=settings.reminder_days,
                                                     morning_hour=settings.quiet_hours[1],
                                                     evening_hour=settings.quiet_hours[0],
                                                     auction_eves=not parallel)
            session.commit()  # the session's after-commit hook enqueues what was written
        written += eves.result() if eves is not None else 0
    return forfeited, to_fund, refunds, written


def _write_auction_eves(runtime, now, morning_hour: int) -> int:
    with runtime.sessions() as session:
        written = notice_dated.write_auction_eves(session, now, morning_hour=morning_hour)
        session.commit()
    return written


def _lock(runtime):
    """A Redis lock so two overlapping ticks do not race (the idempotency keys
    would keep them from duplicating anything, but one would fail). Without
    Redis the tick still runs: None means "no lock taken"."""
    try:
        lock = runtime.redis.lock(LOCK_NAME, timeout=240, blocking=False)
        return lock if lock.acquire() else False
    except redis.RedisError:
        return None
