"""What an SMS says in India: the catalogue key -> the registered template it is sent as.

The catalogues (locale/<lang>/LC_MESSAGES/dabbo.po) say everything a message can say; a DLT
portal registers at most 40 short templates a language, each with at most three typed variables
(SPEC 12.3). So under DLT (DLT_ENTITY_ID set) every key an SMS carries is sent as one of the
templates, filled from the same values the catalogue text gets; what no template carries is one
missed call away (`{cbn}`) or on the public page (`{url}`). A template is the `dlt` entry of the
catalogue, under the key of its message (the first key SENT_AS sends as it); `handlers.catalogue.t`
says a key as `render` gives it when the deployment is under DLT.

`SENT_AS` names the template of every key sent as an SMS (or None: part of a message that
India sends without it); `FIELD_TYPES` the DLT type of every value a template takes. A key
an SMS carries that is missing here fails `flask --app sms_gateway dlt lint`, which says
what line to add.
"""
from __future__ import annotations

import fnmatch
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

from handlers.catalogue.po import fields, words
from handlers.dlt.profile import ALPHANUMERIC, CBN, NUMERIC, URL, Profile, _letter_or_digit

# Keys whose text an SMS carries (alone or joined to another's); the rest are USSD screens,
# voice, the browser's words.
SENT_PATTERNS = ("sms.*", "notice.*", "dash.signin_code_sms", "missed.sms*")
# Texts that are values inside another message (list items, a tag's stand-in): never swapped.
VALUE_KEYS = ("sms.more", "sms.*_item", "sms.my_item_*", "sms.rates_security", "sms.rates_no_security",
              "notice.head_count", "notice.untagged", "missed.sms_item")

