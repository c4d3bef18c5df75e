"""earlier, "Missing": §185(3) security_due, §185(4) refused sales, §186(1) surplus
payment and the village fund, §188 complaints, §189(1) notification date, §189(2)
refunds and the deposits list, with the rupees and dates worked by hand.
The village, its schedules and people: tests/law/money_support.py."""
from __future__ import annotations

import pytest

from tests.law.money_support import COW1, COW2, KEEPER, OWNER, deposits, impound, ist, make_dhol, outbox, sms


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    return api


# ---------------------------------------------------------------- §185(3): security due after four weeks


def test_security_due_goes_to_owner_and_keeper_the_morning_after_the_four_weeks(dhol, app, clock, dispatch):
    """Released under protest 30-11 (seized that morning by the keeper): four weeks end 30-11 + 28 =
    28-12. No complaint: on 29-12 at the 08:00 morning hour owner and keeper are told; the security
    due is the 1 head, 1st time row, Rs 200. Not at 07:59, and once only."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-30T08:00:00+05:30", keeper_phone=KEEPER)
    dhol.post(f"/impoundments/{cow['id']}/release", {"under_protest": True})
    clock.set(ist(2026, 12, 29, 7, 59))
    dispatch()
    assert outbox(app, "security_due") == []
    clock.set(ist(2026, 12, 29, 8, 0))
    dispatch()
    dispatch()
    owner, keeper = outbox(app, "security_due")
    assert owner.to_phone == OWNER and owner.text == (
        f"Cow {COW1}: no complaint within 4 weeks. Deposit security Rs 200 at the pound and make the "
        "declaration of ownership, or the animal may be seized again (s.185(3)).")
    assert keeper.to_phone == KEEPER and "28-12-2026" in keeper.text and "Rs 200" in keeper.text


def test_no_security_due_while_a_complaint_is_filed_and_not_dismissed(dhol, app, clock, dispatch):
    """Same release; a complaint filed 05-12 and undecided on 29-12: no security_due (§185(3) asks
    for security only if the complaint is not made, or the seizure is declared lawful)."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-30T08:00:00+05:30", keeper_phone=KEEPER)
    dhol.post(f"/impoundments/{cow['id']}/release", {"under_protest": True})
    clock.set(ist(2026, 12, 5))
    dhol.post(f"/impoundments/{cow['id']}/complaint", {"filed_on": "2026-12-05", "by_phone": OWNER})
    clock.set(ist(2026, 12, 29, 9, 0))
    dispatch()
    assert outbox(app, "security_due") == []


# ---------------------------------------------------------------- §185(4): owner refused to pay


def test_sms_sold_refused_deducts_the_security_and_holds_it_as_a_deposit(dhol, send_twilio, app):
    """Seized 20-11 09:00 by the keeper, SOLD 30-11 (after the 27-11 11:00 auction) for Rs 3000
    with REFUSED: days 20-11..30-11 = 11 x Rs 40 = Rs 440 + fee Rs 50 = Rs 490, security Rs 200
    (1 head, 1st time): surplus Rs 3000 - 490 - 200 = Rs 2310, to claim by 30-11 + 15 = 15-12-2026."""
    impound(dhol, tag=COW1, seized_at="2026-11-20T09:00:00+05:30", keeper_phone=KEEPER)
    assert sms(send_twilio, KEEPER, f"SOLD {COW1} 3000 REFUSED") == (
        f"Sold {COW1} for Rs 3,000, owner refused to pay. Less fee and expenses Rs 490 and security Rs 200 "
        "(s.185(4)): surplus Rs 2,310 for the owner to claim by 15-12-2026.")
    [deposit] = deposits(app)
    assert (deposit.amount_paise, deposit.status, deposit.sale_id is not None) == (20000, "held", True)


