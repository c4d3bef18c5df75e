"""Exotel's voice flow under /webhooks/exotel/flow (SPEC 12.1): the URLs the applets call.

    Passthru "start"   GET /webhooks/exotel/flow/start    200 -> Gather "menu", 302 -> Greeting "goodbye"
    Gather "menu"      GET /webhooks/exotel/flow/gather   200 application/json (gather_prompt, ...);
                       both exits (digits, no digits) -> Passthru "keys"
    Passthru "keys"    GET /webhooks/exotel/flow/keys     200 -> Gather "menu", 302 -> Greeting "goodbye"
    Greeting "goodbye" GET|HEAD /webhooks/exotel/flow/goodbye   200 text/plain: audio URLs, one a line

(from Exotel's support pages on the Passthru, Gather and dynamic Greeting applets; the flow to
build is printed by `flask --app sms_gateway exotel flow`, as this loop and as a chain of
menu/keys pairs for an account whose App Bazaar refuses a branch back; the URLs are the same). Every URL carries
`?token=EXOTEL_WEBHOOK_TOKEN`, compared in constant time. The place in the menu is kept per
`CallSid` in Redis (`handlers.voice_flow.Place`), an hour after the last step, and served only to
the number that made the call (a live `CallSid` from another number hears goodbye). Whatever goes wrong
(PostgreSQL or Redis down, a step that fails) each applet still gets an answer in its own format
that ends the call politely or carries it on; never a 500 (Exotel would drop the call in silence).
"""
from __future__ import annotations

import json
import logging
import re

from flask import Blueprint, Response, jsonify, request

from handlers.menus import prompts, voice_callbacks, voice_flow
from handlers.catalogue import DEFAULT_LANGUAGE, t
from handlers.menus.speech import spoken
from sms_gateway import voice as voice_audio
from sms_gateway.extensions import db, now, runtime, settings
from sms_gateway.providers.exotel import record
from sms_gateway.providers.exotel.callbacks import check_token, fields, refusal, take_path_token, without_path_token

bp = Blueprint("exotel_flow", __name__, url_prefix="/webhooks/exotel/flow")
PATH_TOKEN = "/webhooks/exotel/t/<exotel_token>/flow"  # served under it as well
bp.url_value_preprocessor(take_path_token)
bp.after_request(record.capture)  # EXOTEL_RECORD: what Exotel really sent
log = logging.getLogger("dabbo.webhooks.exotel_flow")

METHODS = ["GET", "POST"]  # Flask answers HEAD for GET routes
PLACE_TTL_S = 3600
NUMBER_DIGITS = 15          # the longest number a menu asks for (a 12-digit tag, a phone)
CALL_SID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class Unavailable(Exception):
    """Redis could not be read or written."""


def _key(call_sid: str) -> str:
    return f"voice:call:{call_sid}"


class OtherCaller(Exception):
    """A request carrying a live CallSid from a number that is not the call's."""


def load(call_sid: str, phone: str) -> voice_flow.Place | None:
    """The call's place; OtherCaller when it is another number's call (left as it is)."""
    try:
        stored = runtime().redis.get(_key(call_sid))
    except Exception as exc:
        raise Unavailable() from exc
    if stored is None:
        return None
    try:
        place = voice_flow.Place.loads(stored)
    except (ValueError, TypeError, KeyError):
        return None
    if not voice_flow.same_caller(place, phone):
        log.warning("Exotel flow: a request for a live call from another number")
        raise OtherCaller()
    return place


def save(place: voice_flow.Place) -> None:
    try:
        runtime().redis.set(_key(place.call_sid), place.dumps(), ex=PLACE_TTL_S)
    except Exception as exc:
        raise Unavailable() from exc


def passthru(status: int) -> Response:
    """A Passthru's branch: 200 or 302 (a 302 needs no Location for Exotel; one is given for
    clients that expect it)."""
    response = Response("", status=status, content_type="text/plain")
    if status == 302:
        response.headers["Location"] = _base() + "/webhooks/exotel/flow/goodbye"
    return response


def _base() -> str:
    return settings().public_base_url or request.url_root.rstrip("/")


def _call() -> tuple[str | None, str, str | None]:
    values = fields()
    sid = values.get("CallSid", "")
    phone = values.get("CallFrom") or values.get("From") or ""
    return (sid if CALL_SID.match(sid) else None), phone, values.get("CustomField")


