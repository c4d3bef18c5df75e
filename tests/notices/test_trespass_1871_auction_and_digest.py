"""The village's auction notice and the keeper's morning digest in Mani Majra (the demo's village
under the Cattle-trespass Act, 1871, Chandigarh schedule), written by the dispatcher's tick.

Test clock Monday 30-11-2026 10:00 IST. The demo's goat 456789012346 was seized 21-11 08:00; its
police report fell due 28-11 08:00. The police notice recorded 30-11 10:00 puts the auction at
07-12 10:00 (+168 h, s.14); the village hears of it the day before, 06-12, at the morning hour.
"""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select, update

from models.tables import OutboundMessage, Person
from sms_gateway import demo

IST = ZoneInfo("Asia/Kolkata")
OWNER, KEEPER, GOAT = "+919825000008", "+919825000007", "456789012346"
BHAV_OWNER = "+919825000005"


@pytest.fixture
def mani(world, session, clock):
    demo.load_trespass_village(session, clock())
    session.execute(update(Person).where(Person.phone.in_([OWNER, KEEPER, BHAV_OWNER])).values(language="en"))
    session.commit()


def texts(session, kind: str, to: str) -> list[str]:
    session.expire_all()
    return list(session.scalars(select(OutboundMessage.text).where(
        OutboundMessage.kind == kind, OutboundMessage.to_phone == to).order_by(OutboundMessage.id)))


def test_the_auction_notice_of_a_1871_village_is_the_public_auction_after_the_police_notice(
        mani, session, api, clock, dispatch):
    [goat] = api.get(f"/impoundments?tag={GOAT}").get_json()["impoundments"]
    assert api.post(f"/impoundments/{goat['id']}/notice", {"at": clock().isoformat()}).status_code == 200
    clock.set(datetime(2026, 12, 6, 8, 0, tzinfo=IST))
    dispatch()
    assert texts(session, "auction_notice", OWNER) == [
        "Public auction 07-12 10am at Mani Majra pound: 1 goat, unclaimed 7 days after the police notice (s.14). "
        "Owners can take an animal back until then: send FEES <tag>."]


def test_bhavpur_beside_it_is_still_told_of_gujarats_auction(mani, session, clock, dispatch):
    """Bhavpur's buffalo (seized 25-11 08:00): claim window to 02-12 08:00, auction at the next
    11:00 (§186(1)); the village hears of it on 01-12 at the morning hour, in Gujarat's words."""
    clock.set(datetime(2026, 12, 1, 8, 0, tzinfo=IST))
    dispatch()
    [notice] = texts(session, "auction_notice", BHAV_OWNER)
    assert notice.startswith("Auction 02-12 11am at ") and "police" not in notice


def test_the_keepers_digest_lists_the_schedules_kinds_beside_gujarats(mani, session, api, clock, dispatch):
    """A heifer seized in MANI-1 on 30-11 beside the demo's buffalo and goat: the next morning's
    digest counts 3 held and names each kind (the heifer too), in the 1871 words (s.14): no report
    due on 01-12 (the buffalo's falls due 04-12 08:00, the heifer's 07-12), the goat's, due 28-11
    08:00 with no police notice recorded, overdue."""
    assert api.post("/impoundments", {"pound": "MANI-1", "kind": "heifer"}).status_code == 201
    clock.set(datetime(2026, 12, 1, 8, 0, tzinfo=IST))
    dispatch()
    assert texts(session, "keeper_digest", KEEPER) == [
        "Mani Majra pound 01-12: 3 held (1 buffalo, 1 goat, 1 heifer). Police reports due today: 0, overdue: 1 (s.14). "
        "For auction after the police notice: 0 today, 0 tomorrow. Send LIST for tags."]
