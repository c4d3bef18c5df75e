"""Africa's Talking adapter: bulk sends through the official `africastalking` SDK (2.x).

AT sends one text to up to 1000 recipients in one request and answers with a
status per recipient, so `send_many` groups the outbox by identical text (a
broadcast, a village's auction notice) and maps each recipient's entry back
to its message by phone number.

Two things are changed in the SDK's `SMSService`, both in `_SMSService` below:
the base URL (from `AT_API_BASE`, so tests and benchmarks can point the real SDK
at a local fake) and the error path, because the SDK's `_make_request` raises
`AfricasTalkingException(res.text)` for any non-2xx and drops the HTTP status
(africastalking/Service.py, `_make_request`), which we need to tell a retryable
5xx from a permanent 4xx. URL, form fields and headers stay the SDK's own
(africastalking/SMS.py, `SMSService.send`); `send` only skips the SDK's second
pass over every number with its phone pattern, which the adapter has run already
(a 1000-recipient request is the common case).
"""
from __future__ import annotations

import logging
import re
from typing import Mapping, Sequence

import requests
from africastalking.SMS import SMSService

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

logger = logging.getLogger("dabbo.providers.africastalking")

MAX_RECIPIENTS = 1000  # AT's limit per request
# The SDK's own test of a number (africastalking/Service.py, validate_phone),
# compiled once: a number it refuses makes the SDK refuse the whole request.
_VALID_PHONE = re.compile(r"^\+\d{1,3}\d{3,}$")
# (connect, read) seconds. The read allowance is generous because one request
# carries up to 1000 recipients: timing out on a request AT then completes
# means the whole group is retried and sent twice.
DEFAULT_TIMEOUT_S = (3.05, 30.0)

SENT_CODES = {100, 101, 102}  # Processed, Sent, Queued
OPTED_OUT_CODE = 406  # UserInBlacklist
# 500 InternalServerError, 501 GatewayError, 502 RejectedByGateway are retried
# (any other 5xx too); 401-409 (RiskHold, InvalidSenderId, InvalidPhoneNumber,
# UnsupportedNumberType, InsufficientBalance, UserInBlacklist, CouldNotRoute,
# DoNotDisturbRejection) and unknown codes are permanent.

# AT delivery report `status` -> our outbox status.
_STATUS = {
    "sent": STATUS_SENT,
    "submitted": STATUS_SENT,
    "buffered": STATUS_SENT,
    "success": STATUS_DELIVERED,
    "rejected": STATUS_FAILED,
    "failed": STATUS_FAILED,
    "expired": STATUS_FAILED,
}
# `failureReason` values of a failed report that mean "not now":
# the subscriber's handset is off or out of reach, or the network failed to
# deliver; the row is sent again after the usual back-off. Every other reason
# (UserInBlackList, UserDoesNotExist, InsufficientCredit...) is final.
TRANSIENT_FAILURES = frozenset({"userisinactive", "deliveryfailure", "absentsubscriber"})


def parse_at_status(form: Mapping[str, str]) -> StatusUpdate | None:
    """An AT delivery report (`id`, `status`, `phoneNumber`, `networkCode`,
    `failureReason`, `retryCount`) -> update; None for an unknown status.

    A module function so the webhook can parse without building an SDK client.
    """
    message_id = form.get("id")
    raw = (form.get("status") or "").strip()
    status = _STATUS.get(raw.lower())
    if not message_id or status is None:
        return None
    failure = (form.get("failureReason") or "").strip()
    reason = (failure or raw) if status == STATUS_FAILED else None
    # AT spells it "UserInBlackList" in reports and "UserInBlacklist" in send replies.
    return StatusUpdate(message_id, status, reason, opted_out=failure.lower() == "userinblacklist",
                        retry=status == STATUS_FAILED and failure.lower() in TRANSIENT_FAILURES)


class ATHTTPError(Exception):
    """AT refused a whole request with an HTTP error status."""

    def __init__(self, status: int, body: str) -> None:
        super().__init__(f"HTTP {status}: {body[:200]}")
        self.status = status
        self.body = body


