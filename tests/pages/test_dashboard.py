"""The panchayat dashboard and the phone simulator through Flask's test
client (SPEC section 8); the same pages in a real browser are in
test_browser.py.

Demo district at the test clock, 30-11-2026 10:00 IST (see conftest `world`).
"""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
from sqlalchemy import select

from models.tables import Broadcast, OutboundMessage
from tests.conftest import ADMIN_TOKEN

KEEPER, OFFICIAL, OWNER_GU, OWNER_BHAV, OWNER_EN = (
    "+919825000001", "+919825000003", "+919825000004", "+919825000005", "+919825000006")


def csrf_token(client, path: str = "/signin") -> str:
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def without_token(html: str) -> str:
    """A page without its CSRF token's value: Flask-WTF signs the token with the second it was
    made, so two answers a second apart differ there and nowhere else."""
    return re.sub(r'name="csrf_token" value="[^"]+"', 'name="csrf_token"', html)


def sign_in_admin(client) -> str:
    token = csrf_token(client)
    response = client.post("/signin/token", data={"csrf_token": token, "token": ADMIN_TOKEN, "next": "/"})
    assert response.status_code == 302
    return csrf_token(client, "/")  # a new session, a new token


_drain = None


@pytest.fixture(autouse=True)
def _worker(run_worker):
    """The code's SMS is written by an RQ job (sms_gateway.pages.signin.send_code_job):
    code_sent_to drains the queue first, as the worker would."""
    global _drain
    _drain = run_worker
    yield
    _drain = None


def code_sent_to(session, phone: str) -> str:
    _drain()
    session.rollback()  # see what the worker committed
    message = session.scalars(select(OutboundMessage).where(OutboundMessage.to_phone == phone)
                              .order_by(OutboundMessage.id.desc())).first()
    return re.search(r"\b(\d{6})\b", message.text).group(1)


def sign_in_official(client, session, phone: str = OFFICIAL) -> str:
    token = csrf_token(client)
    client.post("/signin/code", data={"csrf_token": token, "phone": phone, "next": "/"})
    response = client.post("/signin/verify", data={"csrf_token": token, "phone": phone,
                                                   "code": code_sent_to(session, phone), "next": "/"})
    assert response.status_code == 302
    return csrf_token(client, "/")


def page(client, path: str = "/?lang=en") -> str:
    response = client.get(path)
    assert response.status_code == 200
    return response.get_data(as_text=True)


# --- sign-in ----------------------------------------------------------------------------


def test_dashboard_redirects_to_sign_in_when_nobody_is_signed_in(client, world):
    response = client.get("/")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/signin")


def test_wrong_admin_token_is_refused_and_signs_nobody_in(client, world):
    token = csrf_token(client)
    response = client.post("/signin/token", data={"csrf_token": token, "token": "not-the-token"})
    assert response.status_code == 401
    assert client.get("/").status_code == 302


def test_admin_token_signs_in_and_the_dashboard_shows_every_village(client, world):
    sign_in_admin(client)
    html = page(client)
    assert "Ambaji Gram" in html and "Bhavpur" in html
    assert "234567890123" in html  # BHAV's buffalo


def test_sign_in_page_never_redirects_off_site(client, world):
    token = csrf_token(client)
    response = client.post("/signin/token", data={"csrf_token": token, "token": ADMIN_TOKEN,
                                                   "next": "//evil.example/"})
    assert response.headers["Location"] == "/"


def test_official_gets_a_one_time_code_by_sms_as_a_reply(client, session, world):
    token = csrf_token(client)
    client.post("/signin/code", data={"csrf_token": token, "phone": "98250 00003"})
    _drain()
    session.rollback()
    [message] = session.scalars(select(OutboundMessage).where(OutboundMessage.to_phone == OFFICIAL)).all()
    assert message.kind == "reply"  # solicited: quiet hours and STOP never hold it back
    assert re.search(r"\b\d{6}\b", message.text)


