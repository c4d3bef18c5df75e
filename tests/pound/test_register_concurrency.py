"""A busy pound: many animals seized at one pound at the same moment, through every channel a
keeper or a panchayat uses (admin API, Twilio SMS, Africa's Talking SMS, USSD, Twilio voice,
the staff form in the browser), against real PostgreSQL with one connection per client.

Every seizure must be recorded, the Form A register (r.3) must number them 1, 2, 3... with no
gap and no number twice, and no client may see a 5xx or a "try again". The numbering once
locked the pound's row FOR UPDATE after the inserts had taken a share lock on it through their
foreign keys: two seizures of different animals deadlocked (PostgreSQL killed one).
"""
from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select

from models.tables import Impoundment, Pound
from tests.conftest import ADMIN_TOKEN, AfricasTalkingSms, TwilioSms, UssdDialler
from tests.pages.test_dashboard import _worker, csrf_token, sign_in_admin  # noqa: F401 (_worker: autouse)
from tests.pound.test_races import at_once
from tests.voice.voice_phone import VoicePhone

KEEPER = "+919825000001"      # AMBA-1's keeper (gu)
POUND = "AMBA-1"
ROUNDS = 3
HEADERS = {"Authorization": f"Bearer {ADMIN_TOKEN}"}


def _tag(round_: int, index: int) -> str:
    return f"77{round_:02d}{index:02d}{uuid.uuid4().int % 10**6:06d}"


def _api(app, tag):
    client = app.test_client()
    return lambda: ("api", tag, client.post("/api/v1/impoundments", json={"pound": POUND, "kind": "cow", "tag": tag},
                                            headers=HEADERS))


def _twilio(app, settings, tag):
    sms = TwilioSms(app.test_client(), settings)
    return lambda: ("twilio", tag, sms(KEEPER, f"SEIZE {tag} cow"))


def _at(app, tag):
    sms = AfricasTalkingSms(app.test_client(), app)
    return lambda: ("at", tag, sms(KEEPER, f"SEIZE {tag} cow"))


def _ussd(app, tag):
    dialler = UssdDialler(app.test_client())
    session_id = f"ATUid_busy_{uuid.uuid4().hex[:8]}"
    for typed in ("", "1", f"1*{tag}", f"1*{tag}*1"):  # up to the confirm screen, before the moment
        assert dialler.post(KEEPER, typed, session_id).status_code == 200
    return lambda: ("ussd", tag, dialler.post(KEEPER, f"1*{tag}*1*1", session_id))


def _browser(app, tag):
    client = app.test_client()
    token = sign_in_admin(client)
    return lambda: ("browser", tag, client.post("/records/seizure", data={
        "csrf_token": token, "pound": POUND, "kind": "cow", "tag": tag}))


def _voice(app, settings, tag):
    phone = VoicePhone(app.test_client(), settings, "twilio", KEEPER)
    phone.call()
    phone.keys("1", tag)             # seize, the tag (ended by #)
    phone.press("1")                 # cow: the confirm screen
    return lambda: ("voice", tag, phone._post_twilio(phone.document.gathers[0].get("action"), {"Digits": "1"}))


def _serials(session, pound_id: int) -> list[int]:
    session.rollback()
    return sorted(session.scalars(select(Impoundment.register_serial).where(Impoundment.pound_id == pound_id)))


@pytest.mark.skipif("sqlite" in __import__("os").environ.get("DATABASE_URL", "postgresql"),
                    reason="the race needs PostgreSQL's row locks")
def test_sixteen_seizures_of_different_animals_at_one_pound_at_once_are_all_recorded_and_numbered_without_gaps(
        world, app, settings, session):
    pound = session.scalars(select(Pound).where(Pound.code == POUND)).one()
    for round_ in range(ROUNDS):
        before = _serials(session, pound.id)
        tags = [_tag(round_, i) for i in range(16)]
        calls = ([_api(app, t) for t in tags[0:4]] + [_twilio(app, settings, t) for t in tags[4:7]]
                 + [_at(app, t) for t in tags[7:10]] + [_ussd(app, t) for t in tags[10:13]]
                 + [_browser(app, t) for t in tags[13:15]] + [_voice(app, settings, tags[15])])
        results = at_once(*calls)
        statuses = [(channel, response.status_code) for channel, _tag_, response in results]
        assert all(status < 500 for _, status in statuses), statuses
        session.rollback()
        held = set(session.scalars(select(Impoundment.tag).where(Impoundment.tag.in_(tags),
                                                                 Impoundment.pound_id == pound.id)))
        assert held == set(tags), [(c, r.get_data(as_text=True)[:200]) for c, t, r in results if t not in held]
        serials = _serials(session, pound.id)
        assert serials == list(range(1, len(before) + 17)), serials
