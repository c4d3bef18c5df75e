"""Every SMS template, filled with the longest realistic values, stays within
its budget: 2 segments in English (and GSM-7 only), 4 in Gujarati and Hindi."""
from __future__ import annotations

import string

import pytest

from datetime import datetime, timedelta, timezone

from handlers.catalogue import CATALOGUES, category_name, counted, days_text, kind_name, money, read_on, spoken
from handlers.sms.replies import MAX_SEGMENTS, NAME_LENGTH, short
from handlers.text import GSM7, encoding, segments
from models.law import KINDS, packs

LANGUAGES = ("gu", "hi", "en", "gul")
SMS_KEYS = sorted(key for key in CATALOGUES["en"] if key.startswith("sms."))

# Composite templates and the item template whose worst case fills their list.
LIST_ITEMS = {"sms.auctions": "sms.auction_item", "sms.my": "sms.my_item_held", "sms.list": "sms.list_item",
              "sms.rates": "sms.rates_security", "sms.seized_tags": "sms.seized_item",
              "sms.seized_tags_trespass": "sms.seized_item", "sms.seized_tags_gaushala": "sms.seized_item"}


def longest_kind(language: str) -> str:
    return max((kind_name(language, kind) for kind in KINDS), key=len)


def longest_category(language: str) -> str:
    """The longest name of a category of any pack's scale of fines (1871 s.12)."""
    return max((category_name(language, category) for law_id in packs.available()
                for schedule_id in packs.load(law_id).schedules
                for category in packs.rules(law_id, schedule_id).get("categories", {})), key=len)


def longest_time(language: str, deadline: bool = False) -> str:
    """The longest time of the reader's year as the reader says it: a moment with its minutes, at
    the hour whose words are longest ("31-12 બપોરે 12:59", "31-12 10:59pm"); a deadline is said
    on the hour ("31-12 રાત્રે 11")."""
    with read_on(datetime(2026, 12, 1, tzinfo=timezone.utc)):
        return max((spoken(language, datetime(2026, 12, 31, 0, 59, tzinfo=timezone.utc) + timedelta(hours=hour),
                           "UTC", deadline=deadline) for hour in range(24)), key=len)


def worst_values(language: str) -> dict[str, object]:
    """The longest value each placeholder takes in real use."""
    amount = money(language, 99_999_900)  # Rs 9,99,999: more than any pound's dues
    moment, deadline = longest_time(language), longest_time(language, deadline=True)
    return {
        "tag": "123456789012",
        "kind": longest_kind(language), "category": longest_category(language),
        # Names are cut to NAME_LENGTH by replies.short; a long real name shows the cut.
        "pound": short("Ambaji Gram Panchayat Cattle Pound No. 2", NAME_LENGTH),
        "village": short("Ambaji Gram Panchayat of Danta Taluka", NAME_LENGTH),
        "place": short("Panchayat ghar chowk near the temple", 40),
        # the gaushala a cow was handed to (1871 s.14 proviso), cut like a pound's name
        "to": short("Shri Krishna Gaushala and Panjrapole Trust, Sector 45", 40),
        "since": moment, "date": moment, "claim_deadline": deadline, "auction_at": moment, "when": moment,
        "auction": "31-12",
        # 1871 s.14: the keeper's report to the police (when it falls due, when it was made)
        "reported_at": moment, "police_report_due": moment, "police_reported_at": moment,
        "surplus_deadline": "31-12-2026", "protest_deadline": "31-12-2026", "complaint": "31-12-2026",
        "receipt": "1234567890", "receipts": "1000001,1000002,1000003",
        "total": amount, "total_tomorrow": amount, "fee": amount, "rate": amount, "expenses": amount,
        "security": amount, "dues": amount, "fees": amount, "surplus": money(language, 10 ** 10),
        "proceeds": money(language, 10 ** 10),  # Rs 10 crore: the parser's upper bound
        "days": 365, "count": 99999, "max": 4, "ussd": "*384*12345#",
        # RATES
        "village_code": "AMBAJI-DANTA-1234567", "heads": "10-99", "times": "10-99", "amount": amount,
        "days_text": days_text(language, 365), "animals": counted(language, "animal", 99999),
        "people": counted(language, "person", 99999), "more": counted(language, "more_tag", 99999),
    }


def render(language: str, key: str) -> str:
    template = CATALOGUES[language][key]
    values = worst_values(language)
    if key in LIST_ITEMS:
        item = render(language, LIST_ITEMS[key])
        more = CATALOGUES[language]["sms.more"].format(count=99)
        values["items"] = f"{item}; {more}"
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    missing = names - set(values)
    assert not missing, f"{key}: no worst-case value for {missing}"
    return template.format(**values)


def test_every_language_has_the_same_sms_keys():
    for language in LANGUAGES:
        assert sorted(k for k in CATALOGUES[language] if k.startswith("sms.")) == SMS_KEYS


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", SMS_KEYS)
def test_every_sms_template_fits_its_budget_with_worst_case_values(language, key):
    text = render(language, key)
    assert segments(text) <= MAX_SEGMENTS[language], f"{len(text)} chars: {text}"


@pytest.mark.parametrize("key", SMS_KEYS)
def test_english_sms_templates_stay_in_gsm7(key):
    assert encoding(render("en", key)) == GSM7, render("en", key)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("problem", sorted(k for k in CATALOGUES["en"] if k.startswith("sms.problem.")))
@pytest.mark.parametrize("usage", sorted(k for k in CATALOGUES["en"] if k.startswith("sms.usage.")))
def test_a_problem_with_any_usage_fits_its_budget(language, problem, usage):
    text = render(language, problem) + " " + render(language, usage)
    assert segments(text) <= MAX_SEGMENTS[language], text
    if language == "en":
        assert encoding(text) == GSM7


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_find_for_several_tags_still_fits(language):
    text = render(language, "sms.find") + " " + render(language, "sms.one_tag_at_a_time")
    assert segments(text) <= MAX_SEGMENTS[language], text


def test_money_in_english_uses_rs_not_the_rupee_sign():
    assert money("en", 34000) == "Rs 340"
    assert "₹" not in "".join(CATALOGUES["en"].values())
