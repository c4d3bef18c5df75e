"""Property tests for the SMS parser: whatever a phone sends, the parser answers.

`_parse` is the parser without its production safety net (`parse` catches any exception), so
these properties run against it: a bug must fail here, not hide behind the net.
"""
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handlers.sms import commands
from handlers.sms.commands import KIND_WORDS, Command, Problem, parse
from handlers.text.digits import normalise_digits
from models.law import NAMED_KINDS

_parse = commands._parse

NAMES = {"find", "fees", "auctions", "help", "lang", "stop", "start", "my", "seize", "release",
         "sold", "list", "notice", "auction", "rates", "police"}
CODES = {"empty", "unknown_command", "missing_tag", "bad_tag", "missing_kind", "unknown_kind",
         "missing_amount", "bad_amount", "bad_phone", "bad_date", "bad_time", "bad_language",
         "missing_text", "too_long", "seize_not_a_tag", "bad_seizer_phone"}
SCRIPTS = {"ascii": "0123456789", "gujarati": "૦૧૨૩૪૫૬૭૮૯", "devanagari": "०१२३४५६७८९"}

FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Every code point, surrogates and unassigned ones included.
any_text = st.text(st.characters(exclude_categories=()), max_size=300)
# What a phone keypad produces: command words, digits of three scripts, punctuation, spaces.
keypad_words = st.sampled_from(
    list(commands.COMMAND_WORDS) + list(KIND_WORDS) + list(commands.LANGUAGE_WORDS)
    + ["PROTEST", "Rs", "Rs.", "₹", "/-", "and", "no", "tag", "am", "pm", "at", "?", "#", ":", ",",
       "-", ".", "\n", "\x00", "  ", "15-06", "31/04", "11:30", "4,500", "+91", "0091"]
)
keypad_text = st.lists(
    st.one_of(keypad_words, st.text(alphabet="".join(SCRIPTS.values()) + " -,", max_size=30)),
    max_size=20,
).map(" ".join)


def check_shape(result):
    """Whatever the input, the result is one of the two types, with names from the contract."""
    assert isinstance(result, (Command, Problem))
    hash(result)  # frozen and hashable: safe to cache or compare
    if isinstance(result, Problem):
        assert result.code in CODES
        assert result.detail is None or 0 < len(result.detail) <= 40
    else:
        assert result.name in NAMES
        for tag in result.tags:
            assert tag.isascii() and tag.isdigit() and (len(tag) == 12 or 4 <= len(tag) <= 10), tag
        assert result.kind is None or result.kind in NAMED_KINDS   # every pack's kinds (a heifer: 1871)
        assert result.language in (None, "gu", "hi", "en", "gul")
        assert result.amount_rupees is None or result.amount_rupees > 0
        assert result.hour is None or 0 <= result.hour <= 23
        assert result.minute is None or 0 <= result.minute <= 59


@FUZZ
@given(any_text)
def test_parse_never_raises_on_any_unicode_text(text):
    check_shape(_parse(text))


@FUZZ
@given(st.binary(max_size=400))
def test_parse_never_raises_on_binary_bytes(data):
    check_shape(_parse(data))
    check_shape(_parse(data.decode("latin-1")))


@FUZZ
@given(keypad_text)
def test_parse_never_raises_on_keypad_like_text(text):
    check_shape(_parse(text))


@FUZZ
@given(st.sampled_from(["", "NOTICE ", "SEIZE 123456789012 cow ", "SOLD ", "AUCTION 15-06 "]),
       st.text(st.characters(exclude_categories=()), min_size=990, max_size=2100))
def test_parse_never_raises_on_long_text(prefix, text):
    result = _parse(prefix + text)
    check_shape(result)
    if len((prefix + text).strip()) > 1000 and not prefix.startswith("NOTICE"):
        assert getattr(result, "code", None) == "too_long" or getattr(result, "name", None) == "notice"


@given(any_text)
def test_public_parse_agrees_with_the_unguarded_parser(text):
    assert parse(text) == _parse(text)


# --------------------------------------------------------------------- digits
ascii_digits = st.text(alphabet="0123456789", max_size=40)


@given(ascii_digits, st.sampled_from(sorted(SCRIPTS)))
def test_normalise_digits_round_trips_from_every_script(digits, script):
    written = digits.translate(str.maketrans("0123456789", SCRIPTS[script]))
    assert normalise_digits(written) == digits


@given(any_text)
def test_normalise_digits_is_idempotent_and_keeps_length(text):
    once = normalise_digits(text)
    assert normalise_digits(once) == once
    assert len(once) == len(text)


@given(any_text)
def test_normalise_digits_changes_only_decimal_digits(text):
    for before, after in zip(text, normalise_digits(text)):
        assert before == after or (after in "0123456789" and before not in "0123456789")


