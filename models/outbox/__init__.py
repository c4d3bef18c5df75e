"""The outbox's state machine: every statement that writes or moves an
outbox row, and the queries that find the rows to move (SPEC section 7).

    queued --claim--> sending --record--> sent --report--> delivered | failed
      |  ^                |  \\--record (transient)--> queued (backoff)
      |  +--settle (defer)|   \\--record (permanent / gave up)--> failed
      |                   +--redrive_lost (worker lost) / give_up_lost --> queued | failed
      +--settle (cancel) / expire --> cancelled

Why one module: the worker (`sms_gateway.worker.jobs`), the dispatcher, the
enqueuer, the delivery webhooks and the handlers that write notices all move
rows, and a status literal spelled in six files is a state machine nobody can
read. Here are only the statements; what a row *means* (does this notice
still apply? quiet hours?) is decided in `handlers.outbox.delivery`, and when to run
them in the edge. Every statement is a compare-and-set on `status`, so any
of them may run twice, or race another process, without moving a row twice.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Iterable, Sequence

from sqlalchemy import (Boolean, Integer, Row, String, and_, bindparam, cast, func, literal, literal_column, or_,
                        select, update)
from sqlalchemy.orm import Session

from models.db import UTCDateTime, among, insert_on_conflict, on_postgresql
from models.outbox.stop import reaches_sql
from models.tables import Impoundment, OutboundMessage, Person, Village

QUEUED, SENDING, SENT = "queued", "sending", "sent"
DELIVERED, FAILED, CANCELLED = "delivered", "failed", "cancelled"
# A delivery report never moves a row out of these (callbacks arrive out of order).
FINAL = (DELIVERED, FAILED, CANCELLED)

# Transient provider errors: tried this many times in all, then `failed`.
MAX_ATTEMPTS = 6
# Waits after the 1st, 2nd, ... failed attempt (the last one repeats).
BACKOFF = (timedelta(minutes=1), timedelta(minutes=2), timedelta(minutes=5), timedelta(minutes=15),
           timedelta(minutes=30))
# A row `sending` for this long lost its worker (killed, OOM, machine gone).
# Longer than an RQ job may run (sms_gateway.worker.queues.job_timeout), so a live
# job is never raced; the price is that a killed send waits this long.
SENDING_TIMEOUT = timedelta(minutes=10)
# A queued, due row nobody has touched for this long has lost its job.
QUEUED_TIMEOUT = timedelta(minutes=5)

# session.info key: ids of rows written in bulk (INSERT ... SELECT) in this
# transaction, which no ORM event reports; see `note_bulk_written`.
_BULK_WRITTEN = "outbox.written_ids"


def backoff(attempts: int) -> timedelta:
    """How long a row waits after its `attempts`-th transient failure."""
    return BACKOFF[min(attempts, len(BACKOFF)) - 1]


# ---------------------------------------------------------------- writing rows


def add(session: Session, *, to_phone: str, text: str, language: str, kind: str, idempotency_key: str,
        segments: int, encoding: str, unsolicited: bool, now: datetime, send_after: datetime | None = None,
        expires_at: datetime | None = None, person_id: int | None = None, impoundment_id: int | None = None,
        broadcast_id: int | None = None) -> OutboundMessage | None:
    """One new `queued` row in the caller's transaction; None when a row with this idempotency key
    exists already (the key is what keeps a notice from going out twice)."""
    exists = session.scalar(select(OutboundMessage.id).where(OutboundMessage.idempotency_key == idempotency_key))
    if exists is not None:
        return None
    message = OutboundMessage(
        to_phone=to_phone, person_id=person_id, text=text, language=language, kind=kind,
        idempotency_key=idempotency_key, status=QUEUED, attempts=0, segments=segments, encoding=encoding,
        send_after=send_after or now, expires_at=expires_at, unsolicited=unsolicited,
        impoundment_id=impoundment_id, broadcast_id=broadcast_id, created_at=now, updated_at=now)
    session.add(message)
    return message


def add_for_village(session: Session, *, village_id: int, language: str, text: str, segments: int, encoding: str,
                    kind: str, key_prefix: str, now: datetime, send_after: datetime | None = None,
                    expires_at: datetime | None = None, broadcast_id: int | None = None) -> list[int]:
    """One `queued` row per opted-in person of the village who reads
    `language`, keyed `{key_prefix}:{person id}`, in one INSERT ... SELECT (a
    village may hold tens of thousands: no ORM object per recipient). A
    person who has the key already is skipped, so writing twice adds nothing.
    Returns the ids written, also noted for `bulk_written`."""
    people = select(
        Person.phone, Person.id, _literal(text), _literal(language), _literal(kind),
        _literal(f"{key_prefix}:") + cast(Person.id, String), _literal(QUEUED), _literal(0, Integer),
        _literal(segments, Integer), _literal(encoding), _literal(send_after or now, UTCDateTime()),
        _literal(expires_at, UTCDateTime()), _literal(True, Boolean), _literal(broadcast_id, Integer),
        _literal(now, UTCDateTime()), _literal(now, UTCDateTime()),
    ).where(Person.village_id == village_id, reaches_sql(Person.opted_out), Person.language == language)
    columns = ["to_phone", "person_id", "text", "language", "kind", "idempotency_key", "status", "attempts", "segments",
               "encoding", "send_after", "expires_at", "unsolicited", "broadcast_id", "created_at", "updated_at"]
    statement = (insert_on_conflict(session, _OUTBOX).from_select(columns, people)
                 .on_conflict_do_nothing(index_elements=["idempotency_key"]))
    written = list(session.scalars(statement.returning(OutboundMessage.id)))
    note_bulk_written(session, written)
    return written


def note_bulk_written(session: Session, ids: Iterable[int]) -> None:
    """Remember rows written without the ORM in this transaction, so the request that wrote them can
    report them and the edge can enqueue them after commit (ORM rows are seen by session events)."""
    session.info.setdefault(_BULK_WRITTEN, []).extend(ids)


def bulk_written(session: Session) -> list[int]:
    """Ids noted by `note_bulk_written` in the current transaction."""
    return list(session.info.get(_BULK_WRITTEN, ()))


def forget_bulk_written(session: Session) -> list[int]:
    """Take (and clear) the noted ids: at commit to enqueue them, at rollback to drop them."""
    return list(session.info.pop(_BULK_WRITTEN, ()))


# ---------------------------------------------------------------- the worker: claim, settle, record


def lock_due(session: Session, ids: Sequence[int], now: datetime) -> list[Row]:
    """Of these rows, the ones still `queued` and due, locked (FOR UPDATE SKIP LOCKED on PostgreSQL:
    a row another worker holds is left to it), with only the columns the send-time verdict reads
    and the recipient's opt-out and timezone joined in. One statement for a batch of any size."""
    statement = (
        select(*_CLAIM_COLUMNS).select_from(_CLAIM_FROM)
        .where(among(session, _OUTBOX.c.id, ids, Integer), _status_of_row_by_id() == QUEUED,
               _OUTBOX.c.send_after <= now)
        .order_by(_OUTBOX.c.id)
    )
    if on_postgresql(session):
        statement = statement.with_for_update(skip_locked=True, of=_OUTBOX)
    return list(session.execute(statement).all())


