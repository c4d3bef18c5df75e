"""The one loader of Dabbo's words: `locale/<lang>/LC_MESSAGES/dabbo.po`, read once through Babel.

An entry's `msgid` is the message's key (`sms.find`, the name every caller asks for) and its
`msgctxt` the channel it is said on (`CHANNELS`), so one concept may be worded per channel and a
translator sees where each sentence goes. The `dlt` context holds, under the key of its message,
the template India registered for it (handlers/dlt/wording.py says which key goes as which),
and the month names a template's date is written with (`month.1` … `month.12`).
English (`en.po`) is the source language: `make words` builds `locale/dabbo.pot` from it and
brings the other catalogues up to date (docs/TRANSLATORS.md).
"""
from __future__ import annotations

import io
import string
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
DOMAIN = "dabbo"
LANGUAGES = ("gu", "hi", "en", "gul")
SOURCE_LANGUAGE = "en"
DLT = "dlt"

# The channel of a key, by its start (the first that fits): a key's context is never chosen
# by its caller, so every caller keeps asking `t(language, key)`.
CHANNELS = (
    ("page.err.", "error"),            # why a form, a page or an API call was refused
    ("dash.signin_code_sms", "sms"),   # the sign-in code goes by SMS
    ("dash.", "page"),                 # the dashboard and the staff pages
    ("page.", "page"),                 # the public pages and the exhibited fee list
    ("sms.", "sms"),                   # replies to an SMS
    ("notice.", "sms"),                # the notices Dabbo sends by SMS
    ("missed.sms", "sms"),             # a missed call answered by SMS
    ("missed.voice", "voice"),         # a missed call answered by a call back
    ("voice.", "voice"),
    ("ussd.", "ussd"),                 # USSD screens (the menus are said in voice too)
)
WORD = "word"  # a word inside other sentences, on every channel (kinds, money, counts, times)

# Gujarati in Latin letters (`gul`): a caller hears Gujarati, and the dashboard and the
# exhibited fee list are read in English. Declared here once; `gul.po` holds the rest.
FALLBACKS = {"gul": {"voice": "gu", "page": "en", "error": "en"}}
# The CLDR locale whose data (plural rule, digit grouping "1,00,000", month names) a reader's
# numbers and dates follow: English readers are in India; `gul` takes Gujarati's.
BABEL_LOCALES = {"gu": "gu", "hi": "hi", "en": "en_IN", "gul": "gu"}


def channel(key: str) -> str:
    """The `msgctxt` of message `key`."""
    for start, name in CHANNELS:
        if key.startswith(start):
            return name
    return WORD


def fields(text: str) -> list[str]:
    """The placeholders of a str.format text, in order ("{tag} ... {total}" -> tag, total)."""
    return [field for _literal, field, _spec, _conversion in string.Formatter().parse(text) if field]


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as po_file:
        return read_po(po_file, domain=DOMAIN)


def translated(catalog: Catalog):
    """The entries a reader may be given: not the header, not fuzzy, not empty."""
    for message in catalog:
        if message.id and not message.fuzzy and isinstance(message.string, str) and message.string:
            yield message


@dataclass(frozen=True)
class Words:
    messages: dict[str, dict[str, str]]   # language -> key -> text, every channel but `dlt`
    dlt: dict[str, dict[str, str]]        # language -> key -> the registered template's text


def load() -> Words:
    messages: dict[str, dict[str, str]] = {}
    dlt: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        messages[language], dlt[language] = {}, {}
        for message in translated(read(language)):
            (dlt if message.context == DLT else messages)[language][message.id] = message.string
    for language, channels in FALLBACKS.items():
        for key in messages[SOURCE_LANGUAGE]:
            source = channels.get(channel(key))
            if source is not None and key not in messages[language]:
                messages[language][key] = messages[source][key]
    return Words(messages, dlt)


@lru_cache(maxsize=None)
def words() -> Words:
    """Every catalogue, read once for the process."""
    return load()


@lru_cache(maxsize=None)
def translations(language: str) -> Translations:
    """The catalogue as gettext reads it (`pgettext(channel, key)`), for Flask-Babel and Jinja:
    built from the same words, gul's borrowed channels included, never from a stale `.mo`."""
    catalog = Catalog(locale=BABEL_LOCALES[language], domain=DOMAIN, fuzzy=False)
    for key, text in words().messages[language].items():
        catalog.add(key, text, context=channel(key))
    for key, text in words().dlt[language].items():
        catalog.add(key, text, context=DLT)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)
