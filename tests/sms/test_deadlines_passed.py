"""SPEC 13.3: a deadline that has passed is told as passed, on every channel, never as if ahead.

The demo district (test clock Mon 30-11-2026 10:00 IST):
- bullock 345678901234 seized 21-11 08:00 at Ambaji: the 7 days to claim (s.186(1)) ended
  28-11 08:00, the auction was due 28-11 11:00 and no sale is recorded. On 30-11 both have
  passed: Rs 75 fee + 10 days x Rs 50 + Rs 200 security = Rs 775 due.
- buffalo 234567890123 seized 25-11 08:00 at Bhavpur (not s.189-notified, no security):
  claim ended 02-12 08:00, auction 02-12 11:00. On 02-12 09:00 the claim days have passed and
  the auction is still ahead: days 25-11..02-12 = 8, Rs 75 + 8 x Rs 50 = Rs 475 due.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from handlers.catalogue import t
from handlers.menus import speech
from handlers.notices.texts import seizure_alert_text
from models import law, queries

GU_OWNER, HI_OWNER, EN_OWNER = "+919825000004", "+919825000005", "+919825000006"
BULLOCK, BUFFALO = "345678901234", "234567890123"
ON_2_DECEMBER_9AM = datetime(2026, 12, 2, 3, 30, tzinfo=timezone.utc)   # 02-12 09:00 IST


def test_the_law_tells_ahead_claim_passed_and_auction_passed_apart():
    claim = datetime(2026, 12, 2, 2, 30, tzinfo=timezone.utc)     # 02-12 08:00 IST
    auction = datetime(2026, 12, 2, 5, 30, tzinfo=timezone.utc)   # 02-12 11:00 IST
    assert law.deadlines_state(claim, auction, claim - timedelta(seconds=1)) == law.AHEAD
    assert law.deadlines_state(claim, auction, claim) == law.CLAIM_PASSED
    assert law.deadlines_state(claim, auction, auction) == law.AUCTION_PASSED


def test_sms_find_after_the_auction_was_due_says_so_in_english(world, send):
    assert send(EN_OWNER, f"FIND {BULLOCK}") == (
        "Tag 345678901234 (bullock) is still in Ambaji pound, Ambaji since 21-11 8am. Due today Rs 775. "
        "The 7 days to claim ended 28-11 8am and the auction was due on 28-11 11am: ask the panchayat. "
        "Receipt 100003.")


def test_sms_find_after_the_auction_was_due_says_so_in_gujarati(world, send):
    assert send(GU_OWNER, BULLOCK) == (
        "ટેગ 345678901234 (બળદ) 21-11 સવારે 8થી હજી અંબાજી નં.1, અંબાજીમાં. આજે ભરવાના રૂ. 775. "
        "છોડાવવાની મુદત 28-11 સવારે 8એ પૂરી થઈ અને હરાજી 28-11 સવારે 11એ થવાની હતી: પંચાયતને પૂછો. પહોંચ 100003.")


def test_sms_find_after_the_claim_days_before_the_auction_says_the_days_ended(world, send, clock):
    clock.set(ON_2_DECEMBER_9AM)
    assert send(EN_OWNER, f"FIND {BUFFALO}") == (
        "Tag 234567890123 (buffalo) is in Bhavpur pound, Bhavpur since 25-11 8am. Due today Rs 475. "
        "The 7 days to claim ended 02-12 8am; claim it before the auction 02-12 11am. "
        "Receipt 100002. Details: FEES 234567890123")
    assert send(GU_OWNER, BUFFALO) == (
        "ટેગ 234567890123 (ભેંસ) 25-11 સવારે 8થી ભાવપુર નં.1, ભાવપુરમાં. આજે ભરવાના રૂ. 475. "
        "છોડાવવાની મુદત 02-12 સવારે 8એ પૂરી; 02-12 સવારે 11એ હરાજી પહેલાં છોડાવો. "
        "પહોંચ 100002. વિગત: FEES 234567890123")


def test_sms_fees_of_a_held_animal_names_no_deadline(world, send, clock):
    clock.set(ON_2_DECEMBER_9AM)
    assert send(EN_OWNER, f"FEES {BUFFALO}") == (
        "Tag 234567890123: pound fee Rs 75 + 8 days x Rs 50 = Rs 400 + security Rs 0. "
        "Total today Rs 475. Tomorrow Rs 525.")


def test_ussd_find_after_the_auction_was_due_says_so_in_english(world, ussd):
    assert ussd(EN_OWNER, "1", BULLOCK) == (
        "END bullock 345678901234 in Ambaji pound since 21-11 8am\nDue today Rs 775\n"
        "Auction was due 28-11 11am: ask the panchayat")


def test_ussd_find_after_the_auction_was_due_says_so_in_gujarati_on_one_screen(world, ussd):
    assert ussd(GU_OWNER, "1", BULLOCK) == (
        "END બળદ અંબાજી નં.1માં\nઆજે રૂ.775\nહરાજી 28-11 સવારે 11એ હતી: પંચાયતને પૂછો")


def test_ussd_find_after_the_claim_days_keeps_the_auction_ahead(world, ussd, clock):
    clock.set(ON_2_DECEMBER_9AM)
    assert ussd(EN_OWNER, "1", BUFFALO) == (
        "END buffalo 234567890123 in Bhavpur pound since 25-11 8am\nDue today Rs 475\n"
        "Claim days ended 02-12 8am\nAuction 02-12 11am")


def test_voice_find_after_the_auction_was_due_says_so(world, client, settings):
    from tests.voice.voice_phone import VoicePhone
    for language, number in (("en", EN_OWNER), ("gu", GU_OWNER)):
        caller = VoicePhone(client, settings, "twilio", number)
        caller.call()
        caller.press("1")
        said = caller.press(BULLOCK).said()
        claim = "28-11 8am" if language == "en" else "28-11 સવારે 8"
        auction = "28-11 11am" if language == "en" else "28-11 સવારે 11"
        assert speech.spoken(t(language, "ussd.find.auction_passed", when=auction), language) in said
        assert speech.spoken(t(language, "ussd.find.claim", when=claim), language) not in said


def test_a_seizure_alert_written_after_the_auction_was_due_says_so(world, session, clock):
    bullock = queries.impoundment_by_tag(session, BULLOCK)
    assert seizure_alert_text(session, bullock, "en", clock()) == (
        "bullock 345678901234 is still in Ambaji pound. Due today Rs 775. The 7 days to claim ended "
        "28-11 8am and the auction was due 28-11 11am: ask the panchayat.")
    assert seizure_alert_text(session, bullock, "gu", clock()) == (
        "બળદ 345678901234: 21-11 સવારે 8થી હજી અંબાજી નં.1માં. આજે રૂ.775. "
        "છોડાવવાની મુદત 28-11 સવારે 8એ પૂરી થઈ અને હરાજી 28-11 સવારે 11એ થવાની હતી: પંચાયતને પૂછો.")


def test_a_seizure_alert_written_after_the_claim_days_keeps_the_auction_and_complaint_ahead(world, session,
                                                                                                 clock):
    # Complaint to a magistrate within 10 days of 25-11 (s.188(1)): by 05-12.
    buffalo = queries.impoundment_by_tag(session, BUFFALO)
    assert seizure_alert_text(session, buffalo, "en", ON_2_DECEMBER_9AM) == (
        "buffalo 234567890123 in Bhavpur pound. Due today Rs 475. The 7 days to claim ended 02-12 8am; "
        "auction 02-12 11am: claim it before then. Illegal seizure? Complain to a magistrate by 05-12 (s.188)")
