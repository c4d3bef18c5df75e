"""`/broadcast`: the broadcast composer. An official's notice to
every opted-in person of the village, through the same
`handlers.notices.broadcasts.create` as `NOTICE` and `POST /api/v1/broadcasts`.

It works without JavaScript: "Check" (`action=preview`) answers with the
characters, encoding, SMS parts against the 4-part cap, the recipients and
the cost; "Send" sends. static/composer.js shows the same figures as the
official types. On an error the text stays in the box and the reason is
shown beside it and at the top of the page; the result of a send is shown at
the top of the page the official lands on.

Under DLT (`DLT_ENTITY_ID` set) no free text is sent (SPEC 12.3): the official chooses a
registered notice (a gram sabha meeting or a public auction, with its date, time and place;
or the general notice, whose SMS points to the village's public notices page where the
official's words stand). A meeting or an auction becomes the same `MEETING dd-mm hh:mm place`
command an official sends by SMS and goes through `handlers.sms.official.fixed_notice`.
"""
from __future__ import annotations

import json

from flask import flash, g, redirect, render_template, request, url_for

from handlers.notices import broadcasts
from handlers.notices.broadcast_preview import frames, preview, recipients_by_language
from handlers.catalogue import counted, place_name, t, tn
from handlers.catalogue.refusals import said_values
from handlers.errors import Refused
from handlers.text.limits import TEXT_LIMITS
from handlers.sms import official
from models import law, queries
from models.tables import Village
from sms_gateway.pages import dashboard
from sms_gateway.pages.dashboard import require_viewer, say
from sms_gateway.extensions import db, now, settings
from sms_gateway.pages.staff import staff_blueprint
from sms_gateway.pages.staff.fields import Clock, Day, StaffForm, Text

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


SHAPES = ("meeting", "auction", "general")


def in_india() -> bool:
    return settings().under_dlt


def page(text: str = "", village: Village | None = None, error: str | None = None, status: int = 200, **extra):
    extra.setdefault("shape", request.form.get("shape", "meeting" if in_india() else "general"))
    extra.setdefault("notice", {name: request.form.get(name, "") for name in ("date", "time", "place")})
    extra.setdefault("field_errors", {})
    options = villages()
    recipients = {v.code: sum(recipients_by_language(db(), v).values()) for v in options}
    lang = dashboard.language()
    # One way of counting people and SMS parts, the server's and the live count's: the plural
    # entry's form for 1 and for 2 and the language's rule for 0 (CLDR: one in Gujarati and Hindi).
    plurals = {noun: [tn(lang, f"count.{noun}", n, count="{count}") for n in (1, 2)]
               for noun in ("person", "sms_part")}
    zero_is_one = tn(lang, "count.person", 0, count="") == tn(lang, "count.person", 1, count="")
    return render_template("composer.html", villages=options, text=text, error=error, max_chars=BROADCAST_MAX_CHARS,
                           count_of=lambda noun, n: counted(lang, noun, n), plurals=plurals,
                           zero_is_one=zero_is_one,
                           chosen=village.code if village else (options[0].code if options else ""),
                           recipients=recipients, price_paise=settings().sms_price_paise, india=in_india(),
                           shapes=SHAPES, place_max=TEXT_LIMITS["place"],
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
    shape = request.form.get("shape", "general")
    if in_india() and shape in ("meeting", "auction"):
        return fixed_broadcast(village, shape, text)
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
        language = dashboard.language()
        reason = t(language, f"sms.err.{refusal.code}", **said_values(language, refusal.detail))
        flash(reason, "error")
        return page(text, village, reason, 422, checked=preview(db(), village, text))
    count = sent.recipient_count
    db().commit()  # the rows reach RQ through the after-commit hook
    flash(say("broadcast_sent", village=_named(village), count=count,
              people=counted(dashboard.language(), "person", count)), "info")
    return redirect(url_for("composer.compose"))


class NoticeFields(StaffForm):
    """A meeting's or an auction's typed fields: the day as dd-mm-yyyy (or the browser's
    yyyy-mm-dd) in any of the four digit sets, hh:mm, and the place within its limit."""

    date = Day("notice_date", required=False, message="notice_bad_date")
    time = Clock("notice_time", required=False, message="notice_bad_time")
    place = Text("notice_place", required=False, too_long="notice_bad_place", filters=[lambda text: " ".join(text.split())])


def notice_command(village: Village, shape: str) -> tuple[str, dict[str, str]]:
    """The form's meeting or auction as the SMS command `MEETING dd-mm [hh:mm] [place]`, or
    the errors of its fields (in the viewer's language, beside each field)."""
    fields = NoticeFields()
    fields.validate()
    errors = {field.name: field.errors[0] for field in fields if field.errors}
    day = fields.date.data
    if "date" not in errors and (day is None or day < law.local_date(now(), village.timezone)):
        errors = {"date": say("notice_bad_date"), **errors}   # the date's reason first, as in the form
    if errors:
        return "", errors
    hour, minute = fields.time.data or (None, None)
    moment = f" {hour:02d}:{minute:02d}" if hour is not None else ""
    return f"{shape.upper()} {day.day:02d}-{day.month:02d}{moment} {fields.place.data}".strip(), {}


def fixed_broadcast(village: Village, shape: str, text: str):
    """A meeting or an auction notice from the form, through the SMS command's path."""
    command, errors = notice_command(village, shape)
    if errors:
        flash(next(iter(errors.values())), "error")
        return page(text, village, None, 422, field_errors=errors)
    if request.form.get("action") == "preview":
        return page(text, village)
    try:
        sent = broadcasts.create(db(), village, command, now=now(), fixed=official.fixed_notice(village, command, now()),
                                 sender_phone=g.viewer.person.phone if g.viewer.person else None)
    except Refused:  # no such date or time: checked above, so only a race with midnight lands here
        db().rollback()
        flash(say("notice_bad_date"), "error")
        return page(text, village, None, 422, field_errors={"date": say("notice_bad_date")})
    count = sent.recipient_count
    db().commit()
    flash(say("broadcast_sent", village=_named(village), count=count,
              people=counted(dashboard.language(), "person", count)), "info")
    return redirect(url_for("composer.compose"))


def _named(village: Village) -> str:
    """The village as the page names it: the registered name on an English page (the one the books
    and the State use), else its name in the reader's script (as the pages' `named`)."""
    language = dashboard.language()
    return village.name if language == "en" else place_name(language, village.name, village.names, village.code)
