"""earlier, "Wrong today": one scenario per defect, through the admin API and
through SMS, with the rupees and dates worked by hand in each docstring.
The village, its schedules and people: tests/law/money_support.py."""
from __future__ import annotations

import pytest

from tests.law.money_support import (
    BUFFALO, COW1, COW2, COW3, KEEPER, OWNER, deposits, impound, ist, make_dhol, outbox, sms,
)


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    return api


# ---------------------------------------------------------------- 1. no sale before the auction


def test_api_sale_before_the_auction_is_409_on_field_at_and_at_the_auction_it_is_recorded(dhol):
    """Seized 20-11 09:00 IST: claim deadline 27-11 09:00, auction_at 27-11 11:00.
    At the deadline instant and at 10:30: 409, field "at". At 11:00: sold for Rs 3000;
    days 20-11..27-11 = 8, expenses 8 x Rs 40 = Rs 320, fee Rs 50: surplus Rs 2630,
    surplus deadline 27-11 + 15 = 12-12-2026."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-20T09:00:00+05:30")
    for at in ("2026-11-27T09:00:00+05:30", "2026-11-27T10:30:00+05:30"):
        refused = dhol.post(f"/impoundments/{cow['id']}/sale", {"proceeds_paise": 300000, "at": at})
        assert (refused.status_code, refused.json["field"], refused.json["code"]) == (409, "at", "before_auction")
    sale = dhol.post(f"/impoundments/{cow['id']}/sale", {"proceeds_paise": 300000, "at": "2026-11-27T11:00:00+05:30"})
    assert sale.status_code == 200
    assert (sale.json["expenses_paise"], sale.json["surplus_paise"], sale.json["surplus_deadline"]) == (
        32000, 263000, "2026-12-12")


def test_sms_sold_before_the_auction_names_the_auction_time(dhol, send_twilio, clock):
    """SEIZE at 30-11 10:00: claim deadline 07-12 10:00, auction 07-12 11:00. SOLD at 07-12 10:30
    is refused naming 07-12 11:00; at 11:00 it is sold: 30-11..07-12 = 8 days x Rs 40 = Rs 320
    + fee Rs 50 = Rs 370; Rs 3000 - Rs 370 = Rs 2630 surplus, to claim by 07-12 + 15 = 22-12-2026."""
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    clock.set(ist(2026, 12, 7, 10, 30))
    assert sms(send_twilio, KEEPER, f"SOLD {COW1} 3000") == (
        f"Tag {COW1} cannot be sold before its auction 07-12 11am: the sale is the auction (s.186(1)). "
        "Nothing recorded.")
    clock.set(ist(2026, 12, 7, 11, 0))
    assert sms(send_twilio, KEEPER, f"SOLD {COW1} 3000") == (
        f"Sold {COW1} for Rs 3,000. Less fee and expenses Rs 370: surplus Rs 2,630 for the owner to claim by "
        "22-12-2026.")


# ---------------------------------------------------------------- 2. one straying occasion


def test_sms_two_seize_commands_on_one_day_are_one_occasion_of_three_head(dhol, send_twilio, clock, api):
    """3 cows, one owner, two SEIZE commands two minutes apart, notified village: one occasion,
    head_count 3, times 1: scale row 2-5 head first time Rs 150 a head: Rs 450 in all.
    Each release the same day: fee Rs 50 + 1 day Rs 40 + security Rs 150 = Rs 240."""
    sms(send_twilio, KEEPER, f"SEIZE {COW1}, {COW2} cow")
    clock.set(ist(2026, 11, 30, 10, 2))
    sms(send_twilio, KEEPER, f"SEIZE {COW3} cow")
    for tag in (COW1, COW2, COW3):
        assert sms(send_twilio, KEEPER, f"RELEASE {tag}") == (
            f"Released {tag}. Collect Rs 240: fee Rs 50 + feeding 1 day Rs 40 + security Rs 150.")
    held = api.get("/deposits", query_string={"village": "DHOL", "status": "held"}).json["deposits"]
    assert sum(d["amount_paise"] for d in held) == 45000


def test_api_calls_on_one_day_are_one_occasion_and_the_next_day_a_second(dhol):
    """Cow 30-11 08:00 and buffalo 30-11 09:30, separate API calls, no seizure id: one occasion,
    2 head, 1st time: Rs 150 a head; §183 offence number 1 for both. Cow 3 on 01-12 (a new local
    date) is the 2nd occasion: Rs 500 a head, offence number 2 (fine Rs 250-500)."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-29T08:00:00+05:30")
    buffalo = impound(dhol, tag=BUFFALO, kind="buffalo", seized_at="2026-11-29T09:30:00+05:30")
    third = impound(dhol, tag=COW3, seized_at="2026-11-30T08:00:00+05:30")
    for body in (cow, buffalo):
        dues = dhol.get(f"/impoundments/{body['id']}/dues").json
        assert (dues["security_paise"], dues["offence"]["number"]) == (15000, 1)
    dues = dhol.get(f"/impoundments/{third['id']}/dues").json
    assert (dues["security_paise"], dues["offence"]["number"], dues["offence"]["fine_min_paise"]) == (50000, 2, 25000)


