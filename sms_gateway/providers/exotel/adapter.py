"""Exotel adapter (India): SMS through Exotel's REST API with `requests`, calls back through
its Calls API. There is no maintained Exotel SDK for Python; the API is plain form posts.

    POST {EXOTEL_API_BASE}/v1/Accounts/{sid}/Sms/send.json        HTTP basic (API key, token)
         From, To (several, comma-joined, for one text to many), Body, EncodingType,
         DltEntityId, DltTemplateId, StatusCallback
    POST {EXOTEL_API_BASE}/v1/Accounts/{sid}/Calls/connect.json   From (rung first), CallerId,
         Url (the call flow), CallType=trans, CustomField, StatusCallback

Sources and what is unconfirmed: docs/INDIA-CHANNELS.md sections 1-2 (Exotel's own
pages disagree on some points; the classic API pages win). Tests point this adapter at the
local fake in tests/fakes/exotel_server.py through EXOTEL_API_BASE.

DLT (SPEC 12.3): every SMS must fill a registered template (handlers/dlt) with values of
the slot's type and length. Checked before any HTTP, because the operators would block it
anyway, after charging for it: a text that fills no template ends `failed` with `dlt_mismatch`,
a value that breaks its slot with `dlt_value: <field> <why>`, a template not yet registered
(`PENDING-…`) with `dlt_unregistered`. Every request carries `DltEntityId`, `DltTemplateId`,
`SmsType` (`transactional` for what concerns the person; DLT_BROADCAST_SMS_TYPE for a village's
notices) and `EncodingType` (the template's content type).

Errors: Exotel answers non-2xx with `{"RestException": {"Status", "Message"}}`; we branch on
the HTTP status only (Exotel's advice): 429 and 5xx and network failures are retried, any
other 4xx (400 bad parameters or recipient, 401, 403 inactive account or no balance, 404,
409 duplicate) is permanent.
"""
from __future__ import annotations

import logging
from typing import Mapping, Sequence

import requests

from handlers.dlt import Registry
from handlers.outbox.delivery import BROADCAST_KINDS  # their SmsType is DLT_BROADCAST_SMS_TYPE

from sms_gateway.providers.base import (
    PERMANENT,
    SENT,
    STATUS_DELIVERED,
    STATUS_FAILED,
    STATUS_SENT,
    TRANSIENT,
    OnRequest,
    Outgoing,
    SendResult,
    StatusUpdate,
    http_outcome,
)
from sms_gateway.providers.pacing import paced

logger = logging.getLogger("dabbo.providers.exotel")

DEFAULT_TIMEOUT_S = (3.05, 30.0)  # (connect, read): a bulk request carries up to MAX_RECIPIENTS
MAX_RECIPIENTS = 100  # Exotel's documented bulk limit (dynamic bulk); static bulk is not stated
STATUS_CALLBACK_PATH = "/webhooks/exotel/status"
DLT_MISMATCH = "dlt_mismatch"
DLT_UNREGISTERED = "dlt_unregistered"
DLT_VALUE = "dlt_value"
TRANSACTIONAL = "transactional"
CALL_RING_SECONDS = 40
CALL_TIME_LIMIT_SECONDS = 600

# Detailed codes meaning "on the handset / at the operator" (classic and newer pages).
DELIVERED_CODES = {"20000", "20001", "20005", "20006"}
_SMS_STATUS = {
    "queued": STATUS_SENT, "sending": STATUS_SENT, "submitted": STATUS_SENT,
    "delivered": STATUS_DELIVERED,
    "failed": STATUS_FAILED, "failed_dnd": STATUS_FAILED, "expired": STATUS_FAILED, "undelivered": STATUS_FAILED,
}
_CALL_STATUS = {
    "queued": STATUS_SENT, "ringing": STATUS_SENT, "in-progress": STATUS_SENT,
    "completed": STATUS_DELIVERED,
    "busy": STATUS_FAILED, "no-answer": STATUS_FAILED, "failed": STATUS_FAILED, "canceled": STATUS_FAILED,
}


