"""One inbound SMS text -> one `Command` or one `Problem` (SPEC §4).

Why it is written this way: the people who text Dabbo use ₹1,000 phones with T9 keyboards,
Gujarati or Hindi keypads, and predictive text. They type `Fees: 1234-5678-9012.`,
`find#123456789012`, `SEIZE 1234 5678 9012 ગાય` or a tag in Gujarati digits, and every one of
them must get an answer. So the parser is forgiving about form (case, spacing, punctuation,
script) and strict about meaning (a tag is 12 digits or a 4-10 digit receipt, a date exists, an
amount is whole rupees). It never raises: whatever arrives, the caller gets a `Command` to act on
or a `Problem` whose `code` and `command` choose a helpful reply in the sender's language.

Pure: no database, no clock (the handler resolves the year of an `AUCTION` date), no I/O.

Grammar decisions (each pinned by a test in tests/test_commands.py):

* The first word picks the command (COMMAND_WORDS). A text that starts with a digit is a bare
  tag: FIND. `<tag> FEES` is also read as FEES.
* Tags: digits only. Spaces, dashes, dots and slashes inside a tag are ignored; commas,
  semicolons, `&`, "and"/"અને"/"और" and new lines separate tags. Inside one comma-free run, the
  digit groups are joined; the join is read as one INAPH tag (12 digits), several (24, 36…,
  split every 12 digits) or one receipt (4-10 digits). Otherwise the groups are read left to
  right: groups that join to exactly 12 digits are one tag, else a group of 4-10 digits is a
  receipt. Anything else is `bad_tag`. So to send two 6-digit receipts, separate them with a
  comma: `100004 100005` is read as the INAPH tag 100004100005.
* SOLD: the first digit groups that join to exactly 12 digits are the tag (else the first group,
  if it is a 4-10 digit receipt), then the amount, then everything left is the buyer's phone
  (8-15 digits, as typed; `for`, `to`, `buyer`, `mob` may stand before amount and phone). A
  phone with a letter in it is `bad_phone`, never dropped, so a typo cannot skip the §186(2)
  check on buyers.
* Amounts: whole rupees, `4500`, `4,500`, `4,50,000`, `Rs 4500`, `Rs.4500`, `₹4500`, `4500/-`,
  `4500.00`; paise (`4500.50`), zero and more than Rs 10 crore are `bad_amount`.
* AUCTION date: `dd-mm`, `dd/mm`, `dd.mm`, optionally with a year (`15-06-2026`, `15/6/26`) or
  an English month (`15 June`, `15-jun`). 29-02 is accepted without a year (the handler
  resolves the year and must refuse it in a non-leap year); 31-04, 32-01, 00-05 are `bad_date`.
* AUCTION time: the token right after the date is the time if it starts with a digit: `11`,
  `11:30`, `11.30`, `1130`, `930`, with `am`/`pm` and `at`, `baje`/`बजे`, `વાગ્યે`/`vagye`,
  `સવારે`/`सुबह` (morning), `બપોરે`/`दोपहर`, `સાંજે`/`शाम`, `રાત્રે`/`रात` (pm) accepted around
  it. A digit token that is not a time is `bad_time` (never silently the default hour).
* `AUCTION` with nothing after it is the public AUCTIONS query; the Gujarati/Hindi auction
  words fix an auction when a date follows and query auctions otherwise.
* SEIZE: `SEIZE <tags> <kind> [note]`, `SEIZE <kind> [note]`, and `SEIZE <kind> <tags> [note]`
  (after the kind, 10 or more digits are read as tags, so that an owner is never left
  unalerted because the keeper typed the kind first; fewer are the note: `SEIZE cow 2 calves`);
  `no tag`/`untagged` before the kind is an untagged seizure; `SEIZE 3 cows` is `bad_tag`.
* RELEASE: `PROTEST` (or `under protest`, `વિરોધ`, `विरोध`) anywhere after RELEASE sets
  `protest`; words after the tag are the note.
* Commands that take no argument (HELP, STOP, START, MY, LIST) ignore words after them.
* A message in a language's own name alone (`ગુજરાતી`, `Hindi`, `English`) is LANG; the
  two-letter codes are not, so that a greeting "Hi" is not read as "switch to Hindi".
* Texts over 1,000 characters are `too_long`, except NOTICE, whose body is returned whole (the
  handler limits it) and as typed, Gujarati digits included; only control characters go.
* Notes, places and village codes come back with ASCII digits; tags always do.
"""
from __future__ import annotations

import calendar
import logging
import re
import unicodedata
from dataclasses import dataclass

from models.law import KINDS  # the canonical English kinds, in the Act's order

_log = logging.getLogger(__name__)

