"""A phone in the browser: an SMS or a USSD step sent as any number, through
the very handlers the webhooks call, and what that number then receives.

The simulator is an edge like the Twilio and Africa's Talking webhooks: it
turns a form into an `Inbound` (or a USSD `text`) and hands it to `handlers`.
Its SMS reply is shown on the page the way Twilio's TwiML answer reaches the
phone, so it is not written to the outbox a second time. The handlers commit;
the outbox rows they wrote reach RQ through the session's after-commit hook
(`sms_gateway.worker.queues.enqueue_after_commit`), as for the webhooks.
"""
from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers.sms import inbound
from handlers.menus import ussd
from models.tables import OutboundMessage
from sms_gateway.settings import Settings

PROVIDER = "simulator"
INBOX_ROWS = 20


def send_sms(session: Session, *, phone: str, text: str, now: datetime, settings: Settings) -> str:
    """One SMS from `phone`: handle_sms stores it, runs it and commits; the
    reply text comes back as Twilio would put it in its TwiML answer."""
    message = inbound.Inbound(phone=phone, text=text, provider=PROVIDER, provider_id=uuid.uuid4().hex)
    return inbound.handle_sms(session, message, now=now, ussd_code=settings.ussd_service_code).text


def dial(session: Session, *, phone: str, text: str, session_id: str, now: datetime,
         settings: Settings) -> ussd.Screen:
    """One USSD step, answered and committed exactly as the Africa's Talking
    webhook does it (`.body` is `CON …` or `END …`)."""
    return ussd.answer(session, provider=PROVIDER, session_id=session_id, phone=phone, text=text, now=now,
                       settings=settings)


def new_ussd_session() -> str:
    return f"SIM{uuid.uuid4().hex}"


def next_ussd_text(path: str, answer: str | None, *, dialling: bool) -> str:
    """Africa's Talking's accumulated `text`: empty when the code is dialled,
    then every answer joined by `*` (`1*123456789012`)."""
    if dialling:
        return ""
    answer = (answer or "").strip()
    return f"{path}*{answer}" if path else answer


def inbox(session: Session, phone: str, limit: int = INBOX_ROWS) -> list[OutboundMessage]:
    """What the outbox holds for this phone, newest first."""
    return list(session.scalars(select(OutboundMessage).where(OutboundMessage.to_phone == phone)
                                .order_by(OutboundMessage.id.desc()).limit(limit)))