# ---------------------------------------------------------------- 3. forfeiture waits for the complaint window


def test_api_reimpoundment_forfeits_only_after_the_reseizures_complaint_deadline(dhol, clock, dispatch):
    """Deposit Rs 200 on 30-11 (1 head, 1st time). Re-seized 15-12 10:00, within six months:
    forfeit_pending until 15-12 + 10 = 25-12 (§188(1)). On 25-12 still pending; on 26-12,
    no complaint: forfeited, Rs 200 (100 %) to the State."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-30T08:00:00+05:30")
    dhol.post(f"/impoundments/{cow['id']}/release", {})
    clock.set(ist(2026, 12, 15))
    impound(dhol, tag=COW2)
    [deposit] = dhol.get(f"/impoundments/{cow['id']}").json["deposits"]
    assert (deposit["status"], deposit["forfeit_pending_until"]) == ("forfeit_pending", "2026-12-25")
    clock.set(ist(2026, 12, 25, 23, 0))
    dispatch()
    assert dhol.get(f"/impoundments/{cow['id']}").json["deposits"][0]["status"] == "forfeit_pending"
    clock.set(ist(2026, 12, 26, 0, 30))
    dispatch()
    [deposit] = dhol.get(f"/impoundments/{cow['id']}").json["deposits"]
    assert (deposit["status"], deposit["forfeited_paise"]) == ("forfeited", 20000)


def test_sms_protest_release_keeps_the_forfeiture_pending_and_an_upheld_complaint_undoes_it(
        dhol, send_twilio, clock, dispatch, app):
    """SMS: SEIZE and RELEASE cow 1 on 30-11: deposit Rs 200. SEIZE cow 2 on 15-12 (pending until
    25-12), RELEASE it under protest the same day: fee Rs 50 + 1 day Rs 40 = Rs 90 deposited.
    A complaint filed 20-12 keeps it pending past 25-12; upheld 28-12 with Rs 100 compensation:
    the deposit is held again, Rs 0 forfeited, and the owner is told the seizer pays Rs 100 and Rs 90."""
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    sms(send_twilio, KEEPER, f"RELEASE {COW1}")
    clock.set(ist(2026, 12, 15))
    sms(send_twilio, KEEPER, f"SEIZE {COW2} cow")
    assert sms(send_twilio, KEEPER, f"RELEASE {COW2} PROTEST").startswith(
        f"Released {COW2} under protest. Deposited Rs 90")
    second = dhol.get("/impoundments", query_string={"tag": COW2}).json["impoundments"][0]
    clock.set(ist(2026, 12, 20))
    assert dhol.post(f"/impoundments/{second['id']}/complaint", {"filed_on": "2026-12-20"}).status_code == 201
    clock.set(ist(2026, 12, 28))
    dispatch()
    assert deposits(app)[0].status == "forfeit_pending"
    too_much = dhol.put(f"/impoundments/{second['id']}/complaint",
                        {"outcome": "upheld", "decided_on": "2026-12-28", "compensation_paise": 10001})
    assert (too_much.status_code, too_much.json["field"]) == (422, "compensation_paise")
    upheld = dhol.put(f"/impoundments/{second['id']}/complaint",
                      {"outcome": "upheld", "decided_on": "2026-12-28", "compensation_paise": 10000})
    assert upheld.status_code == 200
    [deposit] = deposits(app)
    assert (deposit.status, deposit.forfeited_paise, deposit.forfeited_by_id) == ("held", 0, None)
    [outcome] = outbox(app, "complaint_outcome", OWNER)
    assert outcome.text == (f"The court held the seizure of cow {COW2} illegal (s.188). The seizer pays "
                            "compensation Rs 100 and the fees and expenses you paid, Rs 90. Any deposit forfeiture "
                            "it caused is undone.")


# ---------------------------------------------------------------- 4. part forfeiture


def test_part_forfeiture_leaves_the_rest_a_held_deposit_refundable_on_its_date(api, app, send_twilio, clock, dispatch):
    """forfeit_percent 50. SMS: deposit Rs 200 on 30-11 (refund date 30-11 + 6 months = 30-05-2027).
    Re-seized 15-12; on 26-12 the forfeiture settles: Rs 100 forfeited, the other Rs 100 a deposit of
    its own, held, same refund date. On 30-05-2027 it becomes refundable and is refunded (Rs 100)."""
    make_dhol(api, forfeit_percent=50)
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    assert sms(send_twilio, KEEPER, f"RELEASE {COW1}").endswith("+ security Rs 200.")
    clock.set(ist(2026, 12, 15))
    sms(send_twilio, KEEPER, f"SEIZE {COW2} cow")
    clock.set(ist(2026, 12, 26))
    dispatch()
    original, remainder = deposits(app)
    assert (original.status, original.forfeited_paise, original.amount_paise) == ("forfeited", 10000, 20000)
    assert (remainder.status, remainder.amount_paise, remainder.parent_id, str(remainder.refund_date)) == (
        "held", 10000, original.id, "2027-05-30")
    assert api.post(f"/deposits/{original.id}/refund", {}).status_code == 409
    clock.set(ist(2027, 5, 30))
    dispatch()
    refund = api.post(f"/deposits/{remainder.id}/refund", {})
    assert (refund.status_code, refund.json["status"], refund.json["amount_paise"]) == (200, "refunded", 10000)
    [notice] = outbox(app, "deposit_refunded", OWNER)
    assert notice.text == f"Deposit of Rs 100 (paid 30-11-2026) refunded to {OWNER} on 30-05-2027 (s.189(2))."


# ---------------------------------------------------------------- 5. a deposit even with the owner unknown


def test_sms_release_of_an_untagged_animal_records_the_security_as_a_deposit(dhol, send_twilio, app):
    """An untagged buffalo (owner unknown): fee Rs 75 + 1 day Rs 50 + security Rs 200 (1 head,
    1st time) = Rs 325. The Rs 200 is a held deposit with the receipt number and no owner yet."""
    reply = sms(send_twilio, KEEPER, "SEIZE buffalo")
    receipt = reply.split(": ")[1].split(".")[0]
    assert sms(send_twilio, KEEPER, f"RELEASE {receipt}") == (
        f"Released {receipt}. Collect Rs 325: fee Rs 75 + feeding 1 day Rs 50 + security Rs 200.")
    [deposit] = deposits(app)
    assert (deposit.owner_id, deposit.receipt, deposit.amount_paise, deposit.status) == (None, receipt, 20000, "held")


def test_api_deposit_of_an_unknown_owner_is_attached_when_the_owner_is_identified(dhol, clock, dispatch):
    """An unregistered tag released 30-11 with no owner named: fee Rs 50 + 1 day Rs 40 + Rs 200
    security = Rs 290; the Rs 200 deposit has no owner. On 30-05-2027 it is refundable; the
    refund applicant +919825000777 is identified as the owner and paid."""
    stray = impound(dhol, tag="999900001111")
    release = dhol.post(f"/impoundments/{stray['id']}/release", {}).json
    assert (release["total_paise"], release["deposit"]["owner_phone"], release["deposit"]["status"]) == (
        29000, None, "held")
    clock.set(ist(2027, 5, 30))
    dispatch()
    refund = dhol.post(f"/deposits/{release['deposit']['id']}/refund", {"to_phone": "9825000777"})
    assert (refund.json["status"], refund.json["owner_phone"], refund.json["refunded_to_phone"]) == (
        "refunded", "+919825000777", "+919825000777")


# ---------------------------------------------------------------- 6. the protest receipt's two deadlines


def test_protest_receipt_says_the_complaint_deadline_has_passed(dhol, app, run_worker, send_twilio):
    """Seized 10-11 09:00, released under protest 30-11: §188(1) complaint deadline 10-11 + 10 =
    20-11, already past, and said so; §185(3) four weeks end 30-11 + 28 = 28-12-2026. Deposited:
    days 10-11..30-11 = 21 x Rs 40 = Rs 840 + fee Rs 50 = Rs 890. The keeper's SMS says the same."""
    cow = impound(dhol, tag=COW1, seized_at="2026-11-10T09:00:00+05:30")
    impound(dhol, tag=COW2, seized_at="2026-11-10T09:00:00+05:30", keeper_phone=KEEPER)
    dhol.post(f"/impoundments/{cow['id']}/release", {"under_protest": True})
    [receipt] = outbox(app, "release_receipt", OWNER)
    assert receipt.text.endswith(
        "Deposited Rs 890: fee 50, feeding 21 days 840. The time to complain "
        "to a magistrate (s.188) ended 20-11. If no complaint is made by 28-12, a security deposit "
        "becomes due (s.185(3)).")
    assert sms(send_twilio, KEEPER, f"RELEASE {COW2} PROTEST") == (
        f"Released {COW2} under protest. Deposited Rs 890: fee Rs 50 + expenses Rs 840, no security. "
        "Owner's time to complain ended 20-11-2026 (s.188). Four weeks end 28-12-2026 (s.185(3)).")
