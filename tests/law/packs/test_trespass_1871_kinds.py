"""SPEC 13.4: the kinds an SMS may name include the 1871 schedule's own (Chandigarh: heifer in the
large category, ram, ewe, lamb and kid in the small one; s.12), in every language's words, and a
village takes them only where its pack names them: a Gujarat keeper sending "heifer" gets the
answer a word nobody knows gets. Village MANI (tests/law/packs/trespass_support.py); the tags
here are unregistered. Seized 30-11 10:00 by SMS."""
from __future__ import annotations

import pytest

from handlers.catalogue import category_name, kind_name, t, tn
from handlers.sms.commands import kind_from_word
from models import law
from models.law import packs
from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    GUJARAT_KEEPER, KEEPER, OWNER, ist, mani, sms)

HEIFER, RAM, LAMB = "500000000011", "500000000012", "500000000013"


def test_a_heifer_is_seized_and_charged_as_large_cattle(mani, send_twilio, clock):
    """SEIZE heifer 30-11 10:00; FEES 02-12 16:00: 3 days. Rs 20,000 (s.12, large: "large cattle") + 3 x Rs 500 =
    Rs 1,500; total Rs 21,500; tomorrow Rs 22,000. Chandigarh sends heifers to a gaushala (s.14
    proviso): report due 07-12 10:00, so not before 14-12 10:00 (a notice posted then + 7 days)."""
    assert sms(send_twilio, KEEPER, f"SEIZE {HEIFER} heifer").startswith("Seized 1 heifer: ")
    clock.set(ist(2, 16))
    assert sms(send_twilio, OWNER, f"FEES {HEIFER}") == (
        f"Tag {HEIFER}: fine Rs 20,000 (s.12, large cattle) + feeding 3 days x Rs 500 = Rs 1,500. "
        "Total today Rs 21,500. Tomorrow Rs 22,000. Unclaimed, it goes to a gaushala from 14-12 10am, "
        "not to auction (s.14).")


def test_a_ram_named_in_gujarati_is_charged_as_small(mani, send_twilio, clock):
    """SEIZE <tag> મેંઢો (ram) 30-11 10:00; FEES 30-11 18:00: 1 day. Rs 1,400 (small: "sheep or goat") + Rs 300 =
    Rs 1,700; tomorrow Rs 2,000."""
    assert sms(send_twilio, KEEPER, f"SEIZE {RAM} મેંઢો").startswith("Seized 1 ram: ")
    clock.set(ist(30, 18, month=11))
    assert sms(send_twilio, OWNER, f"FEES {RAM}") == (
        f"Tag {RAM}: fine Rs 1,400 (s.12, sheep or goat) + feeding 1 day x Rs 300 = Rs 300. "
        "Total today Rs 1,700. Tomorrow Rs 2,000.")


def test_a_lamb_named_in_hindi_is_charged_as_small(mani, send_twilio, clock):
    """SEIZE <tag> मेमना (lamb) 30-11 10:00; FEES 01-12 10:00: 2 days. Rs 1,400 + 2 x Rs 300 = Rs 600;
    total Rs 2,000; tomorrow Rs 2,300."""
    sms(send_twilio, KEEPER, f"SEIZE {LAMB} मेमना")
    clock.set(ist(1))
    assert sms(send_twilio, OWNER, f"FEES {LAMB}") == (
        f"Tag {LAMB}: fine Rs 1,400 (s.12, sheep or goat) + feeding 2 days x Rs 300 = Rs 600. "
        "Total today Rs 2,000. Tomorrow Rs 2,300.")


def test_a_gujarat_keeper_sending_heifer_gets_the_unknown_kind_answer(mani, send_twilio, api):
    """KHAR runs under Gujarat's Act, whose kinds (§181) have no heifer: nothing recorded."""
    unknown = sms(send_twilio, GUJARAT_KEEPER, "SEIZE 500000000021 zebra")
    assert sms(send_twilio, GUJARAT_KEEPER, "SEIZE 500000000021 heifer") == unknown
    assert unknown.startswith("That kind of animal is not known.")
    assert api.get("/impoundments").json["impoundments"] == []


def test_a_gujarati_speaking_keeper_hears_it_in_gujarati(mani, send_twilio, api):
    """The same refusal in the keeper's language."""
    sms(send_twilio, GUJARAT_KEEPER, "LANG gujarati")
    unknown = sms(send_twilio, GUJARAT_KEEPER, "SEIZE 500000000021 zebra")
    assert sms(send_twilio, GUJARAT_KEEPER, "SEIZE 500000000021 વોડકી") == unknown
    assert unknown.startswith(t("gu", "sms.problem.unknown_kind"))


@pytest.mark.parametrize("lang", ["en", "gu", "hi", "gul"])
def test_every_schedule_kind_has_its_words_in_every_language(lang):
    """Each kind the schedules add is parsed back from its own name and its plural."""
    added = [kind for kind in law.NAMED_KINDS if kind not in law.KINDS]
    assert added == ["lamb", "kid", "ram", "ewe", "heifer"]
    for kind in added:
        assert kind_from_word(kind_name(lang, kind)) == kind
        assert kind_from_word(tn(lang, f"kind.{kind}", 2)) == kind


@pytest.mark.parametrize("lang", ["en", "gu", "hi", "gul"])
def test_every_category_of_every_schedule_is_named_in_every_language(lang):
    """FEES, USSD and voice name the fine's category (s.12) by its `category.*` word: every
    category a pack's schedule holds has one (Chandigarh's: large, small, calf, other)."""
    named = {}
    for law_id in packs.available():
        for schedule_id in packs.load(law_id).schedules:
            for category in packs.rules(law_id, schedule_id).get("categories", {}):
                named[category] = category_name(lang, category)
    assert sorted(named) == ["calf", "large", "other", "small"]
    assert all(named.values()) and len(set(named.values())) == len(named)