def test_no_code_is_sent_to_a_number_that_is_not_an_official_and_the_page_says_the_same(client, session, world):
    token = csrf_token(client)
    for_owner = client.post("/signin/code", data={"csrf_token": token, "phone": OWNER_GU, "next": "/"})
    for_official = client.post("/signin/code", data={"csrf_token": token, "phone": OFFICIAL, "next": "/"})
    _drain()
    session.rollback()
    assert session.scalars(select(OutboundMessage).where(OutboundMessage.to_phone == OWNER_GU,
                                                         OutboundMessage.kind == "reply")).all() == []
    assert for_owner.status_code == for_official.status_code == 200
    def without_number(response) -> str:
        return without_token(response.get_data(as_text=True)).replace(OWNER_GU, "").replace(OFFICIAL, "")

    assert without_number(for_owner) == without_number(for_official)


def test_official_signs_in_with_the_code(client, session, world):
    sign_in_official(client, session)
    assert "Ambaji Gram panchayat" in page(client)


def test_wrong_code_is_refused(client, session, world):
    token = csrf_token(client)
    client.post("/signin/code", data={"csrf_token": token, "phone": OFFICIAL})
    right = code_sent_to(session, OFFICIAL)
    wrong = f"{(int(right) + 1) % 1_000_000:06d}"
    response = client.post("/signin/verify", data={"csrf_token": token, "phone": OFFICIAL, "code": wrong})
    assert response.status_code == 401
    assert client.get("/").status_code == 302


def test_code_is_burnt_after_five_wrong_tries(client, session, world):
    token = csrf_token(client)
    client.post("/signin/code", data={"csrf_token": token, "phone": OFFICIAL})
    right = code_sent_to(session, OFFICIAL)
    wrong = f"{(int(right) + 1) % 1_000_000:06d}"
    for _ in range(5):
        client.post("/signin/verify", data={"csrf_token": token, "phone": OFFICIAL, "code": wrong})
    response = client.post("/signin/verify", data={"csrf_token": token, "phone": OFFICIAL, "code": right})
    assert response.status_code == 429


def test_code_works_only_once(client, session, world):
    sign_in_official(client, session)
    token = csrf_token(client, "/")
    client.post("/signout", data={"csrf_token": token})
    token = csrf_token(client)
    response = client.post("/signin/verify", data={"csrf_token": token, "phone": OFFICIAL,
                                                    "code": code_sent_to(session, OFFICIAL)})
    assert response.status_code == 401


def test_sign_out_ends_the_session(client, world):
    token = sign_in_admin(client)
    client.post("/signout", data={"csrf_token": token})
    assert client.get("/").status_code == 302


def test_official_sees_only_their_own_village(client, session, world):
    sign_in_official(client, session)
    html = page(client)
    assert "123456789012" in html  # AMBA's cow
    assert "234567890123" not in html  # BHAV's buffalo
    assert "Bhavpur" not in html
    assert OWNER_BHAV not in html  # nor BHAV's messages in the outbox


# --- what the dashboard shows ------------------------------------------------------------


def test_dashboard_shows_each_animal_with_todays_dues_and_deadlines(client, world):
    sign_in_admin(client)
    html = page(client)
    row = re.search(r'<tr data-tag="123456789012">(.*?)</tr>', html, re.DOTALL).group(1)
    # Cow seized 29-11 08:00 IST, today 30-11: 2 days. Fee Rs 50 + 2 x Rs 40 + AMBA's
    # §189 deposit for 1 head, first time, Rs 200 = Rs 330; tomorrow Rs 370.
    assert "Rs 330" in row and "Rs 370" in row
    assert "06-12-2026 8am" in row  # claim deadline: seizure + 7 x 24 h
    assert "06-12-2026 11am" in row  # auction: first 11:00 after it
    assert "09-12-2026" in row  # complaint: seizure date + 10 days


