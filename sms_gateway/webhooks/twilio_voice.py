"""Twilio voice webhooks under /webhooks/twilio (SPEC 11.4): missed calls and the voice menu.

Signature-checked exactly like the SMS webhooks (sms_gateway.webhooks.twilio.check_signature).
A module of its own so the SMS module stays as it was.
"""
from __future__ import annotations

import logging
import uuid

from flask import Blueprint, Response, request
from twilio.twiml.voice_response import VoiceResponse

from handlers import missed_call
from sms_gateway.extensions import db, now, settings
from sms_gateway.webhooks.twilio import check_signature

bp = Blueprint("twilio_voice_webhooks", __name__, url_prefix="/webhooks/twilio")

PROVIDER = "twilio"
log = logging.getLogger("dabbo.webhooks.twilio_voice")


def voice_xml(response: VoiceResponse) -> Response:
    return Response(str(response), status=200, content_type="text/xml; charset=utf-8")


@bp.post("/missed-call")
def missed():
    """An incoming call to the missed-call number: `<Reject/>` as the first verb, so Twilio
    never picks up and nobody pays (TwiML <Reject>); the caller hears back per
    MISSED_CALL_ANSWER. Rejected even when the answer cannot be written."""
    check_signature()
    form = request.form
    try:
        missed_call.answer(db(), phone=form.get("From", ""), provider=PROVIDER,
                           call_id=form.get("CallSid") or f"missing-{uuid.uuid4()}", now=now(),
                           answer_by=settings().missed_call_answer)
    except Exception:
        log.exception("Twilio missed call failed")
    response = VoiceResponse()
    response.reject()
    return voice_xml(response)
