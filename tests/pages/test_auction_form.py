"""The auction form (officials and administrators): the same date reading and record as SMS
`AUCTION`, and the place in a script each reader's SMS can carry. Demo district; Ambaji
official +919825000003 (gu). The bullock 345678901234's claim window closed on 28-11, the
cow 123456789012's closes on 06-12 08:00; Ambaji's auction hour is 11:00 IST."""
from __future__ import annotations

import html
import re
from datetime import datetime, timezone

from sqlalchemy import select

from models import queries
from models.tables import OutboundMessage
from tests.pages.test_dashboard import _worker, sign_in_official  # noqa: F401 (autouse fixture)

OFFICIAL, KEEPER = "+919825000003", "+919825000001"
DEC_2 = datetime(2026, 12, 2, 4, 30, tzinfo=timezone.utc)  # 02-12-2026 10:00 IST


def confirmed(client, data: dict):
    """The auction form as an official submits it: once to see who will be told and what it
    costs, and again, unchanged, to record and notify."""
    first = client.post("/records/auction", data=data)
    token = re.search(r'name="confirmed" value="([0-9a-f]+)"', first.get_data(as_text=True))
    assert first.status_code == 200 and token, first.get_data(as_text=True)
    return client.post("/records/auction", data={**data, "confirmed": token.group(1)})


def auction_notices(session) -> list[OutboundMessage]:
    session.rollback()
    return session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "auction_notice")).all()


def test_the_first_submit_shows_who_will_be_told_and_the_cost_and_sends_nothing(client, session, world, clock):
    """On 02-12 the bullock 345678901234 is the one animal whose claim window closed: fixing the
    auction for 05-12 11:00 writes one auction notice per opted-in person of Ambaji (the rows the
    send would take, counted and rolled back): who, how many SMS parts, at Rs 0.25 a part
    (SMS_PRICE_PAISE's default). Nothing is recorded until the second submit, which sends them."""
    clock.set(DEC_2)
    token = sign_in_official(client, session, OFFICIAL)
    data = {"csrf_token": token, "village": "AMBA", "day": "05-12-2026", "place": "Panchayat ghar"}
    first = client.post("/records/auction?lang=en", data=data)
    assert first.status_code == 200
    shown = html.unescape(first.get_data(as_text=True))
    told = re.search(r'<p id="confirm-text">Auction on 05-12 11am for 1 animal\. (\d+) (?:person|people) will be '
                     r'told by SMS: (\d+) SMS parts?, Rs (\d+)\.(\d\d)\.', shown)
    assert told, shown
    assert auction_notices(session) == []
    assert queries.impoundment_by_tag(session, "345678901234").auction_fixed_at is None
    response = confirmed(client, data | {"csrf_token": token})
    assert response.status_code == 200
    notices = auction_notices(session)
    people, parts = int(told.group(1)), int(told.group(2))
    assert (len({m.to_phone for m in notices}), sum(m.segments for m in notices)) == (people, parts)
    assert int(told.group(3)) * 100 + int(told.group(4)) == parts * 25


def test_a_value_changed_after_the_preview_is_previewed_again_not_sent(client, session, world, clock):
    clock.set(DEC_2)
    token = sign_in_official(client, session, OFFICIAL)
    data = {"csrf_token": token, "village": "AMBA", "day": "05-12-2026"}
    first = client.post("/records/auction", data=data).get_data(as_text=True)
    seen = re.search(r'name="confirmed" value="([0-9a-f]+)"', first).group(1)
    again = client.post("/records/auction", data={**data, "day": "06-12-2026", "confirmed": seen})
    assert 'id="confirm-text"' in again.get_data(as_text=True)
    assert auction_notices(session) == []


def test_the_auction_form_is_an_officials_not_a_keepers(client, session, world):
    sign_in_official(client, session, OFFICIAL)
    html = client.get("/records/auction").get_data(as_text=True)
    assert 'type="text" placeholder="dd-mm-yyyy" autocomplete="off" id="day" name="day"' in html   # dd-mm-yyyy whatever the browser's locale
    assert '<span class="hint field-limit" id="place-limit">વધુમાં વધુ 40 અક્ષર.</span>' in html


