"""Hostile and broken USSD requests never break: the caller gets a polite
re-prompt or END, never a 500, and only the gateway holding the token is
answered at all (SPEC §3, §5)."""
from __future__ import annotations

import time

import pytest
from sqlalchemy import func, select

from handlers.catalogue import t
from handlers.text import fits_ussd_page
from models.tables import Impoundment, InboundMessage

OWNER_EN, KEEPER_AMBA = "+919825000006", "+919825000001"
PATH = "/webhooks/africastalking/ussd"
ROOT_EN = "CON Dabbo cattle pound\n1 Find animal by tag\n2 Fees and deposit\n3 Upcoming auctions\n4 My animals\n5 Language\n6 Rates"


def body(response) -> str:
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    text = response.get_data(as_text=True)
    assert text.startswith(("CON ", "END ")) and fits_ussd_page(text), text
    return text


@pytest.mark.parametrize("query", ["", "?token=", "?token=wrong", "?token=test-at-token-but-longer"])
def test_without_the_token_the_answer_is_403(world, client, query):
    response = client.post(PATH + query, data={"sessionId": "s", "phoneNumber": OWNER_EN, "text": ""})
    assert response.status_code == 403
    assert "Traceback" not in response.get_data(as_text=True)


def test_a_5000_character_text_ends_politely(world, ussd):
    assert body(ussd.post(OWNER_EN, "1*" + "1" * 5000)) == "END Please dial again."


def test_a_storm_of_stars_ends_or_reprompts(world, ussd):
    assert body(ussd.post(OWNER_EN, "*" * 300)) == "END Please dial again."
    assert body(ussd.post(OWNER_EN, "***")) == ROOT_EN.replace("Dabbo cattle pound", "Wrong choice. Try again:")


def test_letters_where_digits_are_expected_reprompt(world, ussd):
    assert body(ussd.post(OWNER_EN, "abc")).startswith("CON Wrong choice. Try again:\n1 Find")
    assert body(ussd.post(OWNER_EN, "1*cow")) == "CON A tag has 12 digits, a receipt 4-10. Enter again:\n0 Back"
    assert body(ussd.post(KEEPER_AMBA, "1*1*ગાય")).startswith("CON ખોટી પસંદગી. ફરી:\n1 ગાય")


@pytest.mark.parametrize("text", ["\x00", "1*\x00\x01", "😀*😀", "1*" + "9" * 40, "1*-1", "5*-3", "5*3.0",
                                  "5* 3", "%00", "<script>", "1*123456789012' OR 1=1--", "0*0*0*00*00"])
def test_junk_inputs_never_break(world, ussd, text):
    body(ussd.post(OWNER_EN, text))


def test_unknown_or_missing_session_and_fields_still_answer(world, client):
    token = "?token=test-at-token"
    unknown_number = "END " + t("gu", "ussd.bad_phone")      # no person, so the default language
    assert body(client.post(PATH + token, data={})) == unknown_number
    assert body(client.post(PATH + token, data={"phoneNumber": OWNER_EN})) == ROOT_EN
    assert body(client.post(PATH + token, data={"sessionId": "x" * 500, "phoneNumber": OWNER_EN, "text": "1"}))
    assert body(client.post(PATH + token, data={"sessionId": "s", "phoneNumber": "not-a-phone", "text": "1"})) \
        == unknown_number


def test_a_stranger_dialling_mid_session_gets_a_screen(world, ussd):
    # An unknown caller whose first request already carries inputs (a session we never saw).
    assert body(ussd.post("+919825012345", "1*345678901234")).startswith("END બળદ અંબાજી નં.1માં\nઆજે રૂ.775")  # on one screen


def test_inputs_past_an_end_screen_start_over_politely(world, ussd, session):
    assert body(ussd.post(OWNER_EN, "3*1*1*1")) == "END Please dial again."


def test_hostile_text_leaves_no_records_behind(world, ussd, session):
    before = session.scalar(select(func.count(Impoundment.id)))
    for text in ("1*1*1*1*1*1", "1*" + "*1" * 30, "1*1*99*1", "2*123456789012*3*1"):
        body(ussd.post(KEEPER_AMBA, text))
    assert session.scalar(select(func.count(Impoundment.id))) == before


def test_the_audit_row_keeps_no_nul_characters(world, ussd, session):
    body(ussd.post(OWNER_EN, "1*\x00123", session_id="nul\x00session"))
    stored = session.scalars(select(InboundMessage)).one()
    assert "\x00" not in stored.text and "\x00" not in stored.provider_id


def test_answers_come_far_inside_the_gateway_deadline(world, ussd):
    """AT drops a session after about 10 s; the slowest step here must not come near 1 s."""
    slowest = 0.0
    for text in ("", "1", "1*345678901234", "2*345678901234", "3", "4", "1*" + "1" * 5000, "*" * 300):
        started = time.perf_counter()
        body(ussd.post(OWNER_EN, text))
        slowest = max(slowest, time.perf_counter() - started)
    assert slowest < 1.0
