"""SPEC 13.4: the 1871 Act with Chandigarh's schedule through SMS (village MANI,
tests/law/packs/trespass_support.py): keepers SEIZE, RELEASE and SOLD, owners ask FEES, and
each answer gives the pack's figures and cites its sections. Rupees and dates worked by hand."""
from __future__ import annotations

import pytest

from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    BUFFALO1, BUFFALO2, COW, GOAT, GUJARAT_KEEPER, KEEPER, OWNER, POLICE, ist, mani, post_notice, sms)


def held(api) -> dict[str, int]:
    return {i["tag"]: i["id"] for i in api.get("/impoundments").json["impoundments"]}


def test_fees_for_a_buffalo_on_its_third_day_cite_the_scale(mani, send_twilio, clock):
    """SEIZE 30-11 10:00; FEES 02-12 16:00: 3 days. Rs 20,000 (s.12, large cattle) + 3 x Rs 500 = Rs 1,500;
    total Rs 21,500; tomorrow Rs 22,000."""
    sms(send_twilio, KEEPER, f"SEIZE {BUFFALO1} buffalo")
    clock.set(ist(2, 16))
    assert sms(send_twilio, OWNER, f"FEES {BUFFALO1}") == (
        f"Tag {BUFFALO1}: fine Rs 20,000 (s.12, large cattle) + feeding 3 days x Rs 500 = Rs 1,500. "
        "Total today Rs 21,500. Tomorrow Rs 22,000.")


def test_the_seizure_reply_names_the_police_report_and_the_earliest_auction(mani, send_twilio):
    """SEIZE 30-11 10:00: report due 07-12 10:00 (s.14), auction not before 14-12 10:00."""
    reply = sms(send_twilio, KEEPER, f"SEIZE {BUFFALO1} buffalo")
    assert reply.startswith("Seized 1 buffalo: ")
    assert reply.endswith("Unclaimed by 07-12 10am: report to the police (s.14); "
                          "auction not before 14-12 10am.")


def test_fees_for_a_goat_on_its_first_day(mani, send_twilio, clock):
    """SEIZE 30-11 10:00; FEES 30-11 18:00: 1 day. Rs 1,400 (sheep or goat) + Rs 300 = Rs 1,700;
    tomorrow Rs 2,000."""
    sms(send_twilio, KEEPER, f"SEIZE {GOAT} goat")
    clock.set(ist(30, 18, month=11))
    assert sms(send_twilio, OWNER, f"FEES {GOAT}") == (
        f"Tag {GOAT}: fine Rs 1,400 (s.12, sheep or goat) + feeding 1 day x Rs 300 = Rs 300. "
        "Total today Rs 1,700. Tomorrow Rs 2,000.")


@pytest.mark.parametrize("tag, kind, said", [
    ("500000000031", "calf", "fine Rs 3,000 (s.12, calf) + feeding 1 day x Rs 300 = Rs 300. Total today Rs 3,300. "
                             "Tomorrow Rs 3,600."),
    ("500000000032", "horse", "fine Rs 4,000 (s.12, any other animal) + feeding 1 day x Rs 300 = Rs 300. "
                              "Total today Rs 4,300. Tomorrow Rs 4,600."),
])
def test_fees_name_the_category_of_the_scale_the_fine_is_from(mani, send_twilio, clock, tag, kind, said):
    """SEIZE 30-11 10:00; FEES 30-11 18:00: 1 day. A calf is its own category: Rs 3,000 + Rs 300 =
    Rs 3,300, tomorrow Rs 3,600; a horse, a kind Chandigarh's notice does not name, is "any other
    animal": Rs 4,000 + Rs 300 = Rs 4,300, tomorrow Rs 4,600."""
    sms(send_twilio, KEEPER, f"SEIZE {tag} {kind}")
    clock.set(ist(30, 18, month=11))
    assert sms(send_twilio, OWNER, f"FEES {tag}") == f"Tag {tag}: {said}"


