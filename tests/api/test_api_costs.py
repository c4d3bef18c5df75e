"""`GET /api/v1/costs?village=&month=`: SMS segments sent per kind
and per village in a month, priced at SMS_PRICE_PAISE (25 paise by default).

The demo district is loaded on Monday 30-11-2026 at 10:00 with three animals
impounded; the worker sends each registered owner's seizure alert at once:
Kanu's cow (AMBA, Gujarati: 3 UCS-2 parts), John's bullock (AMBA, English: 1
GSM-7 part) and Sita's buffalo (BHAV, Hindi: 3 parts). So in November AMBA
paid for 2 messages, 3 + 1 = 4 segments = 4 x 25 = 100 paise; BHAV for 1
message, 3 segments = 75 paise; the district 7 segments = 175 paise.
"""
from __future__ import annotations

from sqlalchemy import select

from models.tables import OutboundMessage


def test_costs_count_segments_per_kind_and_village_at_the_price_per_segment(api, world, run_worker, session):
    run_worker()
    alerts = {m.to_phone: (m.language, m.segments) for m in session.scalars(
        select(OutboundMessage).where(OutboundMessage.kind == "seizure_alert"))}
    assert alerts == {"+919825000004": ("gu", 3), "+919825000006": ("en", 1), "+919825000005": ("hi", 3)}

    body = api.get("/costs?month=2026-11").get_json()
    assert (body["month"], body["price_per_segment_paise"], body["segments"], body["cost_paise"]) == (
        "2026-11", 25, 7, 175)
    amba, bhav = body["villages"]
    assert (amba["village"], amba["segments"], amba["cost_paise"]) == ("AMBA", 4, 100)
    assert amba["kinds"] == {"seizure_alert": {"messages": 2, "segments": 4, "cost_paise": 100}}
    assert (bhav["village"], bhav["segments"], bhav["cost_paise"]) == ("BHAV", 3, 75)


def test_costs_for_one_village_and_the_current_month_by_default(api, world, run_worker):
    run_worker()
    body = api.get("/costs?village=bhav").get_json()
    assert body["month"] == "2026-11"  # the test clock's month
    assert [v["village"] for v in body["villages"]] == ["BHAV"]
    assert body["cost_paise"] == 75


def test_messages_not_yet_sent_cost_nothing(api, world):
    assert api.get("/costs?month=2026-11").get_json()["segments"] == 0


def test_another_month_is_empty(api, world, run_worker):
    run_worker()
    assert api.get("/costs?month=2026-10").get_json() == {
        "month": "2026-10", "price_per_segment_paise": 25, "villages": [], "segments": 0, "cost_paise": 0}


def test_a_bad_month_or_village_is_a_clear_json_error(api, world):
    bad_month = api.get("/costs?month=2026-13")
    assert (bad_month.status_code, bad_month.get_json()["field"]) == (422, "month")
    unknown = api.get("/costs?village=NOPE")
    assert (unknown.status_code, unknown.get_json()["field"]) == (404, "village")


def test_costs_need_the_admin_token(client, world):
    assert client.get("/api/v1/costs").status_code == 401
