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
from handlers.dlt.profile import ALPHANUMERIC, CBN, NUMERIC, SCRIPT, STRICT, URL, Profile, _letter_or_digit

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
    # the 1871 Act's (s.14, s.20): the same registered templates, whose words name the 7 days
    "notice.seizure_alert_trespass": "seizure_alert",
    "notice.claim_reminder_trespass": "claim_reminder",
    "notice.protest_complaint_trespass": None,
    # the s.16 balance and the s.17 Government: templates that name no section (the surplus's cite s.186(1)).
    # Every template a `_trespass` key rides is law-neutral: its fixed text cites no section of either Act
    # (seizure_alert, surplus_paid: what happened and when; the section is on the public page)
    "notice.surplus_trespass": "find_sold",
    "sms.find_sold_trespass": "find_sold",
    "sms.find_sold_none_trespass": "find_released",
    "notice.surplus_none_trespass": "find_released",
    "notice.surplus_reminder_trespass": "find_sold",
    "notice.surplus_paid_trespass": "surplus_paid",   # its registered words cite no section (either Act's)
    "notice.auction": "auction",
    "notice.auction_trespass": "auction",
    "notice.release_receipt": "release_receipt",
    "notice.release_deposit": None,           # the receipt's total includes it; rules on the public page
    "notice.release_protest": "release_protest",
    "notice.protest_complaint": None,         # the seizure alert gave the 10 days of s.188
    "notice.protest_complaint_passed": None,
    "notice.protest_security": None,          # the protest reminder says it when it is due
    "notice.protest_four_weeks": None,        # where s.189 is not notified: the four weeks alone
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
    "notice.police_report_keeper": "keeper_digest",   # 1871 s.14: which tags are due, on the dashboard
    "notice.keeper_digest_trespass": "keeper_digest",   # 1871 s.14: the registered digest, its counts
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
    "sms.fees_trespass": "fees",   # the 1871 Act's fine and feeding: the same total, the same template
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
    "sms.find_released_by_court": "find_released",
    "notice.forfeited_on_conviction": "find_released",
    "notice.handed_over_gaushala": "find_released",   # 1871 s.14 proviso: the animal left the pound that day
    "sms.find_handed_over": "find_released",
    "sms.find_gaushala": "fees",   # the registered FIND words say "or it is auctioned": these name no auction
    "sms.fees_trespass_gaushala": "fees",
    # the registered seizure_alert and claim_reminder words say "or it is auctioned": the held-animal
    # template names no auction (a cow the 1871 schedule sends to a gaushala, s.14 proviso)
    "notice.seizure_alert_gaushala": "missed_held",
    "notice.claim_reminder_gaushala": "missed_held",
    "sms.seized_tags_gaushala": "recorded",
    # a deadline gone by (s.186(1)): the held templates carry no date, only the 7-day rule
    "sms.find_claim_passed": "find_held",
    "sms.find_auction_passed": "find_held",
    "notice.seizure_alert_claim_passed": "seizure_alert",
    "notice.seizure_alert_auction_passed": "seizure_alert",
    "notice.unapproved_seizure": "keeper_unapproved",  # to the village's officials; who and what: the dashboard
    **{key: "recorded" for key in ("sms.reseized", "sms.released_declaration", "sms.sold_covers_rest",
                                   "sms.sold_rest_held")},
    # the 1871 Act's words for the same acts (s.13, s.15, s.14, s.16)
    **{key: "recorded" for key in ("sms.released_trespass", "sms.released_dispute_trespass", "sms.sold_trespass",
                                   "sms.sold_refused_trespass", "sms.sold_covers_rest_trespass",
                                   "sms.sold_rest_held_trespass")},
    "sms.seized_tags_trespass": "recorded",
    "sms.police_reported": "recorded",   # 1871 s.14: the keeper's report to the police, on the dashboard
    **{key: "not_done" for key in ("sms.err.no_notice_stage", "sms.err.before_police_report_due",
                                   "sms.err.police_report_recorded")},
    **{key: "not_done" for key in ("sms.err.no_notice", "sms.err.before_notice_auction",
                                   "sms.err.buyer_barred_trespass", "sms.err.disposal_gaushala")},
    **{key: "not_done" for key in ("sms.err.keeper_unapproved", "sms.err.no_auction_fixed",
                                   "sms.err.not_reseizable", "sms.err.security_not_due")},
    # an auction date or place refused: the reason is on the public page's list of commands
    **{key: "not_done" for key in ("sms.err.auction_date_past", "sms.err.auction_date_too_far",
                                   "sms.err.place_too_long")},
    "sms.problem.*": "not_done",              # the problem and the usage hint join: one template
    "sms.usage.*": None,
}

MONTH = "month."  # the dlt entries month.1 … month.12: a date inside a slot is written in words
SAMPLE = "sample."  # the dlt entries sample.date, sample.animals: a slot's value in the registration file
# language -> template name -> text, in the catalogue's order (the registration file's order)
TEXTS = {language: {SENT_AS[key]: text for key, text in entries.items() if not key.startswith((MONTH, SAMPLE))}
         for language, entries in words().dlt.items()}
MONTHS = {language: tuple(entries[f"{MONTH}{number}"] for number in range(1, 13))
          for language, entries in words().dlt.items()}

