"""Provider webhooks: one module per provider, each only translating HTTP
into a provider-neutral message and the answer back into HTTP. What a
message means is decided in `handlers/` (handlers.sms.inbound for SMS)."""
from __future__ import annotations

import hmac
import logging

from flask import abort, request

from handlers.outbox import delivery
from handlers.sms import limits
from handlers.sms.inbound import Inbound, Reply, handle_sms
from sms_gateway import ratelimit
from sms_gateway.worker import parked
from sms_gateway.extensions import db, now, runtime, settings
from sms_gateway.providers.base import StatusUpdate


def answer_sms(inbound: Inbound, *, reply_via_outbox: bool) -> Reply:
    """Run the inbound SMS through the handlers, which store it, act and
    commit. The outbox rows written (the reply itself when `reply_via_outbox`,
    notices the command caused) reach RQ through the session's after-commit
    hook (sms_gateway.worker.queues.enqueue_after_commit), never before the commit.
    A phone over its inbound limit (sms_gateway.ratelimit) is told so once
    per window, then answered with silence; its messages reach no handler. A keeper's or
    official's phone has a much higher limit, and past it is told every time."""
    verdict = ratelimit.check_sms(runtime(), phone=inbound.phone, message_id=inbound.provider_id, now=now(),
                                  is_staff=lambda: limits.is_staff(db(), inbound.phone))
    if verdict == ratelimit.TELL:
        return limits.sms_limited(db(), inbound, now=now(), reply_via_outbox=reply_via_outbox)
    if verdict == ratelimit.SILENT:
        return limits.silent()
    return handle_sms(db(), inbound, now=now(), ussd_code=settings().ussd_service_code,
                      reply_via_outbox=reply_via_outbox)


def require_token(expected: str | None, given: str | None = None) -> None:
    """403 unless the token given (by default the `token` query parameter) equals `expected`
    (compared in constant time); no token configured refuses everything. For providers that
    sign nothing (AT, Exotel)."""
    given = given or request.args.get("token", "")
    if not expected or not hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8")):
        abort(403)


def answer_via_outbox(inbound: Inbound, log: logging.Logger) -> None:
    """An inbound SMS whose reply goes through the outbox (kind "reply"): providers that
    cannot take it in the HTTP answer. If the database is unreachable or worse, never a 500
    to the gateway (SPEC section 4): the message is parked for the dispatcher to answer."""
    arrived = now()
    try:
        answer_sms(inbound, reply_via_outbox=True)
    except Exception:
        # Kept with the time it arrived: a parked SEIZE is recorded as of then.
        log.exception("inbound %s SMS failed; parked for replay", inbound.provider)
        parked.park(runtime(), inbound, received_at=arrived)


def record_delivery(provider: str, update: StatusUpdate | None, log: logging.Logger,
                    status: object = None, message_id: object = None) -> int:
    """A delivery report moves its outbox row forward (never back), or back to the queue for
    a failure the provider's table calls transient: the HTTP status to answer, 500 when it
    could not be written, so that the provider retries it. An unknown status or message id
    is answered 200 all the same, with one warning line, so an operator sees when a provider
    adds a status; `status` and `message_id` are the report's raw values."""
    if update is None:
        log.warning("%s delivery report ignored: unknown status %r for message %r", provider, status, message_id)
        return 200
    try:
        if not delivery.record_status(db(), provider, update.provider_id, update.status, update.reason,
                                      update.opted_out, now(), retry=update.retry):
            log.warning("%s delivery report ignored: status %r for unknown message %r",
                        provider, status, message_id)
        db().commit()
    except Exception:
        log.exception("%s delivery report failed", provider)
        return 500
    return 200
