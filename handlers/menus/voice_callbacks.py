"""How a call back ended (SPEC 11.5 `voice_callback`, 12.1): the provider's call status settles
its outbox row.

`completed` (the owner picked up) -> delivered; `busy` and `no-answer` -> called again after
RETRY_AFTER, at most MAX_CALLS calls in all (the first and two more), never at night (a retry
falling in the village's quiet hours waits for the morning); `failed` (and what no table knows)
-> failed with the status as the reason. A row already final stays as it is; a repeated report
changes nothing.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers import received
from handlers.outbox.delivery import DEFAULT_TZ, in_quiet_hours, morning_after
from models.tables import OutboundMessage

KIND = "voice_callback"
CANARY_KIND = "canary_call"  # `golive --canary-call`: one call, its end recorded, never tried again
MAX_CALLS = 3
RETRY_AFTER = timedelta(minutes=10)
ANSWERED = "completed"
CALL_AGAIN = frozenset({"busy", "no-answer"})
FINAL = frozenset({"delivered", "failed", "cancelled"})


def settle(session: Session, provider: str, call_sid: str, status: str, now: datetime,
           quiet_hours: tuple[int, int]) -> OutboundMessage | None:
    """Apply a call's terminal status to its row; the row, or None when no call back has this id."""
    if not received.is_storable(call_sid):
        return None  # a NUL or a lone surrogate: no call Dabbo placed
    row = session.scalars(select(OutboundMessage).where(
        OutboundMessage.provider == provider, OutboundMessage.provider_id == call_sid,
        OutboundMessage.kind.in_((KIND, CANARY_KIND)))).first()
    if row is None or row.status in FINAL:
        return row
    status = (status or "").strip().lower()
    row.updated_at = now
    if status == ANSWERED:
        row.status = "delivered"
    elif status in CALL_AGAIN and row.kind == KIND and (row.attempts or 0) < MAX_CALLS:
        row.status, row.last_error = "queued", status
        row.send_after = next_try(now, quiet_hours)
    elif status in CALL_AGAIN:
        row.status, row.last_error = "failed", f"{status} (after {row.attempts} calls)" if row.kind == KIND else status
    elif status in ("queued", "ringing", "in-progress", ""):
        return row  # not an end: nothing to settle
    else:
        row.status, row.last_error = "failed", status
    return row


def next_try(now: datetime, quiet_hours: tuple[int, int], tz: str = DEFAULT_TZ) -> datetime:
    """RETRY_AFTER from now, or the morning when that falls in the quiet hours."""
    moment = now + RETRY_AFTER
    return morning_after(moment, tz, quiet_hours) if in_quiet_hours(moment, tz, quiet_hours) else moment
