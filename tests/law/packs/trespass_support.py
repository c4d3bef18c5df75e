"""A Chandigarh-schedule village for the 1871 scenarios, set up through the admin API, beside a
Gujarat village of the same district, so each answer can be worked by hand.

MANI (Chandigarh district, Asia/Kolkata, `cattle_trespass_1871` / `chandigarh`), pound MANI-1.
Chandigarh's scale (s.12, ss.4-6): large (cow, bull, bullock, buffalo, camel, donkey, pig)
Rs 20,000 a head + Rs 500 a day; small (sheep, goat) Rs 1,400 + Rs 300; calf Rs 3,000 + Rs 300;
any other animal (horse, pony, mule, elephant) Rs 4,000 + Rs 300. Days: any part of a day.
Owner Gurpreet +919815000400 (en): buffaloes 500000000001-2, cow 500000000003, goat 500000000004.
Keeper +919815000300 (en) of MANI-1. Police officer +919815000500.
KHAR (same district, Gujarat's Act, its own fees): cow fee Rs 50, daily rate Rs 40, not notified.
The test clock starts Monday 30-11-2026 10:00 IST.
"""
from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select

from models.tables import OutboundMessage

OWNER = "+919815000400"
KEEPER = "+919815000300"
POLICE = "+919815000500"
GUJARAT_KEEPER = "+919815000301"
BUFFALO1, BUFFALO2, COW, GOAT = "500000000001", "500000000002", "500000000003", "500000000004"
IST = ZoneInfo("Asia/Kolkata")


def ist(day, hour=10, minute=0, month=12, year=2026) -> datetime:
    """A local time in Chandigarh (IST), as the test clock and the API take it."""
    return datetime(year, month, day, hour, minute, tzinfo=IST)


def utc(day, hour=10, minute=0, month=12) -> datetime:
    return ist(day, hour, minute, month).astimezone(timezone.utc)


def make_mani(api) -> None:
    """MANI under the 1871 Act and Chandigarh's schedule; KHAR beside it under Gujarat's Act."""
    assert api.post("/villages", {"code": "MANI", "name": "Mani Majra", "district": "Chandigarh", "language": "en",
                                  "law": "cattle_trespass_1871", "law_schedule": "chandigarh"}).status_code == 201
    api.post("/villages/MANI/pounds", {"code": "MANI-1", "name": "Mani Majra pound"})
    api.post("/people", {"phone": OWNER, "name": "Gurpreet", "role": "owner", "village": "MANI", "language": "en"})
    for tag, kind in ((BUFFALO1, "buffalo"), (BUFFALO2, "buffalo"), (COW, "cow"), (GOAT, "goat")):
        api.post("/people/9815000400/animals", {"tag": tag, "kind": kind})
    api.post("/people", {"phone": KEEPER, "name": "Keeper", "role": "keeper", "village": "MANI",
                         "pound": "MANI-1", "language": "en", "approved_on": "2026-01-01", "approval_ref": "DM/1"})
    api.post("/people", {"phone": POLICE, "name": "SHO", "role": "police", "village": "MANI", "language": "en"})
    assert api.post("/villages", {"code": "KHAR", "name": "Kharar", "district": "Chandigarh",
                                  "language": "en"}).status_code == 201
    api.post("/villages/KHAR/pounds", {"code": "KHAR-1", "name": "Kharar pound"})
    api.put("/kinds/cow/pound-fee", {"amount_paise": 5000, "effective_from": "2026-01-01"})
    api.put("/villages/KHAR/daily-rates", {"rates": {"cow": 4000}, "effective_from": "2026-01-01",
                                           "approval_ref": "DP/KHAR/1"})
    api.post("/people", {"phone": GUJARAT_KEEPER, "name": "Keeper", "role": "keeper", "village": "KHAR",
                         "pound": "KHAR-1", "language": "en", "approved_on": "2026-01-01", "approval_ref": "TDO/1"})


def impound(api, kind="buffalo", pound="MANI-1", **body) -> dict:
    response = api.post("/impoundments", {"pound": pound, "kind": kind, **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def post_notice(api, impoundment_id: int, at: datetime) -> dict:
    response = api.post(f"/impoundments/{impoundment_id}/notice", {"at": at.isoformat()})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def police_report(api, impoundment_id: int, reported_at: datetime | None = None):
    """1871 s.14: the keeper's report to the police station, at `reported_at` (else now): the response."""
    body = {} if reported_at is None else {"reported_at": reported_at.isoformat()}
    return api.post(f"/impoundments/{impoundment_id}/police-report", body)


def dues(api, impoundment_id: int, at: datetime) -> dict:
    response = api.get(f"/impoundments/{impoundment_id}/dues", query_string={"at": at.isoformat()})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def sms(send_twilio, phone: str, text: str) -> str:
    response = send_twilio(phone, text)
    assert response.status_code == 200 and response.reply
    return response.reply


@pytest.fixture
def mani(api):
    """The admin API with MANI and KHAR set up (`make_mani`)."""
    make_mani(api)
    return api


def owner_texts(app, kind: str) -> list[str]:
    """Every text of `kind` queued for the owner, oldest first."""
    with app.extensions["dabbo"].sessions() as session:
        return list(session.scalars(select(OutboundMessage.text).where(
            OutboundMessage.kind == kind, OutboundMessage.to_phone == OWNER).order_by(OutboundMessage.id)))
