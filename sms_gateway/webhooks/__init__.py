"""Provider webhooks: one module per provider, each only translating HTTP
into a provider-neutral message and the answer back into HTTP. What a
message means is decided in `handlers/` (handlers.inbound for SMS)."""
from __future__ import annotations

from handlers.inbound import Inbound, Reply, handle_sms
from sms_gateway.extensions import db, now, settings


def answer_sms(inbound: Inbound, *, reply_via_outbox: bool) -> Reply:
    """Run the inbound SMS through the handlers, which store it, act and
    commit. The outbox rows written (the reply itself when `reply_via_outbox`,
    notices the command caused) reach RQ through the session's after-commit
    hook (sms_gateway.queues.enqueue_after_commit), never before the commit."""
    return handle_sms(db(), inbound, now=now(), settings=settings(), reply_via_outbox=reply_via_outbox)
