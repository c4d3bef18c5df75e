"""The village's auction through the admin API: the same date reading and record as SMS
`AUCTION` and the auction form, with the place per language. Demo district; AMBA's
bullock 345678901234's claim window closed on 28-11, its auction hour is 11:00 IST; owners
+919825000004 (gu) and +919825000006 (en)."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import select

from models.tables import OutboundMessage

DEC_2 = datetime(2026, 12, 2, 4, 30, tzinfo=timezone.utc)  # 02-12-2026 10:00 IST
BULLOCK = "345678901234"


def test_an_auction_fixed_by_api_tells_english_readers_its_latin_place(api, world, session, clock):
    clock.set(DEC_2)
    response = api.post("/villages/AMBA/auction", {"day": "2026-12-05", "place": "પંચાયત ઘર",
                                                    "place_en": "Panchayat Ghar"})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["auction_at"] == "2026-12-05T11:00:00+05:30"
    bullock = api.get(f"/impoundments/{response.get_json()['impoundments'][0]}").get_json()
    assert (bullock["tag"], bullock["auction_place"], bullock["auction_place_en"]) == (
        BULLOCK, "પંચાયત ઘર", "Panchayat Ghar")
    notices = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "auction_notice")).all()
    english = [m for m in notices if m.language == "en"]
    assert english and all("Panchayat Ghar" in m.text and m.encoding == "GSM-7" for m in english)


def test_a_place_en_in_gujarati_letters_is_refused_in_the_clients_language(api, world, session, clock):
    clock.set(DEC_2)
    response = api.client.post("/api/v1/villages/AMBA/auction", json={"day": "2026-12-05", "place_en": "પંચાયત"},
                               headers={**api.headers, "Accept-Language": "gu"})
    assert response.status_code == 422
    body = response.get_json()
    assert (body["field"], body["message"]) == (
        "place_en", "અહીં સ્થળ ફક્ત અંગ્રેજી (લેટિન) અક્ષરોમાં લખો, દા.ત. Gam Choro.")
    too_long = api.client.post("/api/v1/villages/AMBA/auction", json={"day": "2026-12-05", "place_en": "P" * 41},
                               headers={**api.headers, "Accept-Language": "en"})
    assert too_long.status_code == 422 and too_long.get_json()["field"] == "place_en"
    assert too_long.get_json()["message"] == "At most 40 characters."
