"""`/broadcast`: the broadcast composer. An official's notice to
every opted-in person of the village, through the same
`handlers.notices.broadcasts.create` as `NOTICE` and `POST /api/v1/broadcasts`.

It works without JavaScript: "Check" (`action=preview`) answers with the
characters, encoding, SMS parts against the 4-part cap, the recipients and
the cost; "Send" sends. static/composer.js shows the same figures as the
official types. On an error the text stays in the box and the reason is
shown beside it and at the top of the page; the result of a send is shown at
the top of the page the official lands on.
"""
from __future__ import annotations

import json

from flask import flash, g, redirect, render_template, request, url_for

from handlers.notices import broadcasts
from handlers.notices.broadcast_preview import frames, preview, recipients_by_language
from handlers.catalogue import counted, t
from handlers.errors import Refused
from models import queries
from models.tables import Village
from sms_gateway.pages import dashboard
from sms_gateway.pages.dashboard import require_viewer, say
from sms_gateway.extensions import db, now, settings
from sms_gateway.pages.staff import staff_blueprint

bp = staff_blueprint("composer")
BROADCAST_MAX_CHARS = 1000  # a sanity bound on the form; the 4-part cap is the handler's


def villages() -> list[Village]:
    ids = g.viewer.village_ids()
    query = db().query(Village).order_by(Village.code)
    return query.all() if ids is None else query.filter(Village.id.in_(ids)).all()


def chosen_village() -> Village | None:
    if g.viewer.is_admin:
        return queries.village_by_code(db(), request.form.get("village", ""))
    return db().get(Village, g.viewer.village_id)


def page(text: str = "", village: Village | None = None, error: str | None = None, status: int = 200, **extra):
    options = villages()
    recipients = {v.code: sum(recipients_by_language(db(), v).values()) for v in options}
    return render_template("composer.html", villages=options, text=text, error=error, max_chars=BROADCAST_MAX_CHARS,
                           chosen=village.code if village else (options[0].code if options else ""),
                           recipients=recipients, price_paise=settings().sms_price_paise,
                           frames={v.code: json.dumps(frames(db(), v), ensure_ascii=False) for v in options},
                           **extra), status


@bp.get("/broadcast")
def compose():
    if (refused := require_viewer()) is not None:
        return refused
    return page()


@bp.post("/broadcast")
def broadcast():
    if (refused := require_viewer()) is not None:
        return refused
    text = " ".join(request.form.get("text", "").split())
    village = chosen_village()
    if village is None:
        flash(say("broadcast_no_village"), "error")
        return page(text, None, say("broadcast_no_village"), 422)
    if not text or len(text) > BROADCAST_MAX_CHARS:
        flash(say("broadcast_bad_text", max=BROADCAST_MAX_CHARS), "error")
        return page(text, village, say("broadcast_bad_text", max=BROADCAST_MAX_CHARS), 422)
    if request.form.get("action") == "preview":
        return page(text, village, checked=preview(db(), village, text))
    try:
        sent = broadcasts.create(db(), village, text, now=now(),
                                 sender_phone=g.viewer.person.phone if g.viewer.person else None)
    except Refused as refusal:  # over 4 SMS parts
        db().rollback()
        reason = t(dashboard.language(), f"sms.err.{refusal.code}", **refusal.detail)
        flash(reason, "error")
        return page(text, village, reason, 422, checked=preview(db(), village, text))
    count = sent.recipient_count
    db().commit()  # the rows reach RQ through the after-commit hook
    flash(say("broadcast_sent", village=village.name, count=count,
              people=counted(dashboard.language(), "person", count)), "info")
    return redirect(url_for("composer.compose"))