class _SMSService(SMSService):
    """The SDK's SMSService with our base URL and an HTTP status on errors, paced."""

    pacer = None  # the account's shared pace (sms_gateway.providers.pacing)

    def __init__(self, username: str, api_key: str, api_base: str | None = None) -> None:
        super().__init__(username, api_key)
        # Keep-alive across requests (the SDK opens a new connection per call).
        self._session = requests.Session()
        if api_base:
            # AT_API_BASE, applied here and nowhere else. The SDK builds every SMS
            # URL as `self._baseUrl + path` (Service._make_url), with _baseUrl set
            # to "https://api.africastalking.com/version1" (or the sandbox host)
            # by SMSService._init_service. AT_API_BASE is the host part, like
            # "https://api.sandbox.africastalking.com"; "/version1" is appended
            # unless already there.
            base = api_base.rstrip("/")
            self._baseUrl = base if base.endswith("/version1") else base + "/version1"
            self._contentUrl = self._baseUrl  # premium SMS host; unused by Dabbo

    def send(self, message, recipients, sender_id=None, enqueue=False, callback=None, timeout=DEFAULT_TIMEOUT_S):
        """SMSService.send's request, field for field, without its loop over
        `recipients` with the phone pattern: `send_many` has kept only the
        numbers that pass it."""
        data = {"username": self._username, "to": ",".join(recipients), "message": message, "bulkSMSMode": 1}
        if sender_id is not None:
            data["from"] = sender_id
        if enqueue:
            data["enqueue"] = 1
        return self._make_request(self._make_url("/messaging"), "POST", headers=self._headers, params=None,
                                  data=data, callback=callback, timeout=timeout)

    def _make_request(self, url, method, headers, data, params, callback=None, timeout=DEFAULT_TIMEOUT_S):
        """Same request as Service._make_request (synchronous path), but a
        non-2xx raises ATHTTPError carrying the status code. In the account's turn; a 429/503
        with Retry-After pauses every worker, then the request is made once more."""
        response = paced(self.pacer, lambda: self._session.request(method, url, headers=headers, data=data,
                                                                   params=params, timeout=timeout))
        if not 200 <= response.status_code < 300:
            raise ATHTTPError(response.status_code, response.text)
        return response.json()


class AfricasTalkingProvider:
    """Africa's Talking bulk SMS. Delivery reports go to the callback URL set
    in the AT dashboard (AT takes none per request)."""

    name = "africastalking"

    def __init__(
        self,
        username: str,
        api_key: str,
        *,
        sender_id: str | None = None,
        api_base: str | None = None,
        timeout: float | tuple[float, float] = DEFAULT_TIMEOUT_S,
) -> None:
        if not username or not api_key:
            raise ValueError("Africa's Talking needs AT_USERNAME and AT_API_KEY")
        self._sms = _SMSService(username, api_key, api_base)
        self._sender_id = sender_id
        self._timeout = timeout

    @classmethod
    def from_settings(cls, settings, *, timeout=DEFAULT_TIMEOUT_S) -> "AfricasTalkingProvider":
        return cls(
            settings.at_username,
            settings.at_api_key,
            sender_id=settings.at_sender_id,
            api_base=settings.at_api_base,
            timeout=timeout,
)

    @property
    def pacer(self):
        """The account's shared pace, attached by the worker (sms_gateway.providers.pacing)."""
        return self._sms.pacer

    @pacer.setter
    def pacer(self, value) -> None:
        self._sms.pacer = value

    def send(self, message: Outgoing) -> SendResult:
        return self.send_many([message])[0]

    def send_many(self, messages: Sequence[Outgoing], on_request: OnRequest = None) -> list[SendResult]:
        results: list[SendResult | None] = [None] * len(messages)
        valid = []
        for index, message in enumerate(messages):
            if _VALID_PHONE.match(message.to):  # the SDK would reject the whole group
                valid.append(index)
            else:
                results[index] = SendResult(message.ref, PERMANENT, error=f"invalid phone number {message.to!r}")
        for text, group in _groups(messages, valid):
            answered = self._send_group(text, group, messages)
            for index, result in answered.items():
                results[index] = result
            if on_request is not None:  # recorded before the next request goes out
                on_request(list(answered.values()))
        return results  # type: ignore[return-value]  # every slot is filled

    def parse_status(self, form: Mapping[str, str]) -> StatusUpdate | None:
        return parse_at_status(form)

    def _send_group(self, text: str, group: dict[str, int], messages: Sequence[Outgoing]) -> dict[int, SendResult]:
        """One request for `group` (number -> message index, numbers unique)."""

        def everyone(outcome: str, error: str) -> dict[int, SendResult]:
            logger.warning("AT request for %d recipients: %s (%s)", len(group), error, outcome)
            return {i: SendResult(messages[i].ref, outcome, error=error) for i in group.values()}

        try:
            reply = self._sms.send(text, list(group), sender_id=self._sender_id, timeout=self._timeout)
        except ATHTTPError as exc:
            return everyone(http_outcome(exc.status), f"HTTP {exc.status} {exc.body.strip()[:200]}")
        except requests.JSONDecodeError:
            # 2xx without JSON: retrying may duplicate, losing a notice is worse.
            return everyone(TRANSIENT, "unreadable AT response")
        except requests.RequestException as exc:  # timeout, refused connection, DNS...
            return everyone(TRANSIENT, f"network: {type(exc).__name__}")
        data = reply.get("SMSMessageData") if isinstance(reply, dict) else None
        if not isinstance(data, dict):
            return everyone(TRANSIENT, "unreadable AT response")
        entries = data.get("Recipients") or []
        if not entries:  # the request itself was refused, e.g. Message "InvalidSenderId"
            return everyone(PERMANENT, f"AT: {data.get('Message') or 'no recipients accepted'}")
        return _answers(entries, group, messages)


