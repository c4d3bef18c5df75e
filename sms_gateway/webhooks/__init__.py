"""Provider webhooks: one module per provider, each only translating HTTP
into a provider-neutral message and the answer back into HTTP. What a
message means is decided in `handlers/` (handlers.inbound for SMS)."""
from __future__ import annotations

from handlers import limits
from handlers.inbound import Inbound, Reply, handle_sms
from sms_gateway import ratelimit
from sms_gateway.extensions import db, now, runtime, settings


def answer_sms(inbound: Inbound, *, reply_via_outbox: bool) -> Reply:
    """Run the inbound SMS through the handlers, which store it, act and
    commit. The outbox rows written (the reply itself when `reply_via_outbox`,
    notices the command caused) reach RQ through the session's after-commit
    hook (sms_gateway.queues.enqueue_after_commit), never before the commit.
    A phone over its inbound limit (sms_gateway.ratelimit) is told so once
    per window, then answered with silence; its messages reach no handler."""
    verdict = ratelimit.check_sms(runtime(), phone=inbound.phone, message_id=inbound.provider_id, now=now())
    if verdict == ratelimit.TELL:
        return limits.sms_limited(db(), inbound, now=now(), reply_via_outbox=reply_via_outbox)
    if verdict == ratelimit.SILENT:
        return limits.silent()
    return handle_sms(db(), inbound, now=now(), ussd_code=settings().ussd_service_code,
                      reply_via_outbox=reply_via_outbox)
