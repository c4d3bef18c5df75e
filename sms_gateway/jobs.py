"""The RQ jobs: send outbox rows through the provider, and run the dispatcher.

A job only carries row ids. It re-reads the rows and claims them with a
compare-and-set (`UPDATE ... SET status='sending' WHERE status='queued'`,
after `SELECT ... FOR UPDATE SKIP LOCKED` on PostgreSQL), so a job enqueued
twice, or two workers holding the same ids, send each row once. Before the
claim each row is asked again whether it still applies (`handlers.delivery.
verdict`): an expired notice is cancelled, an unsolicited one in quiet hours
waits for the village's morning.

The at-least-once window, honestly: a worker that dies after the provider
accepted a message but before the row says `sent` leaves the row `sending`;
the dispatcher re-drives it after SENDING_TIMEOUT and the person gets it twice.
No SMS API offers an idempotency key to close that window; it is as narrow as
one provider round trip.

Each process (the worker's forked work horse, the tests' in-process worker)
builds its runtime and provider once, lazily, from the environment; a forked
child throws away the database connections it inherited (SQLAlchemy's
`engine.dispose(close=False)` for os.fork) and builds its own HTTP client.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Iterable, Sequence

from sqlalchemy import ARRAY, Integer, Row, and_, any_, bindparam, func, or_, select, text, update

from handlers import delivery
from handlers.delivery import CANCEL, DEFER, MAX_ATTEMPTS
from models.db import UTCDateTime
from models.law import DEFAULT_TZ
from models.tables import Impoundment, OutboundMessage, Person, Village
from sms_gateway.providers.base import PERMANENT, SENT, Outgoing, Provider, SendResult, get_provider, send_all

log = logging.getLogger("dabbo.jobs")


@dataclass
class Context:
    runtime: object  # sms_gateway.extensions.Runtime
    provider: Provider
    pid: int


_context: Context | None = None


def context() -> Context:
    """This process's runtime and provider, built on first use."""
    global _context
    pid = os.getpid()
    if _context is None:
        from sms_gateway.extensions import make_runtime
        from sms_gateway.settings import Settings

        settings = Settings.from_env()
        _context = Context(make_runtime(settings), get_provider(settings), pid)
    elif _context.pid != pid:
        after_fork()
    return _context


def after_fork() -> None:
    """In a forked work horse: never reuse the parent's pooled database
    connections or HTTP connections."""
    global _context
    if _context is not None and _context.pid != os.getpid():
        _context.runtime.engine.dispose(close=False)
        _context = Context(_context.runtime, get_provider(_context.runtime.settings), os.getpid())


def warm_up() -> None:
    """In the worker's parent process: build the context, let the database
    dialect meet the server once and compile the claim query, so every forked
    work horse starts with them; then close the connection, so no horse ever
    inherits an open socket."""
    ctx = context()
    _claim(ctx.runtime, ctx.provider, [0], dict.fromkeys(("cancelled", "deferred"), 0))
    ctx.runtime.engine.dispose()


def use(runtime, provider: Provider | None = None) -> None:
    """Run this process's jobs with `runtime` (tests: the app's runtime and
    its settable clock) and `provider` (default: the one its settings name)."""
    global _context
    _context = Context(runtime, provider or get_provider(runtime.settings), os.getpid())


# ---------------------------------------------------------------- the jobs


def send_message(message_id: int) -> str:
    return send_batch([message_id])


def send_batch(message_ids: Sequence[int]) -> str:
    ctx = context()
    return deliver(ctx.runtime, ctx.provider, message_ids)


def dispatch_tick() -> str:
    """What the `cron` process enqueues every minute."""
    from sms_gateway import dispatcher

    return dispatcher.tick(context().runtime)


# ---------------------------------------------------------------- delivering


def deliver(runtime, provider: Provider, message_ids: Iterable[int]) -> str:
    """Claim, send and record these rows; returns a one-line summary."""
    ids = sorted(set(message_ids))
    counts = {"sent": 0, "retry": 0, "failed": 0, "cancelled": 0, "deferred": 0, "skipped": 0}
    claimed = _claim(runtime, provider, ids, counts)
    if claimed:
        outgoing = [Outgoing(to=m.to_phone, text=m.text, ref=str(m.id), kind=m.kind) for m in claimed]
        try:
            results = send_all(provider, outgoing)
        except Exception as exc:  # an adapter bug must not leave rows `sending`
            log.exception("provider %s raised", provider.name)
            results = [SendResult(o.ref, "transient", error=f"internal: {type(exc).__name__}") for o in outgoing]
        _record(runtime, provider, claimed, results, counts)
    counts["skipped"] = len(ids) - len(claimed) - counts["cancelled"] - counts["deferred"]
    return ", ".join(f"{name} {count}" for name, count in counts.items())


