"""A refusal (`handlers.errors.Refused`) said in the reader's words, for a page,
a form or an admin-API `message`.

The refusal's `message` is English for the log and the API's machine-readable
`error`; a person reads the sentence of its code instead: the SMS sentence
(`sms.err.<code>`) where one exists, else the form's (`page.err.<code>`), else a
plain "could not be saved". Times a refusal carries (ISO 8601, UTC) are shown
local, as the page shows every other time.
"""
from __future__ import annotations

from datetime import datetime

from handlers.catalogue import CATALOGUES, LATIN_LANGUAGES, language_or_default, t, when
from handlers.errors import Refused

HOME_TZ = "Asia/Kolkata"


def refusal_words(language: str | None, refused: Refused, tz: str | None = None, **known) -> str:
    """One sentence, in `language`, saying why nothing was saved; `known` fills what the
    refusal does not carry (the tag as the form typed it)."""
    language = _with_page_words(language)
    values = {"tag": "", "claim_deadline": "", "max": "", "pound": "", "since": "", "auction_at": "", **known,
              **{name: _readable(value, tz or HOME_TZ) for name, value in refused.detail.items()}}
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


def _readable(value, tz: str):
    """An ISO timestamp a handler put in a refusal, as the local time people read."""
    if isinstance(value, datetime):
        return when(value, tz)
    if isinstance(value, str) and len(value) >= 19 and value[4:5] == "-" and value[10:11] == "T":
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return value
        if moment.tzinfo is not None:
            return when(moment, tz)
    return value