# ------------------------------------------------------------------------ the word tables
# Every keyword a sender may start a message with, in English, Gujarati and Hindi. Matching
# ignores case, nukta, chandrabindu-vs-anusvara and doubled Latin letters (see `_key`).
COMMAND_WORDS: dict[str, str] = {
    # anyone
    "find": "find", "tag": "find", "search": "find",
    "શોધ": "find", "શોધો": "find", "ટેગ": "find",
    "खोज": "find", "खोजो": "find", "खोजें": "find", "टैग": "find",
    "fees": "fees", "fee": "fees", "dues": "fees",
    "ફી": "fees", "શુલ્ક": "fees",
    "शुल्क": "fees", "फीस": "fees",
    "auctions": "auctions",
    "લીલામ": "auctions", "હરાજી": "auctions",
    "नीलामी": "auctions", "नीलाम": "auctions",
    "help": "help", "menu": "help",
    "મદદ": "help",
    "मदद": "help", "सहायता": "help",
    "lang": "lang", "language": "lang",
    "ભાષા": "lang",
    "भाषा": "lang",
    "stop": "stop", "stopall": "stop", "unsubscribe": "stop",
    "બંધ": "stop",
    "बंद": "stop",
    "start": "start", "unstop": "start",
    "ચાલુ": "start",
    "चालू": "start", "शुरू": "start",
    # owner
    "my": "my", "mine": "my",
    "મારા": "my",
    "मेरे": "my",
    # keeper
    "seize": "seize", "seized": "seize", "sieze": "seize", "siezed": "seize",
    "જપ્ત": "seize",
    "जब्त": "seize", "ज़ब्त": "seize",
    "release": "release", "released": "release",
    "sold": "sold", "sale": "sold",
    "list": "list",
    "યાદી": "list",
    "सूची": "list",
    # official
    "notice": "notice",
    "સૂચના": "notice",
    "सूचना": "notice",
    "auction": "auction",
}

# Local words for "auction": with a date they fix one (AUCTION), without they ask (AUCTIONS).
LOCAL_AUCTION_WORDS = ("લીલામ", "હરાજી", "नीलामी", "नीलाम")

PROTEST_WORDS = ("protest", "protested", "વિરોધ", "विरोध")

LANGUAGE_WORDS: dict[str, str] = {
    "gu": "gu", "guj": "gu", "gujarati": "gu", "gujrati": "gu",
    "ગુજરાતી": "gu", "ગુજ": "gu", "गुजराती": "gu",
    "hi": "hi", "hin": "hi", "hindi": "hi",
    "हिंदी": "hi", "हिन्दी": "hi", "હિન્દી": "hi", "હિંદી": "hi",
    "en": "en", "eng": "en", "english": "en",
    # Gujarati in Latin letters (issue 15): GSM-7, for handsets without Gujarati script.
    "gul": "gul", "gujlish": "gul", "gujglish": "gul",
    "અંગ્રેજી": "en", "अंग्रेजी": "en", "अंग्रेज़ी": "en", "इंग्लिश": "en", "ઇંગ્લિશ": "en",
}
# Sent alone, these set the language; the short codes ("hi") do not (a greeting is not a command).
LANGUAGE_NAMES = tuple(word for word in LANGUAGE_WORDS if len(word) > 3)

# Each kind in English (with plurals), Gujarati, Hindi and the Latin spellings people type
# (GLOSSARY.md), plus everyday words where the glossary has none (ડુક્કર for pig, mare…).
_KIND_SPELLINGS: dict[str, tuple[str, ...]] = {
    "cow": ("cow", "cows", "ગાય", "ગાયો", "गाय", "गायें", "gay", "gaay", "gai", "gaai"),
    "bull": ("bull", "bulls", "આખલો", "આખલા", "સાંઢ", "सांड", "साँड", "सांड़",
             "aakhlo", "akhlo", "sand", "saand", "sandh"),
    "bullock": ("bullock", "bullocks", "ox", "oxen", "બળદ", "બળદો", "बैल",
                "balad", "bald", "bail", "bael"),
    "calf": ("calf", "calves", "વાછરડું", "વાછરડો", "વાછરડી", "વાછરડા", "बछड़ा", "बछड़ी", "बछिया",
             "vachhdu", "vachharu", "vachhardu", "vacharadu", "bachhda", "bachda", "bachhra"),
    "buffalo": ("buffalo", "buffaloes", "buffalos", "ભેંસ", "ભેંસો", "भैंस", "भैंसें",
                "bhens", "bhains", "bhais", "bhesh", "bhes"),
    "camel": ("camel", "camels", "ઊંટ", "ઉંટ", "ऊँट", "ऊंट", "unt", "oont", "ut", "oot"),
    "horse": ("horse", "horses", "mare", "ઘોડો", "ઘોડી", "ઘોડા", "घोड़ा", "घोड़ी", "घोड़े",
              "ghodo", "ghoda", "ghora", "ghodi", "ghori"),
    "pony": ("pony", "ponies", "ટટ્ટુ", "टट्टू", "टट्टु", "tattu", "tattoo", "tatu"),
    "mule": ("mule", "mules", "ખચ્ચર", "खच्चर", "khachar", "khachchar", "khacchar"),
    "donkey": ("donkey", "donkeys", "ગધેડો", "ગધેડી", "ગધેડા", "गधा", "गधी", "गधे",
               "gadhedo", "gadheda", "gadha", "gadhedi"),
    "pig": ("pig", "pigs", "hog", "hogs", "swine", "ભૂંડ", "ડુક્કર", "सूअर", "सुअर",
            "bhund", "suar", "suvar", "sooar", "dukkar", "bhoond"),
    "sheep": ("sheep", "ઘેટું", "ઘેટા", "ઘેટાં", "ઘેટો", "भेड़", "भेड़ें",
              "ghetu", "gheta", "bhed", "bhedh"),
    "goat": ("goat", "goats", "બકરી", "બકરો", "બકરા", "બકરાં", "बकरी", "बकरा", "बकरे",
             "bakri", "bakari", "bakro", "bakra"),
    "elephant": ("elephant", "elephants", "હાથી", "हाथी", "hathi", "haathi"),
}
assert set(_KIND_SPELLINGS) == set(KINDS)

