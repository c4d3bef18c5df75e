"""Parsing one inbound SMS into a command (handlers/commands.py, SPEC §4): one behaviour per test."""
import time

import pytest

from handlers import commands
from handlers.catalogue import kind_name
from handlers.commands import (
    COMMAND_WORDS,
    KIND_WORDS,
    Command,
    Problem,
    kind_from_word,
    normalise_digits,
    parse,
)
from models.law import KINDS

TAG = "123456789012"
TAG2 = "234567890123"
TAG3 = "345678901234"


def problem(code, command=None, detail=None):
    return Problem(code, command, detail)


# --------------------------------------------------------------------- empty and junk
def test_empty_text_is_a_problem():
    assert parse("") == problem("empty")


def test_whitespace_only_is_empty():
    assert parse("  \n\t ") == problem("empty")


def test_control_characters_only_is_empty():
    assert parse("\x00\x01\x7f") == problem("empty")


def test_none_is_empty():
    assert parse(None) == problem("empty")


def test_bytes_are_decoded_not_rejected():
    assert parse(b"FIND 123456789012") == Command("find", tags=(TAG,))


def test_binary_junk_bytes_never_raise():
    assert isinstance(parse(bytes(range(256))), (Command, Problem))


def test_nul_inside_a_command_is_ignored():
    assert parse("FIND\x00 123456789012\x00") == Command("find", tags=(TAG,))


def test_unknown_word_is_unknown_command_with_the_word():
    assert parse("Hello there") == problem("unknown_command", None, "Hello")


def test_greeting_hi_is_not_a_language_change():
    assert parse("Hi") == problem("unknown_command", None, "Hi")


def test_punctuation_only_is_unknown_command():
    assert parse("...") == problem("unknown_command", None, "...")


def test_unknown_command_detail_is_shortened():
    result = parse("x" * 300)
    assert result.code == "unknown_command" and len(result.detail) == 40


def test_text_over_1000_characters_is_too_long():
    assert parse("FIND " + "1" * 1000).code == "too_long"


def test_text_of_exactly_1000_characters_is_parsed():
    text = "SEIZE 123456789012 cow " + "n" * (1000 - 23)
    assert len(text) == 1000
    assert parse(text).name == "seize"


def test_2000_character_junk_is_too_long():
    assert parse("\x00junk" * 400).code == "too_long"


# --------------------------------------------------------------------- digits
def test_gujarati_digits_count_as_digits():
    assert parse("૧૨૩૪૫૬૭૮૯૦૧૨") == Command("find", tags=(TAG,))


def test_devanagari_digits_count_as_digits():
    assert parse("FEES १२३४५६७८९०१२") == Command("fees", tags=(TAG,))


def test_mixed_scripts_of_digits_in_one_tag():
    assert parse("1234 ૫૬૭૮ ९०१२") == Command("find", tags=(TAG,))


def test_normalise_digits_maps_gujarati_and_devanagari_to_ascii():
    assert normalise_digits("૦૧૨૩૪૫૬૭૮૯ ०१२३४५६७८९") == "0123456789 0123456789"


def test_normalise_digits_leaves_other_characters_alone():
    assert normalise_digits("Rs ૩૪૦ ₹ ²") == "Rs 340 ₹ ²"


# --------------------------------------------------------------------- FIND
def test_bare_tag_is_find():
    assert parse(TAG) == Command("find", tags=(TAG,))


def test_tag_keyword_is_find():
    assert parse("TAG 123456789012") == Command("find", tags=(TAG,))


def test_find_keyword_is_find():
    assert parse("FIND 123456789012") == Command("find", tags=(TAG,))


def test_any_case_is_accepted():
    assert parse("fInD 123456789012") == Command("find", tags=(TAG,))


def test_extra_spaces_are_ignored():
    assert parse("   FIND     123456789012   ") == Command("find", tags=(TAG,))


def test_tag_typed_with_spaces_is_one_tag():
    assert parse("FIND 1234 5678 9012") == Command("find", tags=(TAG,))


def test_tag_typed_with_dashes_is_one_tag():
    assert parse("FIND 1234-5678-9012") == Command("find", tags=(TAG,))


def test_hash_glued_to_keyword_is_ignored():
    assert parse("find#123456789012") == Command("find", tags=(TAG,))


def test_keyword_glued_to_digits_is_split():
    assert parse("FIND123456789012") == Command("find", tags=(TAG,))


def test_tag_prefix_word_is_skipped():
    assert parse("FIND tag no. 123456789012") == Command("find", tags=(TAG,))