def test_dashboard_shows_pounds_auctions_outbox_and_schedules(client, world):
    sign_in_admin(client)
    html = page(client)
    assert "Ambaji panchayat pound" in html
    assert re.search(r"<section id=\"auctions\">.*02-12-2026 11am.*06-12-2026 11am", html, re.DOTALL)
    assert 'data-kind="seizure_alert"' in html and "waiting" in html
    schedules = html[html.index('id="schedules"'):]
    assert "Rs 50" in schedules and "Rs 1,000" in schedules  # cow fee; 3rd-time deposit per head


def test_dashboard_speaks_gujarati_by_default(client, world):
    sign_in_admin(client)
    assert "કાનની ટેગ" in page(client, "/")


# --- broadcast ----------------------------------------------------------------------------


def test_broadcast_form_creates_a_broadcast_to_the_villages_opted_in_people(client, session, world):
    token = sign_in_admin(client)
    page(client, "/?lang=en")
    response = client.post("/broadcast", data={"csrf_token": token, "village": "AMBA",
                                               "text": "Auction of unclaimed cattle 08-12 11:00 at the pound"})
    assert response.status_code == 302
    session.rollback()
    [broadcast] = session.scalars(select(Broadcast)).all()
    # AMBA: keeper, official and two owners.
    assert broadcast.recipient_count == 4
    assert broadcast.text == "Auction of unclaimed cattle 08-12 11:00 at the pound"
    assert "queued for 4 people" in page(client)


def test_officials_broadcast_goes_to_their_own_village_whatever_the_form_says(client, session, world):
    token = sign_in_official(client, session)
    client.post("/broadcast", data={"csrf_token": token, "village": "BHAV", "text": "Gram sabha on Sunday"})
    session.rollback()
    [broadcast] = session.scalars(select(Broadcast)).all()
    assert broadcast.village_id == world_village_id(session, "AMBA")
    assert broadcast.sender_phone == OFFICIAL


def world_village_id(session, code: str) -> int:
    from models.queries import village_by_code

    return village_by_code(session, code).id


def test_empty_broadcast_is_refused(client, session, world):
    token = sign_in_admin(client)
    client.post("/broadcast", data={"csrf_token": token, "village": "AMBA", "text": "   "})
    session.rollback()
    assert session.scalars(select(Broadcast)).all() == []


def test_post_without_the_csrf_token_is_refused(client, session, world):
    sign_in_admin(client)
    response = client.post("/broadcast", data={"village": "AMBA", "text": "Forged notice"})
    assert response.status_code == 400
    session.rollback()
    assert session.scalars(select(Broadcast)).all() == []


def test_post_with_another_sessions_csrf_token_is_refused(app, client, session, world):
    sign_in_admin(client)
    other = app.test_client()
    response = client.post("/broadcast", data={"csrf_token": csrf_token(other), "village": "AMBA", "text": "x"})
    assert response.status_code == 400


# --- simulator ----------------------------------------------------------------------------


def test_simulator_is_not_found_when_disabled(app, client, world, monkeypatch):
    runtime = app.extensions["dabbo"]
    monkeypatch.setattr(runtime, "settings", replace(runtime.settings, simulator_enabled=False))
    sign_in_admin(client)
    assert client.get("/simulator").status_code == 404


def test_simulator_is_for_the_administrator_only(client, session, world):
    sign_in_official(client, session)
    assert client.get("/simulator").status_code == 403


def test_simulator_needs_sign_in(client, world):
    response = client.get("/simulator")
    assert response.status_code == 302 and response.headers["Location"].startswith("/signin")


def test_simulator_sms_shows_the_reply_and_what_the_other_phone_receives(client, session, world, api):
    api.post(f"/people/{OWNER_EN}/animals", json={"tag": "345678901299", "kind": "cow"})
    token = sign_in_admin(client)
    response = client.post("/simulator/sms", data={"csrf_token": token, "phone": KEEPER,
                                                   "text": "SEIZE 345678901299 cow"})
    reply = re.search(r'id="sms-reply">(.*?)</div>', response.get_data(as_text=True), re.DOTALL).group(1)
    assert "10000" in reply  # the receipt number (100004 or so)
    owner_inbox = page(client, f"/simulator?phone={OWNER_EN.replace('+', '%2B')}")
    assert 'data-kind="seizure_alert"' in owner_inbox and "345678901299" in owner_inbox