# Every recognised word -> canonical kind. The USSD menu and the catalogue tests read it.
KIND_WORDS: dict[str, str] = {
    word: kind for kind, words in _KIND_SPELLINGS.items() for word in words
}

# Display names, one per kind and language, for menus and replies that list kinds.
KIND_NAMES: dict[str, dict[str, str]] = {
    kind: {"en": words[0], "gu": next(w for w in words if "\u0a80" <= w[0] <= "\u0aff"),
           "hi": next(w for w in words if "\u0900" <= w[0] <= "\u097f")}
    for kind, words in _KIND_SPELLINGS.items()
}

# Words between tags that mean "and another tag".
_CONJUNCTIONS = ("and", "અને", "और", "tatha", "ane", "aur")
# Words a keeper may put before a tag number ("tag no. 1234", "રસીદ 1000042").
_TAG_PREFIXES = ("tag", "no", "number", "num", "nr", "receipt", "rcpt",
                 "ટેગ", "નં", "નંબર", "પહોંચ", "टैग", "नं", "नंबर", "रसीद")
# Words a keeper may put before the kind of an untagged animal ("SEIZE no tag cow").
_UNTAGGED_WORDS = ("no", "tag", "notag", "untagged", "without",
                   "ટેગ", "વગર", "વિના", "નથી", "टैग", "बिना", "नहीं")
# Words before a buyer's phone ("SOLD 1234… 4500 buyer 98250…").
_PHONE_PREFIXES = ("buyer", "to", "by", "mob", "mobile", "mo", "ph", "phone", "no", "number",
                   "ખરીદનાર", "મોબાઈલ", "खरीदार", "मोबाइल")

# Words before a sale amount ("SOLD 1234… for 4500").
_AMOUNT_PREFIXES = ("for", "at", "amount", "price", "કિંમત", "રકમ", "कीमत", "राशि")

# Limits.
MAX_TEXT_LENGTH = 1000          # characters; a NOTICE body is exempt (the handler limits it)
MAX_AMOUNT_RUPEES = 10 ** 8     # Rs 10 crore: more is a typing error, not a sale
RECEIPT_DIGITS = range(4, 11)   # receipts Dabbo issues are 4-10 digit numbers
TAG_DIGITS = 12                 # INAPH / Pashu Aadhaar
_DETAIL_LENGTH = 40             # an offending word is echoed back at most this long


# ------------------------------------------------------------------------ results
NAMES = ("find", "fees", "auctions", "help", "lang", "stop", "start", "my",
         "seize", "release", "sold", "list", "notice", "auction")
PROBLEM_CODES = ("empty", "unknown_command", "missing_tag", "bad_tag", "missing_kind",
                 "unknown_kind", "missing_amount", "bad_amount", "bad_phone", "bad_date",
                 "bad_time", "bad_language", "missing_text", "too_long")

@dataclass(frozen=True)
class Command:
    """A well-formed command; the handler decides whether this sender may run it."""

    name: str                       # one of NAMES
    tags: tuple[str, ...] = ()      # ASCII digits only: 12-digit INAPH or 4-10 digit receipt
    kind: str | None = None         # canonical English kind (models.law.KINDS)
    note: str | None = None         # SEIZE / RELEASE free text, as typed (digits made ASCII)
    protest: bool = False           # RELEASE … PROTEST (§185(2))
    amount_rupees: int | None = None  # SOLD proceeds, whole rupees
    buyer_phone: str | None = None  # SOLD buyer, as typed (ASCII digits); the handler normalises it
    language: str | None = None     # LANG: "gu" | "hi" | "en" | "gul"
    village_code: str | None = None  # AUCTIONS <code>, uppercased
    text: str | None = None         # NOTICE body: as typed, trimmed, control characters removed
    day: int | None = None
    month: int | None = None
    hour: int | None = None         # AUCTION time, 0-23; None = the village's auction hour
    minute: int | None = None
    place: str | None = None
    year: int | None = None         # AUCTION date's year when the official typed one, else None