# Callback failures worth another try with the usual back-off: system, operator,
# route and subscriber-unavailable errors. Exotel documents no resend-worthy list; this capped
# retry is our reading (INDIA-CHANNELS.md section 1). DLT, spam, DND and handset errors stay failed.
TRANSIENT_FAILURES = frozenset({"24010", "24110", "23030", "23035", "24990"})


def parse_exotel_status(form: Mapping[str, str]) -> StatusUpdate | None:
    """An SMS status callback (`SmsSid`, `Status`, `DetailedStatus`, `DetailedStatusCode`) or
    a call's (`CallSid`, `Status`) -> update; None for what changes nothing.

    Classic Exotel calls back only at a terminal state, where `sent` means delivered; the
    newer pages add `delivered` and make `sent` "with the carrier". So `sent` counts as
    delivered unless its detailed code says the operator still holds it (21xxx)."""
    status_raw = (form.get("Status") or "").strip().lower()
    code = (form.get("DetailedStatusCode") or "").strip()
    detail = (form.get("DetailedStatus") or "").strip()
    if form.get("SmsSid"):
        provider_id = form["SmsSid"]
        if status_raw == "sent":
            status = STATUS_SENT if code.startswith("21") else STATUS_DELIVERED
        else:
            status = _SMS_STATUS.get(status_raw)
    elif form.get("CallSid"):
        provider_id, status = form["CallSid"], _CALL_STATUS.get(status_raw)
    else:
        return None
    if status is None:
        return None
    reason = None
    if status == STATUS_FAILED:
        reason = " ".join(part for part in (code, detail or status_raw) if part)
    return StatusUpdate(provider_id=provider_id, status=status, reason=reason,
                        retry=status == STATUS_FAILED and code in TRANSIENT_FAILURES)