@dataclass(frozen=True)
class Settlement:
    """A queued row that must not go now: cancelled (with why) or deferred (to `until`)."""
    id: int
    cancel_reason: str | None = None
    until: datetime | None = None


def settle(session: Session, settlements: Sequence[Settlement], now: datetime) -> None:
    """Cancel or defer rows still `queued`, in one executemany."""
    if settlements:
        session.execute(_SETTLE, [
            {"b_id": s.id, "b_status": CANCELLED if s.cancel_reason else QUEUED, "b_error": s.cancel_reason,
             "b_send_after": s.until, "b_now": now} for s in settlements])


def claim(session: Session, ids: Sequence[int], provider: str, now: datetime) -> list[tuple[int, int]]:
    """`queued -> sending` for these rows, counting the attempt: a compare-and-set, so of two workers
    holding the same ids only one wins a row. Returns (id, attempts counting this one) of those won, by id."""
    if not ids:
        return []
    won = session.execute(
        update(_OUTBOX)
        .where(among(session, _OUTBOX.c.id, ids, Integer), _status_of_row_by_id() == QUEUED)
        .values(status=SENDING, attempts=_OUTBOX.c.attempts + 1, provider=provider, updated_at=now)
        .returning(_OUTBOX.c.id, _OUTBOX.c.attempts)
    ).all()
    return sorted((id_, attempts) for id_, attempts in won)


@dataclass(frozen=True)
class Outcome:
    """What the provider said of a claimed row: accepted (with its id), refused for good, or transient."""
    id: int
    attempts: int  # counting the one just made
    accepted: bool
    provider_id: str | None = None
    error: str | None = None
    permanent: bool = False


def record(session: Session, outcomes: Sequence[Outcome], now: datetime) -> dict[str, int]:
    """Write what the provider said: `sent` with its id (in bulk: `record_sent`); a transient error
    goes back to `queued` after `backoff(attempts)`, or `failed` once MAX_ATTEMPTS are spent; a
    permanent one is `failed` with the reason. Returns how many rows were sent, retried and failed."""
    counts, params = {"sent": 0, "retry": 0, "failed": 0}, []
    for outcome in outcomes:
        retry = not outcome.accepted and not outcome.permanent and outcome.attempts < MAX_ATTEMPTS
        counts["sent" if outcome.accepted else "retry" if retry else "failed"] += 1
        params.append({"b_id": outcome.id, "b_provider_id": outcome.provider_id, "b_now": now,
                       "b_status": SENT if outcome.accepted else QUEUED if retry else FAILED,
                       "b_sent_at": now if outcome.accepted else None, "b_error": _why(outcome, retry),
                       "b_send_after": now + backoff(outcome.attempts) if retry else None})
    if params:
        session.execute(_RESULT, params)
    return counts


