"""The fields of an SMS command besides its list of tags: a sale's tag, amount and buyer's
phone (SOLD), an auction's date and time (AUCTION). The forms each accepts are listed in the
docstring of `handlers.sms.commands`.

Each reader returns the value, where the text goes on, and `Bad(code, word)` when the field is
there but wrong (the grammar turns it into a `Problem` naming the command). Pure.
"""
from __future__ import annotations

import calendar
import re
from typing import NamedTuple

from handlers.catalogue.vocabulary import (
    AFTER_TIME,
    AT_WORDS,
    AMOUNT_PREFIXES,
    BEFORE_TIME,
    CURRENCY_WORDS,
    LATER,
    MONTHS,
    MORNING,
    PHONE_PREFIXES,
)
from handlers.sms.scanner import (
    TAG_PREFIX_KEYS,
    first_token,
    is_digit,
    match_key,
    match_keys,
    next_word,
    prefix_before_digits,
    strip_edges,
    trim_note,
)
from models.queries import RECEIPT_DIGITS, TAG_DIGITS

MAX_AMOUNT_RUPEES = 10 ** 8     # Rs 10 crore: more is a typing error, not a sale


class Bad(NamedTuple):
    code: str                   # a Problem code: missing_tag, bad_tag, missing_amount, bad_amount…
    word: str | None = None     # the offending text, as typed


# ------------------------------------------------------------------------ SOLD: tag, amount, phone
_CURRENCY = "(?:" + "|".join(re.escape(word) for word in CURRENCY_WORDS) + ")"
_AMOUNT = re.compile(
    rf"""\s*[:,]?\s*
    (?:{_CURRENCY}\s*[.:/-]?\s*)?                   # Rs 4500, Rs.4500, ₹4500, રૂ. 4500
    (?P<number>[0-9]+(?:,[0-9]{{2,3}})*)            # 4500, 4,500, 4,50,000
    (?P<fraction>\.[0-9]+)?                          # 4500.00
    \s*(?:/-|/=|-/|{_CURRENCY}\.?(?:\s*/-)?)?        # 4500/-, 4500 rs
    \.?(?=\s|$)""",
    re.IGNORECASE | re.VERBOSE,
)
_PHONE = re.compile(r"\+?[0-9()\-. /]+")
_AMOUNT_PREFIX_KEYS = match_keys(AMOUNT_PREFIXES)
_PHONE_PREFIX_KEYS = match_keys(PHONE_PREFIXES)
_TAG_TOKEN = re.compile(r"[#:]*(?P<digits>[0-9]+(?:[-.][0-9]+)*)[.,;:]*")


def read_sold_tag(args: str) -> tuple[str | None, int, Bad | None]:
    """SOLD's tag: the first whitespace-separated digit groups that join to exactly 12 digits,
    else the first group if it is a receipt. Returns (tag, end offset in args, bad)."""
    lead_word, after_word = next_word(args)
    offset = 0
    if lead_word is not None and match_key(lead_word) in TAG_PREFIX_KEYS:
        if prefix_before_digits(args, len(args) - len(after_word)):
            offset = len(args) - len(after_word)
    tokens = [(m.group(), m.start(), m.end()) for m in re.finditer(r"\S+", args[offset:])]
    tokens = [(t, offset + s, offset + e) for t, s, e in tokens if strip_edges(t)]
    if not tokens:
        return None, 0, Bad("missing_tag")
    groups: list[tuple[str, int]] = []  # (digits of one token, end offset)
    for token, _start, end in tokens:
        match = _TAG_TOKEN.fullmatch(token)
        if not match:
            break
        groups.append((re.sub(r"[-.]", "", match.group("digits")), end))
    length = 0
    for count, (digits, end) in enumerate(groups, start=1):
        length += len(digits)
        if length == TAG_DIGITS:
            return "".join(d for d, _ in groups[:count]), end, None
        if length > TAG_DIGITS:
            break
    if groups and len(groups[0][0]) in RECEIPT_DIGITS:
        return groups[0][0], groups[0][1], None
    first = groups[0][0] if groups else strip_edges(tokens[0][0]) or tokens[0][0]
    return None, 0, Bad("bad_tag", first)


