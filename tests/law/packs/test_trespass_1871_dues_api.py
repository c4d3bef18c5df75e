"""SPEC 13.4: what an owner pays in a Chandigarh-schedule village under the 1871 Act, through the
admin API (village MANI, tests/law/packs/trespass_support.py). Each case worked by hand."""
from __future__ import annotations


from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    dues, impound, ist, mani)


def test_a_cow_held_three_days_owes_the_large_fine_and_three_days_feeding(mani):
    """Seized 30-11 10:00, asked 02-12 16:00: 30-11, 01-12, 02-12 = 3 days (any part of a day).
    s.12 large Rs 20,000 + 3 x Rs 500 = Rs 21,500; tomorrow 4 days: Rs 22,000."""
    cow = impound(mani, kind="cow")
    answer = dues(mani, cow["id"], ist(2, 16))
    assert (answer["category"], answer["days"], answer["fine_paise"], answer["expenses_paise"]) == (
        "large", 3, 20_000_00, 1_500_00)
    assert (answer["total_paise"], answer["total_tomorrow_paise"], answer["security_paise"]) == (
        21_500_00, 22_000_00, 0)


def test_a_goat_seized_just_before_midnight_owes_two_days_by_morning(mani, clock):
    """Seized 30-11 23:50, asked 01-12 00:10: two dates touched = 2 days.
    s.12 small Rs 1,400 + 2 x Rs 300 = Rs 2,000."""
    clock.set(ist(1, 0, 10))
    goat = impound(mani, kind="goat", seized_at=ist(30, 23, 50, month=11).isoformat())
    answer = dues(mani, goat["id"], ist(1, 0, 10))
    assert (answer["category"], answer["days"], answer["total_paise"]) == ("small", 2, 2_000_00)


def test_a_sheep_claimed_the_day_it_was_seized_owes_one_day(mani):
    """Seized and asked 30-11 (10:00, 18:00): 1 day. Rs 1,400 + Rs 300 = Rs 1,700."""
    sheep = impound(mani, kind="sheep")
    assert dues(mani, sheep["id"], ist(30, 18, month=11))["total_paise"] == 1_700_00


def test_a_calf_held_five_days_owes_the_calf_fine(mani):
    """Seized 30-11 10:00, asked 04-12 09:00: 30-11 to 04-12 = 5 days.
    s.12 calf Rs 3,000 + 5 x Rs 300 = Rs 4,500."""
    calf = impound(mani, kind="calf")
    answer = dues(mani, calf["id"], ist(4, 9))
    assert (answer["category"], answer["days"], answer["total_paise"]) == ("calf", 5, 4_500_00)


def test_a_horse_falls_in_any_other_animal(mani):
    """Chandigarh: "any other animal" Rs 4,000 + Rs 300 a day. Seized 30-11, asked 01-12: 2 days,
    Rs 4,000 + Rs 600 = Rs 4,600."""
    horse = impound(mani, kind="horse")
    answer = dues(mani, horse["id"], ist(1, 12))
    assert (answer["category"], answer["total_paise"]) == ("other", 4_600_00)


def test_an_elephant_is_any_other_animal_too(mani):
    """Seized 30-11 10:00, asked 09-12 10:00: 10 days. Rs 4,000 + 10 x Rs 300 = Rs 7,000."""
    elephant = impound(mani, kind="elephant")
    assert dues(mani, elephant["id"], ist(9))["total_paise"] == 7_000_00


def test_a_donkey_and_a_pig_are_large_cattle_in_chandigarh(mani):
    """Chandigarh lists donkey and pig with the large cattle (the 1871 scale put them with calves).
    Each seized 30-11, asked 30-11 12:00: Rs 20,000 + Rs 500 = Rs 20,500."""
    donkey, pig = impound(mani, kind="donkey"), impound(mani, kind="pig")
    assert [dues(mani, animal["id"], ist(30, 12, month=11))["total_paise"] for animal in (donkey, pig)] == [
        20_500_00, 20_500_00]


def test_the_dues_cite_the_schedule_and_the_act(mani):
    """Every figure's section: s.12 for the scale, s.14 for the stages, s.15, s.20, and the
    schedule's unsettled day count."""
    cow = impound(mani, kind="cow")
    sections = dues(mani, cow["id"], ist(1))["sections"]
    assert sections["categories"].startswith("s.12")
    assert sections["claim_stages"].startswith("s.14")
    assert sections["dispute_deposit"].startswith("s.15")
    assert sections["complaint_days"].startswith("s.20")
    assert sections["day_count"].startswith("unsettled")


def test_the_dispute_deposit_is_the_fine_and_charges_of_that_day(mani):
    """s.15: a bullock seized 30-11 10:00, asked 03-12 11:00: 4 days.
    Deposit = Rs 20,000 + 4 x Rs 500 = Rs 22,000."""
    bullock = impound(mani, kind="bullock")
    assert dues(mani, bullock["id"], ist(3, 11))["dispute_deposit_paise"] == 22_000_00


def test_an_unclaimed_cow_is_for_a_gaushala_and_a_buffalo_for_auction(mani):
    """s.14 proviso as the Chandigarh schedule orders it: cows to a gaushala; buffaloes auctioned."""
    cow, buffalo = impound(mani, kind="cow"), impound(mani, kind="buffalo")
    assert [dues(mani, animal["id"], ist(1))["disposal"] for animal in (cow, buffalo)] == ["gaushala", "auction"]


def test_the_same_cow_costs_each_village_by_its_own_law(mani):
    """Side by side in Chandigarh district, both seized 30-11 10:00, asked 02-12 10:00 (3 days):
    MANI (1871, Chandigarh) Rs 20,000 + 3 x Rs 500 = Rs 21,500; KHAR (Gujarat §187) fee Rs 50 +
    3 x Rs 40 = Rs 170, not notified: no security."""
    mani_cow = impound(mani, kind="cow")
    khar_cow = impound(mani, kind="cow", pound="KHAR-1")
    assert dues(mani, mani_cow["id"], ist(2))["total_paise"] == 21_500_00
    khar = dues(mani, khar_cow["id"], ist(2))
    assert (khar["total_paise"], "law" in khar, khar["offence"]["number"]) == (170_00, False, 1)