def test_api_sale_refused_true_deducts_the_security(dhol):
    """As above through the API, sold at 27-11 11:00: 8 days x Rs 40 = Rs 320 + Rs 50 = Rs 370,
    security Rs 200: surplus Rs 3000 - 370 - 200 = Rs 2430; the sale shows its held deposit."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-20T09:00:00+05:30")
    sale = dhol.post(f"/impoundments/{cow['id']}/sale", {"proceeds_paise": 300000, "refused": True,
                                                         "at": "2026-11-27T11:00:00+05:30"}).json
    assert (sale["refused"], sale["security_paise"], sale["surplus_paise"]) == (True, 20000, 243000)
    assert [(d["status"], d["amount_paise"]) for d in sale["deposits"]] == [("held", 20000)]


# ---------------------------------------------------------------- §186(1): surplus paid or to the village fund


def test_surplus_paid_to_the_owner_within_fifteen_days_once(dhol, app):
    """Sold 27-11 11:00 for Rs 3000: surplus Rs 2630 (see the sale test), deadline 12-12. Paid on
    30-11 to the owner: recorded, surplus_paid message; a second payment is 409."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-20T09:00:00+05:30")
    dhol.post(f"/impoundments/{cow['id']}/sale", {"proceeds_paise": 300000, "at": "2026-11-27T11:00:00+05:30"})
    paid = dhol.post(f"/impoundments/{cow['id']}/surplus-payment", {"to_phone": "9825000400"})
    assert (paid.status_code, paid.json["surplus_disposal"], paid.json["surplus_paid_to_phone"]) == (
        200, "paid", OWNER)
    assert dhol.post(f"/impoundments/{cow['id']}/surplus-payment", {"to_phone": OWNER}).status_code == 409
    [notice] = outbox(app, "surplus_paid", OWNER)
    assert notice.text == f"Surplus Rs 2,630 from the auction of cow {COW1} paid to {OWNER} on 30-11-2026 (s.186(1))."


def test_unclaimed_surplus_goes_to_the_village_fund_after_the_fifteen_days(dhol, clock, dispatch):
    """Sold 27-11 11:00, surplus Rs 2630, deadline 27-11 + 15 = 12-12. The dispatcher leaves it on
    12-12 and moves it to the village fund on 13-12; payment after that is 409 on field "at"."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-20T09:00:00+05:30")
    dhol.post(f"/impoundments/{cow['id']}/sale", {"proceeds_paise": 300000, "at": "2026-11-27T11:00:00+05:30"})
    clock.set(ist(2026, 12, 12, 23, 0))
    dispatch()
    assert dhol.get(f"/impoundments/{cow['id']}").json["sale"]["surplus_disposal"] == "unclaimed"
    clock.set(ist(2026, 12, 13, 0, 30))
    dispatch()
    sale = dhol.get(f"/impoundments/{cow['id']}").json["sale"]
    assert (sale["surplus_disposal"], sale["surplus_paise"]) == ("village_fund", 263000)
    late = dhol.post(f"/impoundments/{cow['id']}/surplus-payment", {"to_phone": OWNER})
    assert late.status_code == 409


def test_surplus_payment_after_the_deadline_is_refused_on_field_at(dhol, clock):
    """Deadline 12-12; a payment dated 13-12 (before the dispatcher ran) is 409 on "at"."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-20T09:00:00+05:30")
    dhol.post(f"/impoundments/{cow['id']}/sale", {"proceeds_paise": 300000, "at": "2026-11-27T11:00:00+05:30"})
    clock.set(ist(2026, 12, 13))
    late = dhol.post(f"/impoundments/{cow['id']}/surplus-payment", {"to_phone": OWNER})
    assert (late.status_code, late.json["field"]) == (409, "at")


# ---------------------------------------------------------------- §188: complaints


