"""Twilio adapter: sends through the official `twilio` SDK (9.x).

Tests and benchmarks point the real SDK at a local fake of Twilio's REST API
through `TWILIO_API_BASE`, so the code below is exactly what runs in
production, down to the SDK's HTTP request; only the host differs.
"""
from __future__ import annotations

import json
import logging
from typing import Mapping, Sequence

import requests
from twilio.base.exceptions import TwilioRestException, TwilioServiceException
from twilio.http.http_client import TwilioHttpClient
from twilio.rest import Client

from sms_gateway.providers import pacing
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
    one_request_each,
)

logger = logging.getLogger("dabbo.providers.twilio")

DEFAULT_TIMEOUT_S = 10.0  # a hung Twilio must not hang an RQ worker
STATUS_CALLBACK_PATH = "/webhooks/twilio/status"
VOICE_PATH = "/webhooks/twilio/voice"  # a call back (SPEC 11.5) is answered by the voice menu
CALL_STATUS_PATH = "/webhooks/twilio/call-status"  # a call back's end: busy and no-answer tried again
OPTED_OUT_CODE = 21610  # "Attempt to send to unsubscribed recipient" (the owner texted STOP)

# Twilio MessageStatus -> our outbox status. queued/accepted/scheduled/sending
# all mean Twilio holds the message, which is what "sent" means in the outbox.
# receiving/received are inbound; partially_delivered is not an SMS state.
_STATUS = {
    "accepted": STATUS_SENT,
    "scheduled": STATUS_SENT,
    "queued": STATUS_SENT,
    "sending": STATUS_SENT,
    "sent": STATUS_SENT,
    "delivered": STATUS_DELIVERED,
    "read": STATUS_DELIVERED,
    "undelivered": STATUS_FAILED,
    "failed": STATUS_FAILED,
    "canceled": STATUS_FAILED,
}

# Status callbacks carry ErrorCode but usually no ErrorMessage; these give the
# dashboard a readable reason for the codes a village SMS service actually meets.
_ERROR_TEXT = {
    "21610": "Attempt to send to unsubscribed recipient",
    "21211": "Invalid 'To' Phone Number",
    "21614": "'To' number is not a valid mobile number",
    "30001": "Queue overflow",
    "30002": "Account suspended",
    "30003": "Unreachable destination handset",
    "30004": "Message blocked",
    "30005": "Unknown destination handset",
    "30006": "Landline or unreachable carrier",
    "30007": "Message filtered",
    "30008": "Unknown error",
    "30017": "Carrier network congestion",
    "30022": "US A2P 10DLC - Rate Limits Exceeded",
    "63017": "Rate limit exceeded",
    "63018": "Rate limit exceeded for Channel",
}
# Failed / undelivered callbacks that mean "not now" rather than "never"
#: throttling, a full queue, carrier congestion, a handset out of
# reach. Such a row is sent again after the usual back-off; any other code is final.
TRANSIENT_ERRORS = frozenset({"30001", "30003", "30017", "30022", "63017", "63018"})

# A call back is a paid call: Twilio ends it after this long whatever happens on it (Twilio's
# TimeLimit; its default is four hours). The same ten minutes as Exotel's TimeLimit.
CALL_TIME_LIMIT_SECONDS = 600


def parse_twilio_status(form: Mapping[str, str]) -> StatusUpdate | None:
    """A Twilio status callback (`MessageSid`, `MessageStatus`, `ErrorCode`,
    sometimes `ErrorMessage`) -> update; None for inbound or unknown statuses.

    A module function so the webhook can parse without building an SDK client.
    """
    sid = form.get("MessageSid") or form.get("SmsSid")
    raw = (form.get("MessageStatus") or form.get("SmsStatus") or "").strip().lower()
    status = _STATUS.get(raw)
    if not sid or status is None:
        return None
    code = (form.get("ErrorCode") or "").strip()
    reason = None
    if status == STATUS_FAILED:
        text = form.get("ErrorMessage") or _ERROR_TEXT.get(code) or raw
        reason = f"{code} {text}" if code else text
    return StatusUpdate(provider_id=sid, status=status, reason=reason, opted_out=code == str(OPTED_OUT_CODE),
                        retry=status == STATUS_FAILED and code in TRANSIENT_ERRORS)


