"""A day of traffic in India through the real worker and a fake Exotel that scrubs like an
operator (SPEC 12.3): every kind of SMS, in every language, with hostile names and places, and
not one message failed by the scrubber.

The templates the fake holds are the ones `dlt export` gives, approved by the "portal" and read
back with `dlt import` (tests/fakes/fixtures.py `dlt_registered`). A wording edited after that
registration (a `dlt` entry of locale/*/LC_MESSAGES/dabbo.po) makes this test fail: the edited template's id is
PENDING again and its messages end `dlt_unregistered`.

The district: the demo's AMBA and BHAV, plus DANTA, whose pound has a 40-character name with
punctuation and a Gujarati name only, and owners in gu, hi, en and gul.
"""
from __future__ import annotations

import uuid
from collections import Counter
from datetime import datetime, timezone

import pytest
from sqlalchemy import select

from models.tables import OutboundMessage
from tests.fakes.fixtures import EXOTEL_CALLER_ID, deliver_callbacks, on_exotel

TOKEN = "exotel-day-token"
OWNERS = {"gu": "+919825100001", "hi": "+919825100002", "en": "+919825100003", "gul": "+919825100004"}
KEEPER, OFFICIAL = "+919825100009", "+919825100008"
HOSTILE_POUND = "Danta (new) pound, near S.T. stand #2/B"  # 40 characters, punctuation


@pytest.fixture
def settings(settings, exotel_settings):
    return on_exotel(settings, exotel_settings, exotel_webhook_token=TOKEN)


def utc(day, hour, minute=0):
    return datetime(2026, 12, day, hour, minute, tzinfo=timezone.utc)


def exotel_sms(client, phone: str, body: str):
    form = {"SmsSid": uuid.uuid4().hex, "From": "0" + phone[-10:], "To": EXOTEL_CALLER_ID,
            "Date": "2026-11-30 10:00:00", "Body": body}
    assert client.post("/webhooks/exotel/sms", query_string={"token": TOKEN}, data=form).status_code == 200


def missed_call(client, phone: str):
    query = {"CallSid": uuid.uuid4().hex, "CallFrom": "0" + phone[-10:], "CallTo": EXOTEL_CALLER_ID,
             "Direction": "incoming", "CallType": "call-attempt", "token": TOKEN}
    assert client.get("/webhooks/exotel/missed-call", query_string=query).status_code == 200


def hostile_district(api):
    assert api.post("/villages", {"code": "DANTA", "name": "દાંતા (નવું) ગામ, તાલુકો-દાંતા", "taluka": "Danta",
                                  "names": {"gu": "દાંતા (નવું) ગામ, તા.-દાંતા"}}).status_code == 201
    assert api.post("/villages/DANTA/pounds", {"code": "DANTA-1", "name": HOSTILE_POUND,
                                               "names": {"gu": "દાંતા નવો ડબ્બો, એસ.ટી. પાસે #2/બી"}}
                    ).status_code == 201
    people = [(KEEPER, "keeper", "gu", {"pound": "DANTA-1"}), (OFFICIAL, "official", "hi", {})]
    people += [(phone, "owner", language, {}) for language, phone in OWNERS.items()]
    for phone, role, language, extra in people:
        response = api.post("/people", {"phone": phone, "name": "D'Souza \"Kanu\"\nPatel", "role": role,
                                        "village": "DANTA", "language": language, **extra})
        assert response.status_code == 201, response.get_json()
    for number, (language, phone) in enumerate(OWNERS.items()):
        for animal, kind in enumerate(("buffalo", "calf")):
            response = api.post(f"/people/{phone}/animals", {"tag": f"77000000{number}{animal}00", "kind": kind})
            assert response.status_code == 201, response.get_json()


def seize(api, tag: str, kind: str) -> int:
    response = api.post("/impoundments", {"pound": "DANTA-1", "kind": kind, "tag": tag})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def test_a_day_of_every_kind_in_every_language_passes_the_scrubber(app, api, client, session, world, clock,
                                                                   dispatch, run_worker, fake_exotel):
    hostile_district(api)
    held = {tag: seize(api, tag, kind) for tag, kind in
            [(f"77000000{n}{a}00", k) for n in range(4) for a, k in enumerate(("buffalo", "calf"))]}
    seize(api, "", "goat")  # untagged: named by its receipt
    run_worker()
    for text, phone in [("HELP", OWNERS["en"]), ("FEES 770000000000", OWNERS["gu"]), ("770000001000", OWNERS["hi"]),
                        ("MY", OWNERS["gul"]), ("AUCTIONS", OWNERS["en"]), ("RATES DANTA", OWNERS["hi"]),
                        ("xyz", OWNERS["gu"]), ("LANG GUL", OWNERS["gul"]), ("999999999999", OWNERS["en"]),
                        ("LIST", KEEPER), ("SEIZE 771100000000 cow BY 9825100003 loose on\nthe road, S.T. #2", KEEPER),
                        ("HELP", KEEPER),
                        ("NOTICE Gram sabha Sunday 10:00 at the chowk", OFFICIAL), ("STOP", OWNERS["gul"]),
                        ("START", OWNERS["gul"]), ("AUCTION 15-12 11:00 S.T. stand", OFFICIAL)]:
        exotel_sms(client, phone, text)
    for phone in OWNERS.values():
        missed_call(client, phone)
    run_worker()
    for moment in (utc(4, 2, 30), utc(6, 2, 30), utc(14, 2, 30)):  # 08:00 local: reminders, auction eve
        clock.set(moment)
        dispatch()
        run_worker()
    clock.set(utc(6, 5))
    tags = list(held)
    assert api.post(f"/impoundments/{held[tags[0]]}/release", {}).status_code in (200, 201)
    assert api.post(f"/impoundments/{held[tags[2]]}/release", {"under_protest": True}).status_code in (200, 201)
    clock.set(utc(15, 6))  # after the auction the official fixed for 15-12 11:00
    sold = api.post(f"/impoundments/{held[tags[4]]}/sale", {"proceeds_paise": 900000})
    assert sold.status_code in (200, 201), sold.get_json()
    run_worker()
    assert deliver_callbacks(client, fake_exotel) > 40

    session.expire_all()
    rows = session.scalars(select(OutboundMessage)).all()
    kinds = Counter(row.kind for row in rows)
    assert {"seizure_alert", "claim_reminder", "auction_notice", "release_receipt", "surplus_notice", "broadcast",
            "reply", "register_copy"} <= set(kinds), kinds
    assert {row.language for row in rows} >= {"gu", "hi", "en", "gul"}
    assert fake_exotel.scrubbed_failures == []
    assert [(row.kind, row.language, row.text, row.last_error) for row in rows if row.status == "failed"] == []
    assert {row.status for row in rows} <= {"delivered", "cancelled", "queued"}
    assert sum(row.status == "delivered" for row in rows) > 40
