"""§182(1), SPEC 12.5: a keeper without the Taluka Development Officer's approval may record a
seizure (the animal must be held) but may not release or sell it until approved; the dashboard
lists such keepers. Village DHOL: tests/law/money_support.py (its keeper is approved)."""
from __future__ import annotations

import pytest

from tests.law.money_support import COW1, COW2, KEEPER, ist, make_dhol, outbox, sms

NEW_KEEPER = "+919825000310"
TALATI, SARPANCH = "+919825000500", "+919825000501"


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    api.post("/people", {"phone": NEW_KEEPER, "name": "New keeper", "role": "keeper", "village": "DHOL",
                         "pound": "DHOL-1", "language": "en"})
    return api


def test_an_unapproved_keeper_seizes_but_cannot_release_or_sell_until_approved(dhol, send_twilio, clock):
    """New keeper, no approval on record. 30-11 10:00: SEIZE cow 1 and cow 2 is recorded. RELEASE
    is refused (nothing recorded, the cow still held). Approved on 01-12 (TDO/DHOL/9): on 01-12
    the release goes through: fee Rs 50 + 2 days x Rs 40 = Rs 130 + security Rs 150 (2 head,
    1st time) = Rs 280. Before that approval a SOLD at the auction would be refused too."""
    assert sms(send_twilio, NEW_KEEPER, f"SEIZE {COW1}, {COW2} cow").startswith("Seized 2 cows")
    assert sms(send_twilio, NEW_KEEPER, f"RELEASE {COW1}") == (
        "You are not yet approved by the Taluka Development Officer (s.182(1)): you may record seizures, not "
        "release or sell. Nothing recorded.")
    cow = dhol.get("/impoundments", query_string={"tag": COW1}).json["impoundments"][0]
    assert cow["status"] == "impounded"
    clock.set(ist(2026, 12, 1))
    dhol.put(f"/people/{NEW_KEEPER}/approval", {"approved_on": "2026-12-01", "approval_ref": "TDO/DHOL/9"})
    assert sms(send_twilio, NEW_KEEPER, f"RELEASE {COW1}") == (
        f"Released {COW1}. Collect Rs 280: fee Rs 50 + feeding 2 days Rs 80 + security Rs 150.")


def test_an_unapproved_keeper_cannot_sell_at_the_auction(api, app, send_twilio, clock):
    """Cow 1 seized 30-11 10:00 by the unapproved keeper; at its auction 07-12 11:00 his SOLD is
    refused and the cow stays held; the panchayat (admin API) may still record the sale."""
    make_dhol(api)
    api.post("/people", {"phone": NEW_KEEPER, "name": "New keeper", "role": "keeper", "village": "DHOL",
                         "pound": "DHOL-1", "language": "en"})
    sms(send_twilio, NEW_KEEPER, f"SEIZE {COW1} cow")
    clock.set(ist(2026, 12, 7, 11, 0))
    assert "not yet approved" in sms(send_twilio, NEW_KEEPER, f"SOLD {COW1} 3000")
    cow = api.get("/impoundments", query_string={"tag": COW1}).json["impoundments"][0]
    assert cow["status"] == "impounded"
    assert api.post(f"/impoundments/{cow['id']}/sale", {"proceeds_paise": 300000}).status_code == 200


def test_the_villages_officials_are_told_once_of_an_unapproved_keepers_seizure(dhol, app, send_twilio):
    """§182(1), SPEC 12.5: "the sarpanch and the dashboard are told". The records hold no sarpanch
    apart from the other officials, so every official of DHOL hears of it, in his language, once for
    the seizure of 2 cows (not once a cow); the approved keeper's seizure tells nobody."""
    dhol.post("/people", {"phone": TALATI, "name": "Talati", "role": "official", "village": "DHOL", "language": "en"})
    dhol.post("/people", {"phone": SARPANCH, "name": "Sarpanch", "role": "official", "village": "DHOL",
                          "language": "gu"})
    sms(send_twilio, NEW_KEEPER, f"SEIZE {COW1}, {COW2} cow")
    [english] = outbox(app, "keeper_unapproved", TALATI)
    assert english.text == (
        f"New keeper, keeper of Dhol pound, has no approval of the Taluka Development Officer yet (s.182(1)) but "
        f"recorded a seizure: 2 animal(s), tag {COW1}. They stay held; he may not release or sell them until approved.")
    [gujarati] = outbox(app, "keeper_unapproved", SARPANCH)
    assert gujarati.language == "gu" and f"ટેગ {COW1}" in gujarati.text and "કલમ 182(1)" in gujarati.text
    sms(send_twilio, KEEPER, "SEIZE 400000000003 cow")
    assert len(outbox(app, "keeper_unapproved")) == 2