@dataclass(frozen=True)
class Problem:
    """Why a text is not a command; `command` names the usage to show in the reply."""

    code: str                       # one of PROBLEM_CODES
    command: str | None = None
    detail: str | None = None       # the offending word, shortened


# ------------------------------------------------------------------------ characters
class _DigitMap(dict):
    """`str.translate` table mapping every Unicode decimal digit (category Nd) to ASCII.

    Built on demand rather than by walking all 1.1 million code points at import.
    """

    def __missing__(self, codepoint: int) -> str:
        value = unicodedata.decimal(chr(codepoint), None)
        if value is None:
            raise LookupError(codepoint)
        self[codepoint] = str(value)
        return self[codepoint]


_DIGITS = _DigitMap()


def normalise_digits(text: str) -> str:
    """Gujarati ૦-૯, Devanagari ०-९ and every other decimal digit -> ASCII 0-9; nothing else changes."""
    return text.translate(_DIGITS)


def _is_letter(ch: str) -> bool:
    # Letters and combining marks: Gujarati and Devanagari vowel signs are marks (Mn/Mc), and a
    # word like "ગાય" must stay one word.
    return unicodedata.category(ch)[0] in "LM"


def _is_digit(ch: str) -> bool:
    return "0" <= ch <= "9"


def _clean(text: str) -> str:
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


def _strip_controls(text: str) -> str:
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


def _key(word: str) -> str:
    """Matching key: case, nukta, chandrabindu and doubled Latin letters ("gaay") don't count."""
    word = unicodedata.normalize("NFC", word).casefold()
    word = "".join(ch for ch in word if unicodedata.category(ch) != "Cf")
    return _REPEATS.sub(r"\1", word.translate(_SCRIPT_FOLD))


def _index(table: dict[str, str]) -> dict[str, str]:
    index: dict[str, str] = {}
    for word, value in table.items():
        key = _key(word)
        assert index.get(key, value) == value, f"{word!r} is ambiguous"
        index[key] = value
    return index


_COMMAND_INDEX = _index(COMMAND_WORDS)
_KIND_INDEX = _index(KIND_WORDS)
_LANGUAGE_INDEX = _index(LANGUAGE_WORDS)
_LANGUAGE_NAME_KEYS = frozenset(_key(word) for word in LANGUAGE_NAMES)
_PROTEST_KEYS = frozenset(_key(word) for word in PROTEST_WORDS)
_LOCAL_AUCTION_KEYS = frozenset(_key(word) for word in LOCAL_AUCTION_WORDS)
_CONJUNCTION_KEYS = frozenset(_key(word) for word in _CONJUNCTIONS)
_TAG_PREFIX_KEYS = frozenset(_key(word) for word in _TAG_PREFIXES)
_UNTAGGED_KEYS = frozenset(_key(word) for word in _UNTAGGED_WORDS)
_PHONE_PREFIX_KEYS = frozenset(_key(word) for word in _PHONE_PREFIXES)
_AMOUNT_PREFIX_KEYS = frozenset(_key(word) for word in _AMOUNT_PREFIXES)


def _strip_edges(word: str) -> str:
    """Drop punctuation around a word ("cow," "(ગાય)") but keep what is inside it."""
    start, end = 0, len(word)
    while start < end and unicodedata.category(word[start])[0] not in "LMN":
        start += 1
    while end > start and unicodedata.category(word[end - 1])[0] not in "LMN":
        end -= 1
    return word[start:end]


def kind_from_word(word: str) -> str | None:
    """The canonical English kind for a word in any script or spelling, or None."""
    if not isinstance(word, str):
        return None
    return _KIND_INDEX.get(_key(_strip_edges(_clean(word)).strip()))


def _detail(word: str | None) -> str | None:
    if word is None:
        return None
    word = word.strip()
    return word[:_DETAIL_LENGTH] if word else None


# ------------------------------------------------------------------------ scanning helpers
def _letter_runs(text: str):
    """(start, end) of every maximal run of letters and marks."""
    i, n = 0, len(text)
    while i < n:
        if _is_letter(text[i]):
            j = i + 1
            while j < n and _is_letter(text[j]):
                j += 1
            yield i, j
            i = j
        else:
            i += 1


def _skip_punctuation(text: str, i: int = 0) -> int:
    """Index of the first letter or digit at or after i (len(text) if none)."""
    while i < len(text) and not (_is_letter(text[i]) or _is_digit(text[i])):
        i += 1
    return i