@dataclass(frozen=True)
class _Claimed:
    id: int
    to_phone: str
    text: str
    person_id: int | None
    attempts: int  # counting this one
    kind: str = "reply"


def _claim(runtime, provider: Provider, ids: list[int], counts: dict) -> list[_Claimed]:
    """Re-read the rows that are still queued and due, settle the ones that
    must not go (cancel / defer), and mark the rest `sending`.

    Three statements for a batch of any size, whatever it holds: one locking
    read of only the columns the verdict needs (recipient's opt-out and
    village timezone joined in), one `UPDATE ... RETURNING` that claims, and
    an executemany for the rare cancelled or deferred rows. No ORM object is
    built per row: a 1000-row batch is the common case (a broadcast)."""
    now = runtime.clock()
    with runtime.sessions() as session:
        postgresql = session.get_bind().dialect.name == "postgresql"
        statement = (
            select(*_CLAIM_COLUMNS)
            .select_from(_CLAIM_FROM)
            .where(_id_among(_OUTBOX.c.id, ids, postgresql), _OUTBOX.c.status == "queued",
                   _OUTBOX.c.send_after <= now)
            .order_by(_OUTBOX.c.id)
        )
        if postgresql:
            statement = statement.with_for_update(skip_locked=True, of=_OUTBOX)
        rows = session.execute(statement).all()
        go: dict[int, Row] = {}
        settled = []
        for row in rows:
            recipient = _Recipient(row.opted_out) if row.person_id is not None and row.opted_out is not None \
                else None
            verdict = delivery.verdict(session, row, recipient, row.timezone or DEFAULT_TZ, now,
                                       runtime.settings.quiet_hours)
            if verdict.action == CANCEL:
                settled.append({"b_id": row.id, "b_status": "cancelled", "b_error": verdict.reason,
                                "b_send_after": None, "b_now": now})
                counts["cancelled"] += 1
            elif verdict.action == DEFER:
                settled.append({"b_id": row.id, "b_status": "queued", "b_error": None,
                                "b_send_after": verdict.until, "b_now": now})
                counts["deferred"] += 1
            else:
                go[row.id] = row
        if settled:
            session.execute(_SETTLE, settled)
        claimed: list[_Claimed] = []
        if go:
            won = session.execute(
                update(_OUTBOX)
                .where(_id_among(_OUTBOX.c.id, list(go), postgresql), _OUTBOX.c.status == "queued")
                .values(status="sending", attempts=_OUTBOX.c.attempts + 1, provider=provider.name, updated_at=now)
                .returning(_OUTBOX.c.id, _OUTBOX.c.attempts)
            ).all()
            claimed = [_Claimed(id_, go[id_].to_phone, go[id_].text, go[id_].person_id, attempts, go[id_].kind)
                       for id_, attempts in sorted(won)]
        session.commit()
    return claimed


_OUTBOX = OutboundMessage.__table__
_PEOPLE = Person.__table__
_PERSON_VILLAGE = Village.__table__.alias("person_village")
_IMPOUNDMENT_VILLAGE = Village.__table__.alias("impoundment_village")
# What `delivery.verdict` reads of a row (expiry, unsolicited, kind, impoundment,
# key), what is sent (phone, text), and the recipient's opt-out and timezone:
# the person's village, else the impoundment's (else DEFAULT_TZ).
_CLAIM_COLUMNS = (
    _OUTBOX.c.id, _OUTBOX.c.to_phone, _OUTBOX.c.text, _OUTBOX.c.person_id, _OUTBOX.c.kind,
    _OUTBOX.c.impoundment_id, _OUTBOX.c.idempotency_key, _OUTBOX.c.expires_at, _OUTBOX.c.unsolicited,
    _PEOPLE.c.opted_out,
    func.coalesce(_PERSON_VILLAGE.c.timezone, _IMPOUNDMENT_VILLAGE.c.timezone).label("timezone"),
)
_CLAIM_FROM = (
    _OUTBOX
    .outerjoin(_PEOPLE, _PEOPLE.c.id == _OUTBOX.c.person_id)
    .outerjoin(_PERSON_VILLAGE, _PERSON_VILLAGE.c.id == _PEOPLE.c.village_id)
    .outerjoin(Impoundment.__table__, and_(Impoundment.__table__.c.id == _OUTBOX.c.impoundment_id,
                                           _PEOPLE.c.village_id.is_(None)))
    .outerjoin(_IMPOUNDMENT_VILLAGE, _IMPOUNDMENT_VILLAGE.c.id == Impoundment.__table__.c.village_id)
)


