"""Hostile input to the Exotel voice flow's URLs: each applet always gets an answer in its own
format (Passthru 200/302, Gather JSON, Greeting text/plain), never a 500."""
from __future__ import annotations

from dataclasses import replace

import pytest

from tests.providers.test_india_hostile import NASTY

TOKEN = "exotel-test-token"
FORMATS = {"start": "passthru", "keys": "passthru", "gather": "application/json", "goodbye": "text/plain"}


@pytest.fixture
def settings(settings, tmp_path):
    return replace(settings, exotel_webhook_token=TOKEN, voice_audio_dir=str(tmp_path))


def in_its_format(step: str, response) -> bool:
    if FORMATS[step] == "passthru":
        return response.status_code in (200, 302)
    return response.status_code == 200 and response.headers["Content-Type"].split(";")[0] == FORMATS[step]


@pytest.mark.parametrize("field", ["CallSid", "CallFrom", "digits", "CustomField"])
@pytest.mark.parametrize("step", list(FORMATS))
def test_every_flow_url_answers_any_value_in_its_applets_format(world, client, step, field):
    for number, value in enumerate(NASTY + ['"', '""', '"1', '"#"', '"*"', "9" * 19]):
        params = {"token": TOKEN, "CallSid": f"h{number}", "CallFrom": "09825000006", "CallTo": "07940000000",
                  "digits": '"1"', field: value}
        client.get("/webhooks/exotel/flow/start", query_string={**params, "digits": ""})
        client.get("/webhooks/exotel/flow/gather", query_string=params)
        response = client.get(f"/webhooks/exotel/flow/{step}", query_string=params)
        assert in_its_format(step, response), (value, response.status_code, response.get_data()[:200])
