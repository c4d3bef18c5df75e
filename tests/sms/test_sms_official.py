"""SPEC section 4, a panchayat official's commands: NOTICE and AUCTION, for
the official's own village only. Ambaji official +919825000003 (gu); clock
Mon 30-11-2026 10:00 IST; Ambaji's auction hour 11:00.

Ambaji holds the bullock 345678901234 (claim deadline 28-11 08:00) and the
cow 123456789012 (claim deadline 06-12 08:00); Bhavpur the buffalo
234567890123 (claim deadline 02-12 08:00, auction 02-12 11:00).
"""
from __future__ import annotations

from datetime import datetime, timezone

import pytest
from sqlalchemy import func, select

from models.tables import Broadcast, Impoundment, OutboundMessage

OFFICIAL, KEEPER, EN_OWNER, HI_OWNER = "+919825000003", "+919825000001", "+919825000006", "+919825000005"



def impoundment(session, tag):
    session.expire_all()
    return session.scalars(select(Impoundment).where(Impoundment.tag == tag)).one()


def test_notice_is_broadcast_to_every_opted_in_person_of_the_village(world, send, session):
    # Ambaji: keeper, official and two owners.
    assert send(OFFICIAL, "NOTICE Gram sabha on Sunday at 10") == "સૂચના 4 લોકોને મોકલી."
    broadcast = session.scalars(select(Broadcast)).one()
    assert (broadcast.text, broadcast.recipient_count, broadcast.sender_phone) == (
        "Gram sabha on Sunday at 10", 4, OFFICIAL)
    assert session.scalar(select(func.count(OutboundMessage.id)).where(OutboundMessage.kind == "broadcast")) == 4


def test_notice_skips_people_who_sent_stop(world, send, send_twilio):
    send_twilio(EN_OWNER, "STOP")
    send(OFFICIAL, "LANG EN")
    assert send(OFFICIAL, "NOTICE ગામમાં પશુ મેળો") == "Notice sent to 3 people."


def test_notice_without_text_shows_the_usage_in_hindi(world, send):
    send(OFFICIAL, "LANG HI")
    assert send(OFFICIAL, "NOTICE") == "सूचना का संदेश नहीं है. NOTICE <संदेश> भेजें."


def test_a_notice_longer_than_four_segments_is_refused(world, send, session):
    assert send(OFFICIAL, "NOTICE " + "ગ" * 300) == "સૂચના બહુ લાંબી છે: 4 SMS ભાગમાં સમાવો."
    assert session.scalar(select(func.count(Broadcast.id))) == 0


def test_auction_fixes_the_date_for_every_claim_expired_animal_of_the_village(world, send, session):
    # 05-12 resolves to 05-12-2026; the village's hour 11:00 IST = 05:30 UTC. Only the bullock's
    # window (28-11) closes before it; the cow's (06-12) does not; Bhavpur is another village.
    assert send(OFFICIAL, "AUCTION 05-12") == "હરાજી 05-12 સવારે 11એ અંબાજીમાં નક્કી: 1 ઢોર. ગામને જાણ કરાય છે."
    bullock = impoundment(session, "345678901234")
    assert bullock.auction_fixed_at == datetime(2026, 12, 5, 5, 30, tzinfo=timezone.utc)
    assert bullock.auction_at == datetime(2026, 12, 5, 5, 30, tzinfo=timezone.utc)
    assert impoundment(session, "123456789012").auction_fixed_at is None
    assert impoundment(session, "234567890123").auction_fixed_at is None


def test_auction_with_time_and_place_in_english(world, send, session):
    send(OFFICIAL, "LANG EN")
    assert send(OFFICIAL, "AUCTION 10/12 9:30 am panchayat ghar") == (
        "Auction fixed 10-12 9:30am at panchayat ghar for 2 animals. The village is being told.")
    assert impoundment(session, "123456789012").auction_place == "panchayat ghar"


def test_an_auction_date_already_past_this_year_means_next_year(world, send, session):
    send(OFFICIAL, "AUCTION 15-01 12:00")
    # 15-01-2027 12:00 IST = 06:30 UTC.
    assert impoundment(session, "345678901234").auction_fixed_at == datetime(2027, 1, 15, 6, 30, tzinfo=timezone.utc)


@pytest.mark.parametrize("body", ["AUCTION 29-02", "AUCTION 31-04", "AUCTION 32-01"])
def test_a_date_that_does_not_exist_is_refused(world, send, session, body):
    # After 30-11-2026 the next 29-02 would fall in 2027, not a leap year.
    assert send(OFFICIAL, body) == (
        "આવી તારીખ નથી. AUCTION dd-mm [hh:mm] [સ્થળ] મોકલો, દા.ત. AUCTION 15-12 11:00.")
    assert impoundment(session, "345678901234").auction_fixed_at is None


def test_an_auction_earlier_today_is_refused(world, send, session):
    assert send(OFFICIAL, "AUCTION 30-11 09:00") == "એ સમય વીતી ગયો છે. પછીની તારીખ મોકલો."
    assert impoundment(session, "345678901234").auction_fixed_at is None


def test_an_auction_before_any_claim_window_closes_fixes_nothing(world, send, send_twilio):
    send_twilio(KEEPER, "SOLD 345678901234 9000")
    send(OFFICIAL, "LANG EN")
    assert send(OFFICIAL, "AUCTION 01-12") == "No animal's claim period ends before 01-12 11am: nothing to auction then."


@pytest.mark.parametrize("phone", [KEEPER, EN_OWNER, HI_OWNER])
@pytest.mark.parametrize("body", ["NOTICE hello village", "AUCTION 05-12"])
def test_official_commands_from_anyone_else_change_nothing(world, send, session, phone, body):
    reply = send(phone, body)
    assert reply in ("આ ફક્ત નોંધાયેલ પંચાયત અધિકારી કરી શકે. તમારા આદેશો માટે HELP મોકલો.",
                     "Only a registered panchayat official can do that. Send HELP for your commands.",
                     "यह केवल दर्ज पंचायत अधिकारी कर सकता है. अपने आदेशों के लिए HELP भेजें.")
    assert session.scalar(select(func.count(Broadcast.id))) == 0
    assert impoundment(session, "345678901234").auction_fixed_at is None
