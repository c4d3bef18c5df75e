"""The RQ jobs: send outbox rows through the provider, and run the dispatcher.

A job only carries row ids. It re-reads the rows and claims them with a
compare-and-set (`UPDATE ... SET status='sending' WHERE status='queued'`,
after `SELECT ... FOR UPDATE SKIP LOCKED` on PostgreSQL), so a job enqueued
twice, or two workers holding the same ids, send each row once (every
statement that moves a row is in `models.outbox`). Before the
claim each row is asked again whether it still applies (`handlers.outbox.delivery.
verdict`): an expired notice is cancelled, an unsolicited one in quiet hours
waits for the village's morning.

The at-least-once window, honestly: a worker that dies after the provider
accepted a request but before its answer is written leaves that request's
rows `sending`; the dispatcher re-drives them after SENDING_TIMEOUT and those
people get the message twice. No SMS API offers an idempotency key to close
that window; each request's answer is written before the next request goes
out, so it is one provider request wide.

Each process (the worker's forked work horse, the tests' in-process worker)
builds its runtime and provider once, lazily, from the environment; a forked
child throws away the database connections it inherited (SQLAlchemy's
`engine.dispose(close=False)` for os.fork) and builds its own HTTP client.
"""
from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from typing import Iterable, Sequence

from rq.timeouts import JobTimeoutException
from sqlalchemy import exc as sql_errors

from handlers.outbox import delivery
from handlers.notices import at_send
from models import outbox
from sms_gateway.worker import dispatcher
from sms_gateway.worker import queues
from sms_gateway.worker.hands import HANDS
from sms_gateway.providers import pacing
from sms_gateway.providers.base import PERMANENT, SENT, Outgoing, Provider, SendResult, send_all
from sms_gateway.providers.registry import get_provider
from sms_gateway.runtime import Runtime, make_runtime
from sms_gateway.settings import Settings

log = logging.getLogger("dabbo.jobs")
# The database could not be reached (stopped, restarting, connection refused or broken, pool exhausted).
DATABASE_UNREACHABLE = (sql_errors.OperationalError, sql_errors.InterfaceError, sql_errors.TimeoutError)


@dataclass
class Context:
    runtime: Runtime
    provider: Provider
    pid: int


_context: Context | None = None


def context() -> Context:
    """This process's runtime and provider, built on first use."""
    global _context
    pid = os.getpid()
    if _context is None:
        settings = Settings.from_env()
        runtime = make_runtime(settings)
        provider = get_provider(settings)
        pacing.attach(provider, runtime.redis, settings)  # one pace per provider account, shared in Redis
        _context = Context(runtime, provider, pid)
    elif _context.pid != pid:
        after_fork()
    return _context


def after_fork() -> None:
    """In a forked work horse: never reuse the parent's pooled database
    connections or HTTP connections."""
    global _context
    if _context is not None and _context.pid != os.getpid():
        _context.runtime.engine.dispose(close=False)
        provider = get_provider(_context.runtime.settings)
        pacing.attach(provider, _context.runtime.redis, _context.runtime.settings)  # the fork keeps the pace
        _context = Context(_context.runtime, provider, os.getpid())


def warm_up(keep_connection: bool = False) -> None:
    """Build the context, let the database dialect meet the server once and
    compile the claim query, so the first job does not pay for them.

    The forking `Worker` calls it in its parent and the connection is then
    closed, so no work horse ever inherits an open socket; `InProcessWorker`
    runs its jobs in this very process and keeps it (`keep_connection`)."""
    ctx = context()
    _claim(ctx.runtime, ctx.provider, [0], dict.fromkeys(("cancelled", "deferred"), 0))
    if not keep_connection:
        ctx.runtime.engine.dispose()


def use(runtime: Runtime, provider: Provider | None = None) -> None:
    """Run this process's jobs with `runtime` (tests: the app's runtime and
    its settable clock) and `provider` (default: the one its settings name)."""
    global _context
    _context = Context(runtime, provider or get_provider(runtime.settings), os.getpid())


# ---------------------------------------------------------------- the jobs


def send_message(message_id: int) -> str:
    return send_batch([message_id])


def send_batch(message_ids: Sequence[int]) -> str:
    """The `outbox` queue's job (enqueued by name: `sms_gateway.worker.queues.SEND_JOB`).

    A job that cannot reach the database leaves its rows `queued` (or `sending`, when the
    database went away mid-batch: `recover` takes those back) and notes them for `recover`,
    which enqueues them again once the database answers (`queues.wait_for_database`)."""
    ctx = context()
    try:
        return deliver(ctx.runtime, ctx.provider, message_ids)
    except DATABASE_UNREACHABLE as exc:
        noted = queues.wait_for_database(ctx.runtime, message_ids)
        log.warning("database unreachable (%s): %d outbox rows wait for it", type(exc).__name__, noted)
        return f"database unreachable: {noted} rows wait for it"


def dispatch_tick() -> str:
    """What the `cron` process enqueues every minute."""
    return dispatcher.tick(context().runtime)


def recover() -> str:
    """What the `cron` process enqueues every few seconds (dispatcher.recover)."""
    return dispatcher.recover(context().runtime)


# ---------------------------------------------------------------- delivering