def _groups(messages: Sequence[Outgoing], indices: Sequence[int]) -> list[tuple[str, dict[str, int]]]:
    """Split messages into requests: same text, at most MAX_RECIPIENTS, and a
    number at most once per request (a reply maps back by number), keeping
    first-seen order."""
    chunks: dict[str, list[dict[str, int]]] = {}
    first_open: dict[str, int] = {}  # chunks before this index are full
    for index in indices:
        message = messages[index]
        text_chunks = chunks.setdefault(message.text, [])
        start = first_open.get(message.text, 0)
        while start < len(text_chunks) and len(text_chunks[start]) >= MAX_RECIPIENTS:
            start += 1
        first_open[message.text] = start
        for chunk in text_chunks[start:]:
            if len(chunk) < MAX_RECIPIENTS and message.to not in chunk:
                chunk[message.to] = index
                break
        else:
            text_chunks.append({message.to: index})
    return [(text, chunk) for text, text_chunks in chunks.items() for chunk in text_chunks]


def _answers(entries: list, group: dict[str, int], messages: Sequence[Outgoing]) -> dict[int, SendResult]:
    """Each number's entry in AT's reply, as a result for its message. AT
    echoes the numbers as sent (every one passed `_VALID_PHONE`, so it is
    already "+" and digits); only when an entry does not match so are both
    sides normalised (`_normal`), which for 1000 numbers costs more than the
    rest of the mapping."""
    by_number = {_as_sent(entry.get("number")): entry for entry in entries}
    if all(number in by_number for number in group):
        return {i: _recipient_result(messages[i], by_number[number]) for number, i in group.items()}
    by_normal = {_normal(entry.get("number")): entry for entry in entries}
    return {i: _recipient_result(messages[i], by_normal.get(_normal(number))) for number, i in group.items()}


def _recipient_result(message: Outgoing, entry: Mapping | None) -> SendResult:
    if entry is None:
        # AT answers for every number it was given, rejected ones included; a
        # missing entry means we cannot know, so retry rather than lose it.
        return SendResult(message.ref, TRANSIENT, error="no entry for this number in AT response")
    try:
        code = int(entry.get("statusCode"))
    except (TypeError, ValueError):
        code = 0
    if code in SENT_CODES:
        return SendResult(message.ref, SENT, provider_id=entry.get("messageId"))
    error = f"{code} {entry.get('status') or 'unknown'}"
    outcome = TRANSIENT if code >= 500 else PERMANENT
    return SendResult(message.ref, outcome, error=error, opted_out=code == OPTED_OUT_CODE)


def _as_sent(number) -> str:
    """A reply's number as a key: as it came when it is a string (AT's way)."""
    return number if type(number) is str else _normal(number)


def _normal(number) -> str:
    """"+91 98123-45678" and "+919812345678" are the same recipient."""
    return "+" + "".join(ch for ch in str(number or "") if ch.isdigit())
