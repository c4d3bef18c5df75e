"""The USSD navigator and its webhook, fed whatever Hypothesis can think of: keypad sequences of any length, digits of three scripts, random
unicode, missing and repeated fields.

Whatever comes in, the caller gets one well-formed page (`CON `/`END `, within
182 GSM-7 or 80 UCS-2 characters), never an exception; the same inputs give
the same screen whichever process answers (the whole state is in `text`).
"""
from __future__ import annotations

import logging

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from werkzeug.datastructures import MultiDict

from handlers.menus import ussd
from handlers.text import fits_ussd_page
from models.tables import InboundMessage
from tests.conftest import AT_TOKEN

FUZZ = settings(max_examples=80, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
PATH = "/webhooks/africastalking/ussd"

KEEPERS = ["+919825000001", "+919825000002"]
OTHERS = ["+919825000003", "+919825000004", "+919825000005", "+919825000006", "+919898012345"]
TAGS = ["123456789012", "345678901234", "234567890123", "123456789013", "999999999999", "12", "1000001"]

any_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=60)
# One key press or typed entry: menu digits, back/home/more, tags, other scripts' digits, junk.
keypress = st.one_of(
    st.sampled_from(["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "00", "", " ", "#", "*"]),
    st.sampled_from(TAGS),
    st.text("0123456789૦૧૨૩૪૫૬૭૮૯०१२३४५६७८९ -", max_size=14),
    any_text,
)
keypad_text = st.lists(keypress, max_size=25).map("*".join)
long_text = st.lists(keypress, min_size=30, max_size=80).map("*".join)


def assert_page(body: str) -> None:
    assert body.startswith(("CON ", "END ")), body
    assert fits_ussd_page(body), (len(body), body)


@pytest.fixture
def quiet(caplog):
    caplog.set_level(logging.WARNING)

    def check():
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        caplog.clear()
        assert errors == [], [(r.name, r.getMessage()) for r in errors]

    return check


@FUZZ
@given(phone=st.sampled_from(KEEPERS + OTHERS), text=st.one_of(keypad_text, long_text))
def test_the_navigator_always_shows_one_page(world, session, clock, quiet, phone, text):
    try:
        screen = ussd.screen(session, phone=phone, text=text, now=clock())
        assert_page(screen.body)
    finally:
        session.rollback()  # a confirm step may have recorded something: forget it
    quiet()


@FUZZ
@given(phone=st.sampled_from(KEEPERS + OTHERS), text=keypad_text)
def test_the_same_inputs_give_the_same_screen(world, session, clock, phone, text):
    """Any web process can answer any step: the screen depends on the inputs
    and the records alone."""
    try:
        first = ussd.screen(session, phone=phone, text=text, now=clock()).body
    finally:
        session.rollback()
    try:
        again = ussd.screen(session, phone=phone, text=text, now=clock()).body
    finally:
        session.rollback()
    assert first == again


@FUZZ
@given(phone=st.sampled_from(OTHERS), text=keypad_text)
def test_an_owner_never_reaches_a_keeper_screen(world, session, clock, phone, text):
    from handlers.catalogue import t

    try:
        body = ussd.screen(session, phone=phone, text=text, now=clock()).body
    finally:
        session.rollback()
    language = {"+919825000005": "hi", "+919825000006": "en"}.get(phone, "gu")
    for key in ("ussd.keeper.title", "ussd.seize.kind_title", "ussd.seize.tag_prompt"):
        assert t(language, key) not in body


FIELDS = {
    "sessionId": st.one_of(st.text("ATUid_0123456789abcdef", min_size=1, max_size=40), any_text),
    "serviceCode": st.one_of(st.just("*384*1#"), any_text),
    "phoneNumber": st.one_of(st.sampled_from(KEEPERS + OTHERS + ["9825000006", "0"]), any_text),
    "text": st.one_of(keypad_text, long_text, any_text),
    "networkCode": any_text,
}


@st.composite
def ussd_forms(draw) -> MultiDict:
    names = draw(st.lists(st.sampled_from(sorted(FIELDS)), max_size=8))
    return MultiDict([(name, draw(FIELDS[name])) for name in names])


@FUZZ
@given(form=ussd_forms())
def test_the_webhook_answers_one_page_whatever_the_form(world, client, quiet, form):
    response = client.post(f"{PATH}?token={AT_TOKEN}", data=form)
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    assert_page(response.get_data(as_text=True))
    quiet()


@FUZZ
@given(form=ussd_forms(), token=st.one_of(st.none(), any_text.filter(lambda t: t != AT_TOKEN)))
def test_without_the_token_nothing_is_answered_or_written(world, client, session, form, token):
    before = session.scalar(select(func.count(InboundMessage.id)))
    query = "" if token is None else "?" + __import__("urllib.parse").parse.urlencode({"token": token})
    response = client.post(PATH + query, data=form)
    assert response.status_code == 403
    session.expire_all()
    assert session.scalar(select(func.count(InboundMessage.id))) == before
