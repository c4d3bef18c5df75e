"""The registered wording under the strictest reading of `{#alphanumeric#}` (SPEC 13.2): `strict`
is the default, and every template still says what its reader needs. A value in a slot is
ASCII letters and digits only, so a name in Gujarati or Devanagari letters would be lost in the
fit: no template takes one (the public page's link says where), and a date keeps its day, month
and hour ("14-12 4pm" is sent as 14Dec4pm). A template that both Acts send (the 1871 Act's
notices ride Gujarat's templates, `SENT_AS`) cites neither Act's section in its fixed text."""
from __future__ import annotations

import re

import pytest

from handlers import dlt as templates
from handlers.dlt import wording
from handlers.dlt.profile import ALPHANUMERIC, Profile, fixed_text
from sms_gateway.settings import Settings

# s.182-s.190 of the Gujarat Panchayats Act 1993 (the pound's sections), with a sub-section: "186(1)"
GUJARAT_SECTION = re.compile(r"(?<![\d.])1(8[2-9]|90)(\(\d+\))?(?!\d)")
# a section as the English and Latin templates write one: "s.188", "s. 14"
CITED = re.compile(r"\bs\.\s?\d")
LANGUAGES = ("gu", "hi", "en", "gul")


def shared_by_both_acts() -> list[str]:
    """The templates a key of the 1871 Act (`…_trespass`) and a key of Gujarat's Act are both sent as."""
    trespass = {name for key, name in wording.SENT_AS.items() if name and "_trespass" in key}
    gujarat = {name for key, name in wording.SENT_AS.items() if name and "_trespass" not in key}
    return sorted(trespass & gujarat)


def test_strict_is_the_default_reading_of_a_template_value():
    assert Settings().dlt_values == "strict"
    assert Profile().values == "strict"


def test_under_the_default_level_no_registered_templates_sample_value_loses_a_word():
    profile = Profile()
    lost = [(t.language, t.name, field, lost)
            for t in templates.build(profile) for field, kind in zip(t.fields, t.kinds) if kind == ALPHANUMERIC
            if (lost := wording.lost_words(wording.sample_value(field, kind, t.language), t.language, profile))]
    assert lost == []


def test_under_strict_a_name_in_gujarati_letters_would_lose_every_word():
    """Why no template takes a pound's or a place's name: in the reader's script it is all lost."""
    name = wording.sample_value("pound", ALPHANUMERIC, "gu")
    assert wording.lost_words(name, "gu", Profile(values="strict")) == name.split()
    assert wording.lost_words(name, "gu", Profile(values="script")) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_under_strict_a_date_as_every_sms_says_it_keeps_day_month_and_hour(language):
    date = wording.sample_value("deadline", ALPHANUMERIC, language)
    strict = wording.Context(Profile(values="strict"))
    assert wording.lost_words(date, language, strict.profile) == []
    # a period word in Gujarati or Hindi letters becomes am/pm; Gujarati in Latin letters keeps its own
    assert wording.fit(ALPHANUMERIC, date, language, strict) == ("14DecSanje4" if language == "gul" else "14Dec4pm")


def test_no_template_takes_a_name_slot():
    names = {"pound", "place", "village", "taluka"}
    assert [(t.language, t.name) for t in templates.build(Profile()) if names & set(t.fields)] == []


def test_the_templates_both_acts_send_include_the_seizure_alert_and_the_surplus_receipt():
    assert {"seizure_alert", "claim_reminder", "auction", "surplus_paid", "find_sold", "fees"} <= \
        set(shared_by_both_acts())


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_template_shared_by_both_acts_cites_a_section_in_its_fixed_text(language):
    """An 1871 village's SMS never cites Gujarat's s.186(1) or s.188: the shared words say what
    happened and when; the section is on the public page."""
    texts = wording.TEXTS[language]
    citing = {name: fixed_text(texts[name]) for name in shared_by_both_acts()
              if GUJARAT_SECTION.search(fixed_text(texts[name])) or CITED.search(fixed_text(texts[name]))}
    assert citing == {}
