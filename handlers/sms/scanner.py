"""The characters, words and tags of an inbound SMS: what the grammar (`handlers.sms.commands`)
is built from.

Why a module of its own: phones send Gujarati, Devanagari and ASCII digits, invisible
joiners, predictive-text punctuation and binary junk, and every command reads its words and
tags the same forgiving way. Pure: no database, no clock, no I/O.
"""
from __future__ import annotations

import re
import unicodedata

from handlers.catalogue.vocabulary import CONJUNCTIONS, TAG_PREFIXES
from handlers.text.digits import normalise_digits
from models.queries import RECEIPT_DIGITS, TAG_DIGITS

_DETAIL_LENGTH = 40  # an offending word is echoed back at most this long

# ------------------------------------------------------------------------ characters
def is_letter(ch: str) -> bool:
    # Letters and combining marks: Gujarati and Devanagari vowel signs are marks (Mn/Mc), and a
    # word like "ગાય" must stay one word.
    return unicodedata.category(ch)[0] in "LM"


def is_digit(ch: str) -> bool:
    return "0" <= ch <= "9"


def clean(text: str) -> str:
    """NFC, ASCII digits, invisible format characters dropped, controls and junk made spaces.

    New lines are kept (they separate tags). Surrogates, private-use and unassigned code points
    come from binary junk, never from a keypad.
    """
    text = unicodedata.normalize("NFC", text).replace("\r\n", "\n").replace("\r", "\n")
    out = []
    for ch in normalise_digits(text):
        category = unicodedata.category(ch)
        if ch == "\n":
            out.append(ch)
        elif category == "Cf":
            continue
        elif category[0] in "CZ":
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def strip_controls(text: str) -> str:
    """For a NOTICE body: keep the text as typed, minus what no SMS can carry."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    return "".join(
        ch for ch in text
        if ch in "\n\u200c\u200d"  # ZWNJ/ZWJ shape Gujarati and Hindi words: keep them
        or unicodedata.category(ch) not in ("Cc", "Cs", "Cf")
    )


_SCRIPT_FOLD = str.maketrans({
    "\u093c": None, "\u0abc": None,          # nukta: घोड़ा and घोडा are the same word to a reader
    "\u0901": "\u0902", "\u0a81": "\u0a82",  # chandrabindu typed as anusvara: ऊँट / ऊंट
})
_REPEATS = re.compile(r"([a-z])\1+")


def match_key(word: str) -> str:
    """Matching key: case, nukta, chandrabindu and doubled Latin letters ("gaay") don't count."""
    word = unicodedata.normalize("NFC", word).casefold()
    word = "".join(ch for ch in word if unicodedata.category(ch) != "Cf")
    return _REPEATS.sub(r"\1", word.translate(_SCRIPT_FOLD))


def word_index(table: dict[str, str]) -> dict[str, str]:
    index: dict[str, str] = {}
    for word, value in table.items():
        key = match_key(word)
        assert index.get(key, value) == value, f"{word!r} is ambiguous"
        index[key] = value
    return index


def match_keys(words) -> frozenset[str]:
    """The matching keys of a list of words."""
    return frozenset(match_key(word) for word in words)


_CONJUNCTION_KEYS = match_keys(CONJUNCTIONS)
TAG_PREFIX_KEYS = match_keys(TAG_PREFIXES)



def strip_edges(word: str) -> str:
    """Drop punctuation around a word ("cow," "(ગાય)") but keep what is inside it."""
    start, end = 0, len(word)
    while start < end and unicodedata.category(word[start])[0] not in "LMN":
        start += 1
    while end > start and unicodedata.category(word[end - 1])[0] not in "LMN":
        end -= 1
    return word[start:end]


def detail(word: str | None) -> str | None:
    if word is None:
        return None
    word = word.strip()
    return word[:_DETAIL_LENGTH] if word else None


# ------------------------------------------------------------------------ scanning helpers
def letter_runs(text: str):
    """(start, end) of every maximal run of letters and marks."""
    i, n = 0, len(text)
    while i < n:
        if is_letter(text[i]):
            j = i + 1
            while j < n and is_letter(text[j]):
                j += 1
            yield i, j
            i = j
        else:
            i += 1


def skip_punctuation(text: str, i: int = 0) -> int:
    """Index of the first letter or digit at or after i (len(text) if none)."""
    while i < len(text) and not (is_letter(text[i]) or is_digit(text[i])):
        i += 1
    return i


