"""A panchayat official's commands: NOTICE and AUCTION, always for the
official's own village. The broadcast rows come from handlers.notices.broadcasts
(NOTICE) and from the notices hook records.fix_auction calls (AUCTION).
"""
from __future__ import annotations

import re
from datetime import date, datetime, timezone
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from handlers.notices import broadcasts
from handlers.pound import records
from handlers.catalogue import auction_place, counted, spoken, t
from handlers.catalogue import day as full_day
from handlers.sms.commands import Command
from handlers.errors import Refused
from handlers.text.limits import TEXT_LIMITS
from handlers.sms.replies import Context, short
from handlers.text import is_gsm7
from models import law
from models.law.auction_day import AuctionDayRefused, auction_day
from models.tables import Person, Village


# NOTICE MEETING dd-mm [hh:mm] [place] / NOTICE AUCTION …: a notice of a registered shape (SPEC 12.3).
_FIXED = re.compile(r"^(MEETING|AUCTION)\s+(\d{1,2})-(\d{1,2})(?:\s+(\d{1,2}):(\d{2}))?\s*(.*)$",
                    re.IGNORECASE | re.DOTALL)


def notice(session: Session, context: Context, command: Command) -> str:
    """Broadcast the official's words, as typed, to every opted-in person of
    the village (broadcasts.create refuses a notice over 4 SMS parts); a meeting
    or an auction with its date, time and place goes in its registered shape."""
    official = _official(context)
    broadcast = broadcasts.create(session, official.village, command.text, now=context.now,
                                  sender_phone=official.phone, fixed=fixed_notice(official.village, command.text,
                                                                                  context.now))
    language = context.sender.language
    return t(language, "sms.notice_sent", count=broadcast.recipient_count,
             people=counted(language, "person", broadcast.recipient_count))


def auction(session: Session, context: Context, command: Command) -> str:
    """AUCTION <dd-mm> [hh:mm] [place[ / place in Latin letters]]: the next such date on or
    after today in the village, at the village's auction hour unless a time is given. A place
    typed in Gujarati may carry its Latin-letter name after a slash (`ગામ ચોરો / Gam Choro`),
    which English and Gujlish readers get."""
    official = _official(context)
    village = official.village
    language = context.sender.language
    auction_at = auction_moment(village, command, context.now)
    place, place_en = place_per_language(command.place)
    for name, value in (("place", place), ("place_en", place_en)):
        if value and len(value) > TEXT_LIMITS[name]:
            raise Refused("place_too_long", "the place is too long", field=name, max=TEXT_LIMITS[name])
    animals = records.fix_auction(session, village, auction_at=auction_at, now=context.now, place=place,
                                  place_en=place_en, actor_phone=official.phone)
    moment = spoken(language, auction_at, village.timezone)
    if not animals:
        return t(language, "sms.auction_fixed_none", when=moment)
    where = auction_place(language, place, village.name, village.names, village.code, place_en)
    return t(language, "sms.auction_fixed", when=moment, place=short(where, 40), count=len(animals),
             animals=counted(language, "animal", len(animals)))


def place_per_language(typed: str | None) -> tuple[str | None, str | None]:
    """(place, place_en) from an SMS's place: `ગામ ચોરો / Gam Choro` is both; a place with no
    slash, or whose part after the slash is not in Latin letters, is one place as typed."""
    if not typed:
        return None, None
    place, slash, latin = typed.rpartition("/")
    if not slash or not place.strip() or not latin.strip() or not is_gsm7(latin.strip()) or is_gsm7(place):
        return typed.strip() or None, None
    return place.strip(), latin.strip()


def fixed_notice(village: Village, text: str, now: datetime) -> broadcasts.FixedNotice | None:
    found = _FIXED.match(text.strip())
    if found is None:
        return None
    shape, day, month, hour, minute, place = found.groups()
    at = _next_local(village, int(day), int(month), None if hour is None else int(hour), int(minute or 0), now,
                     "notice")
    return broadcasts.FixedNotice(shape.lower(), at, short(" ".join(place.split()), 40))


def _next_local(village: Village, day_of_month: int, month: int, hour: int | None, minute: int, now: datetime,
                command: str, year: int | None = None) -> datetime:
    """The next such date on or after today (local), at `hour` or the village's auction hour."""
    zone = ZoneInfo(village.timezone or law.DEFAULT_TZ)
    today = law.local_date(now, village.timezone)
    if year is None:
        year = today.year if (month, day_of_month) >= (today.month, today.day) else today.year + 1
    try:
        day = date(year, month, day_of_month)
    except ValueError:
        raise Refused("problem.bad_date", "no such date", command=command)
    if not (0 <= (village.auction_hour if hour is None else hour) <= 23 and 0 <= minute <= 59):
        raise Refused("problem.bad_time", "no such time", command=command)
    local = datetime(day.year, day.month, day.day, village.auction_hour if hour is None else hour, minute,
                     tzinfo=zone)
    return local.astimezone(timezone.utc)


def auction_moment(village: Village, command: Command, now: datetime) -> datetime:
    """The auction's instant (`models.law.auction_day`: a date without a year is the
    next such date within the law's horizon, or refused naming the year it would
    mean; a date gone by is refused)."""
    zone = ZoneInfo(village.timezone or law.DEFAULT_TZ)
    today = law.local_date(now, village.timezone)
    try:
        day = auction_day(command.day, command.month, command.year, today)
    except ValueError:
        raise Refused("problem.bad_date", "no such date", command="auction")
    except AuctionDayRefused as refused:
        raise Refused(f"auction_date_{refused.why}", f"the auction date {refused.meant.isoformat()} is {refused.why}",
                      field="at", date=full_day(refused.meant), days=abs(refused.days_away))
    hour = village.auction_hour if command.hour is None else command.hour
    local = datetime(day.year, day.month, day.day, hour, command.minute or 0, tzinfo=zone)
    return local.astimezone(timezone.utc)


def _official(context: Context) -> Person:
    official = context.sender.person
    if official is None or official.role != "official" or official.village is None:
        raise Refused("official_only", "only a registered panchayat official")
    return official