def test_a_gujarat_village_beside_it_answers_by_gujarats_act(mani, send_twilio, clock):
    """KHAR's keeper seizes an untagged cow 30-11 10:00; FEES on its receipt 02-12: 3 days,
    §187 fee Rs 50 + 3 x Rs 40 = Rs 120, no security: Rs 170; tomorrow Rs 210."""
    sms(send_twilio, GUJARAT_KEEPER, "SEIZE cow")
    [receipt] = [i["receipt"] for i in mani.get("/impoundments").json["impoundments"]]
    clock.set(ist(2))
    assert sms(send_twilio, OWNER, f"FEES {receipt}") == (
        f"Tag {receipt}: pound fee Rs 50 + 3 days x Rs 40 = Rs 120 + security Rs 0. "
        "Total today Rs 170. Tomorrow Rs 210.")


def test_release_collects_the_fine_and_feeding_against_the_s13_receipt(mani, send_twilio, clock):
    """Goat seized 30-11 10:00, RELEASE 02-12 10:00: 3 days; Rs 1,400 + 3 x Rs 300 = Rs 2,300."""
    sms(send_twilio, KEEPER, f"SEIZE {GOAT} goat")
    clock.set(ist(2))
    assert sms(send_twilio, KEEPER, f"RELEASE {GOAT}") == (
        f"Released {GOAT}. Collect Rs 2,300: fine Rs 1,400 + feeding 3 days Rs 900. "
        "The owner signs the receipt in the register (s.13).")


def test_release_on_dispute_takes_the_s15_deposit_and_names_the_s20_deadline(mani, send_twilio, clock):
    """Buffalo seized 30-11 10:00; RELEASE ... PROTEST 03-12 11:00: 4 days; deposit Rs 20,000 +
    4 x Rs 500 = Rs 22,000; the complaint is due by 10-12 (30-11 + 10)."""
    sms(send_twilio, KEEPER, f"SEIZE {BUFFALO1} buffalo")
    clock.set(ist(3, 11))
    assert sms(send_twilio, KEEPER, f"RELEASE {BUFFALO1} PROTEST") == (
        f"Released {BUFFALO1} on deposit of Rs 22,000: fine Rs 20,000 + feeding Rs 2,000 (s.15). "
        "Owner's complaint to the magistrate by 10-12-2026 (s.20).")


def test_sold_is_refused_until_the_police_notice_is_recorded(mani, send_twilio, clock):
    """Seized 30-11 10:00; no notice; SOLD on 15-12 (after the earliest auction) is refused."""
    sms(send_twilio, KEEPER, f"SEIZE {BUFFALO1} buffalo")
    clock.set(ist(15))
    assert sms(send_twilio, KEEPER, f"SOLD {BUFFALO1} 30000") == (
        f"Tag {BUFFALO1} cannot be sold yet: the police notice (s.14) is not recorded, and the auction is "
        "7 days after it. Nothing recorded.")


def test_sold_a_minute_before_seven_days_after_the_notice_is_refused(mani, send_twilio, clock):
    """Notice 09-12 15:42 → auction 16-12 15:42; SOLD at 15:41 is refused."""
    sms(send_twilio, KEEPER, f"SEIZE {BUFFALO1} buffalo")
    clock.set(ist(9, 16))
    post_notice(mani, held(mani)[BUFFALO1], ist(9, 15, 42))
    clock.set(ist(16, 15, 41))
    assert sms(send_twilio, KEEPER, f"SOLD {BUFFALO1} 30000") == (
        f"Tag {BUFFALO1} cannot be sold before 16-12 3:42pm, 7 days after the police notice (s.14). "
        "Nothing recorded.")


def test_sold_after_the_notice_gives_the_balance_and_its_last_day(mani, send_twilio, clock):
    """Seized 30-11 10:00, notice 07-12 10:00, SOLD 14-12 10:00 for Rs 30,000: 15 days,
    Rs 20,000 + 15 x Rs 500 = Rs 27,500; balance Rs 2,500 claimable to 29-12 (14-12 + 15)."""
    sms(send_twilio, KEEPER, f"SEIZE {BUFFALO1} buffalo")
    clock.set(ist(7))
    post_notice(mani, held(mani)[BUFFALO1], ist(7))
    clock.set(ist(14))
    assert sms(send_twilio, KEEPER, f"SOLD {BUFFALO1} 30000") == (
        f"Sold {BUFFALO1} for Rs 30,000. Less fine and feeding Rs 27,500: balance Rs 2,500 for the owner to "
        "claim by 29-12-2026 (s.14).")


