"""Canary sends and calls for `golive` (SPEC 13.2): every registered template once, with its
sample values, to one phone through the real provider; then the status callbacks say which
the operators delivered.

Why through the outbox: the provider's status callback settles a row found by its provider id
(`record_delivery`, `voice_callbacks.settle`), so a canary is a row like any other (kinds
`canary` and `canary_call`, solicited: the phone is the person's running golive), sent here at
once rather than by the worker, and `golive --stage` reads the last canary of each template
back from the table. Its idempotency key names the template: `canary:<template id>:<run>`.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers import dlt as templates
from handlers.outbox import queue_message
from handlers.menus.voice_callbacks import CANARY_KIND as CALL_KIND
from models import outbox
from models.tables import OutboundMessage
from sms_gateway import dlt_setup
from sms_gateway.providers.base import SENT, VOICE_CALLBACK, Outgoing

KIND = "canary"
FINAL = ("delivered", "failed", "cancelled")


@dataclass(frozen=True)
class Canary:
    name: str        # the template's id, or "call"
    status: str      # delivered, failed, sent (no callback yet), queued
    error: str | None = None

    @property
    def line(self) -> str:
        if self.status == "delivered":
            return f"{self.name}: delivered"
        if self.status == "failed":
            return f"{self.name}: failed {self.error or ''}".rstrip()
        return f"{self.name}: no status callback yet ({self.status})"


def _send(session: Session, provider, row: OutboundMessage, now: datetime, *, call: bool) -> None:
    """Claim the row and hand it to the provider at once; its outcome recorded as the worker would."""
    [(row_id, attempts)] = outbox.claim(session, [row.id], provider.name, now)
    outgoing = Outgoing(to=row.to_phone, text=row.text, ref=str(row.id), kind=VOICE_CALLBACK if call else KIND)
    result = provider.call(outgoing) if call else provider.send(outgoing)
    outbox.record(session, [outbox.Outcome(row_id, attempts, result.outcome == SENT, result.provider_id,
                                           result.error, permanent=result.outcome != SENT)], now)
    session.commit()


def send_sms(session: Session, settings, provider, phone: str, now: datetime) -> list[OutboundMessage]:
    """One canary SMS per registered template, to `phone`; the rows, in template order."""
    run = now.strftime("%Y%m%d%H%M%S")
    context = dlt_setup.context(settings)
    rows = []
    for template in dlt_setup.current(settings):
        if not template.registered:
            continue
        row = queue_message(session, to_phone=phone, text=templates.sample(template, context),
                            language=template.language, kind=KIND, now=now,
                            idempotency_key=f"{KIND}:{template.template_id}:{run}")
        if row is None:
            continue
        session.flush()
        _send(session, provider, row, now, call=False)
        rows.append(row)
    return rows


def place_call(session: Session, provider, phone: str, now: datetime) -> OutboundMessage:
    row = queue_message(session, to_phone=phone, text="", language="en", kind=CALL_KIND, now=now,
                        idempotency_key=f"{CALL_KIND}:{now.strftime('%Y%m%d%H%M%S')}")
    session.flush()
    _send(session, provider, row, now, call=True)
    return row


def wait(session: Session, rows: list[OutboundMessage], seconds: float, *, poll_s: float = 2.0,
         sleep=time.sleep, clock=time.monotonic) -> None:
    """Until every row is final (its status callback came) or `seconds` have passed."""
    deadline = clock() + seconds
    while True:
        for row in rows:
            session.refresh(row)
        if all(row.status in FINAL for row in rows) or clock() >= deadline:
            return
        sleep(poll_s)


def template_id(row: OutboundMessage) -> str:
    return row.idempotency_key.split(":")[1]


def result(row: OutboundMessage, name: str | None = None) -> Canary:
    return Canary(name or template_id(row), row.status, row.last_error)


def last_sms(session: Session) -> dict[str, Canary]:
    """The last canary of each template id, whatever run it came from."""
    rows = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == KIND)
                           .order_by(OutboundMessage.created_at, OutboundMessage.id)).all()
    return {template_id(row): result(row) for row in rows}


def last_call(session: Session) -> Canary | None:
    row = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == CALL_KIND)
                          .order_by(OutboundMessage.created_at.desc(), OutboundMessage.id.desc())).first()
    return result(row, "call") if row is not None else None

