"""An auction's notice held back says the auction as it stands when it goes (SPEC section 7,
"checked at send time"; handlers.notices.at_send): an official who re-fixes the auction in
quiet hours has the village told the new date, never the old one; an auction left with no
animal is not announced at all.

Demo district; Ambaji official +919825000003 (gu), owners +919825000004 (gu) and
+919825000006 (en). The bullock 345678901234's claim window closed on 28-11, the cow
123456789012's closes on 06-12 08:00; Ambaji's auction hour is 11:00 IST. Quiet hours hold
every notice fixed at 22:30 IST until 08:00 the next morning.
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import select

from models import queries
from models.tables import OutboundMessage

OFFICIAL, ENGLISH_OWNER = "+919825000003", "+919825000006"
BULLOCK = "345678901234"
EVENING = datetime(2026, 12, 2, 17, 0, tzinfo=timezone.utc)   # Wed 02-12 22:30 IST: quiet hours
LATER = datetime(2026, 12, 2, 17, 30, tzinfo=timezone.utc)    # 23:00 IST
MORNING = datetime(2026, 12, 3, 2, 30, tzinfo=timezone.utc)   # Thu 03-12 08:00 IST


def auction_notices(session, to_phone: str | None = None) -> list[OutboundMessage]:
    session.expire_all()
    query = select(OutboundMessage).where(OutboundMessage.kind == "auction_notice").order_by(OutboundMessage.id)
    if to_phone:
        query = query.where(OutboundMessage.to_phone == to_phone)
    return list(session.scalars(query))


def test_an_auction_re_fixed_before_its_notice_goes_is_announced_with_the_new_date_only(
        world, send, session, clock, run_worker, dispatch):
    clock.set(EVENING)
    send(OFFICIAL, "AUCTION 05-12")
    assert [m.status for m in auction_notices(session, ENGLISH_OWNER)] == ["queued"]
    clock.set(LATER)
    send(OFFICIAL, "AUCTION 08-12")   # the cow's window has closed by then: 2 animals
    clock.set(MORNING)
    dispatch()
    run_worker()
    notices = auction_notices(session, ENGLISH_OWNER)
    assert [m.status for m in notices] == ["cancelled", "sent"]
    assert "05-12" in notices[0].text and notices[0].last_error.startswith("no longer applies")
    assert "08-12" in notices[1].text and "05-12" not in notices[1].text
    assert not [m for m in auction_notices(session) if m.status == "sent" and "05-12" in m.text]


def test_a_place_re_typed_for_the_same_moment_is_the_place_the_village_is_sent(
        world, send, session, clock, run_worker, dispatch):
    clock.set(EVENING)
    send(OFFICIAL, "AUCTION 05-12 Gam Choro")
    clock.set(LATER)
    send(OFFICIAL, "AUCTION 05-12 Panchayat Ghar")   # same moment: no second notice is written
    clock.set(MORNING)
    dispatch()
    run_worker()
    notices = auction_notices(session, ENGLISH_OWNER)
    assert [m.status for m in notices] == ["sent"]
    assert "Panchayat Ghar" in notices[0].text and "Gam Choro" not in notices[0].text
    assert notices[0].encoding == "GSM-7"


def test_the_notice_of_an_auction_whose_animal_left_the_pound_is_not_sent(
        world, send, api, session, clock, run_worker, dispatch):
    clock.set(EVENING)
    send(OFFICIAL, "AUCTION 05-12")
    bullock = queries.impoundment_by_tag(session, BULLOCK)
    clock.set(LATER)
    response = api.post(f"/impoundments/{bullock.id}/release", {})
    assert response.status_code in (200, 201), response.get_json()
    clock.set(MORNING)
    dispatch()
    run_worker()
    notices = auction_notices(session)
    assert notices and all(m.status == "cancelled" for m in notices)
