"""Every notice fits its budget (WORDING.md, section 3, rule 9), counted at the
worst realistic case: the longest kind's name (વાછરડું, बछड़ा, elephant), 4-digit
rupee amounts, a 12-digit tag, 15-character names, times said the long way.

What the panchayat pays for one impoundment's life is asserted end to end in
tests/sms/test_message_life.py; this file keeps each template inside its share."""
from __future__ import annotations

import pytest

from handlers.catalogue import CATALOGUES, LANGUAGES, kind_name, money, t
from models.law import KINDS as KIND_NAMES
from handlers.text import encoding, segments

TAG = "345678901234"
# 15 characters in each script (WORDING.md, section 2).
NAMES = {lang: name[:15] for lang, name in {"gu": "અંબાજી ગ્રામ ડબ્બો", "hi": "अंबाजी ग्राम कांजी",
                                             "en": "Ambaji pound no", "gul": "Ambaji dabbo no"}.items()}
# A seizure has its minutes; a deadline is said on the hour (rounded down), as is the auction hour.
TIMES = {"gu": "14-12 બપોરે 12:30", "hi": "14-12 दोपहर 12:30", "en": "14-12 12:30pm", "gul": "14-12 bapore 12:30"}
HOURS = {"gu": "14-12 બપોરે 12", "hi": "14-12 दोपहर 12", "en": "14-12 12pm", "gul": "14-12 bapore 12"}
DAYS = {"gu": "28 દિવસ", "hi": "28 दिन", "en": "28 days", "gul": "28 divas"}

# Parts per notice: 1 for what repeats or goes to a whole village, 2 for what goes
# once to one person, 3 for a legal right (the seizure alert, a protest receipt).
# English (GSM-7) fits the owner's whole life in 5 parts: one each.
BUDGET = {
    "notice.seizure_alert": {"gu": 3, "hi": 3, "gul": 2, "en": 1},
    "notice.claim_reminder": {"gu": 1, "hi": 1, "gul": 1, "en": 1},
    "notice.auction": {"gu": 1, "hi": 1, "gul": 1, "en": 1},
    "notice.release_receipt": {"gu": 2, "hi": 2, "gul": 1, "en": 1},
    "notice.release_protest": {"gu": 4, "hi": 4, "gul": 2, "en": 2},
}
DEFAULT_BUDGET = {"gu": 3, "hi": 3, "gul": 2, "en": 2}


def longest_kind(lang: str) -> str:
    return max((kind_name(lang, kind) for kind in KIND_NAMES), key=len)


def values(lang: str) -> dict:
    return dict(kind=longest_kind(lang), tag=TAG, pound=NAMES[lang], when=TIMES[lang], amount="9999", rate="99",
                deadline=HOURS[lang], auction=HOURS[lang], complaint="24-12", place=NAMES[lang],
                animals=t(lang, "notice.head_count", count=99), receipt="100123", total="9999", fee="9999",
                days=DAYS[lang], expenses="9999", deposit="9999", day="15-06-2027", date="15-06-2027", proceeds="99999",
                surplus="99999", forfeited="9999", count=99, today=9, tomorrow=9, reports=99, overdue=99,
                comp=money(lang, 10000), fees=money(lang, 999900), to="+919825000400", paid_on="30-05-2027",
                # the register copy and §190 orders (names cut as handlers.pound.register/removal cut them)
                entries="12345/2026", tags=TAG, seized_at=TIMES[lang], taluka="Danta taluka of Banaskantha"[:30],
                what=t(lang, "removal.resident_dry"), order=12345, village=NAMES[lang],
                keeper="Ramesh Bharwad (keeper)")  # a keeper named to the officials (s.182(1))


NOTICE_KEYS = sorted(k for k in CATALOGUES["en"]
                     if k.startswith("notice.") and k not in ("notice.broadcast", "notice.release_deposit",
                                                              "notice.head_count", "notice.untagged"))


def full_text(lang: str, key: str) -> str:
    """As sent: a receipt with a deposit carries its tail."""
    text = t(lang, key, **values(lang))
    if key == "notice.release_receipt":
        text += t(lang, "notice.release_deposit", **values(lang))
    if key == "notice.release_protest":  # the longer of the two §188 tails, and the §185(3) one
        tails = [t(lang, k, complaint="24-12") for k in ("notice.protest_complaint", "notice.protest_complaint_passed")]
        text += " " + max(tails, key=len) + " " + t(lang, "notice.protest_security", deadline="28-12")
    return text


def test_every_language_has_the_same_notice_keys():
    keys = [sorted(k for k in CATALOGUES[lang] if k.startswith("notice.")) for lang in LANGUAGES]
    assert all(k == keys[0] for k in keys)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", NOTICE_KEYS)
def test_each_notice_fits_its_segment_budget(lang, key):
    text = full_text(lang, key)
    budget = BUDGET.get(key, DEFAULT_BUDGET)[lang]
    assert segments(text) <= budget, (len(text), text)


@pytest.mark.parametrize("lang", ["en", "gul"])
@pytest.mark.parametrize("key", NOTICE_KEYS + ["notice.broadcast"])
def test_latin_notices_stay_in_gsm7(lang, key):
    text = full_text(lang, key) if key != "notice.broadcast" else t(lang, key, village="Ambaji", text="Meeting")
    assert encoding(text) == "GSM-7", text
    assert "₹" not in text


@pytest.mark.parametrize("lang", ["gu", "hi"])
def test_indian_script_notices_use_no_danda_after_digits(lang):
    for key in NOTICE_KEYS:
        assert "।" not in CATALOGUES[lang][key], key
