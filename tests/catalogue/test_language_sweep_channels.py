"""The language sweep (tests/pages/test_language_sweep.py) on the channels a phone gets: no
English sentence and no listed other word (locale/glossary.toml) in what a Gujarati or Hindi
reader is sent by SMS, shown on USSD or told on a call, DLT templates included; and no time on
the 24-hour clock ("16:35") in what they are sent, shown or told (docs/TRANSLATORS.md, "Times")."""
from __future__ import annotations

import re
import tomllib
from datetime import datetime, timezone

import pytest
from sqlalchemy import select, update

from handlers.catalogue import CATALOGUES
from handlers.catalogue.po import LOCALE_DIR, forms, message_key, read
from models.tables import OutboundMessage, Person

ENGLISH_SENTENCE = re.compile(r"\b[A-Za-z][a-z']+(?:[ ,]+[A-Za-z][a-z']+){2,}")   # as the page sweep
PHONE_CHANNELS = ("sms", "ussd", "voice", "dlt", "word")
GLOSSARY = tomllib.loads((LOCALE_DIR / "glossary.toml").read_text(encoding="utf-8"))


def phone_texts(language: str) -> list[tuple[str, str, str]]:
    """(channel, key, text without its placeholders) for every phone entry of `language`, each
    form of a plural entry."""
    return [(m.context, message_key(m), re.sub(r"\{[^{}]*\}", "", text)) for m in read(language)
            if m.id and m.context in PHONE_CHANNELS for text in forms(m)]


@pytest.mark.parametrize("language", ["gu", "hi"])
def test_no_english_sentence_reaches_a_gujarati_or_hindi_phone(language):
    assert [(c, k, text) for c, k, text in phone_texts(language) if ENGLISH_SENTENCE.search(text)] == []


@pytest.mark.parametrize("language", ["gu", "hi"])
def test_no_listed_other_word_reaches_a_gujarati_or_hindi_phone(language):
    others = [word for rows in GLOSSARY.values() for lang, row in rows.items() if lang == language
              for word in row["other"]]
    assert others
    assert [(c, k, w) for c, k, text in phone_texts(language) for w in others if w in text] == []


@pytest.mark.parametrize("language", ["gu", "hi"])
def test_the_menus_say_no_english_to_a_gujarati_or_hindi_caller(language):
    said = [text for c, k, text in phone_texts(language) if k.startswith("voice.menu.")]
    assert said and not [text for text in said if re.search(r"[A-Za-z]{3,}", text.replace("SMS", ""))]


# ------------------------------------------------------------- times as a Gujarati or Hindi reader says them

CLOCK = re.compile(r"(?<!\d)(\d{1,2}):(\d{2})(?!\d)")   # "08:44થી": a Gujarati letter is a word letter


def period_words(language: str) -> tuple[str, ...]:
    """The words a clock time follows in `language` ("સવારે", "शाम"): the `time.*` entries."""
    return tuple(CATALOGUES[language][f"time.{period}"].replace("{h}", "").strip()
                 for period in ("morning", "afternoon", "evening", "night"))


def clocks_said_the_24_hour_way(text: str, language: str) -> list[str]:
    """Every `HH:MM` in `text` not said after its period word: "16:35", "08:44" are; the minutes of
    "સવારે 8:44" are not. A command example ("AUCTION 15-12 11:00") is what a sender types."""
    words = period_words(language)
    return [m[0] for m in CLOCK.finditer(text)
            if not text[:m.start()].rstrip().endswith(words) and not re.search(r"[A-Z]{4,} [\d-]+ $", text[:m.start()])]


def test_a_clock_time_after_its_period_word_is_how_people_say_it():
    assert clocks_said_the_24_hour_way("29-11 સવારે 8:44થી અંબાજી", "gu") == []
    assert clocks_said_the_24_hour_way("29-11 08:44થી, 16:35 સુધી", "gu") == ["08:44", "16:35"]
    assert clocks_said_the_24_hour_way("दा.त. AUCTION 15-12 11:00", "hi") == []


GU_OWNER, HI_OWNER = "+919825000004", "+919825000005"
GU_KEEPER, GU_OFFICIAL = "+919825000001", "+919825000003"
HELD_TAGS = ("123456789012", "234567890123", "345678901234")


@pytest.mark.parametrize("language", ["gu", "hi"])
def test_no_24_hour_time_reaches_a_gujarati_or_hindi_phone(world, send_twilio, ussd, session, clock, language):
    """What a Gujarati or Hindi reader is sent by SMS, shown on USSD and sent as notices: every FIND,
    AUCTIONS, MY, the keeper's LIST, a second seizure, an auction fixed, a sale refused before the
    auction, and every notice the outbox holds for them, at a seizure at 14:44."""
    owner = GU_OWNER if language == "gu" else HI_OWNER
    for phone in (owner, GU_KEEPER, GU_OFFICIAL):   # Ambaji's keeper and official read `language` too
        session.execute(update(Person).where(Person.phone == phone).values(language=language))
    session.commit()
    clock.set(datetime(2026, 11, 30, 9, 14, tzinfo=timezone.utc))   # 14:44 IST
    def sms(phone: str, text: str) -> str:
        return send_twilio(phone, text).reply

    read = [sms(GU_KEEPER, "SEIZE 123456789013 buffalo"), sms(GU_KEEPER, "SEIZE 234567890123 cow"),
            sms(GU_KEEPER, "SOLD 123456789012 5000"), sms(GU_KEEPER, "LIST"), sms(GU_OFFICIAL, "AUCTION 10-12 09:30"),
            sms(owner, "AUCTIONS"), sms(owner, "MY")]
    read += [sms(owner, f"FIND {tag}") for tag in HELD_TAGS + ("123456789013",)]
    read += [ussd(owner, "1", tag) for tag in HELD_TAGS] + [ussd(owner, "3"), ussd(owner, "4"), ussd(GU_KEEPER, "3"),
                                                           ussd(GU_KEEPER, "1", "234567890123")]
    session.expire_all()
    read += list(session.scalars(select(OutboundMessage.text).where(OutboundMessage.language == language)))
    assert len(read) > 20 and sum(any(word in text for word in period_words(language)) for text in read) > 10
    assert {text: clocks for text in read if (clocks := clocks_said_the_24_hour_way(text, language))} == {}


@pytest.mark.parametrize("language,tag,heard", [("gu", "123456789012", "સવારે આઠ વાગ્યે"),
                                                ("hi", "234567890123", "सुबह आठ बजे")])
def test_a_call_says_the_claim_deadline_with_its_period_word_and_oclock(world, client, settings, language, tag, heard):
    """FIND by voice: the claim deadline 06-12 08:00 (02-12 08:00 for Bhavpur's buffalo) is heard
    "in the morning, eight o'clock", as it is written on USSD ("સવારે 8"), never "eight hundred"."""
    from tests.voice.voice_phone import VoicePhone

    caller = VoicePhone(client, settings, "twilio", GU_OWNER if language == "gu" else HI_OWNER)
    caller.call()
    caller.press("1")
    assert heard in " ".join(caller.press(tag).said())


@pytest.mark.parametrize("language", ["gu", "hi"])
def test_no_gujarati_or_hindi_phone_entry_writes_a_24_hour_time(language):
    """The words around the values: a time a catalogue writes itself ("ફરી સવારે 8 પછી") is said as
    people say it too; only a command's example keeps the clock the sender types."""
    assert [(c, k, text) for c, k, text in phone_texts(language) if clocks_said_the_24_hour_way(text, language)] == []
