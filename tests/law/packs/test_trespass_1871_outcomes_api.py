"""SPEC 13.4: what ends an 1871 impoundment, through the admin API (village MANI,
tests/law/packs/trespass_support.py): the s.13 receipt, the s.15 deposit on dispute, the s.16 sale
of only as many as needed and its account, the s.19 buyer bar, the s.20-22 complaint. By hand."""
from __future__ import annotations

import pytest

from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    BUFFALO1, BUFFALO2, KEEPER, OWNER, POLICE, impound, ist, mani, post_notice)


def two_buffaloes_noticed(api, clock) -> tuple[int, int]:
    """Buffaloes 1 and 2 of Gurpreet seized together 30-11 10:00, both noticed 07-12 10:00 →
    auction 14-12 10:00. At 14-12 10:00 each has 15 days: Rs 20,000 + 15 x Rs 500 = Rs 27,500."""
    first, second = impound(api, tag=BUFFALO1), impound(api, tag=BUFFALO2)
    clock.set(ist(7))
    for animal in (first, second):
        post_notice(api, animal["id"], ist(7))
    clock.set(ist(14))
    return first["id"], second["id"]


def test_the_release_gives_the_s13_receipt_with_the_fines_and_charges(mani, clock):
    """Goat seized 30-11 10:00, released 02-12 10:00: 3 days; Rs 1,400 + 3 x Rs 300 = Rs 2,300;
    the receipt names the pound's number and s.13."""
    goat = impound(mani, kind="goat")
    clock.set(ist(2))
    release = mani.post(f"/impoundments/{goat['id']}/release", {}).json
    assert (release["total_paise"], release["security_paise"]) == (2_300_00, 0)
    assert release["receipt"]["number"] == goat["receipt"]
    assert release["receipt"]["section"].startswith("s.13")


def test_the_s15_deposit_is_the_fine_and_charges_and_the_complaint_is_due_within_s20s_ten_days(mani, clock):
    """Bullock seized 30-11 10:00; the owner disputes the seizure 03-12 11:00: 4 days, deposit
    Rs 20,000 + 4 x Rs 500 = Rs 22,000; the complaint is due by 10-12 (30-11 + 10), not four
    weeks from the release as in Gujarat."""
    bullock = impound(mani, kind="bullock")
    clock.set(ist(3, 11))
    release = mani.post(f"/impoundments/{bullock['id']}/release", {"under_protest": True}).json
    assert (release["under_protest"], release["total_paise"], release["protest_deadline"]) == (
        True, 22_000_00, "2026-12-10")


def test_a_refused_sale_of_two_sells_only_the_first_when_it_covers_both(mani, clock):
    """s.16: at 14-12 10:00 the owner refuses to pay. Buffalo 1 sold for Rs 60,000, sale
    expenses Rs 1,000: Rs 60,000 - 27,500 - 1,000 = Rs 31,500, which covers buffalo 2's
    Rs 27,500: buffalo 2 goes back paid from the sale; balance to the owner Rs 4,000."""
    first, second = two_buffaloes_noticed(mani, clock)
    sale = mani.post(f"/impoundments/{first}/sale", {"proceeds_paise": 60_000_00, "sale_expenses_paise": 1_000_00,
                                                     "refused": True}).json
    assert (sale["surplus_paise"], sale["released_with_sale"], sale["still_held"]) == (4_000_00, [second], 0)
    assert mani.get(f"/impoundments/{second}").json["release"]["total_paise"] == 27_500_00


