"""Rows taken back from workers that are gone, within seconds rather than SENDING_TIMEOUT
(the statements; who is gone is the edge's to know: sms_gateway.hands).

    sending --redrive_unheld (no live worker holds it)--> queued | failed (attempts spent)

Compare-and-set on `status` like every statement of models.outbox: a row a live worker records
meanwhile is not moved.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Collection

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from models.outbox import FAILED, MAX_ATTEMPTS, QUEUED, SENDING
from models.tables import OutboundMessage


def redrive_unheld(session: Session, now: datetime, held: Collection[int], grace: timedelta) -> int:
    """`sending` rows claimed more than `grace` ago that no live worker holds (`held`): back to
    `queued`, due at once (or `failed` when their attempts are spent). Returns how many moved."""
    stale = [row_id for row_id in session.scalars(select(OutboundMessage.id).where(
        OutboundMessage.status == SENDING, OutboundMessage.updated_at <= now - grace)) if row_id not in held]
    moved = 0
    for start in range(0, len(stale), 10_000):
        chunk = stale[start:start + 10_000]
        moved += session.execute(
            update(OutboundMessage).where(OutboundMessage.id.in_(chunk), OutboundMessage.status == SENDING,
                                          OutboundMessage.attempts >= MAX_ATTEMPTS)
            .values(status=FAILED, last_error=f"worker lost while sending, {MAX_ATTEMPTS} attempts", updated_at=now),
            execution_options={"synchronize_session": False}).rowcount
        # updated_at left old, as models.outbox.redrive_lost does: due_ids picks them up at once.
        moved += session.execute(
            update(OutboundMessage).where(OutboundMessage.id.in_(chunk), OutboundMessage.status == SENDING)
            .values(status=QUEUED, send_after=now, last_error="re-driven: its worker is gone"),
            execution_options={"synchronize_session": False}).rowcount
    return moved


def enqueued_ids(session: Session, now: datetime) -> list[int]:
    """Queued, due rows already handed to RQ (`updated_at` at or after `send_after`: see
    models.outbox.mark_enqueued), however recently: after Redis lost its contents no job holds
    them, and models.outbox.due_ids would leave them for QUEUED_TIMEOUT. (Rows never enqueued
    are due_ids' own.)"""
    return list(session.scalars(select(OutboundMessage.id).where(
        OutboundMessage.status == QUEUED, OutboundMessage.send_after <= now,
        OutboundMessage.updated_at >= OutboundMessage.send_after).order_by(OutboundMessage.id)))
