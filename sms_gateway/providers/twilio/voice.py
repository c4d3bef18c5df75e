"""Twilio voice webhooks under /webhooks/twilio (SPEC 11.4): missed calls and the voice menu.

Signature-checked exactly like the SMS webhooks (sms_gateway.providers.twilio.webhooks.check_signature).
A module of its own so the SMS module stays as it was.
"""
from __future__ import annotations

import logging
import uuid
from urllib.parse import urlencode

from flask import Blueprint, Response, request
from twilio.twiml.voice_response import VoiceResponse

from handlers.catalogue import DEFAULT_LANGUAGE, t
from handlers.menus import prompts, speech, voice, voice_callbacks
from sms_gateway import voice as voice_audio
from sms_gateway.extensions import db, now, runtime, settings
from sms_gateway.providers.twilio.webhooks import check_signature
from sms_gateway.worker import missed_calls

bp = Blueprint("twilio_voice_webhooks", __name__, url_prefix="/webhooks/twilio")

PROVIDER = "twilio"
# <Say> language and voice per catalogue language. Twilio has no Polly voice for gu-IN, and a
# language without a matching voice fails the verb, so each gets a Google voice
# (INDIA-CHANNELS.md section 3: names from a third-party catalogue, unconfirmed).
SAY_VOICES = {"gu": ("gu-IN", "Google.gu-IN-Standard-A"), "hi": ("hi-IN", "Google.hi-IN-Standard-A"),
              "en": ("en-IN", "Google.en-IN-Standard-A")}
log = logging.getLogger("dabbo.webhooks.twilio_voice")


@bp.post("/call-status")
def call_status():
    """A call back's status callback (`CallSid`, `CallStatus`: completed, busy, no-answer, failed,
    canceled), signed like every Twilio request: settles its `voice_callback` row, a busy or
    unanswered call tried again as on Exotel (handlers.menus.voice_callbacks). 500 when it could
    not be written, so that Twilio sends it again."""
    check_signature()
    form = request.form
    try:
        row = voice_callbacks.settle(db(), PROVIDER, form.get("CallSid", ""), form.get("CallStatus", ""), now(),
                                     settings().quiet_hours)
        if row is None:
            log.warning("Twilio call status %r for unknown call %r", form.get("CallStatus"), form.get("CallSid"))
        db().commit()
    except Exception:
        log.exception("Twilio call status failed")
        db().rollback()
        return Response("", status=500, content_type="text/plain")
    return Response("", status=200, content_type="text/plain")


def voice_xml(response: VoiceResponse) -> Response:
    return Response(str(response), status=200, content_type="text/xml; charset=utf-8")


@bp.post("/missed-call")
def missed():
    """An incoming call to the missed-call number: `<Reject/>` as the first verb, so Twilio
    never picks up and nobody pays (TwiML <Reject>); the caller hears back per
    MISSED_CALL_ANSWER. Rejected even when the answer cannot be written."""
    check_signature()
    form = request.form
    missed_calls.answer(runtime(), db(), phone=form.get("From", ""), provider=PROVIDER,
                        call_id=form.get("CallSid") or f"missing-{uuid.uuid4()}", now=now())
    response = VoiceResponse()
    response.reject()
    return voice_xml(response)


def twiml(step: voice.VoiceStep, presses: int = 0, started: int | None = None) -> VoiceResponse:
    """The step as TwiML: <Say>, <Gather input="dtmf"> with its prompt inside, <Hangup/>. A
    line a person has recorded every clip of is played (<Play>, the same joined WAV Exotel
    plays); any other is said by Twilio's TTS, its numbers in words (handlers.speech).
    Each Gather's action URL carries the call's key presses so far (`p`) and its start (`s`,
    epoch seconds), signed by Twilio with the rest, so a caller cannot reset the budget."""
    language, voice_name = SAY_VOICES.get(step.language, SAY_VOICES["gu"])
    response = VoiceResponse()

    def say(parent, text: str) -> None:
        url = recorded_url(step.language, text)
        if url:
            parent.play(url)
        else:
            parent.say(speech.spoken(text, step.language), language=language, voice=voice_name)

    for verb in step.verbs:
        if isinstance(verb, voice.Say):
            say(response, verb.text)
        elif isinstance(verb, voice.Gather):
            budget = {"p": presses, "s": started} if started is not None else {}
            query = urlencode({"k": verb.keys, "n": verb.tries, **budget})
            gather = response.gather(input="dtmf", action=f"{_base()}/webhooks/twilio/voice?{query}", method="POST",
                                     timeout=verb.timeout, num_digits=1 if verb.one_key else None,
                                     finish_on_key="#")
            for line in verb.prompt:
                say(gather, line)
        else:
            response.hangup()
    return response


def recorded_url(language: str, text: str) -> str | None:
    """The joined WAV of `text` when a person recorded every one of its clips, else None."""
    clips = prompts.line_clips(text, language)
    store = voice_audio.clips()
    if not clips or not store.all_recorded(language, clips):
        return None
    name = store.join(language, clips)
    return voice_audio.url(_base(), name) if name else None


def _base() -> str:
    return settings().public_base_url or request.url_root.rstrip("/")


@bp.post("/voice")
def voice_step():
    """One step of the voice menu. The keys pressed so far (`k`), the silences and wrong
    keys on this screen (`n`), the call's key presses (`p`) and start (`s`) ride in the
    Gather's action URL, which Twilio signs with the rest; `Digits` is what was just pressed;
    `callback` marks a call back (its outbox row is read first). On a call Dabbo placed, the
    owner is `To`, not `From`. Past VOICE_MAX_STEPS presses or VOICE_MAX_MINUTES the call is
    told so and ends."""
    check_signature()
    form, args = request.form, request.args
    outbound = (form.get("Direction") or "").startswith("outbound")
    started = _whole(args.get("s"), 12)
    started = int(now().timestamp()) if started is None else started  # the call's first request
    presses = (_whole(args.get("p"), 6) or 0) + (1 if form.get("Digits") else 0)
    limits = settings()
    budget = (presses, float(started), limits.voice_max_steps, limits.voice_max_minutes * 60)
    try:
        step = voice.answer(db(), provider=PROVIDER, call_id=form.get("CallSid") or f"missing-{uuid.uuid4()}",
                            phone=form.get("To" if outbound else "From", ""), keys=args.get("k", ""),
                            pressed=form.get("Digits"), tries=voice.tries_from(args.get("n")), now=now(),
                            callback=args.get("callback"), budget=budget)
    except Exception:
        # The database is unreachable (the caller could not even be looked up): TwiML that
        # asks the caller to try later and hangs up, never a 500 that Twilio reads as an error.
        log.exception("Twilio voice step failed; the caller is asked to call again later")
        try:
            db().rollback()
        except Exception:  # noqa: BLE001 - the connection is gone: nothing to roll back
            pass
        step = voice.VoiceStep(DEFAULT_LANGUAGE, (voice.Say(t(DEFAULT_LANGUAGE, "voice.try_later")),
                                                  voice.Say(t(DEFAULT_LANGUAGE, "voice.goodbye")), voice.Hangup()))
    return voice_xml(twiml(step, presses, started))


def _whole(raw: str | None, digits: int) -> int | None:
    """A whole number the action URL carries (signed, so ours), else None."""
    return int(raw) if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= digits else None
