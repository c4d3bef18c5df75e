"""Text for the ear: numbers in a written message turned into the words a person says.

A text-to-speech voice reads "123456789012" as a hundred and twenty-three billion, "Rs 590"
as "R S five ninety", "07-12" as a subtraction. An owner on the phone needs the tag as he
would read it off the ear tag, four digits at a time, the rupees as a sum of money, a date
with its month. So before any message is spoken:

* a tag or receipt number (4 digits or more) is read digit by digit, in groups of four;
* money (the catalogue's `money` form, "Rs 590") becomes "five hundred and ninety rupees";
* a date `dd-mm[-yyyy]` becomes "7 December", a time `hh:mm` "11 o'clock", and a time as
  people write it after its period word ("સાંજે 4", "सुबह 8:44") is said with its o'clock
  ("સાંજે ચાર વાગ્યે");
* a section written "s.14" (the 1871 Act's screens) becomes "section fourteen";
* any other number is said as a number.

In Gujarati, Hindi and English, with AI4Bharat's `indic_numtowords` for the number words.
Pure: no I/O.
"""
from __future__ import annotations

import re
from functools import lru_cache

from indic_numtowords import num2words

from handlers.catalogue import CATALOGUES, language_or_default, t

TAG_GROUP = 4


def number_words(number: int, language: str) -> str:
    return num2words(number, lang=language_or_default(language))


def digit_words(digits: str, language: str) -> str:
    """"345678901234" -> "three four five six, seven eight nine zero, one two three four"."""
    groups = [digits[i:i + TAG_GROUP] for i in range(0, len(digits), TAG_GROUP)]
    return ", ".join(num2words(group, lang=language_or_default(language), split=True) for group in groups)


def _period_words(language: str) -> list[str]:
    """The words said before the hour in `language` ("સવારે", "शाम"; none in English, "4pm"):
    the `time.*` entries written as `<word> {h}`."""
    entries = (CATALOGUES[language][f"time.{period}"] for period in ("morning", "afternoon", "evening", "night"))
    return [entry[:-len("{h}")].strip() for entry in entries if entry.endswith("{h}") and entry != "{h}"]


@lru_cache(maxsize=None)
def _pattern(language: str) -> re.Pattern:
    prefix, _, suffix = CATALOGUES[language]["money"].partition("{rupees}")
    periods = "|".join(re.escape(word) for word in _period_words(language))
    said_time = rf"(?P<said>(?P<period>{periods}) (?P<shour>\d{{1,2}})(?::(?P<sminute>\d{{2}}))?(?!\d))|" \
        if periods else ""
    return re.compile(
        said_time +
        rf"(?P<money>{re.escape(prefix.strip())}\s?(?P<rupees>\d{{1,3}}(?:,\d{{2,3}})+|\d+){re.escape(suffix)})"
        r"|(?P<section>\bs\.(?P<section_number>\d{1,3})\b)"
        r"|(?P<date>\b(?P<day>\d{2})-(?P<month>\d{2})(?:-(?P<year>\d{4}))?\b)"
        r"|(?P<time>\b(?P<hour>\d{1,2}):(?P<minute>\d{2})\b)"
        r"|(?P<grouped>\b\d{1,3}(?:,\d{2,3})+\b)"   # a sum written 1,25,000 (catalogue.grouped)
        r"|(?P<long>\d{4,})"
        r"|(?P<number>\d{1,3})(?P<glued>[^\W\d_]+)?"   # "4pm", "11am": "four pm"
    )


def number_pattern(language: str) -> re.Pattern:
    """What `spoken` turns into words: money, a date, a time, a tag (4 digits or more), a number."""
    return _pattern(language_or_default(language))


def spoken(text: str, language: str) -> str:
    """`text` with every number in the words a person says (see the module's docstring)."""
    language = language_or_default(language)

    def clock(hour: int, minute: int) -> str:
        if minute == 0:
            return t(language, "voice.at_hour", hour=number_words(hour, language))
        return t(language, "voice.at_time", hour=number_words(hour, language), minute=number_words(minute, language))

    def say(match: re.Match) -> str:
        if match.groupdict().get("said"):   # "સાંજે 4" -> "સાંજે ચાર વાગ્યે", as a time is said (WORDING.md, section 3, rule 14)
            return match["period"] + " " + clock(int(match["shour"]), int(match["sminute"] or 0))
        if match["money"]:
            return t(language, "voice.rupees", amount=number_words(int(match["rupees"].replace(",", "")), language))
        if match["section"]:
            return t(language, "voice.section", number=number_words(int(match["section_number"]), language))
        if match["grouped"]:
            return number_words(int(match["grouped"].replace(",", "")), language)
        if match["date"]:
            month = int(match["month"])
            if not 1 <= month <= 12:
                return digit_words(match["day"] + match["month"], language)
            words = t(language, "voice.date", day=number_words(int(match["day"]), language),
                      month=t(language, "voice.months").split(",")[month - 1])
            return words + (" " + number_words(int(match["year"]), language) if match["year"] else "")
        if match["time"]:
            return clock(int(match["hour"]), int(match["minute"]))
        if match["long"]:
            return digit_words(match["long"], language)
        words = number_words(int(match["number"]), language)
        return f"{words} {match['glued']}" if match["glued"] else words

    return _pattern(language).sub(say, text)