def read_amount(text: str) -> tuple[int | None, str, Bad | None]:
    """Whole rupees at the start of `text`, and the text after them."""
    word, after = next_word(text)
    if word is not None and match_key(word) in _AMOUNT_PREFIX_KEYS:  # "SOLD 1234… for Rs 4500"
        text = after
    if not text.strip():
        return None, text, Bad("missing_amount")
    match = _AMOUNT.match(text)
    if not match or (match.group("fraction") and match.group("fraction").strip(".0")):
        return None, text, Bad("bad_amount", first_token(text) or text)
    rupees = int(match.group("number").replace(",", ""))
    if not 0 < rupees <= MAX_AMOUNT_RUPEES:
        return None, text, Bad("bad_amount", match.group("number"))
    return rupees, text[match.end():], None


def read_phone(text: str) -> tuple[str | None, Bad | None]:
    """The buyer's phone: everything left, shaped like a phone number (8-15 digits)."""
    text = text.strip().lstrip(",;:").strip()
    word, after = next_word(text)
    while word is not None and match_key(word) in _PHONE_PREFIX_KEYS:
        text = after.strip().lstrip(",;:.-").strip()
        word, after = next_word(text)
    text = text.rstrip(".,;")
    if not text:
        return None, None
    digits = re.sub(r"[^0-9]", "", text)
    if not _PHONE.fullmatch(text) or not 8 <= len(digits) <= 15:
        return None, Bad("bad_phone", text)
    return text, None


# ------------------------------------------------------------------------ AUCTION: date, time
_NUMERIC_DATE = re.compile(
    r"[\s:,.-]*(?P<day>[0-9]{1,2})\s*(?P<sep>[-/.])\s*(?P<month>[0-9]{1,2})"
    r"(?:\s*(?P=sep)\s*(?P<year>[0-9]{4}|[0-9]{2}))?(?=[\s,;]|$)"
)
_NAMED_DATE = re.compile(
    r"[\s:,.-]*(?P<day>[0-9]{1,2})(?:st|nd|rd|th)?\s*[-/. ]?\s*(?P<month>[a-z]{3,9})\.?"
    r"(?:[\s,/-]+(?P<year>[0-9]{4}))?(?=[\s,;]|$)",
    re.IGNORECASE,
)
_TIME = re.compile(
    r"@?(?:(?P<hour>[0-9]{1,2})(?:[:.](?P<minute>[0-9]{2}))?|(?P<hhmm>[0-9]{3,4}))"
    r"(?P<suffix>am|pm|a\.m\.?|p\.m\.?|hrs?|h)?\.?",
    re.IGNORECASE,
)
BEFORE_TIME_KEYS = match_keys(BEFORE_TIME)
_MORNING_KEYS = match_keys(MORNING)
_LATER_KEYS = match_keys(LATER)
_AFTER_TIME_KEYS = match_keys(AFTER_TIME)
_DAYS_IN_MONTH = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)  # 29 Feb: the year decides


def match_date(text: str) -> tuple[tuple[int, int, int | None] | None, int] | None:
    """((day, month, year or None) or None if impossible, end offset), or None if no date shape."""
    match = _NUMERIC_DATE.match(text)
    if match:
        month = int(match.group("month"))
    else:
        match = _NAMED_DATE.match(text)
        if not match or match.group("month").lower() not in MONTHS:
            return None
        month = MONTHS[match.group("month").lower()]
    day = int(match.group("day"))
    year = match.group("year")
    year_number = None if year is None else (2000 + int(year) if len(year) == 2 else int(year))
    if not 1 <= month <= 12 or not 1 <= day <= _DAYS_IN_MONTH[month - 1]:
        return None, match.end()
    if year_number is not None:
        if not 2000 <= year_number <= 2099 or day > calendar.monthrange(year_number, month)[1]:
            return None, match.end()
    return (day, month, year_number), match.end()