def test_a_keeper_may_not_fix_an_auction(client, session, world):
    sign_in_official(client, session, KEEPER)
    assert client.get("/records/auction").status_code == 403


def test_a_day_gone_by_is_refused_beside_the_day_with_its_year(client, session, world, clock):
    clock.set(DEC_2)
    token = sign_in_official(client, session, OFFICIAL)
    response = client.post("/records/auction", data={"csrf_token": token, "village": "AMBA", "day": "2026-11-30"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert '<span class="field-error" id="day-error">30-11-2026 વીતી ગઈ: હરાજી પછીની તારીખે જ નક્કી થાય. કંઈ નોંધાયું નથી.</span>' in html
    assert 'value="2026-11-30"' in html
    session.rollback()
    assert queries.impoundment_by_tag(session, "345678901234").auction_fixed_at is None


def test_a_gujarati_place_reaches_english_readers_as_the_villages_english_name(client, session, world, clock):
    clock.set(DEC_2)
    token = sign_in_official(client, session, OFFICIAL)
    response = confirmed(client, {"csrf_token": token, "village": "AMBA", "day": "2026-12-05",
                                  "place": "પંચાયત ઘર"})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert "હરાજી 05-12 સવારે 11એ પંચાયત ઘરમાં નક્કી: 1 ઢોર. ગામને જાણ કરાય છે." in response.get_data(as_text=True)
    session.rollback()
    assert queries.impoundment_by_tag(session, "345678901234").auction_fixed_at == datetime(
        2026, 12, 5, 5, 30, tzinfo=timezone.utc)
    notices = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "auction_notice")).all()
    english = [m for m in notices if m.language == "en"]
    gujarati = [m for m in notices if m.language == "gu"]
    assert english and all("Ambaji" in m.text and "પંચાયત" not in m.text and m.encoding == "GSM-7" for m in english)
    assert gujarati and all("પંચાયત ઘર" in m.text for m in gujarati)


def test_a_gujarati_place_with_a_latin_place_en_reaches_english_readers_as_place_en(client, session, world, clock):
    clock.set(DEC_2)
    token = sign_in_official(client, session, OFFICIAL)
    response = confirmed(client, {"csrf_token": token, "village": "AMBA", "day": "2026-12-05",
                                  "place": "પંચાયત ઘર", "place_en": "Panchayat Ghar"})
    assert response.status_code == 200, response.get_data(as_text=True)
    session.rollback()
    bullock = queries.impoundment_by_tag(session, "345678901234")
    assert (bullock.auction_place, bullock.auction_place_en) == ("પંચાયત ઘર", "Panchayat Ghar")
    notices = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "auction_notice")).all()
    english = [m for m in notices if m.language == "en"]
    gujarati = [m for m in notices if m.language == "gu"]
    assert english and all("Panchayat Ghar" in m.text and "Ambaji" not in m.text and m.encoding == "GSM-7"
                           for m in english)
    assert gujarati and all("પંચાયત ઘર" in m.text for m in gujarati)


def test_the_latin_place_shows_its_limit_and_refuses_gujarati_letters_in_the_officials_language(
        client, session, world, clock):
    clock.set(DEC_2)
    token = sign_in_official(client, session, OFFICIAL)
    html = client.get("/records/auction").get_data(as_text=True)
    assert '<span class="hint field-limit" id="place_en-limit">વધુમાં વધુ 40 અક્ષર.</span>' in html
    response = client.post("/records/auction", data={"csrf_token": token, "village": "AMBA", "day": "2026-12-05",
                                                     "place": "પંચાયત ઘર", "place_en": "પંચાયત"})
    assert response.status_code == 422
    assert ('<span class="field-error" id="place_en-error">અહીં સ્થળ ફક્ત અંગ્રેજી (લેટિન) અક્ષરોમાં લખો, '
            'દા.ત. Gam Choro.</span>') in response.get_data(as_text=True)
    response = client.post("/records/auction", data={"csrf_token": token, "village": "AMBA", "day": "2026-12-05",
                                                     "place_en": "P" * 41})
    assert response.status_code == 422
    assert '<span class="field-error" id="place_en-error">' in response.get_data(as_text=True)
    session.rollback()
    assert queries.impoundment_by_tag(session, "345678901234").auction_fixed_at is None
