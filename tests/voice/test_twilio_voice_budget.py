"""A Twilio voice call is capped in key presses (VOICE_MAX_STEPS) and minutes
(VOICE_MAX_MINUTES), and ends with a spoken "too long" and goodbye, as the Exotel flow does
(tests/voice/test_exotel_flow.py). The presses and the call's start ride in the Gather's action
URL, which Twilio signs: a caller cannot reset them."""
from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

from sqlalchemy import update
from twilio.request_validator import RequestValidator

from handlers.catalogue import t
from handlers.menus import speech
from models.tables import Person
from tests.voice.voice_phone import TWILIO_NUMBER, VoicePhone

OWNER = "+919825000006"  # speaks English in the world fixture (tests/voice/test_voice.py)


def sp(key: str) -> str:
    return speech.spoken(t("en", key), "en")


def english(session, number: str) -> None:
    session.execute(update(Person).where(Person.phone == number).values(language="en"))
    session.commit()


def capped(app, **limits):
    runtime = app.extensions["dabbo"]
    runtime.settings = replace(runtime.settings, **limits)
    return runtime.settings


def test_a_twilio_call_past_its_key_presses_hears_too_long_and_goodbye(app, world, client, session):
    english(session, OWNER)
    caller = VoicePhone(client, capped(app, voice_max_steps=2), "twilio", OWNER)
    caller.call()
    assert not caller.press("1").ends          # the tag prompt
    assert not caller.press("0").ends          # back to the menu: two presses, the budget
    ended = caller.press("1")
    assert ended.ends
    assert ended.said() == [sp("voice.too_long"), sp("voice.goodbye")]


def test_a_twilio_call_past_its_minutes_hears_too_long_and_goodbye(app, world, client, session, clock):
    english(session, OWNER)
    caller = VoicePhone(client, capped(app, voice_max_minutes=10), "twilio", OWNER)
    caller.call()
    assert not caller.press("1").ends
    clock.set(clock() + timedelta(minutes=10, seconds=1))
    ended = caller.press("0")
    assert ended.ends
    assert ended.said() == [sp("voice.too_long"), sp("voice.goodbye")]


def test_the_calls_start_and_presses_ride_in_the_signed_action_url(app, world, client, session, clock):
    english(session, OWNER)
    caller = VoicePhone(client, app.extensions["dabbo"].settings, "twilio", OWNER)
    caller.call()
    query = parse_qs(urlsplit(caller.press("1").gathers[0].get("action")).query)
    assert query["p"] == ["1"] and query["s"] == [str(int(clock().timestamp()))]


def test_a_forged_start_in_the_action_url_is_refused(app, world, client, session):
    english(session, OWNER)
    caller = VoicePhone(client, app.extensions["dabbo"].settings, "twilio", OWNER)
    caller.call()
    real = caller.document.gathers[0].get("action")
    forged = real.replace("s=", "s=9", 1)  # a start far in the future: a call that never ends
    params = {"CallSid": caller.call_sid, "AccountSid": caller.settings.twilio_account_sid, "From": OWNER,
              "To": TWILIO_NUMBER, "Direction": "inbound", "CallStatus": "in-progress", "Digits": "1"}
    signed_for_real = RequestValidator(caller.settings.twilio_auth_token).compute_signature(real, params)
    assert caller._post_twilio(forged, {"Digits": "1"}, signature=signed_for_real).status_code == 403
    assert caller._post_twilio(real, {"Digits": "1"}, signature=signed_for_real).status_code == 200
