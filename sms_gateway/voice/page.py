"""`/prompts`: the administrator's recorded prompts (SPEC 12.2).

Every clip of one language (the recording script's rows): its words, where it is used, whether a
person recorded it, a synthetic stand-in speaks it, or nothing does yet; a player; and an upload
(WAV, MP3, OGG, or a recording made on the phone's or PC's microphone through the file picker's
`capture`), converted with sox or ffmpeg to 8 kHz mono 16-bit WAV. A new recording gets a new file
name, so every step using it gets a new audio URL (Exotel caches audio by URL).
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from flask import abort, g, redirect, render_template, request, send_file, url_for

from handlers.menus import prompts
from sms_gateway.pages.dashboard import require_viewer, say
from sms_gateway.pages.staff import staff_blueprint
from sms_gateway.voice import clips

bp = staff_blueprint("prompts")
MAX_UPLOAD_BYTES = 2 * 1024 * 1024  # Exotel's audio limit is about 2 MB (unconfirmed)
PER_PAGE = 60


@bp.before_app_request
def _allow_recordings() -> None:
    """A recording is bigger than any other request (MAX_REQUEST_BYTES): this one route takes up
    to MAX_UPLOAD_BYTES, set before the CSRF check reads the form (the app's CSRF check is
    registered after the blueprints, so this runs first)."""
    if request.endpoint == "prompts.upload":
        request.max_content_length = MAX_UPLOAD_BYTES + 64 * 1024


def _require_admin():
    if (refused := require_viewer()) is not None:
        return refused
    if not g.viewer.is_admin:
        abort(403)
    return None


def _language() -> str:
    asked = request.values.get("language", "gu")
    return asked if asked in prompts.SPOKEN_LANGUAGES else "gu"


def _rows(language: str) -> list[dict]:
    store = clips()
    rows = []
    for clip, uses in prompts.fixed_clips(language):
        recorded = store.recorded(language, clip.id)
        state = "recorded" if recorded else "synthetic" if store.synthetic_path(language, clip.id).exists() \
            else "missing"
        rows.append({"clip": clip, "uses": uses, "state": state,
                     "version": recorded.name if recorded else "synthetic"})
    return rows


@bp.get("/prompts")
def prompts_page():
    if (refused := _require_admin()) is not None:
        return refused
    try:
        page = int(request.args.get("page", "1"))
    except ValueError:
        page = 1
    return _render(_language(), page)


def _render(language: str, page: int, errors: dict | None = None, status: int = 200):
    rows = _rows(language)
    if errors:  # the page that holds the clip the error is about
        [clip_id] = errors
        page = 1 + next(i for i, row in enumerate(rows) if row["clip"].id == clip_id) // PER_PAGE
    pages = max(1, -(-len(rows) // PER_PAGE))
    page = min(max(page, 1), pages)
    counts = {state: sum(row["state"] == state for row in rows) for state in ("recorded", "synthetic", "missing")}
    return render_template("prompts.html", language=language, spoken_languages=prompts.SPOKEN_LANGUAGES,
                           rows=rows[(page - 1) * PER_PAGE:page * PER_PAGE], page=page, pages=pages, counts=counts,
                           errors=errors or {}, saved=request.args.get("saved")), status


@bp.get("/prompts/<language>/<clip_id>.wav")
def clip_audio(language: str, clip_id: str):
    if (refused := _require_admin()) is not None:
        return refused
    known = {clip.id: clip for clip, _ in prompts.fixed_clips(language)} if language in prompts.SPOKEN_LANGUAGES \
        else {}
    if clip_id not in known:
        abort(404)
    path = clips().file(language, known[clip_id])
    if path is None:
        abort(404)
    return send_file(path, mimetype="audio/wav", max_age=0)


@bp.post("/prompts/<language>/<clip_id>")
def upload(language: str, clip_id: str):
    """A recording of one clip: converted and kept, or the error beside the upload field."""
    if (refused := _require_admin()) is not None:
        return refused
    if language not in prompts.SPOKEN_LANGUAGES or clip_id not in {c.id for c, _ in prompts.fixed_clips(language)}:
        abort(404)
    sent = request.files.get("audio")
    if sent is None or not sent.filename:
        return _render(language, 1, {clip_id: say("prompts_no_file")}, 422)
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "upload"
        sent.save(path)
        if path.stat().st_size > MAX_UPLOAD_BYTES:
            return _render(language, 1, {clip_id: say("prompts_too_big")}, 422)
        try:
            clips().record(language, clip_id, path)
        except (ValueError, OSError):
            return _render(language, 1, {clip_id: say("prompts_bad_audio")}, 422)
    return redirect(url_for("prompts.prompts_page", language=language, page=request.form.get("page", "1"),
                            saved=clip_id) + f"#clip-{clip_id}")
