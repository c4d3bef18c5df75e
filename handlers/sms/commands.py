"""One inbound SMS text -> one `Command` or one `Problem` (SPEC §4).

Why it is written this way: the people who text Dabbo use ₹1,000 phones with T9 keyboards,
Gujarati or Hindi keypads, and predictive text. They type `Fees: 1234-5678-9012.`,
`find#123456789012`, `SEIZE 1234 5678 9012 ગાય` or a tag in Gujarati digits, and every one of
them must get an answer. So the parser is forgiving about form (case, spacing, punctuation,
script) and strict about meaning (a tag is 12 digits or a 4-10 digit receipt, a date exists, an
amount is whole rupees). It never raises: whatever arrives, the caller gets a `Command` to act on
or a `Problem` whose `code` and `command` choose a helpful reply in the sender's language.

Pure: no database, no clock (the handler resolves the year of an `AUCTION` date), no I/O.

Grammar decisions (each pinned by a test in tests/sms/test_commands.py):

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
* POLICE <tag> (`પોલીસ`, `पुलिस`): the keeper's report to the police (1871 s.14), as FIND reads tags.
* Commands that take no argument (HELP, STOP, START, MY, LIST) ignore words after them.
* A message in a language's own name alone (`ગુજરાતી`, `Hindi`, `English`) is LANG; the
  two-letter codes are not, so that a greeting "Hi" is not read as "switch to Hindi".
* Texts over 1,000 characters are `too_long`, except NOTICE, whose body is returned whole (the
  handler limits it) and as typed, Gujarati digits included; only control characters go.
* Notes, places and village codes come back with ASCII digits; tags always do.
"""
from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass

from handlers.catalogue.vocabulary import (BEFORE_DATE, BEFORE_PROTEST, BY_WORDS, COMMAND_WORDS, KIND_WORDS,
                                           LANGUAGE_NAMES, LANGUAGE_WORDS, LOCAL_AUCTION_WORDS,
                                           PROTEST_WORDS, REFUSED_WORDS, UNTAGGED_WORDS)
from handlers.sms.fields import (BEFORE_TIME_KEYS, Bad, match_date, read_amount, read_phone, read_seize_place,
                                 read_sold_tag, read_time)
from models.queries import TAG_DIGITS
from handlers.sms.scanner import (LEADING_SEPARATORS, clean, detail, first_token, is_digit, is_letter,
                              leading_word, letter_runs, match_key, match_keys, next_word, split_tag_region,
                              strip_controls, strip_edges, tags_from_region, trim_note, word_index)

__all__ = ["COMMAND_WORDS", "KIND_WORDS", "LANGUAGE_WORDS", "MAX_TEXT_LENGTH", "NAMES", "PROBLEM_CODES",
           "Command", "Problem", "kind_from_word", "parse"]

_log = logging.getLogger(__name__)

# The words are the catalogue's (handlers/catalogue/vocabulary.py); these are their matching keys.
_COMMAND_INDEX = word_index(COMMAND_WORDS)
_KIND_INDEX = word_index(KIND_WORDS)
_LANGUAGE_INDEX = word_index(LANGUAGE_WORDS)
_LANGUAGE_NAME_KEYS = match_keys(LANGUAGE_NAMES)
_PROTEST_KEYS = match_keys(PROTEST_WORDS)
_REFUSED_KEYS = match_keys(REFUSED_WORDS)
_BEFORE_PROTEST_KEYS = match_keys(BEFORE_PROTEST)
_LOCAL_AUCTION_KEYS = match_keys(LOCAL_AUCTION_WORDS)
_UNTAGGED_KEYS = match_keys(UNTAGGED_WORDS)
_BEFORE_DATE_KEYS = match_keys(BEFORE_DATE)
_BY_KEYS = match_keys(BY_WORDS)

MAX_TEXT_LENGTH = 1000          # characters; a NOTICE body is exempt (the handler limits it)


# ------------------------------------------------------------------------ results
NAMES = ("find", "fees", "auctions", "help", "lang", "stop", "start", "my",
         "seize", "release", "sold", "list", "notice", "auction", "rates", "police")
PROBLEM_CODES = ("empty", "unknown_command", "missing_tag", "bad_tag", "missing_kind",
                 "unknown_kind", "missing_amount", "bad_amount", "bad_phone", "bad_date",
                 "bad_time", "bad_language", "missing_text", "too_long", "bad_seizer_phone", "seize_not_a_tag")

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
    refused: bool = False           # SOLD … REFUSED (§185(4))
    language: str | None = None     # LANG: "gu" | "hi" | "en" | "gul"
    village_code: str | None = None  # AUCTIONS <code>, uppercased
    text: str | None = None         # NOTICE body: as typed, trimmed, control characters removed
    day: int | None = None
    month: int | None = None
    hour: int | None = None         # AUCTION time, 0-23; None = the village's auction hour
    minute: int | None = None
    place: str | None = None
    year: int | None = None         # AUCTION date's year when the official typed one, else None
    seizer_phone: str | None = None  # SEIZE … BY <phone>: who brought the animal (§184(1)), as typed


