"""Times as people say them, plurals and names in the reader's script (
WORDING.md section 3)."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from handlers.catalogue import counted, counted_kind, days_text, place_name, spoken

TZ = "Asia/Kolkata"


def ist(day, hour, minute=0):
    return datetime(2026, 12, day, hour, minute, tzinfo=ZoneInfo(TZ))


@pytest.mark.parametrize("hour, minute, gu, hi, en", [
    (11, 0, "14-12 સવારે 11", "14-12 सुबह 11", "14-12 11am"),
    (14, 0, "14-12 બપોરે 2", "14-12 दोपहर 2", "14-12 2pm"),
    (16, 30, "14-12 સાંજે 4:30", "14-12 शाम 4:30", "14-12 4:30pm"),
    (21, 0, "14-12 રાત્રે 9", "14-12 रात 9", "14-12 9pm"),
    (12, 0, "14-12 બપોરે 12", "14-12 दोपहर 12", "14-12 12pm"),
])
def test_times_are_said_with_the_period_of_the_day(hour, minute, gu, hi, en):
    moment = ist(14, hour, minute)
    assert (spoken("gu", moment, TZ), spoken("hi", moment, TZ), spoken("en", moment, TZ)) == (gu, hi, en)


def test_a_deadline_is_rounded_down_to_the_hour_never_later_than_the_law():
    assert spoken("gu", ist(14, 16, 35), TZ, deadline=True) == "14-12 સાંજે 4"


def test_a_deadline_in_the_small_hours_is_eleven_at_night_the_day_before():
    assert spoken("gu", ist(15, 2, 30), TZ, deadline=True) == "14-12 રાત્રે 11"
    assert spoken("en", ist(15, 0, 0), TZ, deadline=True) == "14-12 11pm"


def test_gujarati_in_latin_letters_says_times_in_latin_letters():
    assert spoken("gul", ist(14, 9), TZ) == "14-12 savare 9"


@pytest.mark.parametrize("lang, one, two", [
    ("en", "1 cow", "2 cows"), ("gu", "1 આખલો", "2 આખલા"), ("hi", "1 बछड़ा", "2 बछड़े"), ("gul", "1 ghodo", "2 ghoda")])
def test_kinds_take_their_plural_above_one(lang, one, two):
    kind = {"en": "cow", "gu": "bull", "hi": "calf", "gul": "horse"}[lang]
    assert (counted_kind(lang, 1, kind), counted_kind(lang, 2, kind)) == (one, two)


def test_days_and_people_are_singular_for_one():
    assert (days_text("en", 1), days_text("en", 3)) == ("1 day", "3 days")
    assert (counted("en", "person", 1), counted("en", "person", 4)) == ("1 person", "4 people")


def test_a_name_in_the_readers_script_falls_back_to_the_default():
    names = {"gu": "અંબાજી", "en": "Ambaji"}
    assert place_name("gu", "Ambaji Gram", names) == "અંબાજી"
    assert place_name("hi", "Ambaji Gram", names) == "Ambaji Gram"
    assert place_name("gul", "Ambaji Gram", names) == "Ambaji"


def test_a_latin_reader_never_gets_a_name_that_forces_ucs2():
    assert place_name("en", "અંબાજી", {}, "AMBA") == "AMBA"
    assert place_name("en", "અંબાજી", {"en": "Ambaji"}, "AMBA") == "Ambaji"
