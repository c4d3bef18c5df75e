"""§188(3), SPEC 12.5: a seizure the magistrate adjudges illegal. The animal still held goes back
with nothing to pay, its auction is off, the fee and expenses are the seizer's to pay, and the
seizure is never an earlier occasion (§189(1)) or an earlier offence (§183). After a settled
forfeiture, exactly what was forfeited comes back, once. Village DHOL: tests/money_support.py."""
from __future__ import annotations

import pytest

from tests.law.money_support import COW1, COW2, KEEPER, OWNER, deposits, impound, ist, make_dhol, outbox, sms

OFFICIAL = "+919825000500"


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    api.post("/people", {"phone": OFFICIAL, "name": "Talati", "role": "official", "village": "DHOL", "language": "en"})
    return api


def test_api_upheld_while_held_releases_with_nothing_to_pay_and_cancels_the_auction(
        dhol, app, clock, send_twilio, run_worker):
    """Cow 1 seized by API 30-11 10:00 IST (the keeper is named). On 01-12 the talati fixes the
    auction for 08-12 11:00 (claim deadline 07-12 10:00 is before it): the village is told.
    Complaint filed 02-12 (within 30-11 + 10 = 10-12), upheld 04-12, recorded 04-12 10:00 with
    Rs 100 compensation. Days 30-11..04-12 = 5 x Rs 40 = Rs 200 + fee Rs 50 = Rs 250, owed by the
    seizer; the owner pays Rs 0 (not Rs 250 + Rs 200 security = Rs 450); released, no sale
    possible; the queued auction notice is cancelled at send time: no animal is left for it."""
    cow = impound(dhol, tag=COW1, keeper_phone=KEEPER)
    clock.set(ist(2026, 12, 1))
    assert "08-12" in sms(send_twilio, OFFICIAL, "AUCTION 08-12 11:00 market")
    clock.set(ist(2026, 12, 2))
    dhol.post(f"/impoundments/{cow['id']}/complaint", {"filed_on": "2026-12-02", "by_phone": OWNER})
    clock.set(ist(2026, 12, 4))
    upheld = dhol.put(f"/impoundments/{cow['id']}/complaint",
                      {"outcome": "upheld", "decided_on": "2026-12-04", "compensation_paise": 10000})
    assert upheld.status_code == 200
    got = dhol.get(f"/impoundments/{cow['id']}").json
    assert (got["status"], got["held_illegal"], got["auction_place"]) == ("released", True, None)
    release = got["release"]
    assert (release["by_court"], release["total_paise"], release["security_paise"], release["days"],
            release["seizer_owes_paise"]) == (True, 0, 0, 5, 25000)
    sale = dhol.post(f"/impoundments/{cow['id']}/sale", {"proceeds_paise": 300000, "at": "2026-12-08T11:00:00+05:30"})
    assert sale.status_code == 409
    run_worker()
    notices = outbox(app, "auction_notice", OWNER)
    assert notices and all(m.status == "cancelled" for m in notices)
    [outcome] = outbox(app, "complaint_outcome", OWNER)
    assert outcome.text == (f"The court held the seizure of cow {COW1} illegal (s.188(3)). Take it back from the "
                            "pound: nothing to pay. The seizer pays the fees and expenses Rs 250 and compensation "
                            "Rs 100.")
    [keeper] = outbox(app, "complaint_outcome", KEEPER)
    assert keeper.text == (f"Court order (s.188(3)): give cow {COW1} (receipt {cow['receipt']}) back to the owner. "
                           "Collect nothing: the seizer owes Rs 250. Its auction is cancelled.")
    books = dhol.get("/pounds/DHOL-1/accounts", query_string={"from": "2026-12-04", "to": "2026-12-04"}).json
    assert (books["receipts_paise"], books["days"]) == (0, [])


