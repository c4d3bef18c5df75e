"""A refusal (`handlers.errors.Refused`) said in the reader's words, for a page,
a form or an admin-API `message`.

The refusal's `message` is English for the log and the API's machine-readable
`error`; a person reads the sentence of its code instead: the SMS sentence
(`sms.err.<code>`) where one exists, else the form's (`page.err.<code>`), else a
plain "could not be saved". What a refusal carries is said in the reader's words
where the refusal is worded (`said_values`: the SMS answer, the USSD screen, the
page): a moment (`Moment`, or ISO 8601 from a handler) as people say a time, a
village or pound (`Named`) by its name in the reader's language. The refusal's
English `message` keeps the registered name and ISO 8601, for the log.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Mapping

from handlers.catalogue import CATALOGUES, LATIN_LANGUAGES, language_or_default, place_name, spoken, t
from handlers.errors import Refused

HOME_TZ = "Asia/Kolkata"
# The refusal values that are the law's last moment: said rounded down, never later than it.
DEADLINES = frozenset({"claim_deadline", "complaint_deadline", "surplus_deadline", "until", "deadline"})


@dataclass(frozen=True)
class Moment:
    """A moment a refusal names, in the village's time zone: said the reader's way
    (`spoken`) where the refusal is worded."""

    at: datetime
    tz: str
    deadline: bool = False

    def said(self, language: str | None) -> str:
        return spoken(language, self.at, self.tz, deadline=self.deadline)


@dataclass(frozen=True)
class Named:
    """A village or pound a refusal names: its registered name and its name per language."""

    name: str
    names: Mapping[str, str] = field(default_factory=dict)
    code: str = ""

    @classmethod
    def of(cls, place) -> "Named":
        return cls(place.name, dict(place.names or {}), place.code)

    def said(self, language: str | None) -> str:
        return place_name(language, self.name, self.names, self.code)


def said_values(language: str | None, detail: Mapping[str, object], tz: str | None = None) -> dict[str, object]:
    """A refusal's values as `language`'s reader reads them (see the module's docstring); `tz`
    is the time zone of a bare timestamp (the home one when not given)."""
    return {name: _readable(language, name, value, tz or HOME_TZ) for name, value in detail.items()}


def refusal_words(language: str | None, refused: Refused, tz: str | None = None, **known) -> str:
    """One sentence, in `language`, saying why nothing was saved; `known` fills what the
    refusal does not carry (the tag as the form typed it)."""
    language = _with_page_words(language)
    values = {"tag": "", "claim_deadline": "", "max": "", "pound": "", "since": "", "auction_at": "", **known,
              **said_values(language, refused.detail, tz)}
    for key in (f"sms.err.{refused.code}", f"page.err.{refused.code}"):
        if key in CATALOGUES[language]:
            try:
                return t(language, key, **values)
            except (KeyError, IndexError):
                break
    return t(language, "page.err.generic")


def field_words(language: str | None, key: str, **values) -> str:
    """A page sentence (`page.err.*`) in `language` (Latin-script Gujarati reads the English one)."""
    return t(_with_page_words(language), key, **values)


def _with_page_words(language: str | None) -> str:
    language = language_or_default(language)
    if "page.err.generic" in CATALOGUES[language]:
        return language
    return "en" if language in LATIN_LANGUAGES else "gu"


def _readable(language: str, name: str, value, tz: str):
    """A value a handler put in a refusal, as its reader reads it."""
    if isinstance(value, (Moment, Named)):
        return value.said(language)
    if isinstance(value, str) and len(value) >= 19 and value[4:5] == "-" and value[10:11] == "T":
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return value
    if isinstance(value, datetime) and value.tzinfo is not None:
        return spoken(language, value, tz, deadline=name in DEADLINES)
    return value