class ExotelProvider:
    """Exotel SMS (one text to many in one request) and call backs."""

    name = "exotel"
    pacer = None  # the account's shared pace (sms_gateway.providers.pacing), attached by the worker

    def __init__(self, sid: str, api_key: str, api_token: str, *, sender: str, entity_id: str | None = None,
                 api_base: str, status_callback: str | None = None, caller_id: str | None = None,
                 flow_url: str | None = None, templates: Registry | None = None,
                 broadcast_sms_type: str = "transactional", promo_sender: str | None = None,
                 timeout=DEFAULT_TIMEOUT_S) -> None:
        if not (sid and api_key and api_token):
            raise ValueError("Exotel needs EXOTEL_SID, EXOTEL_API_KEY and EXOTEL_API_TOKEN")
        if not sender:
            raise ValueError("Exotel needs EXOTEL_FROM (the DLT header or the ExoPhone)")
        self._accounts = f"{api_base.rstrip('/')}/v1/Accounts/{sid}"
        self._session = requests.Session()
        self._session.auth = (api_key, api_token)
        self._sender = sender
        self._entity_id = entity_id
        self._status_callback = status_callback
        self._caller_id = caller_id or sender
        self._flow_url = flow_url
        self._templates = templates
        self._broadcast_sms_type = broadcast_sms_type
        self._promo_sender = promo_sender
        self._timeout = timeout

    @classmethod
    def from_settings(cls, settings, *, templates: Registry | None = None) -> "ExotelProvider":
        from sms_gateway import dlt_setup

        callback = None
        if settings.public_base_url:
            callback = settings.public_base_url + STATUS_CALLBACK_PATH
            if settings.exotel_webhook_token:  # in the path: it survives a rewritten query string
                callback = f"{settings.public_base_url}/webhooks/exotel/t/{settings.exotel_webhook_token}/status"
        return cls(settings.exotel_sid, settings.exotel_api_key, settings.exotel_api_token,
                   sender=settings.exotel_from, entity_id=settings.dlt_entity_id, api_base=settings.exotel_api_base,
                   status_callback=callback, caller_id=settings.exotel_caller_id,
                   flow_url=flow_url(settings), templates=templates or dlt_setup.registry(settings),
                   broadcast_sms_type=settings.dlt_broadcast_sms_type, promo_sender=settings.exotel_promo_from)

    @property
    def templates(self) -> Registry:
        return self._templates

    # ------------------------------------------------------------ SMS

    def send(self, message: Outgoing) -> SendResult:
        return self.send_many([message])[0]

    def send_many(self, messages: Sequence[Outgoing], on_request: OnRequest = None) -> list[SendResult]:
        results: dict[str, SendResult] = {}
        # (body, template id, SMS type, encoding) -> requests, each number -> message, a number once per request
        groups: dict[tuple[str, str, str, str], list[dict[str, Outgoing]]] = {}
        for message in messages:
            group, refused = self._dlt_group(message)
            if refused is not None:
                logger.warning("ref %s not sent: %s", message.ref, refused)
                results[message.ref] = SendResult(message.ref, PERMANENT, error=refused)
                if on_request is not None:
                    on_request([results[message.ref]])
                continue
            chunks = groups.setdefault(group, [])
            for chunk in chunks:
                if len(chunk) < MAX_RECIPIENTS and message.to not in chunk:
                    chunk[message.to] = message
                    break
            else:
                chunks.append({message.to: message})
        for group, chunks in groups.items():
            for chunk in chunks:
                answered = self._send_group(group, chunk)
                results.update(answered)
                if on_request is not None:  # recorded before the next request goes out
                    on_request(list(answered.values()))
        return [results[m.ref] for m in messages]

    def _dlt_group(self, message: Outgoing) -> tuple[tuple[str, str, str, str], str | None]:
        """(body, DltTemplateId, SmsType, EncodingType) for `message`, or why it cannot go: the
        text fills no template, a value breaks its slot, the template is not registered yet."""
        body = " ".join(message.text.split())  # texts joined by a space with an empty part: one space
        found = self.templates.match(body)
        if found is None:
            return ("", "", "", ""), DLT_MISMATCH
        if found.problems:
            return ("", "", "", ""), f"{DLT_VALUE}: {'; '.join(found.problems)}"
        template = found.template
        if not template.registered:
            return ("", "", "", ""), DLT_UNREGISTERED
        if not self._entity_id:
            return ("", "", "", ""), "dlt_entity_missing: DLT_ENTITY_ID is not set"
        sms_type = self._broadcast_sms_type if (message.kind in BROADCAST_KINDS or template.broadcast) \
            else TRANSACTIONAL
        return (body, template.template_id, sms_type,
                "unicode" if template.content_type == "unicode" else "plain"), None

    def parse_status(self, form: Mapping[str, str]) -> StatusUpdate | None:
        return parse_exotel_status(form)

    def _send_group(self, group: tuple[str, str, str, str], recipients: dict[str, Outgoing]) -> dict[str, SendResult]:
        """One request: the body to every number of `recipients`."""
        body, template_id, sms_type, encoding = group
        # Promotional SMS go from their own numeric header, never the service one (INDIA-CHANNELS 7).
        sender = self._promo_sender if sms_type == "promotional" and self._promo_sender else self._sender
        form = {"From": sender, "To": ",".join(recipients), "Body": body, "EncodingType": encoding,
                "DltEntityId": self._entity_id, "DltTemplateId": template_id, "SmsType": sms_type}
        if self._status_callback:
            form["StatusCallback"] = self._status_callback
        outcome, payload, error = self._post("/Sms/send.json", form)
        if outcome != SENT:
            logger.warning("Exotel SMS to %d recipients: %s (%s)", len(recipients), error, outcome)
            return {m.ref: SendResult(m.ref, outcome, error=error) for m in recipients.values()}
        by_number = {_normal(entry.get("To")): entry for entry in _sms_entries(payload)}
        return {m.ref: _recipient_result(m, by_number.get(_normal(number))) for number, m in recipients.items()}

    # ------------------------------------------------------------ calls

    def call(self, message: Outgoing) -> SendResult:
        """Ring `message.to` and connect the call to the voice flow (SPEC 11.5 `voice_callback`,
        12.1): `Url` = http://my.exotel.com/{sid}/exoml/start_voice/{EXOTEL_VOICE_APP_ID}, and
        `CustomField` = the outbox row, which the flow's start Passthru receives and the menu
        reads out first."""
        if not self._flow_url:
            return SendResult(message.ref, PERMANENT,
                              error="EXOTEL_VOICE_APP_ID is not set: no call flow to connect")
        form = {"From": message.to, "CallerId": self._caller_id, "Url": self._flow_url, "CallType": "trans",
                "CustomField": message.ref, "TimeOut": str(CALL_RING_SECONDS),
                "TimeLimit": str(CALL_TIME_LIMIT_SECONDS)}
        if self._status_callback:
            form["StatusCallback"] = self._status_callback
        outcome, payload, error = self._post("/Calls/connect.json", form)
        if outcome != SENT:
            return SendResult(message.ref, outcome, error=error)
        call = payload.get("Call") if isinstance(payload, dict) else None
        if not isinstance(call, dict) or not call.get("Sid"):
            return SendResult(message.ref, TRANSIENT, error="unreadable Exotel response")
        return SendResult(message.ref, SENT, provider_id=call["Sid"])

    # ------------------------------------------------------------ HTTP

    def _post(self, path: str, form: dict) -> tuple[str, object, str | None]:
        """(SENT, parsed JSON, None) on a 2xx, else (TRANSIENT|PERMANENT, None, error)."""
        try:
            response = paced(self.pacer, lambda: self._session.post(self._accounts + path, data=form,
                                                                    timeout=self._timeout))
        except requests.RequestException as exc:  # timeout, refused connection, DNS...
            return TRANSIENT, None, f"network: {type(exc).__name__}"
        if not 200 <= response.status_code < 300:
            return http_outcome(response.status_code), None, \
                f"HTTP {response.status_code} {_exception_message(response)}".strip()
        try:
            return SENT, response.json(), None
        except ValueError:
            # 2xx without JSON: retrying may duplicate, losing a notice is worse.
            return TRANSIENT, None, "unreadable Exotel response"