def _next_word(text: str) -> tuple[str | None, str]:
    """The first word of `text` if it starts (after punctuation) with a letter, and what follows."""
    i = _skip_punctuation(text)
    if i == len(text) or not _is_letter(text[i]):
        return None, text
    j = i
    while j < len(text) and _is_letter(text[j]):
        j += 1
    return text[i:j], text[j:]


def _first_token(text: str) -> str | None:
    """The first whitespace-separated token, without the punctuation around it."""
    for token in text.split():
        token = _strip_edges(token)
        if token:
            return token
    return None


_LEADING_SEPARATORS = re.compile(r"^[\s,;:\-–—.|/]+")


def _trim_note(text: str) -> str | None:
    """Free text after a command's fields, without leading separators; None if nothing is left."""
    text = _LEADING_SEPARATORS.sub("", text).strip()
    return text or None


# ------------------------------------------------------------------------ tags
def _tags_from_groups(groups: list[str]) -> list[str] | None:
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


def _prefix_before_digits(text: str, end: int) -> bool:
    """True when only tag-prefix words stand between position `end` and the next digit."""
    while True:
        i = _skip_punctuation(text, end)
        if i == len(text):
            return False
        if _is_digit(text[i]):
            return True
        j = i
        while j < len(text) and _is_letter(text[j]):
            j += 1
        if _key(text[i:j]) not in _TAG_PREFIX_KEYS:
            return False
        end = j


def _split_tag_region(text: str) -> tuple[str, str]:
    """Split `text` into its leading run of tags and the rest (which starts with a word).

    In the returned region, conjunctions ("and") are replaced by commas and tag prefixes ("no.")
    by spaces, so that the region holds only digits and separators. A prefix counts only when
    digits follow it ("FIND tag" has no tag); one pass, so a long text costs linear time.
    """
    region = list(text)
    seen_digit, last_end = False, 0
    pending = None  # start of the prefix words not yet followed by digits
    for start, end in _letter_runs(text):
        if any(_is_digit(ch) for ch in text[last_end:start]):
            seen_digit, pending = True, None
        last_end = end
        key = _key(text[start:end])
        nxt = _skip_punctuation(text, end)
        digit_next = nxt < len(text) and _is_digit(text[nxt])
        if seen_digit and pending is None and key in _CONJUNCTION_KEYS and digit_next:
            region[start:end] = "," * (end - start)
        elif key in _TAG_PREFIX_KEYS:
            pending = start if pending is None else pending
            region[start:end] = " " * (end - start)
        else:
            cut = start if pending is None else pending
            return "".join(region[:cut]), text[cut:]
    if pending is not None and not any(_is_digit(ch) for ch in text[last_end:]):
        return "".join(region[:pending]), text[pending:]
    return "".join(region), ""


def _tags_from_region(region: str) -> tuple[tuple[str, ...], str | None]:
    """All tags in a region of digits and separators, or the offending digits."""
    tags: list[str] = []
    for item in re.split(r"[,;&\n]", region):
        groups = re.findall(r"[0-9]+", item)
        if not groups:
            continue
        found = _tags_from_groups(groups)
        if found is None:
            return (), "".join(groups)
        tags.extend(found)
    return tuple(tags), None


def _take_tags(text: str, command: str) -> tuple[tuple[str, ...], str, Problem | None]:
    """Leading tags of `text`, the text after them, and a Problem if a tag is malformed."""
    region, rest = _split_tag_region(text)
    tags, bad = _tags_from_region(region)
    if bad is not None:
        return (), rest, Problem("bad_tag", command, _detail(bad))
    return tags, rest, None


def _tag_command(name: str, args: str) -> Command | Problem:
    """FIND / FEES: one or more tags; words after them are ignored."""
    tags, rest, problem = _take_tags(args, name)
    if problem:
        return problem
    if not tags:
        word = _first_token(rest)
        return Problem("bad_tag", name, _detail(word)) if word else Problem("missing_tag", name)
    return Command(name, tags=tags)


# ------------------------------------------------------------------------ commands
def _parse_bare_tag(text: str) -> Command | Problem:
    """A message that starts with a digit: `<tag>` (FIND), or `<tag> FEES`."""
    tags, rest, problem = _take_tags(text, "find")
    if problem:
        return problem
    word, _ = _next_word(rest)
    name = "fees" if word is not None and _COMMAND_INDEX.get(_key(word)) == "fees" else "find"
    return Command(name, tags=tags)


