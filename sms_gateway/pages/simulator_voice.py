"""The phone simulator's "call" and "missed call" (SPEC 11.4), through the very handlers the
voice and missed-call webhooks call (`handlers.menus.voice.answer`, `handlers.menus.missed_call.answer`).

A call shows what the voice says up to its next wait for keys, and a keypad: a key press is
the request the provider would send (the Gather's keys and tries, plus the digits); silence is
the provider carrying on with the same document (the prompt once more, then goodbye). A missed
call is rejected unanswered, as on the real number, and its answer lands in the phone's inbox;
a call back can be answered from there.
"""
from __future__ import annotations

import uuid

from flask import Blueprint, request

from handlers.menus import missed_call
from handlers.menus import speech, voice
from sms_gateway.pages import dashboard
from sms_gateway.extensions import db, now, settings

PROVIDER = "simulator"

bp = Blueprint("simulator_voice", __name__)
bp.before_request(dashboard.before_request)  # sign-in and CSRF, as on every dashboard page
bp.context_processor(dashboard.page_helpers)


def segment(step: voice.VoiceStep, index: int) -> tuple[list[str], voice.Gather | None]:
    """What is said after the `index`-1-th wait for keys up to and including the `index`-th
    (and that Gather), or up to the end when there is none."""
    said, seen = [], 0
    for verb in step.verbs:
        if isinstance(verb, voice.Gather):
            if seen == index:
                return [speech.spoken(line, step.language) for line in said + list(verb.prompt)], verb
            seen, said = seen + 1, []
        elif isinstance(verb, voice.Say):
            said.append(verb.text)
    return [speech.spoken(line, step.language) for line in said], None


def _int(name: str) -> int:
    return voice.tries_from(request.form.get(name))


@bp.post("/simulator/call")
def call():
    """`action` dial (a new call; `callback` answers a call back), press (`digits` on the
    shown Gather), or silence (nothing pressed: the same answer, its next Gather)."""
    if (refused := dashboard.require_simulator()) is not None:
        return refused
    phone, problem = dashboard.chosen_phone()
    if problem or not phone:
        return dashboard.simulator_page(phone, 422, error=problem or dashboard.say("sim_bad_phone"))
    form, action = request.form, request.form.get("action")
    if action == "dial":
        call_id, keys, pressed, tries, index = f"SIM{uuid.uuid4().hex}", "", None, 0, 0
    elif action == "silence":
        call_id, keys, pressed, tries = form.get("call_id", ""), form.get("k", ""), form.get("d") or None, _int("n")
        index = _int("g") + 1
    else:
        call_id, keys, pressed, tries, index = form.get("call_id", ""), form.get("gk", ""), form.get("digits", ""), \
            _int("gn"), 0
    step = voice.answer(db(), provider=PROVIDER, call_id=call_id[:64], phone=phone, keys=keys, pressed=pressed,
                        tries=tries, now=now(), callback=form.get("callback") if action == "dial" else None)
    said, gather = segment(step, index)
    return dashboard.simulator_page(phone, voice_said=said, voice_gather=gather, voice_call=call_id,
                                    voice_request={"k": keys, "d": pressed or "", "n": tries, "g": index})


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