def flow_url(settings) -> str | None:
    """The voice flow a call back connects to (SPEC 12.1); EXOTEL_FLOW_URL wins where set."""
    if settings.exotel_flow_url:
        return settings.exotel_flow_url
    if settings.exotel_sid and settings.exotel_voice_app_id:
        return f"http://my.exotel.com/{settings.exotel_sid}/exoml/start_voice/{settings.exotel_voice_app_id}"
    return None


def _exception_message(response: requests.Response) -> str:
    try:
        body = response.json()
    except ValueError:
        return response.text.strip()[:200]
    exception = body.get("RestException") if isinstance(body, dict) else None
    if isinstance(exception, dict):
        return str(exception.get("Message") or "")[:200]
    return str(body)[:200]


def _sms_entries(payload) -> list[dict]:
    """Every SMSMessage in a send reply: one (`{"SMSMessage": {...}}`) or, for several
    recipients, a list of them (the bulk reply's shape is not documented; accept both)."""
    if isinstance(payload, list):
        return [entry for item in payload for entry in _sms_entries(item)]
    if not isinstance(payload, dict):
        return []
    if "Sid" in payload:
        return [payload]
    return [entry for value in payload.values() for entry in _sms_entries(value)]


def _recipient_result(message: Outgoing, entry: Mapping | None) -> SendResult:
    if entry is None:
        return SendResult(message.ref, TRANSIENT, error="no entry for this number in Exotel response")
    status = str(entry.get("Status") or "").lower()
    if status in ("failed", "failed_dnd"):
        code = entry.get("DetailedStatusCode") or ""
        detail = entry.get("DetailedStatus") or status
        return SendResult(message.ref, PERMANENT, provider_id=entry.get("Sid"), error=f"{code} {detail}".strip())
    return SendResult(message.ref, SENT, provider_id=entry.get("Sid"))


def _normal(number) -> str:
    """"+91 98123-45678", "09812345678" and "+919812345678" are the same recipient (the last
    ten digits identify an Indian mobile; Exotel answers numbers as 0XXXXXXXXXX)."""
    digits = "".join(ch for ch in str(number or "") if ch.isdigit())
    return digits[-10:]
