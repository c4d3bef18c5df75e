"""SPEC 13.4: the surplus notices of an 1871 impoundment name the Act's sections and the pack's
days (village MANI, tests/law/packs/trespass_support.py): the balance of the s.16 sale is the
owner's, claimed at the pound by the schedule's last day (`surplus_claim_days`, fifteen days in
Chandigarh's), then the Government's (s.17), never Gujarat's §186(1) and its panchayat.
Each buffalo: seized 30-11 10:00, police notice 07-12 10:00, sold 14-12 10:00: 15 days,
Rs 20,000 fine + 15 x Rs 500 feeding = Rs 27,500 due."""
from __future__ import annotations


from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    BUFFALO1, COW, KEEPER, OWNER, impound, ist, mani, owner_texts, post_notice, sms)


def noticed_buffalo(api, clock) -> int:
    buffalo = impound(api, tag=BUFFALO1)
    clock.set(ist(7))
    post_notice(api, buffalo["id"], ist(7))
    clock.set(ist(14))
    return buffalo["id"]


def sell(api, impoundment_id: int, proceeds_paise: int) -> dict:
    response = api.post(f"/impoundments/{impoundment_id}/sale", {"proceeds_paise": proceeds_paise})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_the_surplus_notice_names_the_s16_balance_and_the_s17_government(mani, app, clock, run_worker):
    """Sold for Rs 30,000 through the API: Rs 30,000 - 27,500 = Rs 2,500 the owner's, claimed by
    29-12 (14-12 + 15 days of the schedule)."""
    sale = sell(mani, noticed_buffalo(mani, clock), 30_000_00)
    assert (sale["surplus_paise"], sale["surplus_deadline"]) == (2_500_00, "2026-12-29")
    run_worker()
    assert owner_texts(app, "surplus_notice") == [
        f"Buffalo {BUFFALO1} was sold at auction on 14-12 for Rs 30,000. After fines, feeding and costs Rs 2,500 "
        "is the owner's (s.16): claim it at the pound by 29-12, then it goes to the Government (s.17)."]


def test_a_keepers_sold_sms_sends_the_same_1871_notice(mani, app, clock, send_twilio, run_worker):
    """SOLD by SMS for Rs 31,000: Rs 31,000 - 27,500 = Rs 3,500, claimed by 29-12."""
    noticed_buffalo(mani, clock)
    sms(send_twilio, KEEPER, f"SOLD {BUFFALO1} 31000")
    run_worker()
    [notice] = owner_texts(app, "surplus_notice")
    assert "Rs 3,500 is the owner's (s.16): claim it at the pound by 29-12" in notice
    assert "186" not in notice and "panchayat" not in notice


def test_a_sale_that_leaves_nothing_says_the_fines_and_feeding_took_it(mani, app, clock, run_worker):
    """Sold for Rs 20,000, short of the Rs 27,500 due: nothing left over."""
    sell(mani, noticed_buffalo(mani, clock), 20_000_00)
    run_worker()
    assert owner_texts(app, "surplus_notice") == [
        f"Buffalo {BUFFALO1} was sold at auction on 14-12 for Rs 20,000. The fines, feeding and costs took all of "
        "it; nothing is left over (s.16)."]


def test_the_surplus_reminder_names_the_government_three_days_before_the_last_day(mani, app, clock, dispatch,
                                                                                   run_worker):
    """Rs 2,500 claimable to 29-12: the reminder goes 26-12 at 08:00 local, once."""
    sell(mani, noticed_buffalo(mani, clock), 30_000_00)
    for moment in (ist(26, 7, 59), ist(26, 8), ist(27, 8)):
        clock.set(moment)
        dispatch()
        run_worker()
    assert owner_texts(app, "surplus_reminder") == [
        f"Rs 2,500 from the sale of buffalo {BUFFALO1} is the owner's until 29-12. Claim it at the pound by then, "
        "or it goes to the Government (s.17)."]


def test_the_surplus_paid_cites_s16(mani, app, clock, run_worker):
    """Rs 2,500 paid to the owner on 20-12, within the fifteen days."""
    buffalo = noticed_buffalo(mani, clock)
    sell(mani, buffalo, 30_000_00)
    clock.set(ist(20))
    response = mani.post(f"/impoundments/{buffalo}/surplus-payment", {"to_phone": OWNER})
    assert response.status_code == 200, response.get_json()
    run_worker()
    assert owner_texts(app, "surplus_paid") == [
        f"Surplus Rs 2,500 from the auction of buffalo {BUFFALO1} paid to {OWNER} on 20-12-2026 (s.16)."]


def test_a_gujarat_village_beside_it_keeps_s186(mani, app, clock, run_worker):
    """KHAR (Gujarat's Act): a cow seized 30-11 10:00 and sold 14-12 for Rs 2,000 is told of §186(1)."""
    cow = impound(mani, kind="cow", pound="KHAR-1", tag=COW)
    clock.set(ist(14))
    sell(mani, cow["id"], 2_000_00)
    run_worker()
    [notice] = owner_texts(app, "surplus_notice")
    assert notice.endswith("prove ownership to the panchayat by 29-12 (s.186(1)).")
