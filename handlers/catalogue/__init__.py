"""Every word Dabbo says to a person, one catalogue per language.

`gu.py`, `hi.py` and `en.py` each hold `MESSAGES`, a dict from a key to a
str.format template; the three must have exactly the same keys (a test checks
it). English stays inside the GSM 7-bit alphabet: "Rs", never the rupee sign,
and no curly quotes, because one such character turns an SMS into UCS-2 and
halves its length.
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from handlers.catalogue import en, gu, hi
from models.law import whole_rupees

LANGUAGES = ("gu", "hi", "en")
DEFAULT_LANGUAGE = "gu"
CATALOGUES = {"gu": gu.MESSAGES, "hi": hi.MESSAGES, "en": en.MESSAGES}


def language_or_default(language: str | None) -> str:
    return language if language in CATALOGUES else DEFAULT_LANGUAGE


def t(language: str | None, key: str, **values) -> str:
    """The message `key` in `language`, filled with `values`."""
    return CATALOGUES[language_or_default(language)][key].format(**values)


def money(language: str | None, paise: int) -> str:
    """Whole rupees, rounded up so that paying what is shown always covers it."""
    return t(language, "money", rupees=whole_rupees(paise))


def kind_name(language: str | None, kind: str) -> str:
    return t(language, f"kind.{kind}")


def when(moment: datetime, tz: str) -> str:
    """A local date and time as a basic phone shows it: 07-12 11:00."""
    return moment.astimezone(ZoneInfo(tz)).strftime("%d-%m %H:%M")


def day(value: date) -> str:
    """A date with its year, for deadlines: 10-12-2026."""
    return value.strftime("%d-%m-%Y")