SENT_AS: dict[str, str | None] = {
    # the owner's notices
    "notice.seizure_alert": "seizure_alert",
    "notice.claim_reminder": "claim_reminder",
    "notice.auction": "auction",
    "notice.release_receipt": "release_receipt",
    "notice.release_deposit": None,           # the receipt's total includes it; rules on the public page
    "notice.release_protest": "release_protest",
    "notice.protest_complaint": None,         # the seizure alert gave the 10 days of s.188
    "notice.protest_complaint_passed": None,
    "notice.protest_security": None,          # the protest reminder says it when it is due
    "notice.surplus": "surplus",
    "notice.surplus_none": "surplus_none",
    "notice.surplus_reminder": "surplus_reminder",
    "notice.protest_reminder": "protest_reminder",
    "notice.deposit_forfeited": "deposit_forfeited",
    "notice.deposit_refundable": "deposit_refundable",
    "notice.security_due": "security_due",
    "notice.security_due_keeper": "security_due_keeper",
    "notice.surplus_paid": "surplus_paid",
    "notice.deposit_refunded": "deposit_refunded",
    "notice.complaint_upheld": "complaint_upheld",
    "notice.complaint_dismissed": "complaint_dismissed",
    "notice.register_copy": "register_copy",
    "notice.removal_order": "removal_order",
    "notice.removal_reminder": "removal_order",
    "notice.keeper_digest": "keeper_digest",
    "notice.broadcast": "notice_general",     # an official's own words: on the public page
    "notice.broadcast_meeting": "notice_meeting",
    "notice.broadcast_auction": "notice_auction",
    "missed.sms": "missed_held",
    "missed.sms_none": "missed_none",
    "dash.signin_code_sms": "signin_code",
    # replies to an SMS
    "sms.find": "find_held",
    "sms.find_released": "find_released",
    "sms.find_sold": "find_sold",
    "sms.one_tag_at_a_time": None,
    "sms.fees": "fees",
    "sms.auctions": "on_page",
    "sms.auctions_none": "on_page",
    "sms.my": "on_page",
    "sms.my_none": "on_page",
    "sms.rates": "on_page",
    "sms.help.owner": "help",
    "sms.help.keeper": "help",
    "sms.help.official": "help",
    "sms.lang": "lang",
    "sms.stop": "stop",
    "sms.start": "start",
    "sms.limited": "not_done",
    "sms.err.unknown_tag": "unknown_tag",
    "sms.err.not_impounded": "not_done",
    "sms.err.generic": "not_done",
    # what keepers and officials send from a phone: recorded, the details on the dashboard
    **{key: "recorded" for key in (
        "sms.seized", "sms.seized_tags", "sms.released", "sms.released_protest", "sms.released_protest_terms",
        "sms.released_protest_passed", "sms.sold", "sms.sold_refused", "sms.list", "sms.list_empty",
        "sms.notice_sent", "sms.auction_fixed", "sms.auction_fixed_none")},
    **{key: "not_done" for key in (
        "sms.err.keeper_only", "sms.err.official_only", "sms.err.other_pound", "sms.err.already_impounded",
        "sms.err.duplicate_tag", "sms.err.claim_window_open", "sms.err.buyer_barred", "sms.err.auction_in_past",
        "sms.err.unknown_village", "sms.err.which_village", "sms.err.notice_too_long", "sms.err.no_phone",
        "sms.err.rates_unknown_village", "sms.err.rates_which_village", "sms.err.before_auction")},
    # the Act's outcomes (s.188(3), s.185(3), s.185(4), s.183(2)(b), s.182(1))
    "notice.complaint_upheld_held": "complaint_upheld",
    "notice.forfeiture_returned": "deposit_refundable",
    "notice.reseized_for_declaration": "security_due",
    "notice.security_due_dismissed": "security_due",
    "notice.court_release_keeper": "court_order",        # what to give back and collect: on the dashboard
    "notice.security_due_keeper_dismissed": "court_order",
    "sms.find_forfeited": "find_released",
    "notice.unapproved_seizure": "keeper_unapproved",  # to the village's officials; who and what: the dashboard
    **{key: "recorded" for key in ("sms.reseized", "sms.released_declaration", "sms.sold_covers_rest",
                                   "sms.sold_rest_held")},
    **{key: "not_done" for key in ("sms.err.keeper_unapproved", "sms.err.no_auction_fixed",
                                   "sms.err.not_reseizable", "sms.err.security_not_due")},
    # an auction date or place refused: the reason is on the public page's list of commands
    **{key: "not_done" for key in ("sms.err.auction_date_past", "sms.err.auction_date_too_far",
                                   "sms.err.place_too_long")},
    "sms.problem.*": "not_done",              # the problem and the usage hint join: one template
    "sms.usage.*": None,
}

MONTH = "month."  # the dlt entries month.1 … month.12: a date inside a slot is written in words
# language -> template name -> text, in the catalogue's order (the registration file's order)
TEXTS = {language: {SENT_AS[key]: text for key, text in entries.items() if not key.startswith(MONTH)}
         for language, entries in words().dlt.items()}
MONTHS = {language: tuple(entries[f"{MONTH}{number}"] for number in range(1, 13))
          for language, entries in words().dlt.items()}

# Values a key is given beyond its catalogue text's own fields (its handler passes them for India).
EXTRA_FIELDS = {"missed.sms": ("tag", "total")}

# The DLT type of every value a template takes (the field's name, as in the catalogues).
FIELD_TYPES = {
    **dict.fromkeys(("amount", "total", "total_tomorrow", "fee", "proceeds", "surplus", "forfeited", "deposit",
                     "comp", "fees", "security", "count", "today", "code", "minutes", "receipt"), NUMERIC),
    **dict.fromkeys(("tag", "pound", "place", "village", "when", "deadline", "day", "date", "paid_on",
                     "surplus_deadline", "seized_at", "entries", "order", "taluka"), ALPHANUMERIC),
    "url": URL, "cbn": CBN,
}
SAMPLES = {"tag": "123456789012", "pound": "AMBA GAUSHALA", "place": "AMBA CHOWK", "village": "AMBA",
           "taluka": "DHOLKA", "entries": "17", "order": "190 12", "code": "482913", "minutes": "10",
           "count": "4", "today": "2", "receipt": "100234"}