def _tokens(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(), m.start(), m.end()) for m in re.finditer(r"\S+", text)]


def read_time(text: str) -> tuple[tuple[int, int] | None, int, Bad | None]:
    """An optional time at the start of `text`: ((hour, minute) or None, end offset, bad)."""
    # Punctuation alone ("15-06, 11:00, Chora") is no token; brackets around a time are dropped.
    tokens = [(t.strip("()[],;"), start, end) for t, start, end in _tokens(text) if strip_edges(t)]
    i, daypart, end = 0, None, 0

    def key(index: int) -> str:
        return match_key(strip_edges(tokens[index][0])) if index < len(tokens) else ""

    if key(i) in BEFORE_TIME_KEYS and i + 1 < len(tokens) and (
            tokens[i + 1][0][:1].isdigit() or key(i + 1) in _MORNING_KEYS | _LATER_KEYS):
        i += 1
    if key(i) in _MORNING_KEYS | _LATER_KEYS:
        daypart = "am" if key(i) in _MORNING_KEYS else "pm"
        i += 1
    if i >= len(tokens) or not is_digit(tokens[i][0].lstrip("@")[:1]):
        if daypart:
            return None, 0, Bad("bad_time", tokens[i - 1][0])
        return None, 0, None
    token = tokens[i][0]
    match = _TIME.fullmatch(token)
    if not match:
        return None, 0, Bad("bad_time", token)
    if match.group("hhmm"):
        hour, minute = divmod(int(match.group("hhmm")), 100)
    else:
        hour, minute = int(match.group("hour")), int(match.group("minute") or 0)
    suffix = (match.group("suffix") or "").lower().replace(".", "")
    end = tokens[i][2]
    if not suffix and key(i + 1) in _AFTER_TIME_KEYS:
        suffix = key(i + 1) if key(i + 1) in ("am", "pm") else ""
        end = tokens[i + 1][2]
    if suffix in ("am", "pm"):
        if not 1 <= hour <= 12:
            return None, 0, Bad("bad_time", token)
        hour = hour % 12 + (12 if suffix == "pm" else 0)
    elif daypart == "pm" and 1 <= hour <= 11:
        hour += 12
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        return None, 0, Bad("bad_time", token)
    return (hour, minute), end, None


# SEIZE … AT <place>: where the animal was seized (Form A's place column holds 200 characters).
AT_KEYS = match_keys(AT_WORDS)
PLACE_LENGTH = 200


def _is_place_word(token: str, *, first: bool) -> bool:
    """AT opens the place when it is the first word of the note or typed in capitals; a
    lower-case "at" inside a note ("cow, tied at gate") is the keeper's own words and stays
    in the note. ખાતે has no case and always opens the place."""
    if match_key(token) not in AT_KEYS:
        return False
    return first or not token.isascii() or token.strip(",.;:").isupper()


def read_seize_place(note: str | None, by_keys: frozenset[str]) -> tuple[str | None, str | None, str | None]:
    """SPEC 13.3 `SEIZE … AT <place>`: everything after AT to the end of the message, or to a
    BY followed by a phone (which AT counts: see `_is_place_word`). Returns (place, the note before AT, what follows the place)."""
    tokens = (note or "").split()
    at = next((i for i, token in enumerate(tokens) if _is_place_word(token, first=i == 0)), None)
    if at is None or at == len(tokens) - 1:
        return None, note, None
    end = next((j for j in range(at + 1, len(tokens) - 1)
                if match_key(tokens[j]) in by_keys and re.search(r"[0-9]", tokens[j + 1])), len(tokens))
    place = (trim_note(" ".join(tokens[at + 1:end])) or "")[:PLACE_LENGTH]   # Form A's column holds 200
    if not place:
        return None, note, None
    return place, trim_note(" ".join(tokens[:at])), " ".join(tokens[end:]) or None