def next_word(text: str) -> tuple[str | None, str]:
    """The first word of `text` if it starts (after punctuation) with a letter, and what follows."""
    i = skip_punctuation(text)
    if i == len(text) or not is_letter(text[i]):
        return None, text
    j = i
    while j < len(text) and is_letter(text[j]):
        j += 1
    return text[i:j], text[j:]


def first_token(text: str) -> str | None:
    """The first whitespace-separated token, without the punctuation around it."""
    for token in text.split():
        token = strip_edges(token)
        if token:
            return token
    return None


LEADING_SEPARATORS = re.compile(r"^[\s,;:\-–—.|/]+")


def trim_note(text: str) -> str | None:
    """Free text after a command's fields, without leading separators; None if nothing is left."""
    text = LEADING_SEPARATORS.sub("", text).strip()
    return text or None


def leading_word(text: str) -> tuple[str | None, str]:
    """The leading keyword (letters only, so `find#123` and `FEES1234` split) and the rest.

    Returns ("", rest) when the text starts with a digit (a bare tag), (None, "") when it has
    no letter or digit at all.
    """
    i = skip_punctuation(text)
    if i == len(text):
        return None, ""
    if is_digit(text[i]):
        return "", text[i:]
    j = i
    while j < len(text) and is_letter(text[j]):
        j += 1
    return text[i:j], text[j:]


# ------------------------------------------------------------------------ tags
def tags_from_groups(groups: list[str]) -> list[str] | None:
    """Read one comma-free run of digit groups as tags (see the module docstring), or None."""
    joined = "".join(groups)
    if len(joined) % TAG_DIGITS == 0:
        return [joined[i:i + TAG_DIGITS] for i in range(0, len(joined), TAG_DIGITS)]
    if len(joined) in RECEIPT_DIGITS:
        return [joined]
    tags, i = [], 0
    while i < len(groups):
        length, j = 0, i
        while j < len(groups) and length < TAG_DIGITS:
            length += len(groups[j])
            j += 1
        if length == TAG_DIGITS:
            tags.append("".join(groups[i:j]))
            i = j
        elif len(groups[i]) in RECEIPT_DIGITS:
            tags.append(groups[i])
            i += 1
        elif len(groups[i]) % TAG_DIGITS == 0:
            tags.extend(groups[i][k:k + TAG_DIGITS] for k in range(0, len(groups[i]), TAG_DIGITS))
            i += 1
        else:
            return None
    return tags


def prefix_before_digits(text: str, end: int) -> bool:
    """True when only tag-prefix words stand between position `end` and the next digit."""
    while True:
        i = skip_punctuation(text, end)
        if i == len(text):
            return False
        if is_digit(text[i]):
            return True
        j = i
        while j < len(text) and is_letter(text[j]):
            j += 1
        if match_key(text[i:j]) not in TAG_PREFIX_KEYS:
            return False
        end = j


def split_tag_region(text: str) -> tuple[str, str]:
    """Split `text` into its leading run of tags and the rest (which starts with a word).

    In the returned region, conjunctions ("and") are replaced by commas and tag prefixes ("no.")
    by spaces, so that the region holds only digits and separators. A prefix counts only when
    digits follow it ("FIND tag" has no tag); one pass, so a long text costs linear time.
    """
    region = list(text)
    seen_digit, last_end = False, 0
    pending = None  # start of the prefix words not yet followed by digits
    for start, end in letter_runs(text):
        if any(is_digit(ch) for ch in text[last_end:start]):
            seen_digit, pending = True, None
        last_end = end
        key = match_key(text[start:end])
        nxt = skip_punctuation(text, end)
        digit_next = nxt < len(text) and is_digit(text[nxt])
        if seen_digit and pending is None and key in _CONJUNCTION_KEYS and digit_next:
            region[start:end] = "," * (end - start)
        elif key in TAG_PREFIX_KEYS:
            pending = start if pending is None else pending
            region[start:end] = " " * (end - start)
        else:
            cut = start if pending is None else pending
            return "".join(region[:cut]), text[cut:]
    if pending is not None and not any(is_digit(ch) for ch in text[last_end:]):
        return "".join(region[:pending]), text[pending:]
    return "".join(region), ""


def tags_from_region(region: str) -> tuple[tuple[str, ...], str | None]:
    """All tags in a region of digits and separators, or the offending digits."""
    tags: list[str] = []
    for item in re.split(r"[,;&\n]", region):
        groups = re.findall(r"[0-9]+", item)
        if not groups:
            continue
        found = tags_from_groups(groups)
        if found is None:
            return (), "".join(groups)
        tags.extend(found)
    return tuple(tags), None