DATE_SAMPLE = {"gu": "14 ડિસે સાંજે 4", "hi": "14 दिस शाम 4", "en": "14 Dec 4pm", "gul": "14 Dec sanje 4"}


@lru_cache(maxsize=None)
def sent_as(key: str) -> tuple[bool, str | None]:
    """(whether `key` is swapped in India, the template it is sent as or None for nothing)."""
    if key in SENT_AS:
        return True, SENT_AS[key]
    for pattern, name in SENT_AS.items():
        if "*" in pattern and fnmatch.fnmatchcase(key, pattern):
            return True, name
    return False, None


def sent_by_sms(key: str) -> bool:
    """A key whose text an SMS carries as (part of) a message of its own."""
    return any(fnmatch.fnmatchcase(key, p) for p in SENT_PATTERNS) and \
        not any(fnmatch.fnmatchcase(key, p) for p in VALUE_KEYS)


@dataclass(frozen=True)
class Context:
    """What the deployment fills in: the brand (fixed text), the public page and call-back number."""

    profile: Profile
    url: str = ""
    cbn: str = ""


_DATE = re.compile(r"\b(\d{1,2})-(\d{1,2})(?:-(\d{4}))?\b")


def _words_date(value: str, language: str) -> str:
    """"14-12 4pm" -> "14 Dec 4pm": a slot holds no '-' (WORDING.md, DLT-shaped messages)."""
    months = MONTHS[language]
    return _DATE.sub(lambda m: " ".join(p for p in (str(int(m[1])), months[(int(m[2]) - 1) % 12], m[3]) if p), value)


def fit(kind: str, value: object, language: str, context: Context) -> str:
    """A value as its slot takes it: digits for a number; a name or a date in letters, digits
    and single spaces, cut at a word to fit under the profile's length. What still does not
    fit (a Gujarati name in an English template) is refused on the send path, never cut to nothing."""
    if kind == URL:  # a page under the registered public page ("/n/AMBA") where the link still fits a slot
        path = str(value or "")
        linked = context.url + path
        return linked if path.startswith("/") and context.url and len(linked) < context.profile.var_chars \
            else context.url
    if kind == CBN:
        return context.cbn
    text = str(value)
    if kind == NUMERIC:  # "Rs 1,250" -> "1250"; Gujarati and Devanagari digits -> ASCII
        digits = "".join(str(unicodedata.digit(ch)) for ch in text if ch.isdigit())
        return digits or text.strip()
    text = _words_date(text, language)
    text = " ".join("".join(ch if _letter_or_digit(ch) else " " for ch in text).split())
    limit = context.profile.var_chars - 1
    if len(text) > limit:
        cut = text[:limit + 1].rsplit(" ", 1)[0] if " " in text[:limit + 1] else text[:limit]
        text = cut.strip()
    return text


def render(language: str, key: str, values: Mapping[str, object], context: Context) -> str | None:
    """The India text of `key` (None when the key is not swapped: the catalogue's text stands)."""
    swapped, name = sent_as(key)
    if not swapped:
        return None
    if name is None:
        return ""
    template = TEXTS[language][name]
    filled = {field: fit(FIELD_TYPES.get(field, ALPHANUMERIC), values.get(field, ""), language, context)
              for field in fields(template) if field != "brand"}
    return template.format(brand=context.profile.brand, **filled)


DATE_FIELDS = frozenset({"when", "deadline", "day", "date", "paid_on", "surplus_deadline", "seized_at"})
ANIMALS_SAMPLE = {"gu": "2 ગાય 1 ભેંસ", "hi": "2 गाय 1 भैंस", "en": "2 cows 1 buffalo", "gul": "2 gay 1 bhens"}


def sample_value(field: str, kind: str, language: str) -> str:
    """A value as long as a real one usually is (12-digit tag, 4-digit rupees, a date in words)."""
    if field in SAMPLES:
        return SAMPLES[field]
    if kind == NUMERIC:
        return "1250"
    if field in DATE_FIELDS:
        return DATE_SAMPLE[language]
    if field == "animals":
        return ANIMALS_SAMPLE[language]
    return "AMBA GAUSHALA"
