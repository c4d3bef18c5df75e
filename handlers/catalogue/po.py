"""The one loader of Dabbo's words: `locale/<lang>/LC_MESSAGES/dabbo.po`, read once through Babel.

An entry's `msgid` is the message's key (`sms.find`, the name every caller asks for) and its
`msgctxt` the channel it is said on (`CHANNELS`), so one concept may be worded per channel and a
translator sees where each sentence goes. The `dlt` context holds, under the key of its message,
the template India registered for it (handlers/dlt/wording.py says which key goes as which),
and the month names a template's date is written with (`month.1` … `month.12`).
A word said after a count is a plural entry (`msgid_plural`, one `msgstr[n]` per form): gettext
picks the form with the catalogue's `Plural-Forms` header, which is CLDR's rule for the language
(`plural_forms`), so Gujarati and Hindi say 0 with the form of 1 and English does not.
English (`en.po`) is the source language: `make words` builds `locale/dabbo.pot` from it and
brings the other catalogues up to date (docs/TRANSLATORS.md).
"""
from __future__ import annotations

import gettext
import io
import string
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.plural import to_gettext
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


def plural_forms(language: str) -> str:
    """The `Plural-Forms` header of `language`'s catalogue: CLDR's plural rule for its locale
    (`BABEL_LOCALES`) written as gettext's expression; `make words` keeps every PO file on it."""
    return to_gettext(Locale.parse(BABEL_LOCALES[language]).plural_form)


def is_plural(message) -> bool:
    """A plural entry: `msgid` and `msgid_plural`, a `msgstr[n]` per form."""
    return isinstance(message.id, (list, tuple))


def forms(message) -> tuple[str, ...]:
    """Every text of an entry: its `msgstr`, or each `msgstr[n]` of a plural entry."""
    return tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string,)


def message_key(message) -> str:
    """The message's key: its `msgid` (the singular's, for a plural entry)."""
    return message.id[0] if is_plural(message) else message.id


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as po_file:
        return read_po(po_file, domain=DOMAIN)


def translated(catalog: Catalog):
    """The entries a reader may be given: not the header, not fuzzy, not empty."""
    for message in catalog:
        if message.id and not message.fuzzy and all(forms(message)):
            yield message


@dataclass(frozen=True)
class Words:
    messages: dict[str, dict[str, str]]   # language -> key -> text, every channel but `dlt`
    dlt: dict[str, dict[str, str]]        # language -> key -> the registered template's text
    # language -> key -> the forms of a plural entry, msgstr[0], msgstr[1], ...; its key in
    # `messages` holds the form said after 1 (a kind's name on its own is singular)
    plurals: dict[str, dict[str, tuple[str, ...]]]
    plural_ids: dict[str, str]            # key of a plural entry -> its msgid_plural
    plural_forms: dict[str, str]          # language -> its catalogue's Plural-Forms header


def load() -> Words:
    messages: dict[str, dict[str, str]] = {}
    dlt: dict[str, dict[str, str]] = {}
    plurals: dict[str, dict[str, tuple[str, ...]]] = {}
    plural_ids: dict[str, str] = {}
    headers: dict[str, str] = {}
    for language in LANGUAGES:
        messages[language], dlt[language], plurals[language] = {}, {}, {}
        catalog = read(language)
        headers[language] = catalog.plural_forms
        form_of_one = gettext.c2py(catalog.plural_expr)(1)
        for message in translated(catalog):
            if is_plural(message):
                plurals[language][message_key(message)] = forms(message)
                plural_ids[message_key(message)] = message.id[1]
                messages[language][message_key(message)] = forms(message)[form_of_one]
            else:
                (dlt if message.context == DLT else messages)[language][message.id] = message.string
    for language, channels in FALLBACKS.items():
        for name in messages[SOURCE_LANGUAGE]:
            source = channels.get(channel(name))
            if source is not None and name not in messages[language]:
                messages[language][name] = messages[source][name]
                if name in plurals[source]:
                    plurals[language][name] = plurals[source][name]
    return Words(messages, dlt, plurals, plural_ids, headers)


@lru_cache(maxsize=None)
def words() -> Words:
    """Every catalogue, read once for the process."""
    return load()


@lru_cache(maxsize=None)
def translations(language: str) -> Translations:
    """The catalogue as gettext reads it (`pgettext(channel, key)`, `npgettext(channel, key,
    plural, n)`), for `t`, `tn`, Flask-Babel and Jinja: built from the same words, gul's borrowed
    channels included, its plural rule the PO file's, never from a stale `.mo`."""
    loaded = words()
    catalog = Catalog(locale=BABEL_LOCALES[language], domain=DOMAIN, fuzzy=False)
    catalog.mime_headers = [("Plural-Forms", loaded.plural_forms[language])]
    for name, text in loaded.messages[language].items():
        if name in loaded.plurals[language]:
            catalog.add((name, loaded.plural_ids[name]), loaded.plurals[language][name], context=channel(name))
        else:
            catalog.add(name, text, context=channel(name))
    for name, text in loaded.dlt[language].items():
        catalog.add(name, text, context=DLT)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)