def _parse_seize(args: str) -> Command | Problem:
    tags, rest, problem = _take_tags(args, "seize")
    if problem:
        return problem
    word, after = _next_word(rest)
    while not tags and word is not None and _key(word) in _UNTAGGED_KEYS:
        word, after = _next_word(after)
    if word is None:
        leftover = _first_token(rest)
        if leftover:
            return Problem("unknown_kind", "seize", _detail(leftover))
        return Problem("missing_kind", "seize")
    kind = kind_from_word(word)
    if kind is None:
        return Problem("unknown_kind", "seize", _detail(word))
    note = _trim_note(after)
    if not tags and note and _is_digit(note[0]):
        # "SEIZE cow 123456789012": the kind typed first. Ten or more digits there are an
        # attempt at an ear tag (read as tags, or bad_tag); fewer are the note ("cow 2 calves").
        region, after = _split_tag_region(note)
        if len(re.sub(r"[^0-9]", "", region)) >= 10:
            tags, bad = _tags_from_region(region)
            if bad is not None:
                return Problem("bad_tag", "seize", _detail(bad))
            note = _trim_note(after)
    return Command("seize", tags=tags, kind=kind, note=note)


def _parse_release(args: str) -> Command | Problem:
    protest = False
    chars = list(args)
    runs = list(_letter_runs(args))
    for index, (start, end) in enumerate(runs):
        if _key(args[start:end]) in _PROTEST_KEYS:
            protest = True
            chars[start:end] = " " * (end - start)
            if index and _key(args[runs[index - 1][0]:runs[index - 1][1]]) == "under":
                before_start, before_end = runs[index - 1]
                if not args[before_end:start].strip():
                    chars[before_start:before_end] = " " * (before_end - before_start)
    args = "".join(chars)
    tags, rest, problem = _take_tags(args, "release")
    if problem:
        return problem
    if not tags:
        word = _first_token(rest)
        if word:
            return Problem("bad_tag", "release", _detail(word))
        return Problem("missing_tag", "release")
    return Command("release", tags=tags, protest=protest, note=_trim_note(rest))


_CURRENCY = r"(?:rs|inr|rupees?|rupaye|rupiya|₹|રૂ|રૂપિયા|रु|रू|रुपये|रुपया)"
_AMOUNT = re.compile(
    rf"""\s*[:,]?\s*
    (?:{_CURRENCY}\s*[.:/-]?\s*)?                   # Rs 4500, Rs.4500, ₹4500, રૂ. 4500
    (?P<number>[0-9]+(?:,[0-9]{{2,3}})*)            # 4500, 4,500, 4,50,000
    (?P<fraction>\.[0-9]+)?                          # 4500.00
    \s*(?:/-|/=|-/|{_CURRENCY}\.?(?:\s*/-)?)?        # 4500/-, 4500 rs
    \.?(?=\s|$)""",
    re.IGNORECASE | re.VERBOSE,
)
_TAG_TOKEN = re.compile(r"[#:]*(?P<digits>[0-9]+(?:[-.][0-9]+)*)[.,;:]*")
_PHONE = re.compile(r"\+?[0-9()\-. /]+")


def _sold_tag(args: str) -> tuple[str | None, int, Problem | None]:
    """SOLD's tag: the first whitespace-separated digit groups that join to exactly 12 digits,
    else the first group if it is a receipt. Returns (tag, end offset in args, problem)."""
    lead_word, after_word = _next_word(args)
    offset = 0
    if lead_word is not None and _key(lead_word) in _TAG_PREFIX_KEYS:
        if _prefix_before_digits(args, len(args) - len(after_word)):
            offset = len(args) - len(after_word)
    tokens = [(m.group(), m.start(), m.end()) for m in re.finditer(r"\S+", args[offset:])]
    tokens = [(t, offset + s, offset + e) for t, s, e in tokens if _strip_edges(t)]
    if not tokens:
        return None, 0, Problem("missing_tag", "sold")
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
    first = groups[0][0] if groups else _strip_edges(tokens[0][0]) or tokens[0][0]
    return None, 0, Problem("bad_tag", "sold", _detail(first))


def _parse_amount(text: str) -> tuple[int | None, str, Problem | None]:
    """Whole rupees at the start of `text`, and the text after them."""
    word, after = _next_word(text)
    if word is not None and _key(word) in _AMOUNT_PREFIX_KEYS:  # "SOLD 1234… for Rs 4500"
        text = after
    if not text.strip():
        return None, text, Problem("missing_amount", "sold")
    match = _AMOUNT.match(text)
    if not match or (match.group("fraction") and match.group("fraction").strip(".0")):
        return None, text, Problem("bad_amount", "sold", _detail(_first_token(text) or text))
    rupees = int(match.group("number").replace(",", ""))
    if not 0 < rupees <= MAX_AMOUNT_RUPEES:
        return None, text, Problem("bad_amount", "sold", _detail(match.group("number")))
    return rupees, text[match.end():], None