def _new_place(call_sid: str, phone: str, custom: str | None, preface_key: str | None = None) -> voice_flow.Place:
    try:
        return voice_flow.start(db(), call_sid=call_sid, phone=phone, now=now(), callback=custom,
                                preface_key=preface_key)
    except Exception:
        log.exception("Exotel flow: the call could not start")
        db().rollback()
        return voice_flow.broken(call_sid, phone, now())


# --------------------------------------------------------------------- the applets' work
# (the routes below translate HTTP; the simulator's call walks the same functions)

def start_call(call_sid: str, phone: str, custom: str | None) -> int:
    """The start Passthru's branch: 200 to the menu, 302 when the call can only end."""
    try:
        place = load(call_sid, phone)
    except OtherCaller:
        return 302
    if place is None:  # a repeated start keeps the call where it is
        place = _new_place(call_sid, phone, custom)
        save(place)
    return 302 if place.ended else 200


def menu(call_sid: str | None, phone: str, custom: str | None) -> tuple[voice_flow.Place, voice_flow.Segment]:
    """What the Gather plays now (the call begun again if its place was lost)."""
    try:
        place = load(call_sid, phone) if call_sid else None
        if place is None:  # the start was lost (Redis emptied, an hour gone): begin again
            place = _new_place(call_sid, phone, custom, "voice.start_again") if call_sid \
                else voice_flow.broken("unknown", phone, now())
        segment = voice_flow.gathered(place)
        if call_sid:
            save(place)
    except Unavailable:
        log.warning("Exotel flow: Redis unavailable at gather")
        place = voice_flow.broken(call_sid or "unknown", phone, now())
        segment = place.current
    except OtherCaller:  # goodbye, and the real caller's place stays untouched
        place = voice_flow.broken(call_sid or "unknown", phone, now())
        segment = place.current
    return place, segment


def press(call_sid: str, phone: str, custom: str | None, digits: str | None) -> int:
    """The keys Passthru's branch after `digits` (None or empty: silence)."""
    try:
        place = load(call_sid, phone)
    except OtherCaller:
        return 302
    if place is None:  # nothing to apply the keys to: begin again, politely
        save(_new_place(call_sid, phone, custom, "voice.start_again"))
        return 200
    try:
        answer = voice_flow.keys(db(), place, digits, now(), max_presses=settings().voice_max_steps,
                                 max_seconds=settings().voice_max_minutes * 60)
    except Exception:
        log.exception("Exotel flow: a step failed")
        db().rollback()
        place.end_with("voice.try_later")
        answer = place.last_answer = voice_flow.GOODBYE
    save(place)
    return answer


def farewell(call_sid: str | None, phone: str) -> tuple[str, tuple[str, ...]]:
    """The goodbye Greeting's language and lines."""
    try:
        place = load(call_sid, phone) if call_sid else None
    except (Unavailable, OtherCaller):
        place = None
    return (place.language if place else DEFAULT_LANGUAGE), voice_flow.goodbye_lines(place)


def audio_url(language: str, lines: tuple[str, ...] | list[str], base: str | None = None) -> str | None:
    """The joined WAV saying `lines`; None where it is to be text: EXOTEL_TTS=on and not every
    clip recorded, or a clip neither recorded nor makeable (no synthesiser here)."""
    clips = prompts.utterance(list(lines), language)
    store = voice_audio.clips()
    if settings().exotel_tts and not store.all_recorded(language, clips):
        return None
    try:
        name = store.join(language, clips)
    except Exception:
        log.exception("joining a step's audio failed")
        return None
    return voice_audio.url(_base() if base is None else base, name) if name else None


# --------------------------------------------------------------------- the routes

@bp.route("/start", methods=METHODS)
def start():
    """Passthru "start": records the call and its first screen; 200 to the menu, 302 when the
    call can only be told goodbye (no CallSid, the database or Redis down)."""
    check_token()
    if request.method == "HEAD":
        return passthru(200)
    call_sid, phone, custom = _call()
    if call_sid is None:
        return passthru(302)
    try:
        return passthru(start_call(call_sid, phone, custom))
    except Unavailable:
        log.warning("Exotel flow: Redis unavailable at start")
        return passthru(302)


