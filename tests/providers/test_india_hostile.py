"""Hostile input to the Exotel and voice webhooks: always a clear answer, never a 500 (the Exotel
voice flow's own: tests/test_exotel_flow_hostile.py)."""
from __future__ import annotations

from dataclasses import replace
import xml.etree.ElementTree as ElementTree

import pytest
from twilio.request_validator import RequestValidator

TOKEN = "exotel-test-token"
NASTY = ["", "\x00", "abc", "*" * 50, "9" * 5000, "1*\x00*2", "0*0*0*0", "१२३", "-1", "'; DROP TABLE people;--",
         "\ud7ff", "1" * 41]


@pytest.fixture
def settings(settings):
    return replace(settings, exotel_webhook_token=TOKEN)


@pytest.mark.parametrize("value", NASTY)
@pytest.mark.parametrize("field", ["k", "n", "Digits", "From", "callback"])
def test_twilio_voice_answers_any_form_with_twiml(world, client, settings, field, value):
    query = {"k": "1", "n": "0"}
    form = {"CallSid": "CA1", "From": "+919825000006", "To": "+15005550006", "Digits": "2"}
    (query if field in ("k", "n", "callback") else form)[field] = value
    from urllib.parse import urlencode

    url = settings.public_base_url + "/webhooks/twilio/voice?" + urlencode(query)
    signature = RequestValidator(settings.twilio_auth_token).compute_signature(url, form)
    response = client.post("/webhooks/twilio/voice?" + urlencode(query), data=form,
                           headers={"X-Twilio-Signature": signature})
    assert response.status_code == 200
    assert ElementTree.fromstring(response.get_data()).tag == "Response"


@pytest.mark.parametrize("value", NASTY)
@pytest.mark.parametrize("path", ["/webhooks/exotel/sms", "/webhooks/exotel/status", "/webhooks/exotel/missed-call"])
def test_exotel_webhooks_answer_any_form(world, client, path, value):
    form = {"SmsSid": value, "CallSid": value, "From": value, "CallFrom": value, "Body": value, "Status": value}
    assert client.post(f"{path}?token={TOKEN}", data=form).status_code == 200
    assert client.get(path, query_string={**form, "token": TOKEN}).status_code == 200