def deliver(runtime: Runtime, provider: Provider, message_ids: Iterable[int]) -> str:
    """Claim, send and record these rows; returns a one-line summary.

    What a provider accepted is written as soon as its request is answered
    (`Provider.send_many`'s `on_request`), so a worker killed mid-batch
    leaves `sending` only the request on the wire and the ones never made. The job starts no request after `queues.SEND_BUDGET_S` and
    hands the rest back to the queue; if RQ's time limit strikes anyway (a
    request hung past its own timeout), what was accepted stays `sent` and
    only the rest goes back."""
    ids = sorted(set(message_ids))
    counts = {"sent": 0, "retry": 0, "failed": 0, "cancelled": 0, "deferred": 0, "skipped": 0, "released": 0}
    claimed = _claim(runtime, provider, ids, counts)
    held = [m.id for m in claimed]
    if held:  # this process's heartbeat says it holds them until they are recorded (sms_gateway.hands)
        HANDS.hold(runtime.redis, held)
    try:
        _send_claimed(runtime, provider, claimed, counts)
    finally:
        if held:
            HANDS.drop(held)
    counts["skipped"] = len(ids) - len(claimed) - counts["cancelled"] - counts["deferred"]
    return ", ".join(f"{name} {count}" for name, count in counts.items())


def _send_claimed(runtime: Runtime, provider: Provider, claimed: list, counts: dict) -> None:
    if claimed:
        batch = _Batch(runtime, claimed, counts)
        outgoing = [Outgoing(to=m.to_phone, text=m.text, ref=str(m.id), kind=m.kind) for m in claimed]
        try:
            results = send_all(provider, outgoing, on_request=batch.record)
        except _OutOfTime:
            results = []
        except JobTimeoutException:
            batch.release_unrecorded()
            raise
        except Exception as exc:  # an adapter bug must not leave rows `sending`
            log.exception("provider %s raised", provider.name)
            results = [SendResult(o.ref, "transient", error=f"internal: {type(exc).__name__}") for o in outgoing]
        batch.record([r for r in results if r.ref not in batch.recorded], check_time=False)
        batch.release_unrecorded()


class _OutOfTime(Exception):
    """Raised from `on_request` to stop the adapter's loop: the budget is spent."""


class _Batch:
    """One job's claimed rows and which of them are written so far."""

    def __init__(self, runtime: Runtime, claimed: list[delivery.Claimed], counts: dict) -> None:
        self.runtime, self.counts = runtime, counts
        self.by_ref = {str(m.id): m for m in claimed}
        self.recorded: set[str] = set()
        self.started = time.monotonic()

    def record(self, results: list[SendResult], check_time: bool = True) -> None:
        """Write these results now (one provider request's, as it is answered)."""
        results = [r for r in results if r.ref in self.by_ref and r.ref not in self.recorded]
        if results:
            _record(self.runtime, [self.by_ref[r.ref] for r in results], results, self.counts)
            self.recorded.update(r.ref for r in results)
        if check_time and time.monotonic() - self.started > queues.SEND_BUDGET_S:
            raise _OutOfTime()

    def release_unrecorded(self) -> None:
        """Claimed rows never answered for go back to `queued` at once, and
        to RQ after the commit (`models.outbox.release`)."""
        rest = [int(ref) for ref in self.by_ref if ref not in self.recorded]
        if not rest:
            return
        with self.runtime.sessions() as session:
            released = outbox.release(session, rest, self.runtime.clock())
            session.commit()
        self.recorded.update(str(id_) for id_ in released)
        self.counts["released"] += len(released)
        queues.enqueue_messages(self.runtime, released)


def broadcast_quiet_hours(settings) -> tuple[int, int] | None:
    """A village's notices sent as promotional SMS under DLT go only 10:00-21:00."""
    if settings.under_dlt and settings.dlt_broadcast_sms_type == "promotional":
        return delivery.PROMOTIONAL_QUIET_HOURS
    return None


def _claim(runtime: Runtime, provider: Provider, ids: list[int], counts: dict) -> list[delivery.Claimed]:
    """Claim the rows in one short transaction of their own, committed before
    the provider is called (`handlers.outbox.delivery.claim`)."""
    with runtime.sessions() as session:
        now = runtime.clock()
        claimed = delivery.claim(session, ids, provider.name, now, runtime.settings.quiet_hours, counts,
                                 broadcast_quiet_hours(runtime.settings))
        claimed = at_send.rewrite_stale(session, claimed, now)  # what it says is true when it goes
        session.commit()
    return claimed


def _record(runtime: Runtime, claimed: list[delivery.Claimed], results: list[SendResult], counts: dict) -> None:
    """Write what the provider said (`models.outbox.record`: sent, retry after
    backoff, or failed); an opt-out (Twilio 21610, AT blacklist) marks the
    person. Accepted rows, the whole of a good broadcast request, go to
    `models.outbox.record_sent` as two lists, with no object per row."""
    by_ref = {r.ref: r for r in results}
    sent_ids, provider_ids, outcomes, opted_out = [], [], [], []
    for message in claimed:
        result = by_ref.get(str(message.id)) or SendResult(str(message.id), "transient", error="no result")
        if result.outcome == SENT:
            sent_ids.append(message.id)
            provider_ids.append(result.provider_id)
        else:
            outcomes.append(outbox.Outcome(message.id, message.attempts, accepted=False, error=result.error,
                                           provider_id=result.provider_id, permanent=result.outcome == PERMANENT))
        if result.opted_out:
            opted_out.append(message)
    now = runtime.clock()
    with runtime.sessions() as session:
        counts["sent"] += outbox.record_sent(session, sent_ids, provider_ids, now)
        for name, count in outbox.record(session, outcomes, now).items():
            counts[name] += count
        for message in opted_out:
            delivery.mark_opted_out(session, message.person_id, message.to_phone)
        session.commit()