def _why(outcome: Outcome, retry: bool) -> str | None:
    """The row's `last_error`: none once accepted, else the provider's words."""
    if outcome.accepted:
        return None
    if outcome.permanent:
        return outcome.error or "refused"
    return outcome.error if retry else f"{outcome.error} (gave up after {outcome.attempts} attempts)"


def record_sent(session: Session, ids: Sequence[int], provider_ids: Sequence[str | None], now: datetime) -> int:
    """`sent` with the provider's id for rows it accepted (still `sending`, or `queued` again after a
    release): a broadcast's request, 1000 rows, as one statement on PostgreSQL. Returns how many."""
    if ids and on_postgresql(session):  # never prepared: a generic plan compared each id with each row
        session.connection().connection.driver_connection.execute(
            _SENT_PG, {"ids": list(ids), "provider_ids": list(provider_ids), "now": now}, prepare=False, binary=True)
        return len(ids)
    return record(session, [Outcome(id_, 0, True, provider_id) for id_, provider_id in zip(ids, provider_ids)],
                  now)["sent"]


def record_report(session: Session, provider: str, provider_id: str, status: str, reason: str | None,
                  now: datetime, *, retry: bool = False) -> OutboundMessage | None:
    """A provider's delivery report: move the row forward, never back from a
    final state nor from `sent` to an earlier word. A failure the provider's
    table calls transient (`retry`: throttling, congestion, a handset out of
    reach) puts the row back to `queued` after `backoff(attempts)`, or fails
    it once MAX_ATTEMPTS are spent. Returns the row (None when no row has
    this provider id); a repeated report changes nothing."""
    message = session.scalars(select(OutboundMessage).where(
        OutboundMessage.provider == provider, OutboundMessage.provider_id == provider_id)).first()
    if message is None or message.status in FINAL or message.status == status:
        return message
    if status == SENT and message.status not in (SENDING, QUEUED):
        return message
    if retry and status == FAILED and message.attempts < MAX_ATTEMPTS:
        message.status, message.last_error = QUEUED, reason
        message.send_after, message.updated_at = now + backoff(message.attempts), now
        return message
    if retry and status == FAILED:
        reason = f"{reason} (gave up after {message.attempts} attempts)"
    message.status = status
    message.updated_at = now
    if status == FAILED:
        message.last_error = reason or "failed"
    return message


def release(session: Session, ids: Sequence[int], now: datetime) -> list[int]:
    """Back to `queued`, due at once, for claimed rows a job stopped before sending (its time budget
    spent, or RQ's limit struck): at most the one request on the wire when it stopped can have
    reached the provider. Only rows still `sending`; returns their ids."""
    if not ids:
        return []
    return list(session.execute(
        update(_OUTBOX).where(_OUTBOX.c.id.in_(list(ids)), _status_of_row_by_id() == SENDING)
        .values(status=QUEUED, send_after=now, updated_at=now)
        .returning(_OUTBOX.c.id)).scalars())


# ---------------------------------------------------------------- the dispatcher: expire, give up, re-drive, due


def expire(session: Session, now: datetime) -> int:
    """Cancel queued rows whose moment has passed; returns how many."""
    return session.execute(
        update(OutboundMessage).where(_status_is(QUEUED), OutboundMessage.expires_at <= now)
        .values(status=CANCELLED, last_error="expired: its moment has passed", updated_at=now),
        execution_options={"synchronize_session": False}).rowcount


def give_up_lost(session: Session, now: datetime) -> int:
    """`failed` for rows a lost worker left `sending` that have spent
    MAX_ATTEMPTS already (run before `redrive_lost`); returns how many."""
    return session.execute(
        update(OutboundMessage).where(*_lost(now), OutboundMessage.attempts >= MAX_ATTEMPTS)
        .values(status=FAILED, last_error=f"worker lost while sending, {MAX_ATTEMPTS} attempts", updated_at=now),
        execution_options={"synchronize_session": False}).rowcount


def redrive_lost(session: Session, now: datetime) -> int:
    """Back to `queued` for rows a lost worker left `sending`, updated_at left old so that `due_ids`
    picks them up at once; returns how many."""
    return session.execute(
        update(OutboundMessage).where(*_lost(now))
        .values(status=QUEUED, last_error="re-driven: worker lost while sending"),
        execution_options={"synchronize_session": False}).rowcount


