"""A day as a clerk types it: dd-mm-yyyy (or with / or .), in ASCII, Gujarati or Devanagari
digits, whatever the browser's locale; yyyy-mm-dd is read too, for links the pages write."""
from __future__ import annotations

import re
from datetime import date, datetime

from handlers.text.digits import normalise_digits

_DAY_FIRST = re.compile(r"^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$")
_ISO = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$")
FORMAT = "%d-%m-%Y"


def parse_day(raw: str | None) -> date | None:
    """The day typed, or None when it is empty or not a day."""
    text = normalise_digits(raw or "")
    if match := _DAY_FIRST.match(text):
        day, month, year = (int(part) for part in match.groups())
    elif match := _ISO.match(text):
        year, month, day = (int(part) for part in match.groups())
    else:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


_MOMENT = re.compile(r"^\s*(\S+)(?:[ T]+(\d{1,2})[:.](\d{2}))?\s*$")


def parse_moment(raw: str | None) -> datetime | None:
    """A day and a time as typed, `dd-mm-yyyy hh:mm` (or `yyyy-mm-ddThh:mm`); the time may be
    left out (midnight). Naive: the form puts it in the village's zone. None when not a moment."""
    match = _MOMENT.match(normalise_digits(raw or ""))
    if not match or (day := parse_day(match.group(1))) is None:
        return None
    hour, minute = int(match.group(2) or 0), int(match.group(3) or 0)
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        return None
    return datetime(day.year, day.month, day.day, hour, minute)