@dataclass(frozen=True)
class _Recipient:
    """What `delivery.verdict` asks of the person: did they send STOP?"""
    opted_out: bool


def _id_among(column, ids: list[int], postgresql: bool):
    """`column = ANY(:ids)` on PostgreSQL: one array parameter, so the
    statement text (and its compiled and prepared forms) is the same for a
    batch of any size, where `IN (...)` renders one parameter per id."""
    if postgresql:
        return column == any_(bindparam("ids_array", ids, type_=ARRAY(Integer)))
    return column.in_(ids)


_SETTLE = (
    update(_OUTBOX)
    .where(_OUTBOX.c.id == bindparam("b_id"), _OUTBOX.c.status == "queued")
    .values(status=bindparam("b_status"), last_error=bindparam("b_error"),
            send_after=func.coalesce(bindparam("b_send_after", type_=UTCDateTime()), _OUTBOX.c.send_after),
            updated_at=bindparam("b_now", type_=UTCDateTime()))
)


_RESULT = (
    update(OutboundMessage.__table__)
    .where(OutboundMessage.__table__.c.id == bindparam("b_id"),
           # Not IN (...): an expanding parameter cannot go into executemany.
           or_(OutboundMessage.__table__.c.status == "sending", OutboundMessage.__table__.c.status == "queued"))
    .values(status=bindparam("b_status"), provider_id=bindparam("b_provider_id"),
            sent_at=bindparam("b_sent_at", type_=UTCDateTime()), last_error=bindparam("b_error"),
            # NULL keeps the row's send_after (only a retry moves it).
            send_after=func.coalesce(bindparam("b_send_after", type_=UTCDateTime()),
                                     OutboundMessage.__table__.c.send_after),
            updated_at=bindparam("b_now", type_=UTCDateTime()))
)


_SENT_PG = text(
    "UPDATE outbound_messages AS o SET status = 'sent', provider_id = v.provider_id, sent_at = :now, "
    "last_error = NULL, updated_at = :now "
    "FROM unnest(CAST(:ids AS integer[]), CAST(:provider_ids AS varchar[])) AS v(id, provider_id) "
    "WHERE o.id = v.id AND o.status IN ('sending', 'queued')")


def _record(runtime, provider: Provider, claimed: list[_Claimed], results: list[SendResult], counts: dict) -> None:
    """Write what the provider said: `sent` with its id; a transient error
    waits `delivery.backoff(attempts)` and is retried (failed after
    MAX_ATTEMPTS); a permanent one is `failed` with the reason; an opt-out
    (Twilio 21610, AT blacklist) marks the person."""
    now = runtime.clock()
    by_ref = {r.ref: r for r in results}
    params, opted_out = [], []
    with runtime.sessions() as session:
        for message in claimed:
            result = by_ref.get(str(message.id)) or SendResult(str(message.id), "transient", error="no result")
            row = {"b_id": message.id, "b_provider_id": result.provider_id, "b_sent_at": None, "b_error": None,
                   "b_send_after": None, "b_now": now}
            if result.outcome == SENT:
                row.update(b_status="sent", b_sent_at=now)
                counts["sent"] += 1
            elif result.outcome == PERMANENT:
                row.update(b_status="failed", b_error=result.error or "refused")
                counts["failed"] += 1
            elif message.attempts >= MAX_ATTEMPTS:
                row.update(b_status="failed", b_error=f"{result.error} (gave up after {message.attempts} attempts)")
                counts["failed"] += 1
            else:
                row.update(b_status="queued", b_error=result.error,
                           b_send_after=now + delivery.backoff(message.attempts))
                counts["retry"] += 1
            params.append(row)
            if result.opted_out:
                opted_out.append(message)
        accepted = [p for p in params if p["b_status"] == "sent"]
        if accepted and session.get_bind().dialect.name == "postgresql":
            # The common case (a broadcast batch all accepted) as one statement.
            session.execute(_SENT_PG, {"ids": [p["b_id"] for p in accepted],
                                       "provider_ids": [p["b_provider_id"] for p in accepted], "now": now})
            params = [p for p in params if p["b_status"] != "sent"]
        if params:
            session.execute(_RESULT, params)
        for message in opted_out:
            delivery.mark_opted_out(session, message.person_id, message.to_phone)
        session.commit()
