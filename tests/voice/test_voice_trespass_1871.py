"""The voice menus (Twilio) in Mani Majra, the demo's village under the Cattle-trespass Act, 1871
(Chandigarh schedule): an owner who asks about an animal there hears that Act's answer, spoken,
in Gujarati, Hindi and English; a Bhavpur animal beside it is still told by Gujarat's Act.

Test clock Monday 30-11-2026 10:00 IST. Buffalo 456789012345 seized 27-11 08:00: 4 days (any
part of a day); fine (s.12, large) Rs 20,000 + 4 x Rs 500 feeding = Rs 22,000, tomorrow
Rs 22,500; the s.15 deposit on dispute the same Rs 22,000. Police report due 04-12 08:00 (+168 h),
the auction not before 11-12 08:00 (+168 h after a notice posted then, s.14).
"""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import update

from handlers.catalogue import category_name, money, rupees, spoken, t
from handlers.menus import speech
from models.tables import Person
from sms_gateway import demo
from tests.voice.voice_phone import VoicePhone

OWNER, BUFFALO = "+919825000008", "456789012345"
BHAV_OWNER, BHAV_BUFFALO = "+919825000005", "234567890123"


def ist_time(day: int, month: int, hour: int) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=ZoneInfo("Asia/Kolkata"))


@pytest.fixture
def mani(world, session, clock):
    demo.load_trespass_village(session, clock())
    session.commit()


def caller(client, settings, session, phone: str, language: str) -> VoicePhone:
    session.execute(update(Person).where(Person.phone == phone).values(language=language))
    session.commit()
    calling = VoicePhone(client, settings, "twilio", phone)
    calling.call()
    return calling


def sp(language: str, key: str, **values) -> str:
    return speech.spoken(t(language, key, **values), language)


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_find_is_spoken_with_the_police_report_and_the_auction_after_the_notice(mani, client, settings, session,
                                                                               language):
    found = caller(client, settings, session, OWNER, language).keys("1", BUFFALO)
    assert found.ends
    report, auction = spoken(language, ist_time(4, 12, 8), "Asia/Kolkata", deadline=True), \
        spoken(language, ist_time(11, 12, 8), "Asia/Kolkata")
    said = found.said()
    assert sp(language, "ussd.find.due", amount=rupees(2_200_000)) in said
    assert sp(language, "ussd.find.report_trespass", when=report) in said
    assert sp(language, "ussd.find.auction_trespass", when=auction) in said
    assert sp(language, "ussd.find.claim", when=report) not in said


def test_find_in_english_is_heard_whole(mani, client, settings, session):
    """The section said as a section, the dates with their month, the rupees as a sum."""
    said = caller(client, settings, session, OWNER, "en").keys("1", BUFFALO).said()
    assert said[1:4] == ["Due today twenty two thousand rupees",
                         "Claim by four December eight am, or it is reported to the police (section fourteen)",
                         "Auction seven days after the police notice, not before eleven December eight am "
                         "(section fourteen)"]


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_fees_are_spoken_as_the_fine_the_feeding_and_the_deposit_on_dispute(mani, client, settings, session,
                                                                           language):
    said = caller(client, settings, session, OWNER, language).keys("2", BUFFALO).said()
    assert sp(language, "ussd.fees.fine_trespass", amount=money(language, 2_000_000),
              category=category_name(language, "large")) in said
    assert sp(language, "ussd.fees.dispute_trespass", amount=money(language, 2_200_000)) in said
    assert sp(language, "ussd.fees.total", amount=money(language, 2_200_000)) in said
    assert sp(language, "ussd.fees.tomorrow", amount=money(language, 2_250_000)) in said
    assert sp(language, "ussd.fees.fee", amount=money(language, 2_000_000)) not in said   # no "pound fee"


def test_a_bhavpur_animal_is_still_spoken_by_gujarats_act(mani, client, settings, session):
    said = " ".join(caller(client, settings, session, BHAV_OWNER, "en").keys("1", BHAV_BUFFALO).said())
    assert "Claim by" in said and "police" not in said


def test_fees_in_english_are_heard_with_the_category_of_the_scale(mani, client, settings, session):
    """The buffalo's fine is the large cattle's Rs 20,000 (s.12), said with its category."""
    said = caller(client, settings, session, OWNER, "en").keys("2", BUFFALO).said()
    assert "Fine (section twelve, large cattle) twenty thousand rupees" in said, said