def test_receipt_number_is_a_tag():
    assert parse("1000042") == Command("find", tags=("1000042",))


def test_four_digit_receipt_is_a_tag():
    assert parse("FIND 1042") == Command("find", tags=("1042",))


def test_three_digits_are_a_bad_tag():
    assert parse("FIND 104") == problem("bad_tag", "find", "104")


def test_eleven_digits_are_a_bad_tag():
    assert parse("FIND 12345678901") == problem("bad_tag", "find", "12345678901")


def test_thirteen_digits_are_a_bad_tag():
    assert parse("1234567890123") == problem("bad_tag", "find", "1234567890123")


def test_bare_short_number_is_a_bad_find_tag():
    assert parse("12") == problem("bad_tag", "find", "12")


def test_leading_zeros_of_a_tag_are_kept():
    assert parse("0012 3456 7890") == Command("find", tags=("001234567890",))


def test_find_without_tag_is_missing_tag():
    assert parse("FIND") == problem("missing_tag", "find")


def test_find_with_a_word_instead_of_a_tag_is_a_bad_tag():
    assert parse("FIND cow") == problem("bad_tag", "find", "cow")


def test_words_after_the_tag_are_ignored_by_find():
    assert parse("FIND 123456789012 please") == Command("find", tags=(TAG,))


def test_gujarati_find_word():
    assert parse("શોધો ૧૨૩૪૫૬૭૮૯૦૧૨") == Command("find", tags=(TAG,))


def test_hindi_find_word():
    assert parse("खोज 123456789012") == Command("find", tags=(TAG,))


# --------------------------------------------------------------------- tag lists
def test_two_tags_run_together_are_split_every_12_digits():
    assert parse(TAG + TAG2) == Command("find", tags=(TAG, TAG2))


def test_three_tags_run_together_are_split_every_12_digits():
    assert parse("SEIZE " + TAG + TAG2 + TAG3 + " cow").tags == (TAG, TAG2, TAG3)


def test_two_receipts_separated_by_a_space_are_two_tags():
    assert parse("1000042 1000043") == Command("find", tags=("1000042", "1000043"))


def test_digit_groups_joining_to_12_digits_are_one_tag_even_if_each_could_be_a_receipt():
    assert parse("100004 100005") == Command("find", tags=("100004100005",))


def test_comma_keeps_receipts_apart():
    assert parse("100004, 100005") == Command("find", tags=("100004", "100005"))


def test_spaced_tag_then_receipt_are_two_tags():
    assert parse("1234 5678 9012 1000042") == Command("find", tags=(TAG, "1000042"))


def test_bad_tag_in_a_list_is_reported():
    assert parse("SEIZE 123456789012, 98765 cow, 12") == Command(
        "seize", tags=(TAG, "98765"), kind="cow", note="12")
    assert parse("SEIZE 123456789012, 123 cow") == problem("bad_tag", "seize", "123")


# --------------------------------------------------------------------- FEES
def test_fees_with_punctuation_around_the_tag():
    assert parse("Fees: 1234-5678-9012.") == Command("fees", tags=(TAG,))


def test_fee_singular_is_fees():
    assert parse("FEE 123456789012") == Command("fees", tags=(TAG,))


def test_gujarati_fee_word_is_fees():
    assert parse("ફી ૧૨૩૪ ૫૬૭૮ ૯૦૧૨") == Command("fees", tags=(TAG,))


def test_hindi_fee_word_is_fees():
    assert parse("शुल्क 123456789012") == Command("fees", tags=(TAG,))


def test_tag_then_fees_is_fees():
    assert parse("123456789012 fees") == Command("fees", tags=(TAG,))


def test_fees_without_tag_is_missing_tag():
    assert parse("FEES") == problem("missing_tag", "fees")


# --------------------------------------------------------------------- AUCTIONS
def test_auctions_alone_asks_for_the_senders_village():
    assert parse("AUCTIONS") == Command("auctions")


def test_auctions_with_village_code_uppercases_it():
    assert parse("auctions gj-001.") == Command("auctions", village_code="GJ-001")


def test_gujarati_auction_word_without_date_asks_for_auctions():
    assert parse("હરાજી") == Command("auctions")


def test_hindi_auction_word_asks_for_auctions():
    assert parse("नीलामी") == Command("auctions")


def test_auction_singular_without_date_asks_for_auctions():
    assert parse("AUCTION") == Command("auctions")


