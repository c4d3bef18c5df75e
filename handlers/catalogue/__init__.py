"""Every word Dabbo says to a person, one gettext catalogue per language.

The words live in `locale/<lang>/LC_MESSAGES/dabbo.po` (gu, hi, en and gul, Gujarati in
Latin letters chosen with `LANG GUL`), read once through Babel by `po`: an entry's msgid is
the message's key, its msgctxt the channel (`po.CHANNELS`), so every caller asks
`t(language, key, **values)` and gets a str.format text filled. English stays inside the
GSM 7-bit alphabet: "Rs", never the rupee sign, and no curly quotes, because one such
character turns an SMS into UCS-2 and halves its length. docs/TRANSLATORS.md says how a
translator works on them.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime, timedelta
from typing import Iterable, Iterator, Mapping
from zoneinfo import ZoneInfo

from handlers.catalogue import po
from handlers.dlt import wording
from handlers.sms.text import is_gsm7
from models.law import rate_text, whole_rupees

LANGUAGES = po.LANGUAGES
DEFAULT_LANGUAGE = "gu"
# language -> key -> text, every channel but `dlt` (gul's borrowed channels filled: po.FALLBACKS)
CATALOGUES = po.words().messages
# Languages written in Latin letters: one Gujarati letter in a name would turn their SMS into UCS-2.
LATIN_LANGUAGES = frozenset({"en", "gul"})


def language_or_default(language: str | None) -> str:
    return language if language in CATALOGUES else DEFAULT_LANGUAGE


# What a caller hears: one who reads Gujarati in Latin letters (`gul`) listens to Gujarati.
_HEARD = {"gul": "gu"}


def heard_language(language: str | None) -> str:
    """The language a voice call speaks to someone who reads `language`."""
    language = language_or_default(language)
    return _HEARD.get(language, language)


# In India every SMS is a registered DLT template. Whether this deployment is under DLT is
# decided once, from its settings (DLT_ENTITY_ID set), by `sms_gateway.dlt_setup.install`,
# which gives the templates' context here; None: the catalogues' own words.
_dlt_context: wording.Context | None = None


def send_registered_templates(context: wording.Context | None) -> None:
    global _dlt_context
    _dlt_context = context


def t(language: str | None, key: str, **values) -> str:
    """The message `key` in `language`, filled with `values`: under DLT, an SMS's key is
    said as its registered template (`handlers.dlt.wording`)."""
    language = language_or_default(language)
    if _dlt_context is not None:
        registered = wording.render(language, key, values, _dlt_context)
        if registered is not None:
            return registered
    return CATALOGUES[language][key].format(**values)


def money(language: str | None, paise: int) -> str:
    """Whole rupees, rounded up so that paying what is shown always covers it."""
    return t(language, "money", rupees=whole_rupees(paise))


def rate(language: str | None, paise: int) -> str:
    """A rate exactly as fixed, paise included ("Rs 37.50"): the fee list (r.6) and every
    "days x rate" show it so; amounts that change hands are whole rupees (SPEC 12.4)."""
    return t(language, "money", rupees=rate_text(paise))


def kind_name(language: str | None, kind: str) -> str:
    return t(language, f"kind.{kind}")


# The year the reader is in: a date in any other year is written with its year, so that
# "30-11" is never read as this year's when it means next year's. Set for the time a text
# is written (`read_on`); where nothing set it, the year is today's in Gujarat.
_READER_YEAR: ContextVar[int | None] = ContextVar("reader_year", default=None)
_HOME_TZ = "Asia/Kolkata"


@contextmanager
def read_on(now: datetime, tz: str | None = None) -> Iterator[None]:
    """Write every date inside this block for a reader on `now`'s date."""
    token = _READER_YEAR.set(now.astimezone(ZoneInfo(tz or _HOME_TZ)).year)
    try:
        yield
    finally:
        _READER_YEAR.reset(token)


def begin_reading(now: datetime):
    """`read_on` for a web request: set at its start, `end_reading` at its end."""
    return _READER_YEAR.set(now.astimezone(ZoneInfo(_HOME_TZ)).year)


def end_reading(token) -> None:
    _READER_YEAR.reset(token)


def reader_year() -> int:
    year = _READER_YEAR.get()
    return year if year is not None else datetime.now(ZoneInfo(_HOME_TZ)).year


