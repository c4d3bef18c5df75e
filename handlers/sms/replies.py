"""Building SMS replies that fit: the segment budget per language, lists that
page to it, and the display values (names, times, money) every family of
commands shows the same way.

Why a budget: the panchayat pays per segment and a basic phone shows a long
concatenated SMS badly. English (GSM-7, 153 characters a part) gets 2
segments, Gujarati and Hindi (UCS-2, 67 a part) get 4, which holds about the
same content.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable, Sequence

from handlers.catalogue import language_or_default, t
from handlers.text import segments
from models.queries import KnownCaller
from models.tables import Person

MAX_SEGMENTS = {"en": 2, "gu": 4, "hi": 4, "gul": 2}
NAME_LENGTH = 30  # a pound or village name is cut here so a reply keeps its budget


@dataclass
class Sender:
    """Who sent the message: the person behind a valid phone (None for a
    number that could not be read) and the language to answer in. A plain
    lookup (FIND, FEES, AUCTIONS, MY, HELP, RATES) gets the person's row as
    plain values (queries.KnownCaller: id, language, role, pound and village),
    which is all it reads; every other command gets the Person."""

    phone: str | None
    person: Person | KnownCaller | None
    language: str

    @property
    def role(self) -> str:
        return self.person.role if self.person is not None else "owner"


@dataclass(frozen=True)
class Context:
    """What every command handler receives besides the session and command."""

    sender: Sender
    now: datetime
    ussd_code: str  # the service's USSD code (USSD_SERVICE_CODE), which HELP names


def max_segments(language: str) -> int:
    return MAX_SEGMENTS[language_or_default(language)]


def fits(language: str, text: str) -> bool:
    """True when `text` stays within the language's segment budget."""
    return segments(text) <= max_segments(language)


def fit_list(language: str, render: Callable[[str], str], items: Sequence[str], separator: str = "; ") -> str:
    """`render(joined)` with as many of `items` as fit the budget, then "+K more".

    Items keep their order (the caller puts the most useful first). At least
    one item is always shown, even if it alone overflows (it never does with
    the catalogue's items; the catalogue test checks them).
    """
    def text_for(count: int) -> str:
        joined = separator.join(items[:count])
        if count < len(items):
            joined += separator + t(language, "sms.more", count=len(items) - count)
        return render(joined)

    best = text_for(min(1, len(items)))
    for count in range(2, len(items) + 1):
        candidate = text_for(count)
        if not fits(language, candidate):
            break
        best = candidate
    return best


def short(name: str | None, length: int = NAME_LENGTH) -> str:
    """A name cut to `length` characters (pound and village names are free text)."""
    name = (name or "").strip()
    return name if len(name) <= length else name[: length - 1].rstrip() + "."
