"""Twilio webhooks under /webhooks/twilio (SPEC section 3).

Every request is checked with Twilio's own RequestValidator: the signature
covers the URL Twilio called, which behind a proxy is PUBLIC_BASE_URL + path,
not the URL this process sees. Without TWILIO_AUTH_TOKEN nothing can be
checked, so every Twilio webhook is refused (403), as the Africa's Talking
endpoints refuse without AT_WEBHOOK_TOKEN: an open /sms would let anyone
speak as a keeper. Development uses the simulator.
"""
from __future__ import annotations

import base64
import binascii
import functools
import logging
import uuid

from flask import Blueprint, Response, abort, request
from twilio.request_validator import RequestValidator
from twilio.twiml.messaging_response import MessagingResponse

from handlers.catalogue import DEFAULT_LANGUAGE, t
from handlers.sms.commands import Command, Problem, parse
from handlers.sms.inbound import Inbound
from sms_gateway.extensions import settings
from sms_gateway.providers.twilio.adapter import parse_twilio_status
from sms_gateway.providers.webhooks import answer_sms, record_delivery

bp = Blueprint("twilio_webhooks", __name__, url_prefix="/webhooks/twilio")

PROVIDER = "twilio"
log = logging.getLogger("dabbo.webhooks.twilio")


def signed_url() -> str:
    """The URL Twilio signed: PUBLIC_BASE_URL + path (+ query) behind a proxy, else the request URL."""
    base = settings().public_base_url
    if not base:
        return request.url
    query = request.query_string.decode("utf-8", errors="replace")
    return base + request.path + (f"?{query}" if query else "")


def check_signature() -> None:
    """403 unless TWILIO_AUTH_TOKEN is set and X-Twilio-Signature matches."""
    token = settings().twilio_auth_token
    if not token:
        abort(403)
    signature = request.headers.get("X-Twilio-Signature", "")
    if not signature or not RequestValidator(token).validate(signed_url(), request.form, signature):
        abort(403)


def twiml(text: str) -> Response:
    return Response(_twiml_document(text), status=200, content_type="text/xml; charset=utf-8")


# The document is a pure function of the reply, and replies repeat (an animal's FEES is the
# same all day; the answer cache serves the text): built by the SDK once per text per process
# (13.5 µs a reply, about 1 % of an SMS lookup's CPU). Bounded: a few MB at most.
@functools.lru_cache(maxsize=2048)
def _twiml_document(text: str) -> str:
    response = MessagingResponse()
    if text:
        response.message(text)
    return str(response)


def message_body(body: str) -> str:
    """Twilio may hand over a long multi-part SMS base64-encoded (RapidPro's
    gateway decodes the same case): a body that does not parse as a command
    as it stands, but is valid base64 of valid UTF-8, is read decoded."""
    return read_body(body)[0]


def read_body(body: str) -> tuple[str, Command | Problem | None]:
    """The body as `message_body` reads it, and the command parsed from it
    when that parse was already needed to decide (None when it was not), so
    that the handler does not parse the same text again."""
    if not body:
        return body, None
    command = parse(body)
    if not isinstance(command, Problem):
        return body, command
    try:
        return base64.b64decode(body, validate=True).decode("utf-8"), None
    except (binascii.Error, ValueError):  # UnicodeDecodeError is a ValueError
        return body, command


@bp.post("/sms")
def inbound_sms():
    """An inbound SMS: answered in the HTTP response as TwiML."""
    check_signature()
    form = request.form
    message_sid = form.get("MessageSid") or form.get("SmsSid") or f"missing-{uuid.uuid4()}"
    try:
        text, command = read_body(form.get("Body", ""))
        reply = answer_sms(Inbound(phone=form.get("From", ""), text=text, provider=PROVIDER,
                                   provider_id=message_sid, parsed=command), reply_via_outbox=False)
    except Exception:
        # The database is unreachable (restarting) or worse: the sender is asked to try again,
        # in the default language since nobody can be looked up; never a 500 (SPEC section 4).
        log.exception("inbound Twilio SMS failed")
        return twiml(t(DEFAULT_LANGUAGE, "sms.err.generic"))
    return twiml(reply.text)


# --- /webhooks/twilio/status (delivery callbacks) goes below; use check_signature(). ---


@bp.post("/status")
def delivery_status():
    """A status callback (`MessageSid`, `MessageStatus`, `ErrorCode`): moves the
    outbox row forward, never back; 21610 marks the person opted out. The same
    callback twice changes nothing the second time."""
    check_signature()
    form = request.form
    status = record_delivery(PROVIDER, parse_twilio_status(form), log,
                             form.get("MessageStatus") or form.get("SmsStatus"),
                             form.get("MessageSid") or form.get("SmsSid"))
    return Response("", status=status, content_type="text/plain")


def error_answer(path: str, http_status: int | None = None):
    """A request that failed unexpectedly gets empty TwiML (Twilio then does nothing more);
    a refused one (a bad signature) keeps its status and page."""
    if http_status is not None:
        return None
    return '<?xml version="1.0" encoding="UTF-8"?><Response/>', 200, {"Content-Type": "text/xml"}
