"""`LANG GUL`: Gujarati in Latin letters, a complete catalogue in GSM-7."""
from __future__ import annotations

import pytest

from handlers.catalogue import CATALOGUES, LANGUAGES, heard_language, t
from handlers.sms.commands import parse
from handlers.text import is_gsm7


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_has_every_key_the_others_have(language):
    """gul included: a key another developer adds to gu/hi/en must be added here too."""
    assert set(CATALOGUES[language]) == set(CATALOGUES["gu"]), (
        sorted(set(CATALOGUES["gu"]) ^ set(CATALOGUES[language])))


SPOKEN = ("voice.", "missed.voice")  # heard in Gujarati (catalogue.heard_language), never sent as SMS


@pytest.mark.parametrize("key", sorted(k for k in CATALOGUES["gul"] if not k.startswith(SPOKEN)))
def test_every_gul_message_is_gsm7(key):
    assert is_gsm7(CATALOGUES["gul"][key]), CATALOGUES["gul"][key]


def test_gul_messages_are_its_own_words_not_english():
    # The dashboard and the exhibited fee list (r.6) are read in gu/hi/en: English words there.
    own = [k for k in CATALOGUES["gul"] if not k.startswith(("dash.", "page.") + SPOKEN)]
    copied = {k for k in own if CATALOGUES["gul"][k] == CATALOGUES["en"][k]}
    # Placeholders only, or words the same in both (Deposit, Hindi, English).
    assert copied <= {"money", "ussd.animal", "ussd.fees.security", "ussd.auctions.village", "ussd.auctions.lot",
                      "ussd.lang.hi", "ussd.lang.en", "ussd.lang.gul", "ussd.seize.what_tag",
                      "sms.rates_item"}, copied


@pytest.mark.parametrize("text", ["LANG GUL", "lang gul", "Gujlish"])
def test_lang_gul_chooses_gujarati_in_latin_letters(text):
    command = parse(text)
    assert (command.name, command.language) == ("lang", "gul")


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_offers_lang_gul_in_every_language(language):
    assert "GUL" in t(language, "sms.help.owner", ussd="*384*1#")


def test_a_gul_reader_hears_gujarati_on_a_call():
    assert heard_language("gul") == "gu" and heard_language("hi") == "hi"
