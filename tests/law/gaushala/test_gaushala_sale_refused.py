"""1871 s.14 proviso through the admin API and SMS: in Mani Majra a cow is not sold at the
auction; the schedule sends her to a gaushala (tests/law/gaushala/gaushala_support.py: seized
01-12-2026 10:00, report due 08-12 10:00, notice 08-12 10:00, the auction's stage over 15-12
10:00). The refusal says where she goes instead, in the reader's language."""
from __future__ import annotations

from tests.law.gaushala.gaushala_support import COW, in_language, noticed_cow
from tests.law.packs.trespass_support import BUFFALO1, KEEPER, impound, ist, mani, post_notice, sms  # noqa: F401


def test_the_sale_of_a_cow_after_the_notices_seven_days_is_refused_to_the_gaushala(mani, clock):
    """Sale asked 15-12 10:00, the first moment an auction could be: 422 disposal_gaushala,
    the cow still impounded."""
    cow = noticed_cow(mani, clock)
    clock.set(ist(15))
    response = in_language(mani, "en", "post", f"/impoundments/{cow}/sale", {"proceeds_paise": 30_000_00})
    assert (response.status_code, response.json["error"]) == (422, "the village's law sends a cow to a gaushala, "
                                                              "not to auction")
    assert response.json["code"] == "disposal_gaushala"
    assert response.json["message"] == (f"Tag {COW} is not for auction: this law (s.14) sends it to a gaushala, "
                                        "not before 15-12 10am. Nothing recorded.")
    assert mani.get(f"/impoundments/{cow}").json["status"] == "impounded"


def test_the_sale_refusal_is_in_the_readers_language(mani, clock):
    """The same refusal asked in Hindi and Gujarati names the gaushala and 15-12 10:00."""
    cow = noticed_cow(mani, clock)
    clock.set(ist(15))
    hindi = in_language(mani, "hi", "post", f"/impoundments/{cow}/sale", {"proceeds_paise": 30_000_00}).json
    gujarati = in_language(mani, "gu", "post", f"/impoundments/{cow}/sale", {"proceeds_paise": 30_000_00}).json
    assert hindi["message"] == f"टैग {COW} नीलामी में नहीं: यह कानून (धारा 14) इसे 15-12 सुबह 10 के बाद गौशाला भेजता है. कुछ दर्ज नहीं हुआ."
    assert "ગૌશાળા" in gujarati["message"] and COW in gujarati["message"]


def test_sold_by_sms_for_a_cow_is_refused_to_the_gaushala(mani, send_twilio, clock):
    """The keeper's SOLD for the cow 15-12 10:00: refused, nothing recorded."""
    cow = noticed_cow(mani, clock)
    clock.set(ist(15))
    assert sms(send_twilio, KEEPER, f"SOLD {COW} 30000") == (
        f"Tag {COW} is not for auction: this law (s.14) sends it to a gaushala, not before 15-12 10am. "
        "Nothing recorded.")
    assert mani.get(f"/impoundments/{cow}").json["status"] == "impounded"


def test_a_buffalo_of_the_same_village_is_still_sold(mani, clock):
    """Buffalo seized 01-12 10:00, noticed 08-12 10:00, sold 15-12 10:00: the proviso is per kind."""
    clock.set(ist(1))
    buffalo = impound(mani, tag=BUFFALO1)
    clock.set(ist(8))
    post_notice(mani, buffalo["id"], ist(8))
    clock.set(ist(15))
    assert mani.post(f"/impoundments/{buffalo['id']}/sale", {"proceeds_paise": 30_000_00}).status_code == 200


def test_the_auction_fixed_by_an_official_leaves_the_cow_out(mani, send_twilio, clock):
    """An auction fixed for 16-12 11:00 in MANI lists the buffalo (noticed 08-12) but not the cow;
    AUCTIONS counts only the buffalo (the cow, whose stage ends 15-12 10:00, is no lot of any
    auction)."""
    cow = noticed_cow(mani, clock)
    buffalo = impound(mani, tag=BUFFALO1, seized_at=ist(1).isoformat())
    post_notice(mani, buffalo["id"], ist(8))
    clock.set(ist(9))
    fixed = mani.post("/villages/MANI/auction", {"day": "2026-12-16", "hour": 11})
    assert (fixed.status_code, fixed.json["impoundments"]) == (200, [buffalo["id"]])
    assert mani.get(f"/impoundments/{cow}").json["auction_place"] is None
    reply = sms(send_twilio, KEEPER, "AUCTIONS MANI")
    assert reply == "Auctions in Mani Majra: 16-12 11am at Mani Majra, 1 animal"
