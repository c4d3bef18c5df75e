"""SPEC 12.4: cash is whole rupees. What a person pays is rounded down part by part and the
total is the sum of the parts shown; what a person is paid is rounded up; the books record the
cash and the paise as a line of their own; the fee list shows the rates as fixed.
Village DHOL (tests/law/money_support.py) with, from 15-11-2026, a cow's pound fee of Rs 25.50
and daily rate of Rs 37.50."""
from __future__ import annotations

import pytest

from tests.law.money_support import COW1, COW2, COW3, KEEPER, OWNER, impound, ist, make_dhol, outbox, sms


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    api.put("/kinds/cow/pound-fee", {"amount_paise": 2550, "effective_from": "2026-11-15"})
    api.put("/villages/DHOL/daily-rates", {"rates": {"cow": 3750, "buffalo": 5000}, "effective_from": "2026-11-15",
                                           "approval_ref": "DP/DHOL/2"})
    return api


def test_sms_fees_and_release_parts_add_up_to_what_is_collected_and_booked(dhol, send_twilio, clock):
    """Seized 30-11 10:00; on 02-12 (30-11..02-12 = 3 days): fee Rs 25.50 -> Rs 25; feeding
    3 x Rs 37.50 = Rs 112.50 -> Rs 112; security Rs 200 (1 head, 1st time): Rs 25 + Rs 112 +
    Rs 200 = Rs 337 (the Act's Rs 338.00 less the Rs 1.00 of paise left with the owner).
    Tomorrow 4 x Rs 37.50 = Rs 150: Rs 25 + Rs 150 + Rs 200 = Rs 375. RATES shows the rates as
    fixed: Rs 25.50 and Rs 37.50. Form B 02-12: fee Rs 25, expenses Rs 112, security Rs 200,
    receipts Rs 337, rounded off Rs 1.00."""
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    clock.set(ist(2026, 12, 2))
    assert sms(send_twilio, OWNER, f"FEES {COW1}") == (
        f"Tag {COW1}: pound fee Rs 25 + 3 days x Rs 37.50 = Rs 112 + security Rs 200. Total today Rs 337. "
        "Tomorrow Rs 375.")
    assert "cow Rs 25.50+Rs 37.50" in sms(send_twilio, OWNER, "RATES DHOL")
    assert sms(send_twilio, KEEPER, f"RELEASE {COW1}") == (
        f"Released {COW1}. Collect Rs 337: fee Rs 25 + feeding 3 days Rs 112 + security Rs 200.")
    books = dhol.get("/pounds/DHOL-1/accounts", query_string={"from": "2026-12-02", "to": "2026-12-02"}).json
    assert books["receipts"] == {"pound_fees": 2500, "expenses": 11200, "security_deposits": 20000,
                                 "sale_proceeds": 0}
    assert (books["receipts_paise"], books["rounded_off_paise"], books["closing_balance_paise"]) == (33700, 100, 33700)


def test_api_release_and_surplus_book_what_changed_hands(dhol, app, clock):
    """API: cows 2 and 3 seized 30-11 10:00, one occasion of 2 head: security Rs 150 a head.
    Cow 2 released 02-12: fee Rs 25 + feeding Rs 112 (as above) + Rs 150 = Rs 287, rounded off
    Rs 1.00; the release receipt says Rs 287. Cow 3 seized 30-11 10:00, sold at its auction 07-12 11:00 for Rs 2500
    with sale expenses Rs 62.50: fee Rs 25 + 8 days x Rs 37.50 = Rs 300: surplus Rs 2500 - 25 -
    300 - 62.50 = Rs 2112.50, paid to the owner 08-12 rounded UP: Rs 2113, which the notice says
    and Form B books (surplus paid Rs 2113, rounded off Rs 0.50)."""
    cow2 = impound(dhol, tag=COW2)
    cow3 = impound(dhol, tag=COW3)
    clock.set(ist(2026, 12, 2))
    release = dhol.post(f"/impoundments/{cow2['id']}/release", {}).json
    assert (release["total_paise"], release["pound_fee_paise"], release["expenses_paise"],
            release["rounded_off_paise"]) == (28700, 2500, 11200, 100)
    [receipt] = outbox(app, "release_receipt", OWNER)
    assert "Paid Rs 287: fee 25, feeding 3 days 112" in receipt.text
    clock.set(ist(2026, 12, 7, 11, 0))
    sale = dhol.post(f"/impoundments/{cow3['id']}/sale", {"proceeds_paise": 250000, "sale_expenses_paise": 6250}).json
    assert sale["surplus_paise"] == 211250
    clock.set(ist(2026, 12, 8))
    dhol.post(f"/impoundments/{cow3['id']}/surplus-payment", {"to_phone": OWNER})
    [paid] = outbox(app, "surplus_paid", OWNER)
    assert paid.text.startswith("Surplus Rs 2,113 from the auction of cow")
    books = dhol.get("/pounds/DHOL-1/accounts", query_string={"from": "2026-12-08", "to": "2026-12-08"}).json
    assert (books["payments"]["surplus_paid"], books["rounded_off_paise"]) == (211300, 50)
