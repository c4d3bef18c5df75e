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
from functools import lru_cache
from typing import Iterable, Iterator, Mapping
from zoneinfo import ZoneInfo

from babel import Locale
from babel.numbers import format_decimal

from handlers.catalogue import po
from handlers.dlt import wording
from handlers.text import is_gsm7
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
# Counts the changes of _dlt_context: an answer computed once (handlers.pound.answers) is
# only good for the words it was said in.
_wording_generation = 0


def send_registered_templates(context: wording.Context | None) -> None:
    global _dlt_context, _wording_generation
    if context != _dlt_context:
        _wording_generation += 1
    _dlt_context = context


def wording_generation() -> int:
    """Which words `t` says now (see send_registered_templates)."""
    return _wording_generation


def t(language: str | None, key: str, **values) -> str:
    """The message `key` in `language`, filled with `values`: under DLT, an SMS's key is
    said as its registered template (`handlers.dlt.wording`)."""
    language = language_or_default(language)
    if _dlt_context is not None:
        registered = wording.render(language, key, values, _dlt_context)
        if registered is not None:
            return registered
    return CATALOGUES[language][key].format(**values)


def tn(language: str | None, key: str, n: int, /, **values) -> str:
    """The plural entry `key` in `language` in the form its catalogue gives the count `n`, read through
    gettext's `npgettext` with the PO file's `Plural-Forms` (CLDR's rule: in Gujarati and Hindi 0
    takes the form of 1, in English only 1 does), filled with `values`."""
    language = language_or_default(language)
    text = po.translations(language).npgettext(po.channel(key), key, po.words().plural_ids[key], n)
    return text.format(**values)


# The CLDR locales whose data write the reader's numbers (`po.BABEL_LOCALES`), parsed once: the
# dispatcher writes tens of thousands of notices in one tick.
_LOCALES_BY_NAME = {name: Locale.parse(name) for name in set(po.BABEL_LOCALES.values())}


def grouped(language: str | None, number: int) -> str:
    """A whole number as the reader writes it: 1,25,000 (Babel's locale data: India's grouping
    for every language Dabbo speaks, in Latin digits)."""
    return _grouped(po.BABEL_LOCALES[language_or_default(language)], number)


@lru_cache(maxsize=8192)
def _grouped(locale: str, number: int) -> str:
    # Babel takes ~15 us a number; a day's notices repeat the same few fees and totals.
    return format_decimal(number, locale=_LOCALES_BY_NAME[locale])


def money(language: str | None, paise: int) -> str:
    """Whole rupees, rounded up so that paying what is shown always covers it, grouped as the
    reader writes them ("Rs 1,25,000", "રૂ. 1,25,000")."""
    return t(language, "money", rupees=grouped(language, whole_rupees(paise)))


def rate(language: str | None, paise: int) -> str:
    """A rate exactly as fixed, paise included ("Rs 37.50"): the fee list (r.6) and every
    "days x rate" show it so; amounts that change hands are whole rupees (SPEC 12.4)."""
    whole, _, fraction = rate_text(paise).partition(".")
    return t(language, "money", rupees=grouped(language, int(whole)) + (f".{fraction}" if fraction else ""))


def kind_name(language: str | None, kind: str) -> str:
    return t(language, f"kind.{kind}")


def category_name(language: str | None, category: str) -> str:
    """A category of a state's scale of fines (1871 s.12) by its name in the pack's schedule
    (`models.law.trespass.category`): "large cattle", "sheep or goat"."""
    return t(language, f"category.{category}")


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


def local_day(moment: datetime, tz: str) -> str:
    """The local date of a moment, dd-mm (with its year when that is not the reader's): a
    list that says only the day, like the keeper's digest of auctions."""
    return _day_month(moment.astimezone(ZoneInfo(tz)).date())


def day(value: date) -> str:
    """A date with its year, for deadlines: 10-12-2026."""
    return value.strftime("%d-%m-%Y")


def rupees(paise: int) -> str:
    """The sum alone ("1,250", "1,25,000"): the catalogue's fixed text says "રૂ." / "Rs" once per
    list. Indian grouping, the same in every language Dabbo speaks (`grouped`)."""
    return grouped(None, whole_rupees(paise))


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


def spoken(language: str | None, moment: datetime, tz: str, *, deadline: bool = False, year: bool = False) -> str:
    """A date and time as people say them: "14-12 સાંજે 4", "14-12 शाम 4", "14-12 4pm"; every
    time a person reads is said so (docs/TRANSLATORS.md, "Times").

    A moment that happened keeps its minutes ("07-12 સવારે 8:44"). A deadline is rounded down
    to the hour, so that the owner is never told a later moment than the law's; one before
    05:00 is said as 11 at night on the day before ("never રાત્રે 12": WORDING.md, section 3,
    rule 7). `year`: the date always with its year (07-12-2026), as a page's books show it."""
    local = moment.astimezone(ZoneInfo(tz))
    if deadline:
        local = local.replace(minute=0, second=0, microsecond=0)
        if local.hour < 5:
            local = (local - timedelta(days=1)).replace(hour=23)
    clock = str(local.hour % 12 or 12) + ("" if local.minute == 0 else f":{local.minute:02d}")
    ampm = "am" if local.hour < 12 else "pm"
    date_text = day(local.date()) if year else _day_month(local.date())
    return f"{date_text} " + t(language, f"time.{_period(local.hour)}", h=clock, ampm=ampm)


def counted(language: str | None, noun: str, count: int) -> str:
    """"1 person" / "2 people": the plural entry `count.<noun>` in the form for `count` (`tn`)."""
    return tn(language, f"count.{noun}", count, count=grouped(language, count))


def days_text(language: str | None, days: int) -> str:
    """"1 day" / "3 days"."""
    return counted(language, "day", days)


def counted_kind(language: str | None, count: int, kind: str) -> str:
    """"1 cow" / "2 cows", "2 આખલા", "2 बछड़े": the kind's plural entry in the form for `count`."""
    return f"{grouped(language, count)} {tn(language, f'kind.{kind}', count)}"


# Which of a village's or pound's names (`names`, one per language, migration 0006) a reader gets,
# in order; after them the registered name (`name`, the one the State's books use). `gul` reads
# Latin letters: the Gujarati name as a Gujarati reader says it, but written in Latin letters
# (its own `gul` name, else the English spelling); a name that would still turn its SMS into
# UCS-2 gives way to the English name, else the code (docs/TRANSLATORS.md).
NAME_FALLBACKS = {"gu": ("gu",), "hi": ("hi",), "en": ("en",), "gul": ("gul", "en")}


def place_name(language: str | None, name: str, names: Mapping[str, str] | None, code: str = "") -> str:
    """A village's or pound's name in the reader's script (`NAME_FALLBACKS`), else the
    registered name; a Latin-script reader never gets a name that would force UCS-2
    (the English name, else the code)."""
    names = names or {}
    language = language_or_default(language)
    chosen = next((names[other] for other in NAME_FALLBACKS[language] if names.get(other)), name)
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
