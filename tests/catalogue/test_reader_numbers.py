"""Money and counts as the reader writes them (SPEC 13.1): Indian digit grouping from Babel's locale
data (a lakh is 1,25,000, not 125,000), and each language's CLDR plural rule for a count."""
from __future__ import annotations

import pytest

from handlers.catalogue import counted, days_text, money, rate, rupees
from handlers.menus.speech import spoken


@pytest.mark.parametrize("language, shown", [
    ("gu", "રૂ. 1,25,000"),
    ("hi", "रु. 1,25,000"),
    ("en", "Rs 1,25,000"),
    ("gul", "Rs 1,25,000"),
])
def test_a_lakh_and_a_quarter_is_written_with_indian_grouping(language, shown):
    assert money(language, 1_25_000_00) == shown


def test_sums_under_a_thousand_have_no_separator_and_thousands_one():
    assert (money("en", 999_00), money("en", 1_250_00), money("gu", 10_00_000_00)) == (
        "Rs 999", "Rs 1,250", "રૂ. 10,00,000")


def test_money_is_whole_rupees_rounded_up_before_it_is_grouped():
    # 1,24,999 rupees and 1 paisa: the owner pays 1,25,000 (SPEC 12.4).
    assert money("hi", 1_24_999_01) == "रु. 1,25,000"


def test_a_sum_in_a_list_is_grouped_too():
    assert rupees(1_25_000_00) == "1,25,000"


def test_a_rate_keeps_its_paise_and_groups_its_rupees():
    assert (rate("en", 37_50), rate("gu", 1_000_00), rate("en", 1_250_50)) == ("Rs 37.50", "રૂ. 1,000", "Rs 1,250.50")


def test_gujarati_and_hindi_say_zero_in_the_form_of_one_english_does_not():
    # CLDR: gu, hi "one" is i = 0 or n = 1; en "one" is i = 1 and v = 0.
    assert [counted(language, "person", 0) for language in ("gu", "hi", "gul", "en")] == [
        "0 વ્યક્તિ", "0 व्यक्ति", "0 vyakti", "0 people"]
    assert counted("en", "person", 1) == "1 person"
    assert counted("gu", "person", 0) == "0 વ્યક્તિ"
    assert counted("hi", "person", 2) == "2 लोग"


def test_a_count_is_grouped_as_the_reader_writes_numbers():
    assert days_text("en", 1500) == "1,500 days"


@pytest.mark.parametrize("language, heard", [
    ("en", "one lakh twenty five thousand rupees"),
    ("gu", "એક લાખ પચ્ચીસ હજાર રૂપિયા"),
])
def test_a_grouped_sum_is_said_as_one_number(language, heard):
    assert spoken(money(language, 1_25_000_00), language) == heard


NAMES = {"gu": "અંબાજી", "hi": "अंबाजी", "en": "Ambaji"}


@pytest.mark.parametrize("language, names, shown", [
    ("gu", NAMES, "અંબાજી"),
    ("hi", NAMES, "अंबाजी"),
    ("en", NAMES, "Ambaji"),
    ("gul", NAMES, "Ambaji"),                          # no gul name: the English spelling
    ("gul", {**NAMES, "gul": "Ambaji gam"}, "Ambaji gam"),
    ("hi", {"gu": "અંબાજી"}, "Ambaji Gram"),           # no Hindi name: the registered name
    ("gul", {"gu": "અંબાજી"}, "Ambaji Gram"),
])
def test_a_place_is_named_in_the_declared_order_then_by_its_registered_name(language, names, shown):
    from handlers.catalogue import place_name
    assert place_name(language, "Ambaji Gram", names, "AMBA") == shown


def test_a_latin_reader_never_gets_a_gujarati_name_even_when_it_is_the_registered_one():
    from handlers.catalogue import place_name
    assert place_name("en", "અંબાજી", {"gu": "અંબાજી"}, "AMBA") == "AMBA"
    assert place_name("gul", "અંબાજી", {}, "AMBA") == "AMBA"