def due_ids(session: Session, now: datetime) -> list[int]:
    """Queued, due rows in no one's hands: never enqueued since they became due (a dated notice, a
    retry, a deferral), or enqueued so long ago that the job must be lost. `updated_at` says when a
    process last took the row in hand (see `mark_enqueued`)."""
    return list(session.scalars(select(OutboundMessage.id).where(
        _status_is(QUEUED),
        OutboundMessage.send_after <= now,
        or_(OutboundMessage.updated_at < OutboundMessage.send_after,
            OutboundMessage.updated_at <= now - QUEUED_TIMEOUT),
    ).order_by(OutboundMessage.id)))


def mark_enqueued(session: Session, ids: Sequence[int], now: datetime) -> None:
    """Record that these rows are in hand (their jobs are enqueued as soon
    as this commits: `queues.enqueue_due`), so `due_ids` leaves them alone
    for QUEUED_TIMEOUT."""
    for start in range(0, len(ids), 10_000):
        session.execute(update(OutboundMessage).where(
            OutboundMessage.id.in_(ids[start:start + 10_000]), OutboundMessage.status == QUEUED,
        ).values(updated_at=now), execution_options={"synchronize_session": False})


def is_due_new_row(instance: object, now: datetime) -> bool:
    """True for an ORM row just written that may be enqueued at once (the
    rest wait for the dispatcher)."""
    return isinstance(instance, OutboundMessage) and instance.status == QUEUED and instance.send_after <= now


# ---------------------------------------------------------------- statements


def _lost(now: datetime):
    return _status_is(SENDING), OutboundMessage.updated_at <= now - SENDING_TIMEOUT


def _status_is(status: str):
    """`status = 'queued'` with the word in the SQL: a generic plan can use the partial status index."""
    return OutboundMessage.status == literal_column(f"'{status}'")


def _status_of_row_by_id():
    """The status of rows found by id, as an expression no index holds: with statistics from before a
    broadcast's 100,000 rows, `status = 'queued'` had the planner walk every queued row of the status
    index for each 1000-id job (30-46 ms a statement) instead of 1000 primary key probes."""
    return func.coalesce(_OUTBOX.c.status, "")


def _literal(value, type_=String):
    return literal(value, type_)


_OUTBOX = OutboundMessage.__table__
_PEOPLE = Person.__table__
_IMPOUNDMENTS = Impoundment.__table__
_PERSON_VILLAGE = Village.__table__.alias("person_village")
_IMPOUNDMENT_VILLAGE = Village.__table__.alias("impoundment_village")
# What `handlers.outbox.delivery.verdict` reads of a row (expiry, unsolicited, kind,
# impoundment, key), what is sent (phone, text), and the recipient's opt-out
# and timezone: the person's village, else the impoundment's.
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
    .outerjoin(_IMPOUNDMENTS, and_(_IMPOUNDMENTS.c.id == _OUTBOX.c.impoundment_id, _PEOPLE.c.village_id.is_(None)))
    .outerjoin(_IMPOUNDMENT_VILLAGE, _IMPOUNDMENT_VILLAGE.c.id == _IMPOUNDMENTS.c.village_id)
)

_SETTLE = (
    update(_OUTBOX)
    .where(_OUTBOX.c.id == bindparam("b_id"), _OUTBOX.c.status == QUEUED)
    .values(status=bindparam("b_status"), last_error=bindparam("b_error"),
            send_after=func.coalesce(bindparam("b_send_after", type_=UTCDateTime()), _OUTBOX.c.send_after),
            updated_at=bindparam("b_now", type_=UTCDateTime()))
)

_RESULT = (
    update(_OUTBOX)
    # Not IN (...): an expanding parameter cannot go into executemany.
    .where(_OUTBOX.c.id == bindparam("b_id"), or_(_OUTBOX.c.status == SENDING, _OUTBOX.c.status == QUEUED))
    .values(status=bindparam("b_status"), provider_id=bindparam("b_provider_id"),
            sent_at=bindparam("b_sent_at", type_=UTCDateTime()), last_error=bindparam("b_error"),
            # NULL keeps the row's send_after (only a retry moves it).
            send_after=func.coalesce(bindparam("b_send_after", type_=UTCDateTime()), _OUTBOX.c.send_after),
            updated_at=bindparam("b_now", type_=UTCDateTime()))
)

_SENT_PG = (
    f"UPDATE outbound_messages AS o SET status = '{SENT}', provider_id = v.provider_id, sent_at = %(now)s, "
    "last_error = NULL, updated_at = %(now)s "
    "FROM unnest(%(ids)s::integer[], %(provider_ids)s::varchar[]) AS v(id, provider_id) "
    "WHERE o.id = v.id AND o.id = ANY(%(ids)s::integer[]) "
    f"AND coalesce(o.status, '') IN ('{SENDING}', '{QUEUED}')")  # see _status_of_row_by_id