def test_the_s16_account_gives_its_six_items(mani, clock):
    """Same sale: (a) 2 seized, (b) 15 days, (c) fines and charges 2 x Rs 27,500 = Rs 55,000,
    (d) 1 sold, (e) proceeds Rs 60,000, (f) Rs 56,000 applied (Rs 55,000 + Rs 1,000 expenses),
    Rs 4,000 to the owner."""
    first, _ = two_buffaloes_noticed(mani, clock)
    sale = mani.post(f"/impoundments/{first}/sale", {"proceeds_paise": 60_000_00, "sale_expenses_paise": 1_000_00,
                                                     "refused": True}).json
    assert sale["account"] == {"number_seized": 2, "time_impounded_days": 15, "fines_and_charges_paise": 55_000_00,
                               "number_sold": 1, "proceeds_paise": 60_000_00, "applied_to_dues_paise": 56_000_00,
                               "balance_to_owner_paise": 4_000_00}
    assert sale["account_section"].startswith("s.16")


def test_a_refused_sale_that_does_not_cover_the_other_holds_its_balance_back(mani, clock):
    """s.16: buffalo 1 sold for Rs 30,000: Rs 30,000 - 27,500 = Rs 2,500, short of buffalo 2's
    Rs 27,500: nothing paid out yet, Rs 2,500 held back, buffalo 2 still held."""
    first, _ = two_buffaloes_noticed(mani, clock)
    sale = mani.post(f"/impoundments/{first}/sale", {"proceeds_paise": 30_000_00, "refused": True}).json
    assert (sale["surplus_paise"], sale["held_back_paise"], sale["still_held"]) == (0, 2_500_00, 1)


@pytest.mark.parametrize("buyer", [KEEPER, POLICE])
def test_the_keeper_and_the_police_may_not_buy(mani, clock, buyer):
    """s.19: the pound's keeper and the police officer who holds the sale are barred (422)."""
    first, _ = two_buffaloes_noticed(mani, clock)
    response = mani.post(f"/impoundments/{first}/sale", {"proceeds_paise": 30_000_00, "buyer_phone": buyer})
    assert (response.status_code, response.json["code"]) == (422, "buyer_barred_trespass")


def test_the_owner_may_buy_back(mani, clock):
    """s.19 bars officers only: Gurpreet buys buffalo 1 for Rs 30,000; Rs 2,500 surplus is his."""
    first, _ = two_buffaloes_noticed(mani, clock)
    sale = mani.post(f"/impoundments/{first}/sale", {"proceeds_paise": 30_000_00, "buyer_phone": OWNER}).json
    assert (sale["buyer_phone"], sale["surplus_paise"]) == (OWNER, 2_500_00)


def test_a_complaint_within_ten_days_is_in_time_and_the_eleventh_is_late(mani, clock):
    """s.20: seized 30-11; filed 10-12 is in time (last day); a second animal's filed 11-12 is late."""
    first, second = impound(mani, tag=BUFFALO1), impound(mani, kind="goat")
    clock.set(ist(11))
    in_time = mani.post(f"/impoundments/{first['id']}/complaint", {"filed_on": "2026-12-10"}).json
    late = mani.post(f"/impoundments/{second['id']}/complaint", {"filed_on": "2026-12-11"}).json
    assert (in_time["in_time"], late["in_time"]) == (True, False)


def test_compensation_is_capped_at_the_schedules_rs_100(mani, clock):
    """s.22 with the Chandigarh setting (unsettled in the sources): Rs 101 refused, Rs 100 awarded."""
    buffalo = impound(mani, tag=BUFFALO1)
    clock.set(ist(5))
    mani.post(f"/impoundments/{buffalo['id']}/complaint", {"filed_on": "2026-12-05"})
    too_much = mani.put(f"/impoundments/{buffalo['id']}/complaint",
                        {"outcome": "upheld", "decided_on": "2026-12-05", "compensation_paise": 100_01})
    assert (too_much.status_code, too_much.json["code"]) == (422, "compensation_too_high")
    upheld = mani.put(f"/impoundments/{buffalo['id']}/complaint",
                      {"outcome": "upheld", "decided_on": "2026-12-05", "compensation_paise": 100_00})
    assert (upheld.status_code, upheld.json["compensation_paise"]) == (200, 100_00)
