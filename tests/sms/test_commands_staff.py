"""Parsing a keeper's SMS commands: SEIZE, RELEASE, SOLD and the kinds (handlers/sms/commands.py, SPEC §4)."""
import time

import pytest

from handlers.sms import commands
from handlers.catalogue import kind_name
from handlers.sms.commands import (
    COMMAND_WORDS,
    KIND_WORDS,
    Command,
    Problem,
    kind_from_word,
    parse,
)
from models.law import KINDS

TAG = "123456789012"
TAG2 = "234567890123"
TAG3 = "345678901234"


def problem(code, command=None, detail=None):
    return Problem(code, command, detail)


# --------------------------------------------------------------------- SEIZE
def test_seize_one_tag_and_kind():
    assert parse("SEIZE 123456789012 cow") == Command("seize", tags=(TAG,), kind="cow")


def test_seize_note_keeps_its_case():
    assert parse("SEIZE 123456789012 cow Near Bus Stand") == Command(
        "seize", tags=(TAG,), kind="cow", note="Near Bus Stand")


def test_seize_several_tags_separated_by_commas():
    assert parse("SEIZE 123456789012, 2345 6789 0123 cow") == Command(
        "seize", tags=(TAG, TAG2), kind="cow")


def test_seize_tags_joined_by_and():
    assert parse("SEIZE 123456789012 and 234567890123 buffalo").tags == (TAG, TAG2)


def test_seize_24_contiguous_digits_are_two_tags():
    assert parse("SEIZE 123456789012234567890123 goat") == Command(
        "seize", tags=(TAG, TAG2), kind="goat")


def test_seize_untagged_animal_has_no_tags():
    assert parse("SEIZE cow near temple") == Command("seize", kind="cow", note="near temple")


def test_seize_no_tag_words_mean_untagged():
    assert parse("SEIZE no tag bhains") == Command("seize", kind="buffalo")


def test_seize_kind_typed_before_the_tag_still_takes_the_tag():
    assert parse("SEIZE cow 123456789012 near well") == Command(
        "seize", tags=(TAG,), kind="cow", note="near well")


def test_seize_small_number_after_kind_is_part_of_the_note():
    assert parse("SEIZE cow 2 calves with her") == Command("seize", kind="cow", note="2 calves with her")


def test_seize_eleven_digits_after_kind_is_a_bad_tag():
    assert parse("SEIZE cow 12345678901") == problem("bad_tag", "seize", "12345678901")


def test_seize_kind_in_gujarati():
    assert parse("SEIZE ૧૨૩૪૫૬૭૮૯૦૧૨ ગાય") == Command("seize", tags=(TAG,), kind="cow")


def test_seize_kind_in_hindi():
    assert parse("SEIZE 123456789012 भैंस") == Command("seize", tags=(TAG,), kind="buffalo")


def test_seize_kind_in_latin_transliteration():
    assert parse("SEIZE 123456789012 bakri") == Command("seize", tags=(TAG,), kind="goat")


def test_seize_kind_glued_to_tag():
    assert parse("SEIZE 123456789012cow") == Command("seize", tags=(TAG,), kind="cow")


def test_seize_kind_with_trailing_comma():
    assert parse("SEIZE 123456789012 cow, tied at gate") == Command(
        "seize", tags=(TAG,), kind="cow", note="tied at gate")


def test_seize_common_misspelling_is_seize():
    assert parse("SIEZE 123456789012 cow").name == "seize"


def test_seize_gujarati_keyword():
    assert parse("જપ્ત ૧૨૩૪૫૬૭૮૯૦૧૨ ગાય") == Command("seize", tags=(TAG,), kind="cow")


def test_seize_without_kind_is_missing_kind():
    assert parse("SEIZE 123456789012") == problem("missing_kind", "seize")


def test_seize_alone_is_missing_kind():
    assert parse("SEIZE") == problem("missing_kind", "seize")


def test_seize_with_unknown_kind_is_unknown_kind():
    assert parse("SEIZE 123456789012 dog") == problem("unknown_kind", "seize", "dog")


def test_seize_count_instead_of_tag_is_a_bad_tag():
    assert parse("SEIZE 3 cows") == problem("bad_tag", "seize", "3")


# --------------------------------------------------------------------- kinds
@pytest.mark.parametrize("word,kind", [
    ("cow", "cow"), ("COWS", "cow"), ("gay", "cow"), ("gaay", "cow"), ("Gaai", "cow"), ("ગાય", "cow"),
    ("गाय", "cow"), ("bhens", "buffalo"), ("bhains", "buffalo"), ("buffaloes", "buffalo"),
    ("ભેંસ", "buffalo"), ("भैंस", "buffalo"), ("bakri", "goat"), ("ऊँट", "camel"), ("ऊंट", "camel"),
    ("घोड़ा", "horse"), ("घोडा", "horse"), ("calves", "calf"), ("sheep", "sheep"), ("oxen", "bullock"),
    ("ડુક્કર", "pig"), ("hathi", "elephant"), ("(tattoo)", "pony"), ("khachchar", "mule"), ("gadha", "donkey"),
])
def test_kind_from_word(word, kind):
    assert kind_from_word(word) == kind


def test_kind_from_unknown_word_is_none():
    assert kind_from_word("dog") is None
    assert kind_from_word("") is None


def test_every_kind_has_its_english_gujarati_and_hindi_words():
    for kind in KINDS:
        assert KIND_WORDS[kind] == kind
        for language in ("en", "gu", "hi"):
            assert KIND_WORDS[kind_name(language, kind)] == kind