def _parse_phone(text: str) -> tuple[str | None, Problem | None]:
    """The buyer's phone: everything left, shaped like a phone number (8-15 digits)."""
    text = text.strip().lstrip(",;:").strip()
    word, after = _next_word(text)
    while word is not None and _key(word) in _PHONE_PREFIX_KEYS:
        text = after.strip().lstrip(",;:.-").strip()
        word, after = _next_word(text)
    text = text.rstrip(".,;")
    if not text:
        return None, None
    digits = re.sub(r"[^0-9]", "", text)
    if not _PHONE.fullmatch(text) or not 8 <= len(digits) <= 15:
        return None, Problem("bad_phone", "sold", _detail(text))
    return text, None


def _parse_sold(args: str) -> Command | Problem:
    tag, end, problem = _sold_tag(args)
    if problem:
        return problem
    amount, rest, problem = _parse_amount(args[end:])
    if problem:
        return problem
    phone, problem = _parse_phone(rest)
    if problem:
        return problem
    return Command("sold", tags=(tag,), amount_rupees=amount, buyer_phone=phone)


def _parse_lang(args: str) -> Command | Problem:
    word = _first_token(args)
    if word is None:
        return Problem("bad_language", "lang")
    language = _LANGUAGE_INDEX.get(_key(word))
    if language is None:
        return Problem("bad_language", "lang", _detail(word))
    return Command("lang", language=language)


def _parse_auctions(args: str) -> Command:
    code = _first_token(args)
    return Command("auctions", village_code=code.upper() if code else None)


# ---- AUCTION <date> [time] [place]
_MONTHS = {
    name: number
    for number in range(1, 13)
    for name in (calendar.month_name[number].lower(), calendar.month_abbr[number].lower())
}
_MONTHS["sept"] = 9
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
_BEFORE_TIME = ("at", "time", "samay", "સમય", "समय")
_MORNING = ("savare", "subah", "સવારે", "सुबह", "morning")
_LATER = ("bapore", "sanje", "ratre", "dopahar", "sham", "raat",
          "બપોરે", "સાંજે", "રાત્રે", "दोपहर", "शाम", "रात", "evening", "night", "afternoon")
_AFTER_TIME = ("am", "pm", "hrs", "hr", "baje", "vagye", "vage", "oclock", "o'clock",
               "વાગ્યે", "વાગે", "बजे")
_BEFORE_DATE = ("on", "date", "dt", "તા", "તારીખ", "ता", "तारीख", "dinank", "दिनांक")
_BEFORE_DATE_KEYS = frozenset(_key(w) for w in _BEFORE_DATE)
_BEFORE_TIME_KEYS = frozenset(_key(w) for w in _BEFORE_TIME)
_MORNING_KEYS = frozenset(_key(w) for w in _MORNING)
_LATER_KEYS = frozenset(_key(w) for w in _LATER)
_AFTER_TIME_KEYS = frozenset(_key(w) for w in _AFTER_TIME)
_DAYS_IN_MONTH = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)  # 29 Feb: the year decides


def _match_date(text: str) -> tuple[tuple[int, int, int | None] | None, int] | None:
    """((day, month, year or None) or None if impossible, end offset), or None if no date shape."""
    match = _NUMERIC_DATE.match(text)
    if match:
        month = int(match.group("month"))
    else:
        match = _NAMED_DATE.match(text)
        if not match or match.group("month").lower() not in _MONTHS:
            return None
        month = _MONTHS[match.group("month").lower()]
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


def _parse_time(text: str) -> tuple[tuple[int, int] | None, int, Problem | None]:
    """An optional time at the start of `text`: ((hour, minute) or None, end offset, problem)."""
    # Punctuation alone ("15-06, 11:00, Chora") is no token; brackets around a time are dropped.
    tokens = [(t.strip("()[],;"), start, end) for t, start, end in _tokens(text) if _strip_edges(t)]
    i, daypart, end = 0, None, 0

    def key(index: int) -> str:
        return _key(_strip_edges(tokens[index][0])) if index < len(tokens) else ""

    if key(i) in _BEFORE_TIME_KEYS and i + 1 < len(tokens) and (
            tokens[i + 1][0][:1].isdigit() or key(i + 1) in _MORNING_KEYS | _LATER_KEYS):
        i += 1
    if key(i) in _MORNING_KEYS | _LATER_KEYS:
        daypart = "am" if key(i) in _MORNING_KEYS else "pm"
        i += 1
    if i >= len(tokens) or not _is_digit(tokens[i][0].lstrip("@")[:1]):
        if daypart:
            return None, 0, Problem("bad_time", "auction", _detail(tokens[i - 1][0]))
        return None, 0, None
    token = tokens[i][0]
    match = _TIME.fullmatch(token)
    if not match:
        return None, 0, Problem("bad_time", "auction", _detail(token))
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
            return None, 0, Problem("bad_time", "auction", _detail(token))
        hour = hour % 12 + (12 if suffix == "pm" else 0)
    elif daypart == "pm" and 1 <= hour <= 11:
        hour += 12
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        return None, 0, Problem("bad_time", "auction", _detail(token))
    return (hour, minute), end, None