class TwilioProvider:
    """Twilio Programmable Messaging, one REST call per message.

    `send_many` is a loop: Twilio has no endpoint that sends different
    recipients in one request (Notify, its bulk product, is retired).
    """

    name = "twilio"
    pacer = None  # the account's shared pace (sms_gateway.providers.pacing), attached by the worker

    def __init__(
        self,
        account_sid: str,
        auth_token: str,
        *,
        from_: str | None = None,
        messaging_service_sid: str | None = None,
        status_callback: str | None = None,
        api_base: str | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
        voice_url: str | None = None,
) -> None:
        if not account_sid or not auth_token:
            raise ValueError("Twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN")
        if not from_ and not messaging_service_sid:
            raise ValueError("Twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID")
        self._from = from_
        self._messaging_service_sid = messaging_service_sid
        self._status_callback = status_callback
        self._voice_url = voice_url
        # TwilioHttpClient applies `timeout` to connect and to each read
        # (twilio/http/http_client.py, TwilioHttpClient.__init__ / request).
        # The SDK's exceptions drop the response's headers; a response hook keeps the last
        # ones, so that a 429/503's Retry-After can be honoured (TwilioHttpClient's request_hooks).
        self._last_headers: Mapping[str, str] | None = None
        http = TwilioHttpClient(timeout=timeout, request_hooks={"response": [self._keep_headers]})
        self._client = Client(account_sid, auth_token, http_client=http)
        # Settings are the only configuration (sms_gateway/settings.py): stop the
        # SDK's own TWILIO_EDGE / TWILIO_REGION environment lookup, which would
        # rewrite the host of every URL (twilio/base/client_base.py, get_hostname).
        self._client.edge = None
        self._client.region = None
        if api_base:
            # TWILIO_API_BASE: the SDK builds every Messages URL as
            # `client.api.base_url + "/2010-04-01/Accounts/..."`
            # (twilio/base/domain.py, Domain.absolute_url; default
            # "https://api.twilio.com" in twilio/rest/api/ApiBase.py). Replacing
            # that attribute moves the host and keeps the SDK's whole HTTP path.
            self._client.api.base_url = api_base.rstrip("/")

    @classmethod
    def from_settings(cls, settings, *, timeout: float = DEFAULT_TIMEOUT_S) -> "TwilioProvider":
        callback = settings.public_base_url + STATUS_CALLBACK_PATH if settings.public_base_url else None
        return cls(
            settings.twilio_account_sid,
            settings.twilio_auth_token,
            from_=settings.twilio_from,
            messaging_service_sid=settings.twilio_messaging_service_sid,
            status_callback=callback,
            api_base=settings.twilio_api_base,
            timeout=timeout,
            voice_url=settings.public_base_url + VOICE_PATH if settings.public_base_url else None,
)

    def send(self, message: Outgoing) -> SendResult:
        # With a Messaging Service, the service picks the sender from its pool
        # (and handles STOP lists), so From is left out.
        sender = {"messaging_service_sid": self._messaging_service_sid} if self._messaging_service_sid else {"from_": self._from}
        if self._status_callback:
            sender["status_callback"] = self._status_callback
        try:
            created = self._paced(lambda: self._client.messages.create(to=message.to, body=message.text, **sender))
        except (TwilioRestException, TwilioServiceException) as exc:
            return self._refused(message, exc)
        except requests.RequestException as exc:  # timeout, refused connection, DNS...
            logger.warning("Twilio unreachable for ref %s: %s", message.ref, type(exc).__name__)
            return SendResult(ref=message.ref, outcome=TRANSIENT, error=f"network: {type(exc).__name__}")
        except json.JSONDecodeError:
            # A 2xx whose body is not JSON: retrying may duplicate, but losing a
            # legal notice is worse than an owner receiving it twice.
            return SendResult(ref=message.ref, outcome=TRANSIENT, error="unreadable Twilio response")
        if created.status in ("failed", "undelivered"):
            code = created.error_code
            return SendResult(
                ref=message.ref,
                outcome=PERMANENT,
                provider_id=created.sid,
                error=f"{code} {created.error_message or _ERROR_TEXT.get(str(code), created.status)}",
                opted_out=code == OPTED_OUT_CODE,
)
        return SendResult(ref=message.ref, outcome=SENT, provider_id=created.sid)

    def send_many(self, messages: Sequence[Outgoing], on_request: OnRequest = None) -> list[SendResult]:
        return one_request_each(self.send, messages, on_request)

    def call(self, message: Outgoing) -> SendResult:
        """A call back (SPEC 11.5): Twilio rings `message.to` and asks the voice webhook
        what to say, with `callback` = the outbox row, whose words it reads first."""
        if not self._from or not self._voice_url:
            return SendResult(message.ref, PERMANENT, error="a call back needs TWILIO_FROM and PUBLIC_BASE_URL")
        try:
            created = self._paced(lambda: self._client.calls.create(
                to=message.to, from_=self._from, url=f"{self._voice_url}?callback={message.ref}",
                time_limit=CALL_TIME_LIMIT_SECONDS,
                # without it Twilio never tells a busy or unanswered call (INDIA-CHANNELS 7)
                status_callback=self._voice_url.removesuffix(VOICE_PATH) + CALL_STATUS_PATH,
                status_callback_method="POST"))
        except (TwilioRestException, TwilioServiceException) as exc:
            return self._refused(message, exc)
        except (requests.RequestException, json.JSONDecodeError) as exc:
            return SendResult(ref=message.ref, outcome=TRANSIENT, error=f"network: {type(exc).__name__}")
        return SendResult(ref=message.ref, outcome=SENT, provider_id=created.sid)

    def parse_status(self, form: Mapping[str, str]) -> StatusUpdate | None:
        return parse_twilio_status(form)

    def _keep_headers(self, response: requests.Response, *args, **kwargs) -> requests.Response:
        self._last_headers = response.headers
        return response

    def _paced(self, create):
        """`create()` (one REST request) in the account's turn; a 429 (error 20429) or 503 with
        Retry-After pauses every worker of the account, then the request is made once more."""
        def attempt():
            try:
                return create()
            except (TwilioRestException, TwilioServiceException) as exc:
                return exc

        def wait_of(outcome) -> float | None:
            if isinstance(outcome, (TwilioRestException, TwilioServiceException)):
                return pacing.retry_after_of(outcome.status, self._last_headers)
            return None

        outcome = pacing.paced_by(self.pacer, attempt, wait_of)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    @staticmethod
    def _refused(message: Outgoing, exc: TwilioRestException | TwilioServiceException) -> SendResult:
        """Twilio answered with an HTTP error: 408/429/5xx retry, other 4xx never."""
        if isinstance(exc, TwilioServiceException):  # RFC 9457 body
            text = exc.detail or exc.title
        else:  # legacy body {"code", "message", "more_info", "status"}
            text = (exc.msg or "").removeprefix("Unable to create record: ")
        code = exc.code if exc.code and exc.code != exc.status else None
        error = f"{code} {text}" if code else f"HTTP {exc.status} {text}"
        outcome = http_outcome(exc.status)
        logger.warning("Twilio refused ref %s: %s (%s)", message.ref, error, outcome)
        return SendResult(ref=message.ref, outcome=outcome, error=error, opted_out=code == OPTED_OUT_CODE)