def noticed_pair(api, send_twilio, clock) -> None:
    """Buffaloes 1 and 2 seized together 30-11 10:00, noticed 07-12 10:00, the clock at the
    auction 14-12 10:00: each owes Rs 20,000 + 15 x Rs 500 = Rs 27,500."""
    sms(send_twilio, KEEPER, f"SEIZE {BUFFALO1}, {BUFFALO2} buffalo")
    clock.set(ist(7))
    for impoundment_id in held(api).values():
        post_notice(api, impoundment_id, ist(7))
    clock.set(ist(14))


def test_a_refused_sale_that_covers_both_returns_the_other(mani, send_twilio, clock):
    """s.16: SOLD buffalo 1 Rs 60,000 REFUSED: Rs 60,000 - 27,500 = Rs 32,500 covers buffalo 2's
    Rs 27,500; balance Rs 5,000 by 29-12; buffalo 2 goes back paid from the sale."""
    noticed_pair(mani, send_twilio, clock)
    assert sms(send_twilio, KEEPER, f"SOLD {BUFFALO1} 60000 REFUSED") == (
        f"Sold {BUFFALO1} for Rs 60,000, owner refused to pay. Less fine and feeding Rs 27,500: balance "
        "Rs 5,000 for the owner by 29-12-2026 (s.16). The proceeds also paid Rs 27,500 for the owner's other 1 "
        "held: return them with the account (s.16).")


def test_a_refused_sale_that_falls_short_holds_its_balance_for_the_other(mani, send_twilio, clock):
    """s.16: SOLD buffalo 1 Rs 30,000 REFUSED: Rs 2,500 over its own Rs 27,500, short of buffalo 2's
    Rs 27,500: balance Rs 0 now, Rs 2,500 kept back, 1 still held."""
    noticed_pair(mani, send_twilio, clock)
    assert sms(send_twilio, KEEPER, f"SOLD {BUFFALO1} 30000 REFUSED") == (
        f"Sold {BUFFALO1} for Rs 30,000, owner refused to pay. Less fine and feeding Rs 27,500: balance "
        "Rs 0 for the owner by 29-12-2026 (s.16). 1 more of the owner's held: Rs 2,500 kept back for their "
        "dues. Sell only as many as needed (s.16).")


def test_the_police_officer_may_not_buy(mani, send_twilio, clock):
    """s.19: SOLD to the police officer's phone is refused, nothing recorded."""
    noticed_pair(mani, send_twilio, clock)
    assert sms(send_twilio, KEEPER, f"SOLD {BUFFALO1} 30000 {POLICE[3:]}") == (
        "Not recorded: a pound keeper, official or police officer may not buy at the auction (s.19).")
    assert mani.get(f"/impoundments/{held(mani)[BUFFALO1]}").json["status"] == "impounded"


def test_a_cow_fees_reply_for_the_large_category_on_day_eight(mani, send_twilio, clock):
    """Cow seized 30-11 10:00, FEES 07-12 09:00: 8 days; Rs 20,000 + 8 x Rs 500 = Rs 4,000;
    total Rs 24,000; tomorrow Rs 24,500. No notice yet: a gaushala not before 14-12 10:00 (the
    report due 07-12 10:00 + 7 days), not an auction (s.14 proviso)."""
    sms(send_twilio, KEEPER, f"SEIZE {COW} cow")
    clock.set(ist(7, 9))
    assert sms(send_twilio, OWNER, f"FEES {COW}") == (
        f"Tag {COW}: fine Rs 20,000 (s.12, large cattle) + feeding 8 days x Rs 500 = Rs 4,000. "
        "Total today Rs 24,000. Tomorrow Rs 24,500. Unclaimed, it goes to a gaushala from 14-12 10am, "
        "not to auction (s.14).")
