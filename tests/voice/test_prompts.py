"""Recorded prompts (SPEC 12.2): the clips, the recording script, the stand-in voice, joined audio."""
from __future__ import annotations

import csv
import io
import shutil
import wave
from dataclasses import replace
from datetime import date, timedelta

import pytest

from handlers.menus import prompts
from handlers.catalogue import day, money, t
from sms_gateway.voice.audio import synthesiser_missing
from sms_gateway.voice import clips

needs_synth = pytest.mark.skipif(synthesiser_missing() is not None, reason="espeak-ng and sox not installed")
LANGUAGES = ("gu", "hi", "en")


@pytest.fixture
def settings(settings, tmp_path):
    return replace(settings, voice_audio_dir=str(tmp_path / "voice"))


def recorded_ids(language: str) -> set[str]:
    return {clip.id for clip, _ in prompts.fixed_clips(language)} | {prompts.PAUSE.id}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_amount_from_rs_0_to_rs_99999_is_said_from_listed_clips(language):
    listed = recorded_ids(language)
    for rupees in range(100_000):
        said = prompts.template_clips("voice.rupees", language, amount=prompts.number_clips(rupees, language))
        assert {clip.id for clip in said} <= listed, rupees


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_amount_as_a_message_writes_it_is_said_from_clips(language):
    """"Rs 12,345" as `money` writes it: 12 thousand 3 hundred 45, then the word rupees."""
    said = prompts.line_clips(money(language, 1_234_500), language)
    assert [clip.id for clip in said][:5] == ["num-12", "num-thousand", "num-3", "num-hundred", "num-45"]
    assert set(clip.id for clip in said) <= recorded_ids(language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_date_of_a_year_is_said_from_listed_clips(language):
    listed = recorded_ids(language)
    for offset in range(366):
        written = day(date(2028, 1, 1) + timedelta(days=offset))  # a leap year: 29-02 too
        said = prompts.line_clips(written, language)
        assert said and {clip.id for clip in said} <= listed, written


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_12_digit_tag_is_said_digit_by_digit_in_fours(language):
    said = [clip.id for clip in prompts.line_clips("345678901234", language)]
    assert said == ["num-3", "num-4", "num-5", "num-6", "pause", "num-7", "num-8", "num-9", "num-0", "pause",
                    "num-1", "num-2", "num-3", "num-4"]


@pytest.mark.parametrize("language, words", [
    ("gu", "કાનની ટેગથી ઢોર શોધવા માટે એક દબાવો"),
    ("hi", "कान के टैग से पशु खोजने के लिए एक दबाइए"),
    ("en", "To find an animal by its ear tag, press one"),
])
def test_a_menu_option_is_one_sentence_recorded_whole_with_its_key_said(language, words):
    [clip] = prompts.line_clips(t(language, "voice.menu.owner.find"), language)
    assert clip.id == "voice.menu.owner.find" and clip.words == words


def test_the_recording_script_lists_each_menu_sentence_as_a_person_says_it(app):
    result = app.test_cli_runner().invoke(args=["prompts", "script", "--language", "gu"])
    by_id = {row["clip"]: row for row in csv.DictReader(io.StringIO(result.stdout))}
    assert by_id["voice.menu.owner.fees"]["words"] == "ડબ્બા ફી અને ડિપોઝિટ જાણવા માટે બે દબાવો"
    assert by_id["voice.menu.kind.mule"]["words"] == "ખચ્ચર હોય તો એક દબાવો"  # the kinds' second page
    assert by_id["voice.back"]["words"] == "પાછા જવા માટે શૂન્ય દબાવો"


def test_gul_callers_hear_gujarati_clips():
    assert prompts.line_clips(t("gu", "voice.goodbye"), "gul") == prompts.line_clips(t("gu", "voice.goodbye"), "gu")


def test_a_name_no_catalogue_holds_is_a_clip_of_its_own():
    [clip] = prompts.line_clips("Ambaji", "en")
    assert clip.id.startswith("name-") and clip.words == "Ambaji"


def test_the_recording_script_lists_every_clip_with_its_words_and_use(app):
    result = app.test_cli_runner().invoke(args=["prompts", "script", "--language", "hi"])
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == ["clip", "language", "words", "used_in"]
    by_id = {row["clip"]: row for row in rows}
    assert by_id["voice.goodbye-0"]["words"] == "डब्बो को फ़ोन करने के लिए धन्यवाद नमस्ते"
    assert by_id["num-57"]["words"] and by_id["month-12"]["words"] == "दिसंबर"
    assert {row["language"] for row in rows} == {"hi"}


def wav_shape(path) -> tuple[int, int, int]:
    with wave.open(str(path), "rb") as audio:
        return audio.getframerate(), audio.getnchannels(), audio.getsampwidth()


@needs_synth
def test_synth_makes_8khz_mono_16_bit_stand_ins(app, settings):
    with app.app_context():
        store = clips()
        clip = prompts.number_clip(42, "gu")
        assert store.synth("gu", clip)
        assert wav_shape(store.synthetic_path("gu", clip.id)) == (8000, 1, 2)


@needs_synth
def test_a_steps_audio_is_served_with_head_and_get_as_wav(app, client):
    with app.app_context():
        name = clips().join("en", prompts.utterance([t("en", "voice.goodbye")], "en"))
    head, got = client.head(f"/voice/audio/{name}.wav"), client.get(f"/voice/audio/{name}.wav")
    assert head.status_code == got.status_code == 200
    assert head.mimetype == got.mimetype == "audio/wav"
    with wave.open(io.BytesIO(got.get_data())) as audio:
        assert (audio.getframerate(), audio.getnchannels(), audio.getsampwidth()) == (8000, 1, 2)


def test_an_audio_name_never_made_is_not_found(client):
    assert client.get("/voice/audio/" + "0" * 32 + ".wav").status_code == 404
    assert client.get("/voice/audio/..%2F..%2Fsecret.wav").status_code == 404


@needs_synth
def test_a_recorded_clip_replaces_the_stand_in_under_a_new_url(app, tmp_path):
    line = [t("en", "voice.goodbye")]
    with app.app_context():
        store = clips()
        before = store.join("en", prompts.utterance(line, "en"))
        [clip] = [c for c in prompts.utterance(line, "en") if c.id == "voice.goodbye-0"]
        upload = tmp_path / "upload.wav"
        shutil.copy(store.synthetic_path("en", clip.id), upload)
        store.record("en", clip.id, upload)
        after = store.join("en", prompts.utterance(line, "en"))
    assert before != after


@needs_synth
def test_twilio_plays_a_line_every_clip_of_which_is_recorded_and_says_the_rest(app, world, client, tmp_path):
    """The goodbye recorded clip by clip: <Play> its joined WAV; the menu, not recorded: <Say>."""
    from tests.voice.voice_phone import VoicePhone

    goodbye = t("en", "voice.goodbye")
    with app.app_context():
        store = clips()
        for clip in prompts.line_clips(goodbye, "en"):
            store.synth("en", clip)
            upload = tmp_path / f"{clip.id}.wav"
            shutil.copy(store.synthetic_path("en", clip.id), upload)
            store.record("en", clip.id, upload)
        name = store.join("en", prompts.line_clips(goodbye, "en"))
    caller = VoicePhone(client, app.extensions["dabbo"].settings, "twilio", "+919825000006")
    document = caller.call()
    assert [verb.tag for verb in document.verbs][-2:] == ["Play", "Hangup"]
    assert document.verbs[-2].text == f"http://dabbo.test/voice/audio/{name}.wav"
    assert document.gathers[0].find("Say") is not None
