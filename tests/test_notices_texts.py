"""Every notice template fits: at most 2 SMS segments in English, which stays
in GSM-7, and at most 4 in Gujarati and Hindi (UCS-2), with long but real
values: a 40-character pound name, five-digit rupee amounts, a 12-digit tag."""
from __future__ import annotations

import re

import pytest

from handlers.catalogue import CATALOGUES, kind_name, money, t
from handlers.text import encoding, segments

POUND = "Ambaji gram panchayat cattle pound no. 2"  # 40 characters
TAG = "345678901234"
LIMITS = {"en": 2, "gu": 4, "hi": 4}


def values(lang: str) -> dict:
    rupees = money(lang, 1234500)  # Rs 12345
    return dict(kind=kind_name(lang, "buffalo"), tag=TAG, pound=POUND, when="07-12 11:00", amount=rupees,
                rate=rupees, deadline="07-12 10:00", auction="07-12 11:00", complaint="10-12-2026",
                place=POUND, animals=", ".join(f"{n} {kind_name(lang, k)}" for n, k in
                                               ((3, "cow"), (2, "buffalo"), (1, "bullock"))),
                receipt="100123", total=rupees, fee=rupees, days=28, expenses=rupees, deposit=rupees,
                day="15-12-2026", proceeds=rupees, surplus=rupees, forfeited=rupees, count=14, today=3,
                tomorrow=2, comp=money(lang, 10000), fees=rupees, to="+919825000400", paid_on="30-05-2027",
                # issue 13: the register copy and §190 orders (names cut as handlers.register/removal cut them)
                entries="12345/2026", tags=TAG, seized_at="07-12 11:00", taluka="Danta taluka of Banaskantha"[:30],
                what=t(lang, "removal.resident_dry"), order=12345)


NOTICE_KEYS = sorted(k for k in CATALOGUES["en"] if k.startswith("notice.") and k != "notice.broadcast")


def full_text(lang: str, key: str) -> str:
    """As sent: the release receipt carries its longer tail (protest or deposit)."""
    text = t(lang, key, **values(lang))
    if key == "notice.release_receipt":
        security = t(lang, "notice.protest_security", deadline="28-12-2026")
        tails = [t(lang, "notice.protest_complaint_passed", complaint="10-12-2026") + " " + security,
                 t(lang, "notice.protest_complaint", complaint="10-12-2026") + " " + security,
                 t(lang, "notice.release_deposit", day="30-05-2027")]
        text += " " + max(tails, key=len)
    return text


def test_every_language_has_the_same_notice_keys():
    keys = [sorted(k for k in CATALOGUES[lang] if k.startswith("notice.")) for lang in ("gu", "hi", "en")]
    assert keys[0] == keys[1] == keys[2]


@pytest.mark.parametrize("lang", ["en", "gu", "hi"])
@pytest.mark.parametrize("key", NOTICE_KEYS)
def test_each_notice_fits_its_segment_budget(lang, key):
    text = full_text(lang, key)
    assert segments(text) <= LIMITS[lang], (len(text), text)


@pytest.mark.parametrize("key", NOTICE_KEYS + ["notice.broadcast"])
def test_english_notices_stay_in_gsm7(key):
    text = full_text("en", key) if key != "notice.broadcast" else t("en", key, village="Ambaji", text="Meeting")
    assert encoding(text) == "GSM-7"
    assert "₹" not in text


@pytest.mark.parametrize("lang", ["en", "gu", "hi"])
def test_templates_name_the_same_placeholders_in_every_language(lang):
    for key in NOTICE_KEYS:
        assert set(re.findall(r"{(\w+)}", CATALOGUES[lang][key])) == set(re.findall(r"{(\w+)}", CATALOGUES["en"][key]))
