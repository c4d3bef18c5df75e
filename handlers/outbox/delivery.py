"""What happens to an outbox row between "queued" and "delivered" (SPEC section 7).

The RQ job (`sms_gateway.worker.jobs`) asks `verdict` about every row just before
handing it to a provider: a notice is re-checked at send time, not only when it
was written, because the world moves on while a row waits (the animal is
released overnight, the auction passes, the owner texts STOP). The status
webhooks hand delivery reports to `record_status`.

The clock, the quiet hours and the provider's answers come in as values; this
module reads no settings and talks to no network.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import update
from sqlalchemy.orm import Session

from handlers import notices, received
from models import outbox
from models.outbox.stop import reaches
from models.law import DEFAULT_TZ
from models.tables import OutboundMessage, Person

SEND, DEFER, CANCEL = "send", "defer", "cancel"


@dataclass(frozen=True)
class Verdict:
    action: str  # SEND | DEFER | CANCEL
    until: datetime | None = None  # DEFER: the new send_after
    reason: str | None = None  # CANCEL: why, kept in last_error


# Outbox kinds a whole village gets (their SmsType is DLT_BROADCAST_SMS_TYPE).
BROADCAST_KINDS = frozenset({"broadcast", "auction_notice"})
# Promotional SMS go only 10:00-21:00 local (TRAI TCCCPR; INDIA-CHANNELS 7): the quiet hours of
# a village's notices when they are sent as promotional.
PROMOTIONAL_QUIET_HOURS = (21, 10)


def in_quiet_hours(moment: datetime, tz: str, quiet_hours: tuple[int, int]) -> bool:
    """True when `moment` falls in the village's quiet hours: (21, 8) means
    21:00 to 07:59 local; equal hours mean no quiet hours at all."""
    start, end = quiet_hours
    hour = moment.astimezone(ZoneInfo(tz)).hour
    if start == end:
        return False
    if start > end:
        return hour >= start or hour < end
    return start <= hour < end


def morning_after(moment: datetime, tz: str, quiet_hours: tuple[int, int]) -> datetime:
    """The end of the quiet hours that `moment` lies in: the village's morning
    (08:00 local by default), today if before it, else tomorrow."""
    zone = ZoneInfo(tz)
    local = moment.astimezone(zone)
    morning = datetime.combine(local.date(), time(quiet_hours[1]), zone)
    if morning <= local:
        morning = datetime.combine(local.date() + timedelta(days=1), time(quiet_hours[1]), zone)
    return morning.astimezone(moment.tzinfo)


def verdict(session: Session, message: OutboundMessage, person: Person | None, tz: str | None,
            now: datetime, quiet_hours: tuple[int, int]) -> Verdict:
    """Send it now, wait until the morning, or drop it (and why).

    Of `message` only expires_at, unsolicited, kind, impoundment_id and
    idempotency_key are read, and of `person` only opted_out, so the RQ job
    may pass plain rows of just those columns instead of ORM objects."""
    if message.expires_at is not None and now >= message.expires_at:
        return Verdict(CANCEL, reason="expired: its moment has passed")
    if person is not None and not reaches(person.opted_out, message.unsolicited):
        return Verdict(CANCEL, reason="opted out (STOP)")
    reason = notices.no_longer_applies(session, message, now)
    if reason:
        return Verdict(CANCEL, reason=reason)
    if message.unsolicited and in_quiet_hours(now, tz or DEFAULT_TZ, quiet_hours):
        until = morning_after(now, tz or DEFAULT_TZ, quiet_hours)
        if message.expires_at is not None and until >= message.expires_at:
            return Verdict(CANCEL, reason="expired: quiet hours last past its moment")
        return Verdict(DEFER, until=until)
    return Verdict(SEND)


@dataclass(frozen=True)
class Claimed:
    """A row won by `claim`: what to send, and to whom."""
    id: int
    to_phone: str
    text: str
    person_id: int | None
    attempts: int  # counting this one
    kind: str = "reply"  # voice_callback is a call (SPEC 11.5), the rest SMS


@dataclass(frozen=True)
class _Recipient:
    """What `verdict` asks of the person: did they send STOP?"""
    opted_out: bool


def claim(session: Session, ids: list[int], provider: str, now: datetime, quiet_hours: tuple[int, int],
          counts: dict[str, int], broadcast_quiet_hours: tuple[int, int] | None = None) -> list[Claimed]:
    """Re-read the rows still queued and due, settle the ones that must not
    go now (cancel / defer, counted in `counts`), and mark the rest
    `sending`. Three statements for a batch of any size (`models.outbox`);
    no ORM object per row: a 1000-row batch is the common case. `broadcast_quiet_hours`: those
    of a village's notices where they differ (PROMOTIONAL_QUIET_HOURS when sent as promotional)."""
    go: dict[int, object] = {}
    settled: list[outbox.Settlement] = []
    for row in outbox.lock_due(session, ids, now):
        recipient = _Recipient(row.opted_out) if row.person_id is not None and row.opted_out is not None else None
        hours = broadcast_quiet_hours if broadcast_quiet_hours and row.kind in BROADCAST_KINDS else quiet_hours
        decided = verdict(session, row, recipient, row.timezone or DEFAULT_TZ, now, hours)
        if decided.action == CANCEL:
            settled.append(outbox.Settlement(row.id, cancel_reason=decided.reason))
            counts["cancelled"] += 1
        elif decided.action == DEFER:
            settled.append(outbox.Settlement(row.id, until=decided.until))
            counts["deferred"] += 1
        else:
            go[row.id] = row
    outbox.settle(session, settled, now)
    return [Claimed(id_, go[id_].to_phone, go[id_].text, go[id_].person_id, attempts, go[id_].kind)
            for id_, attempts in outbox.claim(session, list(go), provider, now)]


def record_status(session: Session, provider: str, provider_id: str, status: str, reason: str | None,
                  opted_out: bool, now: datetime, *, retry: bool = False) -> bool:
    """A provider's delivery report: move the row forward (never back from a
    final state) and honour an opt-out; a transient failure (`retry`, from
    the provider's table) is sent again after the usual back-off. True when
    a row matched; calling it twice with the same report changes nothing the
    second time."""
    if not received.is_storable(provider_id):
        return False  # a NUL or a lone surrogate: no id Dabbo ever sent (and PostgreSQL would refuse it)
    message = outbox.record_report(session, provider, provider_id, status, reason and received.storable(reason),
                                   now, retry=retry)
    if message is None:
        return False
    if opted_out:
        mark_opted_out(session, message.person_id, message.to_phone)
    return True


def mark_opted_out(session: Session, person_id: int | None, phone: str) -> None:
    """The provider says this phone unsubscribed (Twilio 21610, AT blacklist):
    the person gets nothing unsolicited any more (SPEC: STOP)."""
    condition = (Person.id == person_id) if person_id else (Person.phone == phone)
    session.execute(update(Person).where(condition).values(opted_out=True))