@bp.route("/gather", methods=METHODS)
def gather():
    """Gather "menu": the current screen as JSON (Exotel's dynamic Gather, `Exotel-Version: 1.0`)."""
    check_token()
    place, segment = menu(*_call())
    one_key = segment.gather.one_key if segment.gather else True
    timeout = segment.gather.timeout if segment.gather else 2
    # repeat_gather_prompt is an object like gather_prompt (every open integration sends one;
    # Exotel validates the reply): the same prompt, never a number (INDIA-CHANNELS 7).
    prompt = _prompt(place.language, segment.said)
    return jsonify(gather_prompt=prompt, max_input_digits=1 if one_key else NUMBER_DIGITS,
                   finish_on_key=voice_flow.FINISH_KEY, input_timeout=timeout, repeat_menu=0,
                   repeat_gather_prompt=prompt)


def _prompt(language: str, lines: tuple[str, ...]) -> dict:
    """`{"audio_url": ...}` where the lines can be played from clips, else `{"text": ...}`."""
    url = audio_url(language, lines)
    if url is None:
        return {"text": " ".join(spoken(line, language) for line in lines)}
    return {"audio_url": url}


@bp.route("/keys", methods=METHODS)
def keys():
    """Passthru "keys": the keys pressed (`digits`, quoted) move the call; 200 back to the menu,
    302 to the goodbye."""
    check_token()
    if request.method == "HEAD":
        return passthru(200)
    call_sid, phone, custom = _call()
    if call_sid is None:
        return passthru(302)
    try:
        return passthru(press(call_sid, phone, custom, fields().get("digits")))
    except Unavailable:
        log.warning("Exotel flow: Redis unavailable at keys")
        return passthru(302)


@bp.route("/goodbye", methods=METHODS)
def goodbye():
    """Greeting "goodbye": `text/plain` (exactly), one audio URL a line, played in order; the
    same headers for HEAD."""
    check_token()
    call_sid, phone, _ = _call()
    language, lines = farewell(call_sid, phone)
    urls = [audio_url(language, [line]) for line in lines]
    if all(urls):
        body = "\n".join(urls) + "\n"
    else:  # text for Exotel's TTS: better than silence
        body = " ".join(spoken(line, language) for line in lines)
    response = Response(body, status=200)
    response.headers["Content-Type"] = "text/plain"
    return response


def call_status(values: dict) -> int:
    """A call back's status callback (`CallSid`, `Status`): settles its `voice_callback` row, a
    busy or unanswered call tried again (handlers.voice_callbacks). 500 when it could not be
    written, so that Exotel sends it again."""
    try:
        row = voice_callbacks.settle(db(), "exotel", values["CallSid"], values.get("Status", ""), now(),
                                     settings().quiet_hours)
        if row is None:
            log.warning("Exotel call status %r for unknown call %r", values.get("Status"), values.get("CallSid"))
        db().commit()
    except Exception:
        log.exception("Exotel call status failed")
        db().rollback()
        return 500
    return 200


def error_answer(path: str, http_status: int | None = None):
    """What an applet gets when a flow URL fails unexpectedly (never a 500: Exotel would drop
    the call in silence): a Passthru goes to the goodbye, the Gather hears "sorry, call again
    later", the Greeting says goodbye. A refusal on purpose (403, 413) is an empty `text/plain`,
    the applets' format; a 404 stays as it is."""
    path = without_path_token(path)
    if not path.startswith("/webhooks/exotel/flow/"):
        return None
    if http_status is not None:
        return refusal(path, http_status)
    step = path.rsplit("/", 1)[-1]
    if step == "gather":
        sorry = t(DEFAULT_LANGUAGE, "voice.try_later")
        body = {"gather_prompt": {"text": sorry}, "max_input_digits": 1, "finish_on_key": voice_flow.FINISH_KEY,
                "input_timeout": 2, "repeat_menu": 0, "repeat_gather_prompt": {"text": sorry}}
        return json.dumps(body, ensure_ascii=False), 200, {"Content-Type": "application/json"}
    if step == "goodbye":
        return t(DEFAULT_LANGUAGE, "voice.goodbye"), 200, {"Content-Type": "text/plain"}
    return "", 302, {"Content-Type": "text/plain"}