@dataclass(frozen=True)
class Problem:
    """Why a text is not a command; `command` names the usage to show in the reply."""

    code: str                       # one of PROBLEM_CODES
    command: str | None = None
    detail: str | None = None       # the offending word, shortened


def _problem(bad: Bad, command: str) -> Problem:
    return Problem(bad.code, command, detail(bad.word))


# ------------------------------------------------------------------------ words and tags
def kind_from_word(word: str) -> str | None:
    """The canonical English kind for a word in any script or spelling, or None."""
    if not isinstance(word, str):
        return None
    return _KIND_INDEX.get(match_key(strip_edges(clean(word)).strip()))


def _take_tags(text: str, command: str) -> tuple[tuple[str, ...], str, Problem | None]:
    """Leading tags of `text`, the text after them, and a Problem if a tag is malformed."""
    region, rest = split_tag_region(text)
    tags, bad = tags_from_region(region)
    if bad is not None:
        return (), rest, Problem("bad_tag", command, detail(bad))
    return tags, rest, None


def _tag_command(name: str, args: str) -> Command | Problem:
    """FIND / FEES / POLICE: one or more tags; words after them are ignored."""
    tags, rest, problem = _take_tags(args, name)
    if problem:
        return problem
    if not tags:
        word = first_token(rest)
        return Problem("bad_tag", name, detail(word)) if word else Problem("missing_tag", name)
    return Command(name, tags=tags)


# ------------------------------------------------------------------------ commands
def _parse_bare_tag(text: str) -> Command | Problem:
    """A message that starts with a digit: `<tag>` (FIND), or `<tag> FEES`."""
    tags, rest, problem = _take_tags(text, "find")
    if problem:
        return problem
    word, _ = next_word(rest)
    name = "fees" if word is not None and _COMMAND_INDEX.get(match_key(word)) == "fees" else "find"
    return Command(name, tags=tags)


def _parse_seize(args: str) -> Command | Problem:
    tags, rest, problem = _take_tags(args, "seize")
    if problem:
        return problem
    word, after = next_word(rest)
    while not tags and word is not None and match_key(word) in _UNTAGGED_KEYS:
        word, after = next_word(after)
    if word is None:
        leftover = first_token(rest)
        return Problem("unknown_kind", "seize", detail(leftover)) if leftover else Problem("missing_kind", "seize")
    kind = kind_from_word(word)
    if kind is None:
        return Problem("unknown_kind", "seize", detail(word))
    note = trim_note(after)
    if not tags and note and is_digit(note[0]):
        # "SEIZE cow 123456789012": the kind typed first. Ten or more digits there are an
        # attempt at an ear tag (read as tags, or bad_tag); fewer are the note ("cow 2 calves").
        region, after = split_tag_region(note)
        if len(re.sub(r"[^0-9]", "", region)) >= 10:
            tags, bad = tags_from_region(region)
            if bad is not None:
                return Problem("bad_tag", "seize", detail(bad))
            note = trim_note(after)
    if not_tags := [tag for tag in tags if len(tag) != TAG_DIGITS]:   # receipts are Dabbo's to issue
        return Problem("seize_not_a_tag", "seize", detail(not_tags[0]))
    seizer_phone, note, problem = _seizer(note)   # BY first; or after the place: AT <place> BY <phone>
    place, note, after_place = read_seize_place(note, _BY_KEYS)
    if after_place and seizer_phone is None and not problem:
        seizer_phone, after_place, problem = _seizer(after_place)
    if problem:
        return problem
    note = trim_note(" ".join(part for part in (note, after_place) if part)) if after_place else note
    return Command("seize", tags=tags, kind=kind, note=note, seizer_phone=seizer_phone, place=place)


_PHONE_TOKEN = re.compile(r"\+?[0-9()\-.]+")


def _seizer(note: str | None) -> tuple[str | None, str | None, Problem | None]:
    """A note that starts with BY and a digit: the phone after it (8-15
    digits, spaces allowed inside: `+91 98250 00009`) and the note left. Digits
    after BY that are not a phone are `bad_seizer_phone`, never taken as the
    note (the seizer must get the copy r.3 promises, or the keeper must hear
    that he will not); BY and words (`by the well`) is an ordinary note."""
    word, after = next_word(note or "")
    tokens = after.split()
    if word is None or match_key(word) not in _BY_KEYS or not tokens or not re.search(r"[0-9]", tokens[0]):
        return None, note, None
    taken, digits = [], ""
    for token in tokens:
        if not _PHONE_TOKEN.fullmatch(token) or len(digits + re.sub(r"[^0-9]", "", token)) > 15:
            break
        taken.append(token)
        digits += re.sub(r"[^0-9]", "", token)
    if not 8 <= len(digits) <= 15:
        return None, None, Problem("bad_seizer_phone", "seize", detail(tokens[0] if tokens else word))
    return " ".join(taken), trim_note(" ".join(tokens[len(taken):])), None