# --------------------------------------------------------------------- tags
twelve_digits = st.text(alphabet="0123456789", min_size=12, max_size=12)


@st.composite
def typed_tag(draw):
    """A 12-digit tag as a person types it: chunks, any separator, any script."""
    tag = draw(twelve_digits)
    cuts = sorted(draw(st.sets(st.integers(1, 11), max_size=4)))
    chunks = [tag[i:j] for i, j in zip([0] + cuts, cuts + [12])]
    separators = draw(st.lists(st.sampled_from([" ", "-", "  ", " - ", "."]), min_size=len(chunks), max_size=len(chunks)))
    typed = "".join(chunk + sep for chunk, sep in zip(chunks, separators[:-1] + [""]))
    script = draw(st.sampled_from(sorted(SCRIPTS)))
    return tag, typed.translate(str.maketrans("0123456789", SCRIPTS[script]))


@given(typed_tag(), st.sampled_from(["", "FIND ", "find ", "Tag: ", "TAG#", "શોધો ", "खोज "]),
       st.sampled_from(["", ".", " ", "!"]))
def test_a_typed_tag_is_found_whatever_its_form(tag_and_typed, keyword, end):
    tag, typed = tag_and_typed
    assert _parse(keyword + typed + end) == Command("find", tags=(tag,))


@given(st.lists(twelve_digits, min_size=1, max_size=3), st.sampled_from([",", ", ", " , ", ";", "", " and "]),
       st.sampled_from(sorted(KIND_WORDS)))
def test_seize_takes_every_tag_of_a_list(tags, separator, word):
    assert _parse(f"SEIZE {separator.join(tags)} {word}") == Command("seize", tags=tuple(tags), kind=KIND_WORDS[word])


# --------------------------------------------------------------------- kinds
@given(st.sampled_from(sorted(KIND_WORDS)), st.sampled_from([str, str.upper, str.title]))
def test_every_kind_word_parses_as_seize_kind(word, case):
    typed = case(word)
    assert _parse(f"SEIZE 123456789012 {typed}") == Command("seize", tags=("123456789012",), kind=KIND_WORDS[word])
    assert _parse(f"SEIZE {typed}") == Command("seize", kind=KIND_WORDS[word])


def test_every_kind_word_in_the_table_parses_as_seize_kind():
    for word, kind in KIND_WORDS.items():
        assert _parse(f"SEIZE {word} by the well") == Command("seize", kind=kind, note="by the well"), word


# --------------------------------------------------------------------- SOLD
@st.composite
def typed_amount(draw):
    rupees = draw(st.integers(1, 10 ** 8))
    plain = str(rupees)
    western = f"{rupees:,}"
    digits = draw(st.sampled_from([plain, western]))
    prefix = draw(st.sampled_from(["", "Rs ", "Rs.", "rs. ", "₹", "₹ ", "INR "]))
    suffix = draw(st.sampled_from(["", "/-", " /-", ".00"]))
    return rupees, prefix + digits + suffix


@given(typed_tag(), typed_amount(), st.sampled_from([None, "9825012345", "+91 98250 12345", "098250-12345"]))
def test_sold_reads_tag_amount_and_phone(tag_and_typed, amount, phone):
    tag, typed = tag_and_typed
    rupees, written = amount
    text = f"SOLD {typed} {written}" + (f" {phone}" if phone else "")
    assert _parse(text) == Command("sold", tags=(tag,), amount_rupees=rupees, buyer_phone=phone)


# --------------------------------------------------------------------- AUCTION
DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


@given(st.integers(0, 35), st.integers(0, 14), st.sampled_from(["-", "/", "."]), st.booleans())
def test_auction_dates_are_accepted_exactly_when_they_exist(day, month, separator, pad):
    fmt = "{:02d}" if pad else "{}"
    result = _parse(f"AUCTION {fmt.format(day)}{separator}{fmt.format(month)}")
    if 1 <= month <= 12 and 1 <= day <= DAYS[month - 1]:
        assert result == Command("auction", day=day, month=month)
    else:
        assert isinstance(result, Problem) and result.code == "bad_date"


@given(st.integers(0, 30), st.integers(0, 70))
def test_auction_times_are_accepted_exactly_when_they_exist(hour, minute):
    result = _parse(f"AUCTION 15-06 {hour}:{minute:02d} Chora")
    if hour <= 23 and minute <= 59:
        assert result == Command("auction", day=15, month=6, hour=hour, minute=minute, place="Chora")
    else:
        assert result == Problem("bad_time", "auction", f"{hour}:{minute:02d}")


def test_tags_are_plain_ascii_digits():
    for text in ["૧૨૩૪ ૫૬૭૮ ૯૦૧૨", "१२३४-५६७८-९०१२"]:
        (tag,) = _parse(text).tags
        assert re.fullmatch(r"[0-9]{12}", tag)