def test_simulator_ussd_carries_the_accumulated_text_like_africastalking(client, world):
    token = sign_in_admin(client)
    first = client.post("/simulator/ussd", data={"csrf_token": token, "phone": OWNER_EN, "action": "dial"})
    assert 'id="ussd-screen">CON ' in first.get_data(as_text=True)
    second = client.post("/simulator/ussd", data={"csrf_token": token, "phone": OWNER_EN, "action": "answer",
                                                  "ussd_text": "", "answer": "1"})
    assert 'name="ussd_text" value="1"' in second.get_data(as_text=True)
    third = client.post("/simulator/ussd", data={"csrf_token": token, "phone": OWNER_EN, "action": "answer",
                                                 "ussd_text": "1", "answer": "345678901234"}).get_data(as_text=True)
    # The bullock, seized 21-11 08:00, today 30-11: 10 days. Fee Rs 75 + 10 x Rs 50 + AMBA's
    # deposit (1 head, 1st time) Rs 200 = Rs 775.
    screen = re.search(r'id="ussd-screen">(.*?)</div>', third, re.DOTALL).group(1)
    assert "Rs 775" in screen


def test_simulator_refuses_a_number_that_is_not_a_phone(client, world):
    token = sign_in_admin(client)
    response = client.post("/simulator/sms", data={"csrf_token": token, "phone": "12ab", "text": "HELP"})
    assert response.status_code == 422


def test_sign_in_codes_are_never_shown_in_the_outbox(client, session, world):
    sign_in_official(client, session)
    code = code_sent_to(session, OFFICIAL)
    html = page(client)
    assert "sign-in code, not shown" in html
    assert code not in html


def test_official_who_is_no_longer_an_official_is_signed_out(client, session, world):
    from models.queries import person_by_phone

    sign_in_official(client, session)
    session.rollback()
    person_by_phone(session, OFFICIAL).role = "owner"
    session.commit()
    assert client.get("/").status_code == 302


def test_session_older_than_twelve_hours_must_sign_in_again(client, world):
    sign_in_admin(client)
    with client.session_transaction() as cookie:
        cookie["since"] -= 12 * 3600 + 1
    assert client.get("/").status_code == 302


def test_code_sign_in_says_so_when_redis_is_down_and_sends_nothing(app, client, session, world, monkeypatch):
    from sms_gateway.runtime import make_redis

    monkeypatch.setattr(app.extensions["dabbo"], "redis", make_redis("redis://127.0.0.1:1/0"))  # nothing there
    token = csrf_token(client)
    response = client.post("/signin/code", data={"csrf_token": token, "phone": OFFICIAL})
    assert response.status_code == 503
    session.rollback()
    assert session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "reply")).all() == []


def test_a_meeting_notice_takes_its_day_as_dd_mm_yyyy_in_gujarati_digits(settings, exotel_settings, clock, world,
                                                                         session):
    """Under DLT the composer's meeting is typed fields: 20-12-2026 at 10:00 written in Gujarati
    digits is the same meeting as `MEETING 20-12 10:00 Panchayat office` by SMS."""
    from sms_gateway import create_app
    from tests.fakes.fixtures import on_exotel

    india = create_app(on_exotel(settings, exotel_settings))
    india.extensions["dabbo"].clock = clock
    client = india.test_client()
    token = sign_in_admin(client)
    response = client.post("/broadcast", data={"csrf_token": token, "village": "AMBA", "shape": "meeting",
                                               "date": "૨૦-૧૨-૨૦૨૬", "time": "૧૦:૦૦", "place": "Panchayat  office",
                                               "action": "send"})
    assert response.status_code == 302, response.get_data(as_text=True)
    session.rollback()
    assert session.scalars(select(Broadcast)).one().text == "MEETING 20-12 10:00 Panchayat office"
    india.extensions["dabbo"].engine.dispose()