def _parse_release(args: str) -> Command | Problem:
    protest = False
    chars = list(args)
    runs = list(letter_runs(args))
    for index, (start, end) in enumerate(runs):
        if match_key(args[start:end]) in _PROTEST_KEYS:
            protest = True
            chars[start:end] = " " * (end - start)
            if index and match_key(args[runs[index - 1][0]:runs[index - 1][1]]) in _BEFORE_PROTEST_KEYS:
                before_start, before_end = runs[index - 1]
                if not args[before_end:start].strip():
                    chars[before_start:before_end] = " " * (before_end - before_start)
    args = "".join(chars)
    tags, rest, problem = _take_tags(args, "release")
    if problem:
        return problem
    if not tags:
        word = first_token(rest)
        if word:
            return Problem("bad_tag", "release", detail(word))
        return Problem("missing_tag", "release")
    return Command("release", tags=tags, protest=protest, note=trim_note(rest))


def _parse_sold(args: str) -> Command | Problem:
    tag, end, bad = read_sold_tag(args)
    if bad:
        return _problem(bad, "sold")
    amount, rest, bad = read_amount(args[end:])
    if bad:
        return _problem(bad, "sold")
    refusals = [(start, stop) for start, stop in letter_runs(rest) if match_key(rest[start:stop]) in _REFUSED_KEYS]
    for start, stop in refusals:  # SOLD … REFUSED (§185(4)): the word, wherever it is, is not the phone
        rest = rest[:start] + " " * (stop - start) + rest[stop:]
    phone, bad = read_phone(rest)
    if bad:
        return _problem(bad, "sold")
    return Command("sold", tags=(tag,), amount_rupees=amount, buyer_phone=phone, refused=bool(refusals))


def _parse_lang(args: str) -> Command | Problem:
    word = first_token(args)
    if word is None:
        return Problem("bad_language", "lang")
    language = _LANGUAGE_INDEX.get(match_key(word))
    if language is None:
        return Problem("bad_language", "lang", detail(word))
    return Command("lang", language=language)


def _parse_auctions(args: str) -> Command:
    code = first_token(args)
    return Command("auctions", village_code=code.upper() if code else None)


def _parse_auction(args: str, local_word: bool = False) -> Command | Problem:
    """AUCTION <dd-mm> [hh:mm] [place]; without a date, the AUCTIONS query (see module doc)."""
    if not args.strip():
        return Command("auctions")
    word, after = next_word(args)
    if word is not None and match_key(word) in _BEFORE_DATE_KEYS:  # "AUCTION on 15-06", "તા. 15-06"
        args = after
    found = match_date(args)
    if found is None:
        if local_word:
            return _parse_auctions(args)
        return Problem("bad_date", "auction", detail(first_token(args) or args))
    date, end = found
    if date is None:
        return Problem("bad_date", "auction", detail(args[:end].strip(" :,-")))
    day, month, year = date
    rest = args[end:]
    time, time_end, bad = read_time(rest)
    if bad:
        return _problem(bad, "auction")
    rest = rest[time_end:]
    word, after = next_word(rest)
    if word is not None and match_key(word) in BEFORE_TIME_KEYS:  # "… 11:00 at Panchayat ghar"
        rest = after
    hour, minute = time if time else (None, None)
    return Command("auction", day=day, month=month, year=year, hour=hour, minute=minute,
                   place=trim_note(rest))


def _parse_notice(original: str) -> Command | Problem:
    """NOTICE <text>: the body exactly as typed after the keyword (trimmed, controls removed)."""
    text = strip_controls(original)
    i = 0
    while i < len(text) and not is_letter(text[i]):
        i += 1
    while i < len(text) and (is_letter(text[i]) or unicodedata.category(text[i]) == "Cf"):
        i += 1
    body = LEADING_SEPARATORS.sub("", text[i:]).strip()
    if not any(unicodedata.category(ch)[0] in "LMN" for ch in body):
        return Problem("missing_text", "notice")
    return Command("notice", text=body)


# ------------------------------------------------------------------------ entry point
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
    word, _ = leading_word(clean(raw[:200]))
    name = _COMMAND_INDEX.get(match_key(word)) if word else None
    if name == "notice":
        return _parse_notice(raw)
    if len(raw.strip()) > MAX_TEXT_LENGTH:
        return Problem("too_long", name)

    cleaned = clean(raw).strip()
    if not cleaned:
        return Problem("empty")
    word, args = leading_word(cleaned)
    if word is None:
        return Command("help") if "?" in cleaned else Problem("unknown_command", None, detail(cleaned))
    if word == "":
        return _parse_bare_tag(args)
    key = match_key(word)
    name = _COMMAND_INDEX.get(key)
    if name in ("find", "fees", "police"):
        return _tag_command(name, args)
    if name == "auctions":
        if key in _LOCAL_AUCTION_KEYS:
            return _parse_auction(args, local_word=True)
        return _parse_auctions(args)
    if name == "auction":
        return _parse_auction(args)
    if name == "rates":
        return Command("rates", village_code=_parse_auctions(args).village_code)
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
    return Problem("unknown_command", None, detail(first_token(cleaned) or word))


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