def test_sms_after_an_illegal_seizure_the_keeper_cannot_release_and_the_next_seizure_is_a_first_occasion(
        dhol, send_twilio, clock, api):
    """SMS SEIZE cow 1 on 30-11 10:00; complaint filed 01-12 and upheld 03-12: released by the
    court. The keeper's RELEASE is answered "not in the pound". Cow 2 seized 10-12 by SMS is the
    owner's FIRST lawful occasion: security Rs 200 (1 head, 1st time), not Rs 500 (2nd time), and
    offence number 1 (fine Rs 100-300), not 2. Release the same day: fee Rs 50 + 1 day Rs 40 +
    security Rs 200 = Rs 290."""
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    first = api.get("/impoundments", query_string={"tag": COW1}).json["impoundments"][0]
    clock.set(ist(2026, 12, 1))
    api.post(f"/impoundments/{first['id']}/complaint", {"filed_on": "2026-12-01"})
    clock.set(ist(2026, 12, 3))
    api.put(f"/impoundments/{first['id']}/complaint", {"outcome": "upheld", "decided_on": "2026-12-03"})
    assert sms(send_twilio, KEEPER, f"RELEASE {COW1}") == f"Tag {COW1} is not in the pound now. Nothing recorded."
    clock.set(ist(2026, 12, 10))
    sms(send_twilio, KEEPER, f"SEIZE {COW2} cow")
    second = api.get("/impoundments", query_string={"tag": COW2}).json["impoundments"][0]
    dues = api.get(f"/impoundments/{second['id']}/dues").json
    assert (dues["security_paise"], dues["offence"]["number"], dues["offence"]["fine_max_paise"]) == (20000, 1, 30000)
    assert sms(send_twilio, KEEPER, f"RELEASE {COW2}") == (
        f"Released {COW2}. Collect Rs 290: fee Rs 50 + feeding 1 day Rs 40 + security Rs 200.")


def test_upheld_after_a_part_forfeiture_settled_pays_back_only_what_was_forfeited(
        api, app, send_twilio, clock, dispatch):
    """forfeit_percent 50. SMS: cow 1 released 30-11: deposit Rs 200 (refund date 30-05-2027).
    Cow 2 seized 15-12: pending until 25-12; no complaint by then, so on 26-12 Rs 100 goes to the
    State and Rs 100 stays a held deposit of its own. A late complaint (filed 28-12, recorded as
    told) is upheld 05-01-2027: the owner gets back the Rs 100 forfeited, once (not the whole
    Rs 200 again while the Rs 100 remainder is also his): 100 + 100 = Rs 200 = the deposit."""
    make_dhol(api, forfeit_percent=50)
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    sms(send_twilio, KEEPER, f"RELEASE {COW1}")
    clock.set(ist(2026, 12, 15))
    sms(send_twilio, KEEPER, f"SEIZE {COW2} cow")
    second = api.get("/impoundments", query_string={"tag": COW2}).json["impoundments"][0]
    clock.set(ist(2026, 12, 26))
    dispatch()
    clock.set(ist(2026, 12, 28))
    api.post(f"/impoundments/{second['id']}/complaint", {"filed_on": "2026-12-28"})
    clock.set(ist(2027, 1, 5))
    assert api.put(f"/impoundments/{second['id']}/complaint",
                   {"outcome": "upheld", "decided_on": "2027-01-05"}).status_code == 200
    api.put(f"/impoundments/{second['id']}/complaint", {"outcome": "upheld", "decided_on": "2027-01-05"})
    original, remainder = deposits(app)
    assert (original.status, original.forfeited_paise, original.returned_paise) == ("forfeited", 10000, 10000)
    assert (remainder.status, remainder.amount_paise) == ("held", 10000)
    books = api.get("/pounds/DHOL-1/accounts", query_string={"from": "2027-01-05", "to": "2027-01-05"}).json
    assert books["payments"]["deposit_refunds"] == 10000
    [notice] = outbox(app, "deposit_refunded", OWNER)
    assert notice.text == ("The seizure was held illegal (s.188(3)): Rs 100 of your deposit forfeited on 26-12-2026 "
                           "is paid back to you.")
