"""SPEC 13.4: a second state schedule of the 1871 pack is one data file and no code. The schedule
is tests/law/packs/schedules/test_only_state.toml, invented figures marked TEST ONLY (LAWS.md
gives no state's figures but Chandigarh's): large Rs 5,000 a head + Rs 200 a day, small Rs 500 +
Rs 100, calf Rs 1,000 + Rs 100, any other Rs 2,000 + Rs 150. The fixture drops it into a copy of
models/law/packs/cattle_trespass_1871/schedules/, where a real state's schedule goes.

Village TEST (test_only_state) beside MANI (Chandigarh) and KHAR (Gujarat's Act), as set up in
tests/law/packs/trespass_support.py; keeper +919815000310 of TEST-1. Clock: 30-11-2026 10:00 IST.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from models.law import packs
from tests.law.packs.trespass_support import BUFFALO1, OWNER, dues, impound, ist, make_mani, sms

SCHEDULE = Path(__file__).resolve().parent / "schedules" / "test_only_state.toml"
TEST_KEEPER = "+919815000310"


@pytest.fixture
def second_schedule(tmp_path, monkeypatch):
    """The packs as shipped, with the test-only schedule added to the 1871 pack's schedules/."""
    folder = tmp_path / "packs"
    shutil.copytree(packs.PACKS_DIR, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    shutil.copy(SCHEDULE, folder / "cattle_trespass_1871" / "schedules" / SCHEDULE.name)
    monkeypatch.setattr(packs, "PACKS_DIR", folder)
    packs.load.cache_clear(), packs.rules.cache_clear()
    yield
    packs.load.cache_clear(), packs.rules.cache_clear()


@pytest.fixture
def villages(api, second_schedule):
    """MANI and KHAR as in trespass_support, and TEST on the second schedule, all through the API."""
    make_mani(api)
    assert api.post("/villages", {"code": "TEST", "name": "Testpur", "district": "Chandigarh", "language": "en",
                                  "law": "cattle_trespass_1871", "law_schedule": "test_only_state"}).status_code == 201
    api.post("/villages/TEST/pounds", {"code": "TEST-1", "name": "Testpur pound"})
    api.post("/people", {"phone": TEST_KEEPER, "name": "Keeper", "role": "keeper", "village": "TEST",
                         "pound": "TEST-1", "language": "en", "approved_on": "2026-01-01", "approval_ref": "DM/2"})
    return api


def test_the_laws_list_the_second_schedule_beside_chandigarhs(villages):
    [trespass] = [law for law in villages.get("/laws").json["laws"] if law["id"] == "cattle_trespass_1871"]
    assert {"chandigarh", "test_only_state"} <= {schedule["id"] for schedule in trespass["schedules"]}


def test_a_buffalo_on_the_second_schedule_owes_its_own_fine_and_feeding(villages):
    """Seized 30-11 10:00, asked 03-12 10:00: 30-11, 01-12, 02-12, 03-12 = 4 days (any part).
    TEST: Rs 5,000 + 4 x Rs 200 = Rs 800: Rs 5,800. The same buffalo in MANI (Chandigarh):
    Rs 20,000 + 4 x Rs 500 = Rs 2,000: Rs 22,000."""
    here = dues(villages, impound(villages, pound="TEST-1")["id"], ist(3))
    there = dues(villages, impound(villages, pound="MANI-1")["id"], ist(3))
    assert (here["category"], here["days"], here["fine_paise"], here["expenses_paise"], here["total_paise"]) == (
        "large", 4, 5_000_00, 800_00, 5_800_00)
    assert (there["fine_paise"], there["expenses_paise"], there["total_paise"]) == (20_000_00, 2_000_00, 22_000_00)


def test_a_goat_on_the_second_schedule_owes_the_small_fine(villages):
    """Seized 30-11 10:00, asked 01-12 18:00: 2 days. Rs 500 + 2 x Rs 100 = Rs 700 (Chandigarh: Rs 2,000)."""
    goat = impound(villages, kind="goat", pound="TEST-1")
    assert dues(villages, goat["id"], ist(1, 18))["total_paise"] == 700_00


def test_an_owner_texting_fees_is_told_the_second_schedules_figures(villages, send_twilio, clock):
    """The keeper of TEST-1 seizes Gurpreet's buffalo 30-11 10:00; FEES 02-12 16:00: 3 days.
    Rs 5,000 (s.12) + 3 x Rs 200 = Rs 600; total Rs 5,600; tomorrow 4 days, Rs 5,800."""
    sms(send_twilio, TEST_KEEPER, f"SEIZE {BUFFALO1} buffalo")
    clock.set(ist(2, 16))
    assert sms(send_twilio, OWNER, f"FEES {BUFFALO1}") == (
        f"Tag {BUFFALO1}: fine Rs 5,000 (s.12, large cattle) + feeding 3 days x Rs 200 = Rs 600. "
        "Total today Rs 5,600. Tomorrow Rs 5,800.")


def test_release_on_the_second_schedule_collects_its_own_scale(villages, clock):
    """A goat seized in TEST and one in MANI, both 30-11 10:00, released 01-12 10:00: 2 days each.
    TEST Rs 500 + 2 x Rs 100 = Rs 700; MANI (Chandigarh) Rs 1,400 + 2 x Rs 300 = Rs 2,000."""
    here, there = (impound(villages, kind="goat", pound=pound) for pound in ("TEST-1", "MANI-1"))
    clock.set(ist(1))
    released = [villages.post(f"/impoundments/{goat['id']}/release", {}).json for goat in (here, there)]
    assert [release["total_paise"] for release in released] == [700_00, 2_000_00]