def test_a_dismissed_complaint_lets_the_forfeiture_settle(dhol, app, clock, dispatch):
    """Deposit Rs 200 (30-11); re-seized 15-12 (pending until 25-12); complaint filed 18-12,
    dismissed 27-12: complaint_outcome "dismissed"; the next tick forfeits the Rs 200."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-30T08:00:00+05:30")
    dhol.post(f"/impoundments/{cow['id']}/release", {})
    clock.set(ist(2026, 12, 15))
    again = impound(dhol, tag=COW2)
    clock.set(ist(2026, 12, 18))
    dhol.post(f"/impoundments/{again['id']}/complaint", {"filed_on": "2026-12-18"})
    clock.set(ist(2026, 12, 27))
    dispatch()
    assert deposits(app)[0].status == "forfeit_pending"
    dismissed = dhol.put(f"/impoundments/{again['id']}/complaint", {"outcome": "dismissed", "decided_on": "2026-12-27"})
    assert dismissed.json["outcome"] == "dismissed"
    dispatch()
    assert (deposits(app)[0].status, deposits(app)[0].forfeited_paise) == ("forfeited", 20000)
    [notice] = outbox(app, "complaint_outcome", OWNER)
    assert notice.text == f"The court dismissed the complaint about cow {COW2}: the seizure was lawful (s.188)."


def test_complaint_outcome_without_a_complaint_is_404_and_a_second_complaint_409(dhol):
    cow = impound(dhol, tag=COW1)
    assert dhol.put(f"/impoundments/{cow['id']}/complaint",
                    {"outcome": "upheld", "decided_on": "2026-11-30"}).status_code == 404
    assert dhol.post(f"/impoundments/{cow['id']}/complaint", {"filed_on": "2026-11-30"}).status_code == 201
    assert dhol.post(f"/impoundments/{cow['id']}/complaint", {"filed_on": "2026-11-30"}).status_code == 409


# ---------------------------------------------------------------- §189: notification date, refunds, the list


def test_seizures_before_the_notification_date_carry_no_security(api, clock):
    """DHOL notified from 01-12-2026: a cow seized 30-11 owes fee Rs 50 + 1 day Rs 40 = Rs 90, no
    security. A cow seized 01-12 09:00 owes security: the 30-11 seizure is an earlier occasion of
    the same owner (times = 2), so Rs 500 a head: Rs 50 + 1 day Rs 40 + Rs 500 = Rs 590."""
    make_dhol(api, notified_from="2026-12-01")
    before = impound(api, tag=COW1, seized_at="2026-11-30T08:00:00+05:30")
    assert api.get(f"/impoundments/{before['id']}/dues").json["total_paise"] == 9000
    clock.set(ist(2026, 12, 1, 9, 0))
    after = impound(api, tag=COW2)
    dues = api.get(f"/impoundments/{after['id']}/dues").json
    assert (dues["security_paise"], dues["total_paise"]) == (50000, 59000)


def test_refund_only_of_a_refundable_deposit_and_the_list_by_status(dhol, app, clock, dispatch):
    """Deposit Rs 200 on 30-11, refund date 30-05-2027: a refund before is 409; on 30-05-2027 it is
    refundable, refunded to the owner, and listed as refunded with its date."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-30T08:00:00+05:30")
    deposit = dhol.post(f"/impoundments/{cow['id']}/release", {}).json["deposit"]
    assert (deposit["amount_paise"], deposit["refund_date"]) == (20000, "2027-05-30")
    assert dhol.post(f"/deposits/{deposit['id']}/refund", {}).status_code == 409
    clock.set(ist(2027, 5, 30, 9, 0))
    dispatch()
    assert [d["id"] for d in dhol.get("/deposits", query_string={"status": "refundable"}).json["deposits"]] == [
        deposit["id"]]
    refunded = dhol.post(f"/deposits/{deposit['id']}/refund", {}).json
    assert (refunded["status"], refunded["refunded_to_phone"], refunded["refunded_at"]) == (
        "refunded", OWNER, "2027-05-30T09:00:00+05:30")
    listed = dhol.get("/deposits", query_string={"status": "refunded", "village": "DHOL"}).json["deposits"]
    assert [(d["id"], d["amount_paise"]) for d in listed] == [(deposit["id"], 20000)]
    assert dhol.get(f"/impoundments/{cow['id']}").json["deposits"][0]["status"] == "refunded"
    assert len(outbox(app, "deposit_refunded", OWNER)) == 1
