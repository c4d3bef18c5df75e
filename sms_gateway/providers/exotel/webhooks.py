"""Exotel webhooks under /webhooks/exotel (SPEC 11.4).

Exotel signs nothing (INDIA-CHANNELS.md: no signing found), so, like Africa's Talking, every
endpoint requires the shared secret EXOTEL_WEBHOOK_TOKEN, compared in constant time; with no
token configured every call is refused. The token is taken in the path
(`/webhooks/exotel/t/<token>/...`, what `exotel flow` prints) or as the query parameter `token`:
one integration reports Exotel replacing a configured query string with its own parameters,
and a token in the path survives either way (SPEC 13.2). Exotel's applets
call with GET and a query string (after a HEAD), its status callbacks POST a form: every
endpoint takes both, and reads the fields from whichever carries them.
"""
from __future__ import annotations

import logging
import uuid

from flask import Blueprint, request

from handlers.sms.inbound import Inbound
from sms_gateway.extensions import db, now, runtime, settings
from sms_gateway.providers.exotel import record
from sms_gateway.providers.exotel.adapter import parse_exotel_status
from sms_gateway.providers.exotel.callbacks import (check_token, fields, plain, refusal, take_path_token,
                                                    without_path_token)
from sms_gateway.providers.exotel.voice import call_status
from sms_gateway.providers.webhooks import answer_via_outbox, record_delivery
from sms_gateway.worker import missed_calls

bp = Blueprint("exotel_webhooks", __name__, url_prefix="/webhooks/exotel")
bp.after_request(record.capture)  # EXOTEL_RECORD: what Exotel really sent
PATH_TOKEN = "/webhooks/exotel/t/<exotel_token>"  # each blueprint is served under it as well

PROVIDER = "exotel"
METHODS = ["GET", "POST"]  # Flask answers HEAD for GET routes
log = logging.getLogger("dabbo.webhooks.exotel")


@bp.route("/sms", methods=METHODS)
def inbound_sms():
    """An SMS to a long code, in either of Exotel's two forms (SPEC 12.3): the reply applet's
    `HEAD` then `GET` (`SmsSid`, `From`, `To`, `Date`, `Body`), or a JSON `POST` (`SmsSid`,
    `Direction`, `Sender`, `ReceivedOn`, `MessageBody`, `ReceivedTime`). The reply goes through
    the outbox (kind `reply`), where it is sent as its registered DLT template with the template
    id; the HTTP answer is an empty `text/plain`, so Exotel sends nothing by itself."""
    check_token()
    if request.method == "HEAD":
        return plain()
    values = fields()
    inbound = Inbound(phone=values.get("From") or values.get("Sender") or "",
                      text=values.get("Body") or values.get("MessageBody") or "", provider=PROVIDER,
                      provider_id=values.get("SmsSid") or f"missing-{uuid.uuid4()}")
    answer_via_outbox(inbound, log)
    return plain()


@bp.route("/status", methods=METHODS)
def delivery_status():
    """An SMS status callback (`SmsSid`, `Status`, `DetailedStatus`, `DetailedStatusCode`) or a
    call back's (`CallSid`, `Status`): moves the outbox row forward, never back."""
    check_token()
    # Not 200: Exotel retries (the newer pages say twice).
    values = fields()
    if values.get("CallSid") and not values.get("SmsSid"):  # a call back's end (voice)
        return plain(status=call_status(values))
    return plain(status=record_delivery(PROVIDER, parse_exotel_status(values), log,
                                        values.get("Status"), values.get("SmsSid") or values.get("CallSid")))


@bp.route("/missed-call", methods=METHODS)
def missed():
    """A Passthru applet in the missed-call flow (`CallSid`, `CallFrom` or `From`): the flow
    hangs up unanswered, and the caller hears back per MISSED_CALL_ANSWER. Always 200 at
    once (a slow Passthru holds the caller's line)."""
    check_token()
    if request.method == "HEAD":
        return plain()
    values = fields()
    missed_calls.answer(runtime(), db(), phone=values.get("CallFrom") or values.get("From") or "", provider=PROVIDER,
                        call_id=values.get("CallSid") or f"missing-{uuid.uuid4()}", now=now())
    return plain()


bp.url_value_preprocessor(take_path_token)


def error_answer(path: str, http_status: int | None = None):
    """What Exotel gets when an SMS or status URL is refused (its applets' `text/plain`)."""
    if without_path_token(path).startswith("/webhooks/exotel/flow/"):
        return None  # the flow's own (voice.error_answer)
    return refusal(path, http_status)