def _day_month(value: date) -> str:
    """dd-mm within the reader's year, dd-mm-yyyy outside it."""
    return value.strftime("%d-%m" if value.year == reader_year() else "%d-%m-%Y")


def when(moment: datetime, tz: str) -> str:
    """A local date and time as a basic phone shows it: 07-12 11:00 (07-01-2027 11:00
    when the reader is in another year)."""
    local = moment.astimezone(ZoneInfo(tz))
    return f"{_day_month(local.date())} {local:%H:%M}"


def day(value: date) -> str:
    """A date with its year, for deadlines: 10-12-2026."""
    return value.strftime("%d-%m-%Y")


def rupees(paise: int) -> str:
    """Digits only ("1250"): the catalogue's fixed text says "રૂ." / "Rs" once per list."""
    return str(whole_rupees(paise))


def short_day(value: date) -> str:
    """dd-mm, for a date within the next two months (claim, complaint, surplus); with
    its year when that is not the reader's."""
    return _day_month(value)


def _period(hour: int) -> str:
    if 5 <= hour < 12:
        return "morning"
    if 12 <= hour < 16:
        return "afternoon"
    if 16 <= hour < 20:
        return "evening"
    return "night"


def spoken(language: str | None, moment: datetime, tz: str, *, deadline: bool = False) -> str:
    """A date and time as people say them: "14-12 સાંજે 4", "14-12 शाम 4", "14-12 4pm".

    A deadline is rounded down to the hour, so that the owner is never told a
    later moment than the law's; one before 05:00 is said as 11 at night on the
    day before ("never રાત્રે 12": WORDING.md, section 3, rule 7)."""
    local = moment.astimezone(ZoneInfo(tz))
    if deadline:
        local = local.replace(minute=0, second=0, microsecond=0)
        if local.hour < 5:
            local = (local - timedelta(days=1)).replace(hour=23)
    clock = str(local.hour % 12 or 12) + ("" if local.minute == 0 else f":{local.minute:02d}")
    ampm = "am" if local.hour < 12 else "pm"
    return f"{_day_month(local.date())} " + t(language, f"time.{_period(local.hour)}", h=clock, ampm=ampm)


def counted(language: str | None, noun: str, count: int) -> str:
    """"1 person" / "2 people": `count.<noun>.one` or `.many` (Gujarati and Hindi
    often say the same for both)."""
    return t(language, f"count.{noun}.{'one' if count == 1 else 'many'}", count=count)


def days_text(language: str | None, days: int) -> str:
    """"1 day" / "3 days"."""
    return counted(language, "day", days)


def counted_kind(language: str | None, count: int, kind: str) -> str:
    """"1 cow" / "2 cows", "2 આખલા", "2 बछड़े": the plural kind keys when count > 1."""
    name = t(language, f"kinds.{kind}") if count != 1 else kind_name(language, kind)
    return f"{count} {name}"


def place_name(language: str | None, name: str, names: Mapping[str, str] | None, code: str = "") -> str:
    """A village's or pound's name in the reader's script, falling back to the
    default name; a Latin-script reader never gets a name that would force UCS-2
    (the English name, else the code)."""
    names = names or {}
    chosen = names.get(language or "") or (names.get("en") if language == "gul" else None) or name
    if language in LATIN_LANGUAGES and not is_gsm7(chosen):
        chosen = names.get("en") or code or chosen
    return chosen


def auction_place(language: str | None, typed: str | None, village_name: str, village_names: Mapping[str, str] | None,
                  village_code: str = "", typed_en: str | None = None) -> str:
    """Where an auction is held, for this reader: the place as the official typed it, except
    that a Latin-script reader (en, gul) is never sent a place in Gujarati or Devanagari
    letters (one such letter turns the whole SMS into UCS-2 and cuts it to less than half):
    they read the place the official gave in Latin letters (`typed_en`), else the village's
    own name in their script."""
    if language in LATIN_LANGUAGES and typed_en and is_gsm7(typed_en):
        return typed_en
    if not typed:
        return place_name(language, village_name, village_names, village_code)
    if language in LATIN_LANGUAGES and not is_gsm7(typed):
        return place_name(language, village_name, village_names, village_code)
    return typed


def kinds_list(language: str | None, kinds: Iterable[str], order: Iterable[str]) -> str:
    """"2 cows, 1 bullock", in the order given (the Act's list)."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(counted_kind(language, counts[k], k) for k in order if counts.get(k))
