"""The list of fees exhibited for the public (Cattle Pounds Rules r.6;
SPEC 11.2): `/v/{village code}`, no sign-in, in Gujarati, Hindi or English,
one A4 page when printed for the panchayat's notice board. The amounts are
handlers.pound.rates' (the same as SMS `RATES` and the USSD option).
"""
from __future__ import annotations

import re

from flask import Blueprint, render_template, request

from handlers.catalogue import CATALOGUES, kind_name, rate, t
from models import law, queries
from models.queries import books as book_queries
from sms_gateway.extensions import db, now

bp = Blueprint("public", __name__)

LANGUAGE_NAMES = {"gu": "ગુજરાતી", "hi": "हिन्दी", "en": "English"}
_CODE = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


@bp.get("/v/<code>")
def fee_list(code: str):
    village = queries.village_by_code(db(), code) if _CODE.match(code) else None
    lang = request.args.get("lang") if request.args.get("lang") in CATALOGUES else None
    lang = lang or (village.language if village else "gu")
    helpers = {"_": lambda key, **values: t(lang, f"page.{key}", **values), "lang": lang,
               "languages": LANGUAGE_NAMES, "rs": lambda paise: rate(lang, paise),  # r.6: rates exactly as fixed (SPEC 12.4)
               "kind": lambda value: kind_name(lang, value)}
    if village is None:
        return render_template("public_fees.html", village=None, code=code[:32], **helpers), 404
    today = law.local_date(now(), village.timezone)
    fees = book_queries.fee_list(db(), village, today)
    refs = sorted({k.approval_ref for k in fees.kinds if k.approval_ref})
    not_charged = ", ".join(kind_name(lang, k.kind) for k in fees.unapproved)   # §187(2)
    return render_template("public_fees.html", village=village, fees=fees, refs=refs, not_charged=not_charged,
                           today=today.strftime("%d-%m-%Y"), code=village.code, **helpers)
