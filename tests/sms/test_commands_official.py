"""Parsing an official's SMS commands (NOTICE, AUCTION) and the parser's tables and robustness (handlers/sms/commands.py, SPEC §4)."""
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
        "seize", "release", "sold", "list", "notice", "auction", "rates", "police"}


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
