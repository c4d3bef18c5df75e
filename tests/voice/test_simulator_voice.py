"""The phone simulator's call walks the Exotel voice flow and plays its audio; the missed call goes
through the missed-call handler."""
from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest

from sqlalchemy import select

from handlers.catalogue import t
from models.tables import OutboundMessage
from tests.pages.test_dashboard import sign_in_admin

OWNER_EN = "+919825000006"


@pytest.fixture
def settings(settings, tmp_path_factory):
    return replace(settings, voice_audio_dir=str(tmp_path_factory.getbasetemp() / "simulator-voice"))


def said(response) -> list[str]:
    block = re.search(r'id="voice-said">(.*?)</div>', response.get_data(as_text=True), re.DOTALL).group(1)
    return [html.unescape(line) for line in re.findall(r"<p>(.*?)</p>", block, re.DOTALL)]


def hidden(response, name: str) -> str:
    return html.unescape(re.search(rf'name="{name}" value="([^"]*)"', response.get_data(as_text=True)).group(1))


def test_a_simulated_call_speaks_the_menu_and_takes_keys(client, world):
    token = sign_in_admin(client)
    first = client.post("/simulator/call", data={"csrf_token": token, "phone": OWNER_EN, "action": "dial"})
    assert said(first)[0] == t("en", "voice.menu.owner")
    audio = re.search(r'<audio controls autoplay src="(/voice/audio/[0-9a-f]{32}\.wav)"', first.get_data(as_text=True))
    assert client.get(audio.group(1)).mimetype == "audio/wav"

    fields = {name: hidden(first, name) for name in ("call_id",)}
    prompt = client.post("/simulator/call", data={"csrf_token": token, "phone": OWNER_EN, "action": "press",
                                                  "digits": "1", **fields})
    assert said(prompt)[0] == t("en", "voice.menu.tag")
    fields = {name: hidden(prompt, name) for name in ("call_id",)}
    found = client.post("/simulator/call", data={"csrf_token": token, "phone": OWNER_EN, "action": "press",
                                                 "digits": "345678901234", **fields})
    # The bullock: fee Rs 75 + 10 days x Rs 50 + deposit Rs 200 = Rs 775 (see test_dashboard).
    assert "seven hundred and seventy five rupees" in " ".join(said(found))
    assert t("gu", "dash.sim_call_ended") in found.get_data(as_text=True)


def test_pressing_nothing_repeats_the_prompt_once_then_ends(client, world):
    token = sign_in_admin(client)
    first = client.post("/simulator/call", data={"csrf_token": token, "phone": OWNER_EN, "action": "dial"})
    fields = {name: hidden(first, name) for name in ("call_id",)}
    again = client.post("/simulator/call", data={"csrf_token": token, "phone": OWNER_EN, "action": "silence",
                                                 **fields})
    assert said(again)[:2] == [t("en", "voice.not_heard"), t("en", "voice.menu.owner")]
    fields = {name: hidden(again, name) for name in ("call_id",)}
    end = client.post("/simulator/call", data={"csrf_token": token, "phone": OWNER_EN, "action": "silence", **fields})
    assert said(end) == [t("en", "voice.goodbye")]


def test_a_simulated_missed_call_is_answered_by_sms_in_the_inbox(client, world, session):
    token = sign_in_admin(client)
    response = client.post("/simulator/missed-call", data={"csrf_token": token, "phone": OWNER_EN})
    assert t("gu", "dash.sim_missed_outcome_sms") in html.unescape(response.get_data(as_text=True))
    row = session.scalars(select(OutboundMessage).where(OutboundMessage.to_phone == OWNER_EN,
                                                        OutboundMessage.kind == "reply")).one()
    assert html.escape(row.text, quote=False) in response.get_data(as_text=True)


def test_a_simulated_call_back_can_be_answered(client, world, app):
    from dataclasses import replace

    runtime = app.extensions["dabbo"]
    runtime.settings = replace(runtime.settings, missed_call_answer="call")
    token = sign_in_admin(client)
    response = client.post("/simulator/missed-call", data={"csrf_token": token, "phone": OWNER_EN})
    callback = hidden(response, "callback")
    answered = client.post("/simulator/call", data={"csrf_token": token, "phone": OWNER_EN, "action": "dial",
                                                    "callback": callback})
    assert said(answered)[0].startswith("This is Dabbo, calling back. Your animals in a pound today: bullock")
    assert said(answered)[1] == t("en", "voice.menu.owner")
