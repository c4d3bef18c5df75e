"""Exotel voice under /webhooks/exotel/voice (SPEC 11.4): the voice menu in ExoML.

ExoML (Exotel's programmable-voice answer, INDIA-CHANNELS.md section 2): `<Response>` with
`<Say voice language>`, `<Gather action method numDigits timeout finishOnKey>` whose action
receives `DigitsPressed` (older applets send `digits`, quoted), and `<Hangup/>`. The call
flow's applet calls this URL (GET or POST) with `CallSid`, `CallFrom`, `CallTo` and, on a
call back, `CustomField` = the outbox row. Token-checked like every Exotel webhook.
"""
from __future__ import annotations

import uuid
import xml.etree.ElementTree as ElementTree
from urllib.parse import urlencode

from flask import Blueprint, Response, request

from handlers.menus import voice
from sms_gateway.extensions import db, now, settings
from sms_gateway.providers.exotel.webhooks import METHODS, PROVIDER, check_token, fields

bp = Blueprint("exotel_voice_webhooks", __name__, url_prefix="/webhooks/exotel")

# ExoML <Say> languages documented: en, hi (and other Indian ones), no Gujarati: "gu" is our
# reading for Gujarati TTS, unconfirmed (README: check the account, else recorded prompts).
SAY_LANGUAGES = {"gu": "gu", "hi": "hi", "en": "en"}


def exoml(step: voice.VoiceStep) -> bytes:
    root = ElementTree.Element("Response")
    language = SAY_LANGUAGES.get(step.language, "gu")

    def say(parent, text: str) -> None:
        ElementTree.SubElement(parent, "Say", voice="woman", language=language).text = text

    for verb in step.verbs:
        if isinstance(verb, voice.Say):
            say(root, verb.text)
        elif isinstance(verb, voice.Gather):
            query = urlencode({"token": settings().exotel_webhook_token or "", "k": verb.keys, "n": verb.tries})
            attributes = {"action": f"{_base()}/webhooks/exotel/voice?{query}", "method": "POST",
                          "timeout": str(verb.timeout), "finishOnKey": "#"}
            if verb.one_key:
                attributes["numDigits"] = "1"
            gather = ElementTree.SubElement(root, "Gather", attributes)
            for line in verb.prompt:
                say(gather, line)
        else:
            ElementTree.SubElement(root, "Hangup")
    return ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)


def _base() -> str:
    return settings().public_base_url or request.url_root.rstrip("/")


@bp.route("/voice", methods=METHODS)
def voice_step():
    """One step of the voice menu; `k` and `n` ride in the Gather's action URL."""
    check_token()
    if request.method == "HEAD":  # Exotel's applets probe the URL first
        return Response("", status=200, content_type="application/xml")
    values = fields()
    pressed = values.get("DigitsPressed") or values.get("Digits") or values.get("digits") or ""
    step = voice.answer(db(), provider=PROVIDER, call_id=values.get("CallSid") or f"missing-{uuid.uuid4()}",
                        phone=values.get("CallFrom") or values.get("From") or "", keys=values.get("k", ""),
                        pressed=pressed.strip('"') or None, tries=voice.tries_from(values.get("n")), now=now(),
                        callback=values.get("CustomField"))
    return Response(exoml(step), status=200, content_type="application/xml; charset=utf-8")
