"""Who may use the recorded prompts page, and what it refuses (the browser test is
tests/pages/test_prompts_browser.py)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from tests.pages.test_dashboard import sign_in_admin


@pytest.fixture
def settings(settings, tmp_path):
    return replace(settings, voice_audio_dir=str(tmp_path / "voice"))


def test_signed_out_the_prompts_page_asks_to_sign_in(client, world):
    assert client.get("/prompts").status_code == 302


def test_the_page_lists_every_clip_of_the_language_asked(client, world):
    import re

    from handlers.menus import prompts

    sign_in_admin(client)
    shown = set()
    for number in range(1, 20):
        page = client.get(f"/prompts?language=hi&page={number}").get_data(as_text=True)
        shown |= set(re.findall(r'<li id="clip-([^"]+)" data-state="missing"', page))
    assert shown == {clip.id for clip, _ in prompts.fixed_clips("hi")}


def test_an_upload_for_a_clip_that_does_not_exist_is_not_found(client, world):
    token = sign_in_admin(client)
    assert client.post("/prompts/en/no-such-clip", data={"csrf_token": token}).status_code == 404
    assert client.post("/prompts/xx/num-1", data={"csrf_token": token}).status_code == 404


def test_an_upload_with_no_file_is_answered_with_the_error(client, world):
    token = sign_in_admin(client)
    response = client.post("/prompts/en/num-1", data={"csrf_token": token})
    assert response.status_code == 422 and 'id="error-num-1"' in response.get_data(as_text=True)