# --------------------------------------------------------------------- HELP, LANG, STOP, START, MY, LIST
@pytest.mark.parametrize("text", ["HELP", "help", "?", "??", "Help?", "મદદ", "मदद", "menu"])
def test_help_words_are_help(text):
    assert parse(text) == Command("help")


def test_words_after_help_are_ignored():
    assert parse("help me please") == Command("help")


@pytest.mark.parametrize("text,language", [
    ("LANG GU", "gu"), ("LANG HI", "hi"), ("LANG EN", "en"),
    ("lang gu", "gu"), ("LANG ગુજરાતી", "gu"), ("LANG हिंदी", "hi"), ("LANG हिन्दी", "hi"),
    ("LANG English", "en"), ("LANGUAGE Gujarati", "gu"), ("ભાષા ગુજરાતી", "gu"), ("भाषा हिंदी", "hi"),
])
def test_lang_sets_the_language(text, language):
    assert parse(text) == Command("lang", language=language)


def test_language_name_alone_sets_the_language():
    assert parse("ગુજરાતી") == Command("lang", language="gu")
    assert parse("English") == Command("lang", language="en")


def test_lang_with_unknown_language_is_bad_language():
    assert parse("LANG FR") == problem("bad_language", "lang", "FR")


def test_lang_without_language_is_bad_language():
    assert parse("LANG") == problem("bad_language", "lang")


@pytest.mark.parametrize("text,name", [
    ("STOP", "stop"), ("stop.", "stop"), ("UNSUBSCRIBE", "stop"), ("START", "start"),
    ("Start!", "start"), ("MY", "my"), ("my animals", "my"), ("LIST", "list"), ("યાદી", "list"),
])
def test_commands_without_arguments(text, name):
    assert parse(text) == Command(name)


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


# --------------------------------------------------------------------- NOTICE
def test_notice_keeps_the_body_as_typed():
    assert parse("NOTICE: Auction on 15-06 at the Chora.  ") == Command(
        "notice", text="Auction on 15-06 at the Chora.")


def test_notice_in_gujarati_keeps_gujarati_digits():
    assert parse("સૂચના કાલે ૧૧ વાગ્યે લીલામ") == Command("notice", text="કાલે ૧૧ વાગ્યે લીલામ")


def test_notice_without_text_is_missing_text():
    assert parse("NOTICE") == problem("missing_text", "notice")


def test_notice_with_only_punctuation_is_missing_text():
    assert parse("NOTICE : - ") == problem("missing_text", "notice")


def test_long_notice_body_is_returned_whole():
    body = "Auction tomorrow. " * 150
    result = parse("NOTICE " + body)
    assert result.name == "notice" and result.text == body.strip()


def test_notice_body_loses_control_characters_but_keeps_new_lines():
    assert parse("NOTICE line one\r\nline\x00 two").text == "line one\nline two"


# --------------------------------------------------------------------- AUCTION
def test_auction_date_only():
    assert parse("AUCTION 15-06") == Command("auction", day=15, month=6)


@pytest.mark.parametrize("date", ["15-06", "15/06", "15.06", "15-6", "15 / 06", "15 June", "15-jun", "15th Jun"])
def test_auction_date_forms(date):
    result = parse(f"AUCTION {date}")
    assert (result.day, result.month) == (15, 6)


def test_auction_date_time_and_place():
    assert parse("AUCTION 15/06 11:30 Panchayat ghar") == Command(
        "auction", day=15, month=6, hour=11, minute=30, place="Panchayat ghar")


@pytest.mark.parametrize("time,hour,minute", [
    ("11", 11, 0), ("11:30", 11, 30), ("11.30", 11, 30), ("1130", 11, 30), ("930", 9, 30),
    ("2pm", 14, 0), ("2 pm", 14, 0), ("12am", 0, 0), ("12 pm", 12, 0), ("11:30am", 11, 30),
    ("at 11", 11, 0), ("0", 0, 0), ("23:59", 23, 59), ("10 baje", 10, 0),
])
def test_auction_time_forms(time, hour, minute):
    result = parse(f"AUCTION 15-06 {time}")
    assert (result.name, result.hour, result.minute) == ("auction", hour, minute)


def test_auction_afternoon_word_in_gujarati_means_pm():
    assert parse("હરાજી ૧૫-૦૬ બપોરે ૨ વાગ્યે ચોરા પાસે") == Command(
        "auction", day=15, month=6, hour=14, minute=0, place="ચોરા પાસે")