def test_glossary_spellings_are_all_recognised():
    glossary = {
        "cow": "ગાય गाय gay gaay gai gaai", "bull": "આખલો सांड aakhlo akhlo sand saand",
        "bullock": "બળદ बैल balad bald bail bael", "calf": "વાછરડું बछड़ा vachhdu vachharu bachhda bachda",
        "buffalo": "ભેંસ भैंस bhens bhains bhais bhesh", "camel": "ઊંટ ऊँट unt oont ut",
        "horse": "ઘોડો घोड़ा ghodo ghoda ghora", "pony": "ટટ્ટુ टट्टू tattu tattoo",
        "mule": "ખચ્ચર खच्चर khachar khachchar", "donkey": "ગધેડો गधा gadhedo gadheda gadha",
        "pig": "ભૂંડ सूअर bhund suar suvar", "sheep": "ઘેટું भेड़ ghetu bhed",
        "goat": "બકરી बकरी bakri bakari bakro", "elephant": "હાથી हाथी hathi haathi",
    }
    for kind, words in glossary.items():
        for word in words.split():
            assert kind_from_word(word) == kind, word


# --------------------------------------------------------------------- RELEASE
def test_release_one_tag():
    assert parse("RELEASE 123456789012") == Command("release", tags=(TAG,))


def test_release_under_protest():
    assert parse("RELEASE 123456789012 PROTEST") == Command("release", tags=(TAG,), protest=True)


def test_release_protest_word_before_the_tag():
    assert parse("release protest 1000042") == Command("release", tags=("1000042",), protest=True)


def test_release_under_protest_in_words_with_a_note():
    assert parse("RELEASE 1234 5678 9012 under protest paid by son") == Command(
        "release", tags=(TAG,), protest=True, note="paid by son")


def test_release_protest_in_gujarati():
    assert parse("RELEASE ૧૨૩૪૫૬૭૮૯૦૧૨ વિરોધ").protest is True


def test_release_without_tag_is_missing_tag():
    assert parse("RELEASE") == problem("missing_tag", "release")


def test_release_protest_without_tag_is_missing_tag():
    assert parse("RELEASE PROTEST") == problem("missing_tag", "release")


# --------------------------------------------------------------------- SOLD
def test_sold_spaced_tag_amount_and_phone():
    assert parse("SOLD 1234 5678 9012 4500 9825012345") == Command(
        "sold", tags=(TAG,), amount_rupees=4500, buyer_phone="9825012345")


def test_sold_without_phone():
    assert parse("SOLD 123456789012 4500") == Command("sold", tags=(TAG,), amount_rupees=4500)


@pytest.mark.parametrize("amount", [
    "4500", "4,500", "Rs 4500", "Rs.4500", "rs. 4500", "₹4500", "₹ 4,500", "4500/-", "Rs 4,500/-",
    "4500rs", "4500 Rs", "4500.00", "INR 4500", "રૂ. 4500", "रु 4500", "૪૫૦૦",
])
def test_sold_amount_forms(amount):
    assert parse(f"SOLD 123456789012 {amount}") == Command("sold", tags=(TAG,), amount_rupees=4500)


def test_sold_amount_with_indian_lakh_grouping():
    assert parse("SOLD 123456789012 Rs 1,25,000").amount_rupees == 125000


def test_sold_amount_and_phone_with_prefixes():
    assert parse("SOLD 123456789012 ₹4,500/- buyer 98250 12345") == Command(
        "sold", tags=(TAG,), amount_rupees=4500, buyer_phone="98250 12345")


def test_sold_buyer_phone_in_international_form():
    assert parse("SOLD 123456789012 4500 +91 98250 12345").buyer_phone == "+91 98250 12345"


def test_sold_amount_after_for_and_phone_after_to():
    assert parse("SOLD 123456789012 for Rs 4500 to 9825012345") == Command(
        "sold", tags=(TAG,), amount_rupees=4500, buyer_phone="9825012345")


def test_sold_receipt_tag():
    assert parse("SOLD 1000042 4500 9825012345") == Command(
        "sold", tags=("1000042",), amount_rupees=4500, buyer_phone="9825012345")


def test_sold_receipt_then_amount_only():
    assert parse("SOLD 1000042 4500") == Command("sold", tags=("1000042",), amount_rupees=4500)


def test_sold_without_amount_is_a_problem():
    assert parse("SOLD 123456789012") == problem("missing_amount", "sold")


def test_sold_without_tag_is_missing_tag():
    assert parse("SOLD") == problem("missing_tag", "sold")


def test_sold_with_word_amount_is_bad_amount():
    assert parse("SOLD 123456789012 cow") == problem("bad_amount", "sold", "cow")


def test_sold_with_paise_is_bad_amount():
    assert parse("SOLD 123456789012 4500.50") == problem("bad_amount", "sold", "4500.50")


def test_sold_for_zero_is_bad_amount():
    assert parse("SOLD 123456789012 0") == problem("bad_amount", "sold", "0")


def test_sold_for_more_than_ten_crore_is_bad_amount():
    assert parse("SOLD 123456789012 1000000001").code == "bad_amount"


def test_sold_with_a_letter_in_the_phone_is_bad_phone():
    assert parse("SOLD 123456789012 4500 98250I2345") == problem("bad_phone", "sold", "98250I2345")


def test_sold_with_a_short_phone_is_bad_phone():
    assert parse("SOLD 123456789012 4500 98250") == problem("bad_phone", "sold", "98250")


def test_sold_with_a_bad_tag():
    assert parse("SOLD 12345678901234 4500") == problem("bad_tag", "sold", "12345678901234")
