"""A small notified village for the money scenarios, set up through the
admin API, with round sample amounts so every rupee can be worked by hand.

DHOL (Asia/Kolkata, auction hour 11, §189-notified), pound DHOL-1.
Pound fee (§187(1)): cow Rs 50, buffalo Rs 75. Daily rate (§187(2)): cow Rs 40,
buffalo Rs 50. Security scale (§189(1)), per head:
  1 head, 1st occasion Rs 200 · 2-5 head, 1st occasion Rs 150 · any head, 2nd+ occasion Rs 500.
Owner Ramesh +919825000400 (en): cows 400000000001-3, buffalo 400000000004.
Keeper +919825000300 (en) of DHOL-1. The test clock starts Monday 30-11-2026 10:00 IST.
"""
from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from sqlalchemy import select

from models.tables import Deposit, OutboundMessage

OWNER = "+919825000400"
KEEPER = "+919825000300"
COW1, COW2, COW3, BUFFALO = "400000000001", "400000000002", "400000000003", "400000000004"
IST = ZoneInfo("Asia/Kolkata")


def ist(year, month, day, hour=10, minute=0) -> datetime:
    """A local Gujarat time, as the test clock wants it (UTC)."""
    return datetime(year, month, day, hour, minute, tzinfo=IST).astimezone(timezone.utc)


def make_dhol(api, *, forfeit_percent: int = 100, notified_from: str | None = None) -> None:
    village = {"code": "DHOL", "name": "Dhol", "security_notified": True, "forfeit_percent": forfeit_percent,
               "language": "en"}
    if notified_from:
        village["security_notified_from"] = notified_from
    assert api.post("/villages", village).status_code == 201
    api.post("/villages/DHOL/pounds", {"code": "DHOL-1", "name": "Dhol pound"})
    for kind, fee in (("cow", 5000), ("buffalo", 7500)):
        api.put(f"/kinds/{kind}/pound-fee", {"amount_paise": fee, "effective_from": "2026-01-01"})
    api.put("/villages/DHOL/daily-rates", {"rates": {"cow": 4000, "buffalo": 5000}, "effective_from": "2026-01-01",
                                           "approval_ref": "DP/DHOL/1"})
    api.put("/villages/DHOL/security-scale", {"effective_from": "2026-01-01", "rows": [
        {"min_head": 1, "max_head": 1, "min_times": 1, "max_times": 1, "per_head_paise": 20000},
        {"min_head": 2, "max_head": 5, "min_times": 1, "max_times": 1, "per_head_paise": 15000},
        {"min_head": 1, "max_head": None, "min_times": 2, "max_times": None, "per_head_paise": 50000}]})
    api.post("/people", {"phone": OWNER, "name": "Ramesh", "role": "owner", "village": "DHOL", "language": "en"})
    for tag in (COW1, COW2, COW3):
        api.post("/people/9825000400/animals", {"tag": tag, "kind": "cow"})
    api.post("/people/9825000400/animals", {"tag": BUFFALO, "kind": "buffalo"})
    api.post("/people", {"phone": KEEPER, "name": "Keeper", "role": "keeper", "village": "DHOL",
                         "pound": "DHOL-1", "language": "en", "approved_on": "2026-01-01", "approval_ref": "TDO/1"})


def impound(api, **body) -> dict:
    response = api.post("/impoundments", {"pound": "DHOL-1", "kind": "cow", **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def sms(send_twilio, phone: str, text: str) -> str:
    response = send_twilio(phone, text)
    assert response.status_code == 200 and response.reply
    return response.reply


def outbox(app, kind: str, to: str | None = None) -> list[OutboundMessage]:
    with app.extensions["dabbo"].sessions() as session:
        query = select(OutboundMessage).where(OutboundMessage.kind == kind)
        if to:
            query = query.where(OutboundMessage.to_phone == to)
        return list(session.scalars(query.order_by(OutboundMessage.id)))


def deposits(app) -> list[Deposit]:
    with app.extensions["dabbo"].sessions() as session:
        return list(session.scalars(select(Deposit).order_by(Deposit.id)))
