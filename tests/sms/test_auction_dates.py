"""An official's AUCTION date, read the way the clerk means it (SPEC section 4;
models.law.auction_day): never a silent next-year date, a date gone by refused with
its year, and every date outside this year written with its year.

Ambaji official +919825000003 (gu). The bullock 345678901234's claim window closed on
28-11, the cow 123456789012's closes on 06-12 08:00; Ambaji's auction hour is 11:00 IST (05:30 UTC)."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import func, select

from models.tables import Impoundment, OutboundMessage

OFFICIAL = "+919825000003"
BULLOCK = "345678901234"
DEC_2 = datetime(2026, 12, 2, 4, 30, tzinfo=timezone.utc)  # Wednesday 02-12-2026 10:00 IST


def bullock(session):
    session.expire_all()
    return session.scalars(select(Impoundment).where(Impoundment.tag == BULLOCK)).one()


def auction_notices(session) -> int:
    return session.scalar(select(func.count(OutboundMessage.id)).where(OutboundMessage.kind == "auction_notice"))


def test_auction_30_11_on_2_december_is_refused_as_past_and_tells_nobody(world, send, session, clock):
    clock.set(DEC_2)
    assert send(OFFICIAL, "AUCTION 30-11") == (
        "30-11-2026 વીતી ગઈ: હરાજી પછીની તારીખે જ નક્કી થાય. કંઈ નોંધાયું નથી.")
    assert bullock(session).auction_fixed_at is None
    assert auction_notices(session) == 0


def test_the_refusal_is_in_the_officials_language(world, send, session, clock):
    clock.set(DEC_2)
    send(OFFICIAL, "LANG HI")
    assert send(OFFICIAL, "AUCTION 30-11") == "30-11-2026 बीत गई: नीलामी आगे की तारीख पर ही तय होती है. कुछ दर्ज नहीं हुआ."
    send(OFFICIAL, "LANG EN")
    assert send(OFFICIAL, "AUCTION 30-11") == (
        "30-11-2026 has passed: an auction can be fixed only for a later day. Nothing recorded.")


def test_a_yearless_date_beyond_sixty_days_is_refused_showing_the_year_it_would_mean(world, send, session, clock):
    clock.set(DEC_2)
    send(OFFICIAL, "LANG EN")
    # 15-03-2027 is 103 days after 02-12-2026.
    assert send(OFFICIAL, "AUCTION 15-03") == (
        "15-03-2027 is 103 days away: the auction follows the 7 days to claim (s.186(1)). "
        "If you mean that day, send AUCTION 15-03-2027. Nothing recorded.")
    assert bullock(session).auction_fixed_at is None
    assert auction_notices(session) == 0


def test_the_same_date_sent_with_its_year_is_fixed(world, send, session, clock):
    clock.set(DEC_2)
    send(OFFICIAL, "LANG EN")
    assert send(OFFICIAL, "AUCTION 15-03-2027") == (
        "Auction fixed 15-03-2027 11am at Ambaji for 2 animals. The village is being told.")  # the cow's window too
    assert bullock(session).auction_fixed_at == datetime(2027, 3, 15, 5, 30, tzinfo=timezone.utc)


def test_a_january_auction_fixed_in_december_says_its_year_in_the_reply_and_the_notice(world, send, session,
                                                                                       clock):
    clock.set(DEC_2)
    assert send(OFFICIAL, "AUCTION 15-01") == "હરાજી 15-01-2027 સવારે 11એ અંબાજીમાં નક્કી: 2 ઢોર. ગામને જાણ કરાય છે."
    assert bullock(session).auction_fixed_at == datetime(2027, 1, 15, 5, 30, tzinfo=timezone.utc)
    texts = session.scalars(select(OutboundMessage.text).where(OutboundMessage.kind == "auction_notice")).all()
    assert texts and all("15-01-2027" in text for text in texts)


def test_a_date_this_month_is_written_without_its_year(world, send, session, clock):
    clock.set(DEC_2)
    assert send(OFFICIAL, "AUCTION 05-12") == "હરાજી 05-12 સવારે 11એ અંબાજીમાં નક્કી: 1 ઢોર. ગામને જાણ કરાય છે."


def test_a_place_with_its_latin_name_after_a_slash_reaches_english_readers_in_latin_letters(
        world, send, session, clock):
    clock.set(DEC_2)
    assert send(OFFICIAL, "AUCTION 05-12 ગામ ચોરો / Gam Choro") == (
        "હરાજી 05-12 સવારે 11એ ગામ ચોરોમાં નક્કી: 1 ઢોર. ગામને જાણ કરાય છે.")
    assert (bullock(session).auction_place, bullock(session).auction_place_en) == ("ગામ ચોરો", "Gam Choro")
    notices = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "auction_notice")).all()
    english = [m for m in notices if m.language == "en"]
    assert english and all("Gam Choro" in m.text and m.encoding == "GSM-7" for m in english)
    assert all("ગામ ચોરો" in m.text for m in notices if m.language == "gu")


def test_a_gujarati_place_without_a_latin_name_reaches_english_readers_as_the_villages_name(
        world, send, session, clock):
    clock.set(DEC_2)
    send(OFFICIAL, "AUCTION 05-12 ગામ ચોરો")
    assert bullock(session).auction_place_en is None
    english = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "auction_notice",
                                                            OutboundMessage.language == "en")).all()
    assert english and all("Ambaji" in m.text and m.encoding == "GSM-7" for m in english)


def test_the_auctions_eve_names_the_place_in_each_readers_script(world, send, session, clock, dispatch):
    clock.set(DEC_2)
    send(OFFICIAL, "AUCTION 05-12 ગામ ચોરો / Gam Choro")
    clock.set(datetime(2026, 12, 4, 2, 30, tzinfo=timezone.utc))   # 04-12 08:00 IST, the eve's morning
    dispatch()
    session.expire_all()
    eves = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "auction_notice",
                                                         OutboundMessage.idempotency_key.contains(":eve:"))).all()
    assert [m for m in eves if m.language == "en"] and all(
        "Gam Choro" in m.text and m.encoding == "GSM-7" for m in eves if m.language == "en")
    assert all("ગામ ચોરો" in m.text for m in eves if m.language == "gu")
