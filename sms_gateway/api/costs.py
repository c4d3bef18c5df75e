"""`GET /api/v1/costs?village=&month=`: SMS segments sent per kind and per
village in a month, and their cost at `SMS_PRICE_PAISE` a segment.
Registered on the admin API's blueprint, so the bearer token guards it too."""
from __future__ import annotations

from datetime import date

from handlers.pound import admin
from models import law
from models.queries import costs
from sms_gateway.api import schemas
from sms_gateway.api import route
from sms_gateway.extensions import db, now, settings


def month_asked(raw: str | None, tz: str = law.DEFAULT_TZ) -> date:
    if raw:
        year, month = raw.split("-")
        return date(int(year), int(month), 1)
    return law.local_date(now(), tz).replace(day=1)


def costs_json(rows: list[costs.VillageCost], month: date, price_paise: int) -> dict:
    villages = [{"village": row.village.code, "name": row.village.name, "messages": row.messages,
                 "segments": row.segments, "cost_paise": row.segments * price_paise,
                 "kinds": {kind: {"messages": count, "segments": segments, "cost_paise": segments * price_paise}
                           for kind, (count, segments) in sorted(row.kinds.items())}}
                for row in rows]
    segments = sum(v["segments"] for v in villages)
    return {"month": month.strftime("%Y-%m"), "price_per_segment_paise": price_paise, "villages": villages,
            "segments": segments, "cost_paise": segments * price_paise}


@route("GET", "/costs", "SMS segments and their cost per kind and village in a month", query=schemas.CostsQuery)
def get_costs(query: schemas.CostsQuery):
    village = admin.require_village(db(), query.village) if query.village else None
    month = month_asked(query.month, village.timezone if village else law.DEFAULT_TZ)
    rows = costs.monthly(db(), month, [village.id] if village else None,
                         tz=village.timezone if village else law.DEFAULT_TZ)
    return costs_json(rows, month, settings().sms_price_paise)
