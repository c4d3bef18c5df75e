"""The list of fees exhibited for the public (Cattle Pounds Rules r.6;
SPEC 11.2): `/v/{village code}`, no sign-in, in Gujarati, Hindi or English,
one A4 page when printed for the panchayat's notice board. The amounts are
handlers.pound.rates' (the same as SMS `RATES` and the USSD option).

`/v/{village code}/notices`: the village's broadcasts of the last 30 days, newest first, in the
official's own words. In India a broadcast goes as a registered template whose `{url}` is this
page's short link `/n/{village code}` (`handlers.notices.broadcasts.notices_path`), so the words are
one tap from the SMS.
"""
from __future__ import annotations

import re
from datetime import timedelta

from flask import Blueprint, redirect, render_template, request, url_for

from handlers.catalogue import CATALOGUES, kind_name, place_name, rate, t
from models import law, queries
from models.db import read_only
from models.queries import books as book_queries
from sms_gateway.extensions import db, now

bp = Blueprint("public", __name__)

# Each language named in itself, as its own catalogue names it (the language menu's words).
LANGUAGE_NAMES = {code: t(code, f"ussd.lang.{code}") for code in ("gu", "hi", "en")}
_CODE = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


NOTICE_DAYS = 30
_GUJARATI, _DEVANAGARI = re.compile("[\u0A80-\u0AFF]"), re.compile("[\u0900-\u097F]")


def _village_and_helpers(code: str):
    read_only(db())   # the public pages only read: no transaction to open and end
    village = queries.village_by_code(db(), code) if _CODE.match(code) else None
    lang = request.args.get("lang") if request.args.get("lang") in CATALOGUES else None
    lang = lang or (village.language if village else "gu")
    helpers = {"_": lambda key, **values: t(lang, f"page.{key}", **values), "lang": lang,
               "languages": LANGUAGE_NAMES, "rs": lambda paise: rate(lang, paise),  # r.6: rates exactly as fixed (SPEC 12.4)
               "kind": lambda value: kind_name(lang, value),
               # the village in the reader's script (an English page keeps the registered name, as the
               # staff pages' `named` does)
               "named": lambda place: place.name if lang == "en" else place_name(lang, place.name, place.names,
                                                                                 place.code)}
    return village, helpers


def written_in(text: str) -> str | None:
    """The language an official's words are in, by their script (None: Latin letters, any language)."""
    return "gu" if _GUJARATI.search(text) else "hi" if _DEVANAGARI.search(text) else None


@bp.get("/n/<code>")
def notices_link(code: str):
    """The short link an SMS carries (`handlers.notices.broadcasts.notices_path`)."""
    return redirect(url_for("public.notices", code=code[:32], **request.args))


@bp.get("/v/<code>/notices")
def notices(code: str):
    village, helpers = _village_and_helpers(code)
    if village is None:
        return render_template("public_notices.html", village=None, code=code[:32], **helpers), 404
    moment = now()
    rows = [{"text": b.text, "lang": written_in(b.text),
             "date": law.local_date(b.created_at, village.timezone).strftime("%d-%m-%Y")}
            for b in queries.recent_broadcasts(db(), village, moment - timedelta(days=NOTICE_DAYS))]
    return render_template("public_notices.html", village=village, notices=rows, days=NOTICE_DAYS,
                           code=village.code, **helpers)


@bp.get("/v/<code>")
def fee_list(code: str):
    village, helpers = _village_and_helpers(code)
    if village is None:
        return render_template("public_fees.html", village=None, code=code[:32], **helpers), 404
    today = law.local_date(now(), village.timezone)
    fees = book_queries.fee_list(db(), village, today)
    refs = sorted({k.approval_ref for k in fees.kinds if k.approval_ref})
    not_charged = ", ".join(helpers["kind"](k.kind) for k in fees.unapproved)   # §187(2)
    return render_template("public_fees.html", village=village, fees=fees, refs=refs, not_charged=not_charged,
                           today=today.strftime("%d-%m-%Y"), code=village.code, **helpers)
