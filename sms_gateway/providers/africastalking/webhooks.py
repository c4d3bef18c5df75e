"""Africa's Talking webhooks under /webhooks/africastalking (SPEC section 3).

AT does not sign callbacks: every endpoint here requires the shared secret
AT_WEBHOOK_TOKEN as the query parameter `token` (check_token), compared in
constant time; no token configured means every call is refused.
"""
from __future__ import annotations

import logging
import uuid

from flask import Blueprint, Response, request

from handlers.catalogue import DEFAULT_LANGUAGE, t
from handlers.sms import limits
from handlers.menus import ussd
from handlers.sms.inbound import Inbound
from sms_gateway import ratelimit
from sms_gateway.extensions import db, now, runtime, settings
from sms_gateway.providers.africastalking.adapter import parse_at_status
from sms_gateway.providers.webhooks import answer_via_outbox, record_delivery, require_token

bp = Blueprint("africastalking_webhooks", __name__, url_prefix="/webhooks/africastalking")

PROVIDER = "africastalking"
log = logging.getLogger("dabbo.webhooks.africastalking")


def check_token() -> None:
    """403 unless the `token` query parameter equals AT_WEBHOOK_TOKEN."""
    require_token(settings().at_webhook_token)


@bp.post("/sms")
def inbound_sms():
    """An inbound SMS (`from`, `to`, `text`, `date`, `id`, `linkId`). AT cannot
    take the reply in the response: it goes through the outbox as kind "reply"."""
    check_token()
    form = request.form
    inbound = Inbound(phone=form.get("from", ""), text=form.get("text", ""), provider=PROVIDER,
                      provider_id=form.get("id") or f"missing-{uuid.uuid4()}")
    answer_via_outbox(inbound, log)
    return Response("", status=200, content_type="text/plain")


# --- /webhooks/africastalking/ussd and /delivery go below; use check_token(). ---


@bp.post("/ussd")
def ussd_step():
    """One USSD step (`sessionId`, `serviceCode`, `phoneNumber`, `text`): the
    screen as `text/plain` starting `CON ` or `END ` (SPEC section 5). The
    handler answers and commits; the outbox rows a confirm step wrote reach
    RQ through the session's after-commit hook (sms_gateway.worker.queues), which
    never blocks for long, so the answer never waits on an SMS."""
    check_token()
    form = request.form
    if ratelimit.check_ussd(runtime(), phone=form.get("phoneNumber", ""), session_id=form.get("sessionId", ""),
                            text=form.get("text", ""), now=now(),
                            is_staff=lambda: limits.is_staff(db(), form.get("phoneNumber", ""))) != ratelimit.ALLOW:
        return Response(limits.ussd_limited(db(), form.get("phoneNumber", "")), status=200,
                        content_type="text/plain; charset=utf-8")
    shown = ussd.answer(db(), provider=PROVIDER, session_id=form.get("sessionId", ""),
                        phone=form.get("phoneNumber", ""), text=form.get("text", ""), now=now(),
                        settings=settings())
    return Response(shown.body, status=200, content_type="text/plain; charset=utf-8")


@bp.post("/delivery")
def delivery_report():
    """A delivery report (`id`, `status`, `failureReason`...): moves the outbox
    row forward, never back; UserInBlacklist marks the person opted out. The
    same report twice changes nothing the second time."""
    check_token()
    # AT retries reports that are not answered 200.
    form = request.form
    status = record_delivery(PROVIDER, parse_at_status(form), log, form.get("status"), form.get("id"))
    return Response("", status=status, content_type="text/plain")


def error_answer(path: str, http_status: int | None = None):
    """A USSD session that failed (or was refused) ends with an apology in the default
    language (nobody could be looked up by then), never an error page on the phone."""
    if not path.startswith("/webhooks/africastalking/ussd"):
        return None
    return f"END {t(DEFAULT_LANGUAGE, 'ussd.dial_again')}", 200, {"Content-Type": "text/plain; charset=utf-8"}
