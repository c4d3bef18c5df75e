"""The one small interface every SMS provider adapter implements.

The RQ job and the status webhooks speak only these three value types, so
switching `SMS_PROVIDER` changes which module is loaded and nothing else
(the shape nyaruka/courier uses: one module per provider, one interface).

An adapter never raises for a provider's answer: every send ends as a
`SendResult` whose `outcome` tells the caller what to do with the outbox row
(SPEC section 7): `sent` -> record the provider id; `transient` -> retry with
backoff; `permanent` -> `failed` with `error` as the reason, never retried.
"""
from __future__ import annotations

import inspect

from dataclasses import dataclass
from typing import Callable, Mapping, Protocol, Sequence, runtime_checkable

SENT = "sent"
TRANSIENT = "transient"
PERMANENT = "permanent"
OUTCOMES = (SENT, TRANSIENT, PERMANENT)

# Our outbox vocabulary (models.tables.OUTBOX_STATUSES) for delivery callbacks.
STATUS_SENT = "sent"  # the provider (or the network behind it) has the message
STATUS_DELIVERED = "delivered"
STATUS_FAILED = "failed"

VOICE_CALLBACK = "voice_callback"  # SPEC 11.5: a call back, sent through the provider's calls API


@dataclass(frozen=True)
class Outgoing:
    """One SMS to send. `ref` is the outbox row id as a string: it travels
    through the adapter untouched so results can be matched to rows."""

    to: str  # E.164, e.g. "+919812345678"
    text: str
    ref: str
    kind: str = "reply"  # the outbox kind; VOICE_CALLBACK is a call, not an SMS


@dataclass(frozen=True)
class SendResult:
    """What happened to one `Outgoing` (same `ref`)."""

    ref: str
    outcome: str  # SENT | TRANSIENT | PERMANENT
    provider_id: str | None = None
    error: str | None = None  # provider's code and message, e.g. "21211 Invalid 'To' Phone Number"
    opted_out: bool = False  # recipient unsubscribed: Twilio 21610, AT UserInBlacklist (406)


@dataclass(frozen=True)
class StatusUpdate:
    """A delivery callback translated to our outbox vocabulary.

    Callbacks can arrive out of order (a late `sent` after `delivered`); the
    caller must not move a row backwards from `delivered`/`failed`.
    """

    provider_id: str
    status: str  # STATUS_SENT | STATUS_DELIVERED | STATUS_FAILED
    reason: str | None = None
    opted_out: bool = False
    # A failure the provider's table calls transient (throttling, congestion,
    # a handset out of reach): the row goes back to the queue with back-off.
    retry: bool = False


@runtime_checkable
class Provider(Protocol):
    name: str

    def send(self, message: Outgoing) -> SendResult: ...

    def send_many(self, messages: Sequence[Outgoing], on_request: "OnRequest" = None) -> list[SendResult]:
        """One result per message, in the same order. `on_request`, if given,
        is called with the results of each provider request as soon as it is
        answered, so the caller can record them before the next request goes
        out: a crash then re-sends at most the request on the wire."""
        ...

    def parse_status(self, form: Mapping[str, str]) -> StatusUpdate | None:
        """A delivery callback's form fields -> update; None if it changes nothing."""
        ...


OnRequest = Callable[[list[SendResult]], None] | None


def one_request_each(send: Callable[[Outgoing], SendResult], messages: Sequence[Outgoing],
                     on_request: OnRequest) -> list[SendResult]:
    """`send_many` for a provider that takes one message per request."""
    results = []
    for message in messages:
        result = send(message)
        results.append(result)
        if on_request is not None:
            on_request([result])
    return results


def http_outcome(status: int) -> str:
    """Outcome of a whole request the provider refused with HTTP `status`.

    SPEC section 7: a 4xx is permanent. The exceptions are the two 4xx that
    mean "not now" rather than "never": 408 (request timeout) and 429 (rate
    limited); they and every 5xx are retried.
    """
    if status in (408, 429) or status >= 500:
        return TRANSIENT
    return PERMANENT


def send_all(provider: Provider, messages: Sequence[Outgoing], on_request: OnRequest = None) -> list[SendResult]:
    """One result per message, in order: SMS through `send_many`, call backs one by one
    through the adapter's `call` (a provider without a calls API refuses them for good).
    `on_request` hears each request's results as they come, as in `send_many`."""
    calls = [m for m in messages if m.kind == VOICE_CALLBACK]
    texts = [m for m in messages if m.kind != VOICE_CALLBACK]
    results = {r.ref: r for r in (_send_many(provider, texts, on_request) if texts else [])}
    place_call = getattr(provider, "call", None)
    for message in calls:
        results[message.ref] = place_call(message) if place_call is not None else \
            SendResult(message.ref, PERMANENT, error=f"{provider.name} cannot place calls")
        if on_request is not None:
            on_request([results[message.ref]])
    return [results.get(m.ref) or SendResult(m.ref, TRANSIENT, error="no result") for m in messages]


def _send_many(provider: Provider, texts: Sequence[Outgoing], on_request: OnRequest) -> list[SendResult]:
    """`send_many`, hearing each request as it is answered when the adapter can (every adapter
    here does); one written , without `on_request`, is recorded at the end of
    its batch, as it was then."""
    if on_request is not None and "on_request" in inspect.signature(provider.send_many).parameters:
        return provider.send_many(texts, on_request=on_request)
    return provider.send_many(texts)


@dataclass(frozen=True)
class ProviderSpec:
    """What the registry knows of one provider, declared in its folder's `__init__.py`.

    Names, not objects: a deployment imports only the provider it uses (and its SDK).
    `webhook_modules` each expose a Flask blueprint `bp`; one may also define
    `error_answer(path)`, the answer this provider's caller gets when a request fails
    unexpectedly (a phone must hear or read something, never a stack trace).
    `request_timeout_s` is the longest one of its requests may take: a send job's
    time limit is worked out from it. `sends_dlt_templates`: its sends carry the DLT entity and
    template ids India's operators require (TRAI's TCCCPR 2018), so a deployment under DLT
    (`Settings.under_dlt`) may use it."""

    name: str
    adapter: str  # "module:Class"; the class has `from_settings(settings)` or takes no arguments
    webhook_modules: tuple[str,...] = ()
    request_timeout_s: float = 10.0
    sends_dlt_templates: bool = False

