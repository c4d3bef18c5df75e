"""The phone simulator's "call" and "missed call" (SPEC 11.4, 12.1): the call walks the Exotel
voice flow through the very functions its applet URLs run (start, menu, keys, goodbye) and plays
the same joined audio; the missed call goes through `handlers.menus.missed_call.answer`.

A call shows (and plays) what the voice says up to its next wait for keys, and a keypad: a key
press is the keys Passthru with those digits, silence the same with none (the prompt once more,
then goodbye); the call's place is kept in Redis as for a real call. A missed
call is rejected unanswered, as on the real number, and its answer lands in the phone's inbox;
a call back can be answered from there.
"""
from __future__ import annotations

import uuid

from flask import Blueprint, request

from handlers.menus import missed_call
from handlers.menus import speech
from sms_gateway.providers.exotel import voice as flow
from sms_gateway.pages import dashboard
from sms_gateway.extensions import db, now, settings

PROVIDER = "simulator"

bp = Blueprint("simulator_voice", __name__)
bp.before_request(dashboard.before_request)  # sign-in, as on every dashboard page (CSRF: pages.csrf)
bp.context_processor(dashboard.page_helpers)


def _shown(call_sid: str, phone: str, branch: int) -> tuple[list[str], object, str | None]:
    """What the phone hears after a Passthru's `branch`: the menu's segment (200) or the
    goodbye (302), as lines of spoken text, the wait for keys, and the audio URL."""
    if branch == 200:
        place, segment = flow.menu(call_sid, phone, None)
        language, lines, gather = place.language, segment.said, segment.gather
    else:
        (language, lines), gather = flow.farewell(call_sid, phone), None
    return [speech.spoken(line, language) for line in lines], gather, flow.audio_url(language, lines, base="")


@bp.post("/simulator/call")
def call():
    """The Exotel voice flow, walked as Exotel walks it (sms_gateway.providers.exotel.voice):
    `action` dial (start; `callback` answers a call back), press (`digits`) or silence (the
    keys Passthru with nothing pressed); the place lives in Redis under the call's id."""
    if (refused := dashboard.require_simulator()) is not None:
        return refused
    phone, problem = dashboard.chosen_phone()
    if problem or not phone:
        return dashboard.simulator_page(phone, 422, error=problem or dashboard.say("sim_bad_phone"))
    form, action = request.form, request.form.get("action")
    call_sid = f"SIM{uuid.uuid4().hex}" if action == "dial" else form.get("call_id", "")[:64]
    if not flow.CALL_SID.match(call_sid):
        call_sid = f"SIM{uuid.uuid4().hex}"
    try:
        if action == "dial":
            branch = flow.start_call(call_sid, phone, form.get("callback"))
        else:
            branch = flow.press(call_sid, phone, None, form.get("digits", "") if action == "press" else "")
    except flow.Unavailable:
        branch = 302
    said, gather, audio = _shown(call_sid, phone, branch)
    return dashboard.simulator_page(phone, voice_said=said, voice_gather=gather, voice_call=call_sid,
                                    voice_audio=audio)


@bp.post("/simulator/missed-call")
def missed():
    """A missed call from this phone: never answered; the answer is in the inbox."""
    if (refused := dashboard.require_simulator()) is not None:
        return refused
    phone, problem = dashboard.chosen_phone()
    if problem or not phone:
        return dashboard.simulator_page(phone, 422, error=problem or dashboard.say("sim_bad_phone"))
    answered = missed_call.answer(db(), phone=phone, provider=PROVIDER, call_id=f"SIM{uuid.uuid4().hex}",
                                  now=now(), answer_by=settings().missed_call_answer)
    return dashboard.simulator_page(phone, missed_outcome=dashboard.say(f"sim_missed_outcome_{answered.outcome}"),
                                    callback_id=answered.message_ids[0] if answered.outcome == "call" else None)