# Values a key is given beyond its catalogue text's own fields (its handler passes them for India).
EXTRA_FIELDS = {"missed.sms": ("tag", "total"), "sms.find_gaushala": ("total_tomorrow",),
                "notice.surplus_trespass": ("surplus_deadline",),
                "notice.seizure_alert_gaushala": ("total",), "notice.claim_reminder_gaushala": ("total",),
                "notice.surplus_reminder_trespass": ("surplus_deadline",), "notice.surplus_none_trespass": ("date",),
                "notice.police_report_keeper": ("count", "today")}

# The DLT type of every value a template takes (the field's name, as in the catalogues).
FIELD_TYPES = {
    **dict.fromkeys(("amount", "total", "total_tomorrow", "fee", "proceeds", "surplus", "forfeited", "deposit",
                     "comp", "fees", "security", "count", "today", "code", "minutes", "receipt", "order"), NUMERIC),
    **dict.fromkeys(("tag", "pound", "place", "village", "when", "deadline", "day", "date", "paid_on",
                     "surplus_deadline", "seized_at", "entries", "taluka"), ALPHANUMERIC),
    "url": URL, "cbn": CBN,
}
SAMPLES = {"tag": "123456789012", "entries": "17/2026", "order": "4512", "code": "482913", "minutes": "10",
           "count": "4", "today": "2", "receipt": "100234"}
DATE_SAMPLE = {language: entries[f"{SAMPLE}date"] for language, entries in words().dlt.items()}


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


# The period words a time is said with ("સવારે 8:44", "रात 11"), per language: below the
# `script` level a slot keeps only ASCII, so the time is written as English writes it ("8:44am"),
# never left as a bare "8 44" that could be morning or night.
_PERIODS = ("morning", "afternoon", "evening", "night")
_PERIOD_WORDS = {language: {entries[f"time.{period}"].replace("{h}", "").strip(): period for period in _PERIODS
                            if entries[f"time.{period}"].endswith("{h}") and entries[f"time.{period}"] != "{h}"}
                 for language, entries in words().messages.items()}
_SAID_TIME = {language: re.compile("(" + "|".join(re.escape(word) for word in periods) + r") (\d{1,2})(:\d{2})?(?!\d)")
              for language, periods in _PERIOD_WORDS.items() if periods and not all(w.isascii() for w in periods)}


def _ascii_time(value: str, language: str) -> str:
    """"07-12 રાત્રે 8:44" -> "07-12 8:44pm": a time said with a period word, in ASCII."""
    pattern = _SAID_TIME.get(language)
    if pattern is None:
        return value

    def english(match: re.Match) -> str:
        period, hour = _PERIOD_WORDS[language][match[1]], int(match[2])
        # night runs 20:00-04:59: "રાત્રે 8"-"રાત્રે 11" are pm, "રાત્રે 12"-"રાત્રે 4" am
        pm = period in ("afternoon", "evening") or (period == "night" and 8 <= hour <= 11)
        return f"{hour}{match[3] or ''}{'pm' if pm else 'am'}"

    return pattern.sub(english, value)


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
    return _written(text, language, context.profile.values, context.profile.var_chars - 1)[0]


def _written(text: str, language: str, level: str, limit: int) -> tuple[str, list[str]]:
    """A name or a date as an `{#alphanumeric#}` slot at `level` takes it, and the words it lost
    on the way (a Gujarati word where only ASCII passes, a word past the length)."""
    if level != SCRIPT:
        text = _ascii_time(text, language)
    # a month in ASCII letters where the level takes no other script ("14 Dec"), in the language's own else
    text = _words_date(text, "en" if level != SCRIPT else language)
    text = " ".join("".join(ch if _letter_or_digit(ch) else " " for ch in text).split())
    lost = []
    if level != SCRIPT:  # what stays readable in ASCII: its Latin words and its digits
        lost = [word for word in text.split() if not word.isascii()]
        text = " ".join(word for word in text.split() if word.isascii())
    if level == STRICT:  # no spaces: "Amba Chowk" -> "AmbaChowk", "14 Dec 4pm" -> "14Dec4pm"
        text = "".join(word[:1].upper() + word[1:].lower() for word in text.split())
    if len(text) > limit:
        cut = (text[:limit + 1].rsplit(" ", 1)[0] if " " in text[:limit + 1] else text[:limit]).strip()
        lost += text[len(cut):].split() if " " in text else [text[len(cut):]]
        text = cut
    return text, lost


def lost_words(value: str, language: str, profile: Profile) -> list[str]:
    """The words of an `{#alphanumeric#}` value that its fit at the profile's level drops: what
    the message would no longer say (`dlt lint` counts them; a template that loses one is reworded)."""
    return _written(str(value), language, profile.values, profile.var_chars - 1)[1]


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
ANIMALS_SAMPLE = {language: entries[f"{SAMPLE}animals"] for language, entries in words().dlt.items()}
NAME_SAMPLE = {language: entries[f"{SAMPLE}name"] for language, entries in words().dlt.items()}


def sample_value(field: str, kind: str, language: str) -> str:
    """A value as a handler gives it, as long as a real one usually is (12-digit tag, 4-digit rupees,
    a date as every SMS says it: "14-12 4pm"; a name in the reader's script)."""
    if field in SAMPLES:
        return SAMPLES[field]
    if kind == NUMERIC:
        return "1250"
    if field in DATE_FIELDS:
        return DATE_SAMPLE[language]
    if field == "animals":
        return ANIMALS_SAMPLE[language]
    return NAME_SAMPLE[language]  # a pound's, a place's, a village's name as this reader gets it
