"""`/costs`: what the month's SMS cost the panchayat, per village and message
kind, at `SMS_PRICE_PAISE` a segment. The same `models.queries.costs` as
`GET /api/v1/costs`."""
from __future__ import annotations

import re

from flask import g, render_template, request

from models.queries import costs
from sms_gateway.api.costs import month_asked
from sms_gateway.pages.dashboard import require_viewer
from sms_gateway.extensions import db, settings
from sms_gateway.pages.staff import staff_blueprint

bp = staff_blueprint("costs")
MONTH = re.compile(r"^20\d{2}-(0[1-9]|1[0-2])$")  # as schemas.CostsQuery


@bp.get("/costs")
def costs_page():
    if (refused := require_viewer()) is not None:
        return refused
    raw = request.args.get("month", "")
    month = month_asked(raw if MONTH.match(raw) else None)
    rows = costs.monthly(db(), month, g.viewer.village_ids())
    price = settings().sms_price_paise
    return render_template("costs.html", rows=rows, month=month.strftime("%Y-%m"), price_paise=price,
                           total_segments=sum(r.segments for r in rows))