def test_auction_fields_separated_by_commas():
    assert parse("AUCTION 15-06, 11:00, Chora") == Command(
        "auction", day=15, month=6, hour=11, minute=0, place="Chora")


def test_auction_time_in_brackets():
    assert parse("AUCTION on 15-06 (11:00) Chora").hour == 11


def test_auction_date_word_before_the_date_in_gujarati():
    assert parse("હરાજી તા. ૧૫-૦૬ સવારે ૧૧ વાગ્યે") == Command("auction", day=15, month=6, hour=11, minute=0)


def test_auction_evening_word_in_hindi_means_pm():
    assert parse("नीलामी दिनांक 15/06 शाम 4 बजे पंचायत भवन") == Command(
        "auction", day=15, month=6, hour=16, minute=0, place="पंचायत भवन")


def test_auction_place_without_time():
    assert parse("AUCTION 15-06 at Navagam chora") == Command("auction", day=15, month=6, place="Navagam chora")


def test_auction_with_year():
    assert parse("AUCTION 15-06-2026 11:00") == Command(
        "auction", day=15, month=6, year=2026, hour=11, minute=0)


def test_auction_with_two_digit_year():
    assert parse("AUCTION 15/06/26").year == 2026


def test_auction_on_31_april_is_a_bad_date():
    assert parse("AUCTION 31-04") == problem("bad_date", "auction", "31-04")


def test_auction_on_32_january_is_a_bad_date():
    assert parse("AUCTION 32-01") == problem("bad_date", "auction", "32-01")


def test_auction_on_day_zero_is_a_bad_date():
    assert parse("AUCTION 00-05") == problem("bad_date", "auction", "00-05")


def test_auction_in_month_13_is_a_bad_date():
    assert parse("AUCTION 12-13") == problem("bad_date", "auction", "12-13")


def test_auction_on_29_february_without_year_is_accepted():
    assert parse("AUCTION 29-02") == Command("auction", day=29, month=2)


def test_auction_on_29_february_of_a_common_year_is_a_bad_date():
    assert parse("AUCTION 29-02-2027") == problem("bad_date", "auction", "29-02-2027")


def test_auction_with_a_word_for_a_date_is_a_bad_date():
    assert parse("AUCTION tomorrow") == problem("bad_date", "auction", "tomorrow")


def test_auction_at_hour_24_is_a_bad_time():
    assert parse("AUCTION 15-06 24:00") == problem("bad_time", "auction", "24:00")


def test_auction_at_minute_60_is_a_bad_time():
    assert parse("AUCTION 15-06 11:60") == problem("bad_time", "auction", "11:60")


def test_auction_at_13_pm_is_a_bad_time():
    assert parse("AUCTION 15-06 13pm") == problem("bad_time", "auction", "13pm")


def test_auction_digits_that_are_not_a_time_are_a_bad_time_not_the_default_hour():
    assert parse("AUCTION 15-06 11-30") == problem("bad_time", "auction", "11-30")


def test_auction_morning_word_without_time_is_a_bad_time():
    assert parse("AUCTION 15-06 સવારે") == problem("bad_time", "auction", "સવારે")


# --------------------------------------------------------------------- tables
def test_keyword_table_covers_every_command():
    assert set(COMMAND_WORDS.values()) == {
        "find", "fees", "auctions", "help", "lang", "stop", "start", "my",
        "seize", "release", "sold", "list", "notice", "auction", "rates"}


def test_every_keyword_parses_as_its_command_family():
    for word, name in COMMAND_WORDS.items():
        result = parse(word)
        expected = {"auction": "auctions"}.get(name, name)
        assert getattr(result, "name", None) == expected or getattr(result, "command", None) == expected, word


# --------------------------------------------------------------------- robustness
def test_internal_error_becomes_a_problem_not_an_exception(monkeypatch):
    def broken(text):
        raise RuntimeError("bug")

    monkeypatch.setattr(commands, "_parse", broken)
    assert parse("FIND 123456789012") == problem("unknown_command")


@pytest.mark.parametrize("text", [
    "FIND " + "no " * 330 + "1",
    "SEIZE 1 " + "and 1 " * 160 + "cow",
    "SEIZE " + "no tag " * 140,
    "RELEASE " + "under protest " * 70,
    "SOLD 123456789012 4500 " + "(" * 970,
    "AUCTION 15-06 " + "at " * 320,
    "1-" * 499,
])
def test_adversarial_1000_character_texts_parse_quickly(text):
    start = time.perf_counter()
    assert isinstance(parse(text), (Command, Problem))
    assert time.perf_counter() - start < 0.25
