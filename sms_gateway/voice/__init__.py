"""Voice calls' audio (SPEC 12.2): this deployment's clips (`audio.Clips`), the recording script
and the stand-in voice (`cli`), and `/voice/audio/{name}.wav`, the joined WAV of one step, for
Exotel and Twilio.

`HEAD` and `GET` (Exotel probes first), `audio/wav`, cacheable forever: a name is derived from
the content and SECRET_KEY (`Clips.join`), so a changed clip is a new URL and an old URL never
changes its sound. A name that was never made is a 404.
"""
from __future__ import annotations

import re
from pathlib import Path

from flask import Blueprint, abort, current_app, send_file

from sms_gateway.extensions import settings
from sms_gateway.settings import INSTANCE_DIR
from sms_gateway.voice.audio import Clips

bp = Blueprint("voice_audio", __name__)
NAME = re.compile(r"^[0-9a-f]{32}$")
YEAR_S = 365 * 24 * 3600


def clips() -> Clips:
    """This deployment's clip store (VOICE_AUDIO_DIR, default instance/voice)."""
    store = current_app.extensions.get("dabbo.clips")
    if store is None:
        root = settings().voice_audio_dir or str(INSTANCE_DIR / "voice")
        store = Clips(Path(root), current_app.config["SECRET_KEY"])
        current_app.extensions["dabbo.clips"] = store
    return store


def url(base: str, name: str) -> str:
    return f"{base}/voice/audio/{name}.wav"


@bp.get("/voice/audio/<name>.wav")
def audio(name: str):
    if not NAME.match(name):
        abort(404)
    path = clips().joined_path(name)
    if not path.exists():
        abort(404)
    return send_file(path, mimetype="audio/wav", max_age=YEAR_S, conditional=True)