def _parse_auction(args: str, local_word: bool = False) -> Command | Problem:
    """AUCTION <dd-mm> [hh:mm] [place]; without a date, the AUCTIONS query (see module doc)."""
    if not args.strip():
        return Command("auctions")
    word, after = _next_word(args)
    if word is not None and _key(word) in _BEFORE_DATE_KEYS:  # "AUCTION on 15-06", "તા. 15-06"
        args = after
    found = _match_date(args)
    if found is None:
        if local_word:
            return _parse_auctions(args)
        return Problem("bad_date", "auction", _detail(_first_token(args) or args))
    date, end = found
    if date is None:
        return Problem("bad_date", "auction", _detail(args[:end].strip(" :,-")))
    day, month, year = date
    rest = args[end:]
    time, time_end, problem = _parse_time(rest)
    if problem:
        return problem
    rest = rest[time_end:]
    word, after = _next_word(rest)
    if word is not None and _key(word) in _BEFORE_TIME_KEYS:  # "… 11:00 at Panchayat ghar"
        rest = after
    hour, minute = time if time else (None, None)
    return Command("auction", day=day, month=month, year=year, hour=hour, minute=minute,
                   place=_trim_note(rest))


def _parse_notice(original: str) -> Command | Problem:
    """NOTICE <text>: the body exactly as typed after the keyword (trimmed, controls removed)."""
    text = _strip_controls(original)
    i = 0
    while i < len(text) and not _is_letter(text[i]):
        i += 1
    while i < len(text) and (_is_letter(text[i]) or unicodedata.category(text[i]) == "Cf"):
        i += 1
    body = _LEADING_SEPARATORS.sub("", text[i:]).strip()
    if not any(unicodedata.category(ch)[0] in "LMN" for ch in body):
        return Problem("missing_text", "notice")
    return Command("notice", text=body)


# ------------------------------------------------------------------------ entry point
def _head(clean: str) -> tuple[str | None, str]:
    """The leading keyword (letters only, so `find#123` and `FEES1234` split) and the rest.

    Returns ("", rest) when the text starts with a digit (a bare tag), (None, "") when it has
    no letter or digit at all.
    """
    i = _skip_punctuation(clean)
    if i == len(clean):
        return None, ""
    if _is_digit(clean[i]):
        return "", clean[i:]
    j = i
    while j < len(clean) and _is_letter(clean[j]):
        j += 1
    return clean[i:j], clean[j:]


def _coerce(text: object) -> str | None:
    if isinstance(text, str):
        return text
    if isinstance(text, (bytes, bytearray)):
        return bytes(text).decode("utf-8", errors="replace")
    return None


def _parse(text: object) -> Command | Problem:
    raw = _coerce(text)
    if raw is None:
        return Problem("empty")
    # The keyword alone decides whether the length limit applies, so look at the start only.
    word, _ = _head(_clean(raw[:200]))
    name = _COMMAND_INDEX.get(_key(word)) if word else None
    if name == "notice":
        return _parse_notice(raw)
    if len(raw.strip()) > MAX_TEXT_LENGTH:
        return Problem("too_long", name)

    clean = _clean(raw).strip()
    if not clean:
        return Problem("empty")
    word, args = _head(clean)
    if word is None:
        return Command("help") if "?" in clean else Problem("unknown_command", None, _detail(clean))
    if word == "":
        return _parse_bare_tag(args)
    key = _key(word)
    name = _COMMAND_INDEX.get(key)
    if name in ("find", "fees"):
        return _tag_command(name, args)
    if name == "auctions":
        if key in _LOCAL_AUCTION_KEYS:
            return _parse_auction(args, local_word=True)
        return _parse_auctions(args)
    if name == "auction":
        return _parse_auction(args)
    if name in ("help", "stop", "start", "my", "list"):
        return Command(name)
    if name == "lang":
        return _parse_lang(args)
    if name == "seize":
        return _parse_seize(args)
    if name == "release":
        return _parse_release(args)
    if name == "sold":
        return _parse_sold(args)
    if key in _LANGUAGE_NAME_KEYS and not args.strip(" .!"):
        return Command("lang", language=_LANGUAGE_INDEX[key])
    return Problem("unknown_command", None, _detail(_first_token(clean) or word))


def parse(text: str) -> Command | Problem:
    """Parse one inbound SMS. Never raises: any input gives a Command or a Problem.

    The grammar is checked by property tests on `_parse` (which has no safety net, so that a
    bug shows there); this wrapper is the safety net for production, where an exception would
    turn into silence for the sender.
    """
    try:
        return _parse(text)
    except Exception:  # the fuzz tests keep this unreachable; if not, log it and answer
        shown = text[:200] if isinstance(text, (str, bytes)) else type(text)
        _log.exception("SMS parser failed on %r", shown)
        return Problem("unknown_command")
