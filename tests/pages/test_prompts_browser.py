"""The administrator's recorded prompts page (SPEC 12.2) in a real browser (headless Chromium) at a
phone's 390 px and an office PC's 1280 px, with axe-core: the clips of a language with their state
and a player, a recording uploaded and converted to 8 kHz mono 16-bit, a bad file's error beside
its field."""
from __future__ import annotations

import io
import struct
import wave
from dataclasses import replace

import pytest

from tests.pages.test_browser import (  # noqa: F401 (fixtures)
    browser,
    live_url,
    pytestmark,
    sign_in_as_admin,
)
from tests.pages.test_staff_browser import assert_accessible, new_page, no_sideways_scroll

WIDTHS = [390, 1280]


@pytest.fixture
def settings(settings, tmp_path):
    return replace(settings, voice_audio_dir=str(tmp_path / "voice"))


def cd_quality_wav() -> bytes:
    """Half a second of a 440 Hz tone, 44.1 kHz stereo: what a PC's recorder makes."""
    out = io.BytesIO()
    with wave.open(out, "wb") as audio:
        audio.setnchannels(2)
        audio.setsampwidth(2)
        audio.setframerate(44100)
        import math

        frames = b"".join(struct.pack("<hh", int(8000 * math.sin(2 * math.pi * 440 * n / 44100)), 0)
                          for n in range(22050))
        audio.writeframes(frames)
    return out.getvalue()


@pytest.fixture
def prompts_page(browser, live_url, world, request):
    context, page = new_page(browser, live_url, request.param)
    sign_in_as_admin(page)
    page.goto("/prompts?language=en")
    yield page
    context.close()


@pytest.mark.parametrize("prompts_page", WIDTHS, indirect=True)
def test_a_recording_is_converted_and_the_clip_shows_as_recorded(prompts_page, app):
    page = prompts_page
    assert_accessible(page)
    assert no_sideways_scroll(page)
    first = page.locator("#prompts li").first
    clip_id = first.get_attribute("id").removeprefix("clip-")
    first.locator("input[type=file]").set_input_files(
        files=[{"name": "take1.wav", "mimeType": "audio/wav", "buffer": cd_quality_wav()}])
    with page.expect_navigation():
        first.locator("button[type=submit]").click()
    assert page.locator("#prompts-saved").is_visible()
    assert page.locator(f'[id="clip-{clip_id}"]').get_attribute("data-state") == "recorded"
    with app.app_context():
        from sms_gateway.voice import clips

        recorded = clips().recorded("en", clip_id)
    with wave.open(str(recorded)) as audio:
        assert (audio.getframerate(), audio.getnchannels(), audio.getsampwidth()) == (8000, 1, 2)
    assert_accessible(page)


@pytest.mark.parametrize("prompts_page", WIDTHS, indirect=True)
def test_a_file_that_is_not_audio_is_refused_beside_its_field(prompts_page):
    page = prompts_page
    first = page.locator("#prompts li").first
    clip_id = first.get_attribute("id").removeprefix("clip-")
    first.locator("input[type=file]").set_input_files(
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"not a sound"}])
    with page.expect_navigation():
        first.locator("button[type=submit]").click()
    field = page.locator(f'[id="audio-{clip_id}"]')
    assert field.get_attribute("aria-invalid") == "true"
    assert page.locator(f'[id="error-{clip_id}"]').is_visible()
    assert page.locator(f'[id="clip-{clip_id}"]').get_attribute("data-state") != "recorded"
    assert_accessible(page)
