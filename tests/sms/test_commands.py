"""Parsing one inbound SMS into a command (handlers/sms/commands.py, SPEC §4): one behaviour per test."""
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
    # A receipt-sized number is not an ear tag: a seizure refuses it (SPEC 13.3).
    assert parse("SEIZE 123456789012, 98765 cow, 12") == problem("seize_not_a_tag", "seize", "98765")
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
