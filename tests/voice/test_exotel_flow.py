"""Voice on Exotel as Exotel runs it (SPEC 12.1): a fake Exotel (tests/fakes/exotel_voice.py) holds
the flow exactly as `flask --app sms_gateway exotel flow` prints it, rings our URLs with Exotel's
parameters and headers, follows 200/302, and plays every audio URL (HEAD, GET, 8 kHz mono 16-bit)."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.orm import sessionmaker

from handlers.menus import prompts
from handlers.catalogue import rupees, t
from models.tables import Impoundment, OutboundMessage
from sms_gateway.voice import clips
from tests.fakes.exotel_voice import ExotelVoice, parse_flows

TOKEN = "exotel-test-token"
APP_ID = "123456"
OWNERS = {"gu": "+919825000004", "hi": "+919825000005", "en": "+919825000006"}
OWNER_TAGS = {"gu": "123456789012", "hi": "234567890123", "en": "345678901234"}
KEEPER = "+919825000001"
FLOW = "/webhooks/exotel/flow"


@pytest.fixture(scope="session")
def audio_dir(tmp_path_factory):
    return str(tmp_path_factory.mktemp("voice-audio"))  # shared: a clip is synthesised once a run


@pytest.fixture
def settings(settings, exotel_settings, audio_dir):
    return replace(settings, **{name: getattr(exotel_settings, name) for name in (
        "sms_provider", "exotel_sid", "exotel_api_key", "exotel_api_token", "exotel_from", "exotel_caller_id",
        "exotel_api_base", "dlt_entity_id")}, exotel_flow_url=None, exotel_voice_app_id=APP_ID,
        exotel_webhook_token=TOKEN, voice_audio_dir=audio_dir)


@pytest.fixture
def flow_text(app):
    result = app.test_cli_runner().invoke(args=["exotel", "flow"])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def exotel(client, flow_text, fake_exotel):
    return ExotelVoice(client, flow_text, sid=fake_exotel.sid)


def audio_of(app, language: str, *lines: str) -> bytes:
    """The WAV a line is played as: its clips joined (handlers.prompts), read back."""
    with app.app_context():
        store = clips()
        return store.joined_path(store.join(language, prompts.utterance(list(lines), language))).read_bytes()


def owner_menu(language: str) -> list[str]:
    """The owner's first screen, as written: its spoken title and each option's own sentence."""
    return [t(language, "voice.menu.owner")] + [
        t(language, f"voice.menu.owner.{option}") for option in ("find", "fees", "auctions", "mine", "language", "rates")]


def set_language(session, number: str, language: str) -> None:
    from models.tables import Person

    session.query(Person).filter(Person.phone == number).update({"language": language})
    session.commit()


def dues_paise(api, tag: str) -> int:
    [impoundment] = api.get(f"/impoundments?tag={tag}").get_json()["impoundments"]
    return api.get(f"/impoundments/{impoundment['id']}/dues").get_json()["total_paise"]


# --------------------------------------------------------------------- the flow printed

def test_the_printed_flow_is_the_loop_of_start_menu_keys_goodbye(flow_text, settings):
    flows = parse_flows(flow_text)
    voice = flows["voice"]
    assert voice.app_id == APP_ID
    assert [(a.kind, a.name) for a in voice.applets.values()] == [
        ("Passthru", "start"), ("Gather", "menu"), ("Passthru", "keys"), ("Greeting", "goodbye"), ("Hangup", "end")]
    assert voice.applets[1].url == f"http://dabbo.test/webhooks/exotel/t/{TOKEN}/flow/start?query=kept"
    assert voice.applets[1].next == {"200": 2, "302": 4} and voice.applets[3].next == {"200": 2, "302": 4}
    assert voice.applets[2].next == {"digits": 3, "nodigits": 3} and voice.applets[4].next == {"next": 5}
    missed = flows["missed-call"]
    assert [a.kind for a in missed.applets.values()] == ["Passthru", "Hangup"]
    assert missed.applets[1].url == f"http://dabbo.test/webhooks/exotel/t/{TOKEN}/missed-call?query=kept"


# --------------------------------------------------------------------- journeys

@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_an_owner_finds_an_animal_by_its_12_digit_tag_and_hears_todays_dues(app, world, api, exotel, language):
    tag = OWNER_TAGS[language]
    call = exotel.call(OWNERS[language], ["1", f"{tag}#"])

    assert call.branches == [("start", 200), ("keys", 200), ("keys", 302)]
    menu, tag_prompt = call.gathers
    assert menu.audio[0] == audio_of(app, language, *owner_menu(language))
    assert tag_prompt.audio[0] == audio_of(app, language, t(language, "voice.menu.tag"),
                                           t(language, "voice.then_hash"), t(language, "voice.back"))
    [goodbye] = [h for h in call.heard if h.applet == "Greeting"]
    due = t(language, "ussd.find.due", amount=rupees(dues_paise(api, tag)))
    assert audio_of(app, language, due) in goodbye.audio
    assert goodbye.audio[-1] == audio_of(app, language, t(language, "voice.goodbye"))


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_a_keeper_records_a_seizure_by_keypad(app, world, session, exotel, language):
    set_language(session, KEEPER, language)
    call = exotel.call(KEEPER, ["1", "999988887777#", "1", "1"])

    assert call.branches[-1] == ("keys", 302)
    held = session.scalars(select(Impoundment).where(Impoundment.tag == "999988887777")).one()
    assert (held.kind, held.status) == ("cow", "impounded")
    [goodbye] = [h for h in call.heard if h.applet == "Greeting"]
    assert goodbye.audio[-1] == audio_of(app, language, t(language, "voice.goodbye"))


def test_a_missed_call_is_never_answered_and_is_answered_by_sms(world, exotel, session):
    call = exotel.call(OWNERS["en"], flow="missed-call")
    assert not call.answered
    assert call.branches == [("missed call", 200)]
    [answer] = session.scalars(select(OutboundMessage).where(
        OutboundMessage.to_phone == OWNERS["en"], OutboundMessage.idempotency_key.startswith("missed:"))).all()
    assert answer.kind == "reply"


def test_a_call_back_reaches_the_owners_answer_first(app, world, session, exotel, fake_exotel, run_worker):
    runtime = app.extensions["dabbo"]
    runtime.settings = replace(runtime.settings, missed_call_answer="call")
    exotel.call(OWNERS["en"], flow="missed-call")
    run_worker()
    [row] = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "voice_callback")).all()
    [connect] = [r for r in fake_exotel.requests if r.path.endswith("/Calls/connect.json")]
    assert connect.form["Url"] == f"http://my.exotel.com/{fake_exotel.sid}/exoml/start_voice/{APP_ID}"
    assert connect.form["CustomField"] == str(row.id)

    [call] = exotel.place_connected_calls(fake_exotel)

    assert call.gathers[0].audio[0] == audio_of(app, "en", row.text, *owner_menu("en"))
    session.expire_all()
    assert session.get(OutboundMessage, row.id).status == "delivered"


# --------------------------------------------------------------------- hostile input, answered politely

def get(client, step: str, **params):
    return client.get(f"{FLOW}/{step}", query_string={"token": TOKEN, "CallFrom": "09825000006",
                                                        "CallTo": "07940000000", **params})


def test_silence_repeats_the_menu_once_then_says_goodbye(app, world, exotel):
    call = exotel.call(OWNERS["en"], [None, None])
    assert call.branches == [("start", 200), ("keys", 200), ("keys", 302)]
    assert call.gathers[1].audio[0] == audio_of(app, "en", t("en", "voice.not_heard"), *owner_menu("en"))
    [goodbye] = [h for h in call.heard if h.applet == "Greeting"]
    assert goodbye.audio == [audio_of(app, "en", t("en", "voice.goodbye"))]


def test_missing_digits_count_as_silence(world, client):
    assert get(client, "start", CallSid="S1").status_code == 200
    get(client, "gather", CallSid="S1")
    assert get(client, "keys", CallSid="S1").status_code == 200   # no digits at all: the menu again
    get(client, "gather", CallSid="S1")
    assert get(client, "keys", CallSid="S1").status_code == 302   # and once more: goodbye


def test_a_wrong_key_twice_ends_politely_with_the_error(app, world, exotel):
    call = exotel.call(OWNERS["en"], ["7", "8"])
    assert call.branches[-1] == ("keys", 302)
    [goodbye] = [h for h in call.heard if h.applet == "Greeting"]
    assert goodbye.audio == [audio_of(app, "en", t("en", "ussd.invalid")), audio_of(app, "en", t("en", "voice.goodbye"))]


def test_a_40_digit_paste_is_a_wrong_tag_and_the_call_goes_on(app, world, client):
    get(client, "start", CallSid="S2")
    get(client, "gather", CallSid="S2")
    get(client, "keys", CallSid="S2", digits='"1"')
    get(client, "gather", CallSid="S2")
    assert get(client, "keys", CallSid="S2", digits='"' + "9" * 40 + '"').status_code == 200
    body = get(client, "gather", CallSid="S2").get_json()
    assert body["max_input_digits"] == 15 and "audio_url" in body["gather_prompt"]


@pytest.mark.parametrize("step", ["gather", "keys"])
def test_an_unknown_or_expired_call_starts_again_politely(app, world, client, step):
    response = get(client, step, CallSid="NEVER-STARTED", digits='"1"')
    assert response.status_code == 200
    body = get(client, "gather", CallSid="NEVER-STARTED").get_json()
    assert body["max_input_digits"] == 1


def test_a_replayed_keys_request_moves_nothing_and_seizes_once(world, client, session):
    get(client, "start", CallSid="S3", CallFrom="09825000001")
    for digits in ("1", "999988887777", "1"):
        get(client, "gather", CallSid="S3", CallFrom="09825000001")
        get(client, "keys", CallSid="S3", CallFrom="09825000001", digits=f'"{digits}"')
    get(client, "gather", CallSid="S3", CallFrom="09825000001")
    first = get(client, "keys", CallSid="S3", CallFrom="09825000001", digits='"1"').status_code
    again = get(client, "keys", CallSid="S3", CallFrom="09825000001", digits='"1"').status_code
    assert first == again == 302
    assert len(session.scalars(select(Impoundment).where(Impoundment.tag == "999988887777")).all()) == 1


def test_a_live_call_sid_from_another_number_hears_goodbye_and_moves_nothing(world, client):
    owner, other = "09825000006", "09825000001"
    get(client, "start", CallSid="S6", CallFrom=owner)
    get(client, "gather", CallSid="S6", CallFrom=owner)
    get(client, "keys", CallSid="S6", CallFrom=owner, digits='"1"')   # the owner asks to find an animal
    owners_screen = get(client, "gather", CallSid="S6", CallFrom=owner).get_json()
    assert owners_screen["max_input_digits"] == 15
    assert get(client, "start", CallSid="S6", CallFrom=other).status_code == 302
    assert get(client, "keys", CallSid="S6", CallFrom=other, digits='"999988887777"').status_code == 302
    assert get(client, "gather", CallSid="S6", CallFrom=other).get_json()["gather_prompt"] != owners_screen["gather_prompt"]
    assert get(client, "gather", CallSid="S6", CallFrom=owner).get_json() == owners_screen


@pytest.mark.parametrize("step", ["start", "gather", "keys", "goodbye"])
def test_a_wrong_token_is_refused(world, client, step):
    assert client.get(f"{FLOW}/{step}?token=wrong&CallSid=S4").status_code == 403
    assert client.get(f"{FLOW}/{step}?CallSid=S4").status_code == 403


def test_the_goodbye_answers_head_with_the_same_headers_as_get(world, client):
    head, got = client.head(f"{FLOW}/goodbye?token={TOKEN}&CallSid=S5"), get(client, "goodbye", CallSid="S5")
    assert head.status_code == got.status_code == 200
    assert head.headers["Content-Type"] == got.headers["Content-Type"] == "text/plain"


def test_a_call_is_capped_in_key_presses_with_a_spoken_goodbye(app, world, exotel):
    runtime = app.extensions["dabbo"]
    runtime.settings = replace(runtime.settings, voice_max_steps=2)
    call = exotel.call(OWNERS["en"], ["1", "0", "1"])
    assert call.branches == [("start", 200), ("keys", 200), ("keys", 200), ("keys", 302)]
    [goodbye] = [h for h in call.heard if h.applet == "Greeting"]
    assert goodbye.audio[0] == audio_of(app, "en", t("en", "voice.too_long"))


# --------------------------------------------------------------------- PostgreSQL or Redis down

@pytest.fixture
def postgres_down(app):
    runtime = app.extensions["dabbo"]

    @contextmanager
    def down():
        dead = create_engine("postgresql+psycopg://postgres@127.0.0.1:1/none", connect_args={"connect_timeout": 1})
        real, runtime.sessions = runtime.sessions, sessionmaker(dead)
        try:
            yield
        finally:
            runtime.sessions = real
            dead.dispose()

    return down


def test_while_postgresql_is_down_each_applet_answers_in_its_format_and_ends_politely(app, world, client,
                                                                                       postgres_down):
    with postgres_down():
        start = get(client, "start", CallSid="S6")
        assert start.status_code == 302
        goodbye = get(client, "goodbye", CallSid="S6")
        assert goodbye.headers["Content-Type"] == "text/plain"
        assert goodbye.get_data(as_text=True).splitlines()[0].endswith(".wav")
        gather = get(client, "gather", CallSid="S7")
        assert gather.status_code == 200 and gather.mimetype == "application/json"
        assert get(client, "keys", CallSid="S7", digits='"1"').status_code == 302


def test_while_redis_is_down_each_applet_answers_in_its_format(world, client, app_redis_down):
    with app_redis_down():
        assert get(client, "start", CallSid="S8").status_code == 302
        assert get(client, "gather", CallSid="S8").mimetype == "application/json"
        assert get(client, "keys", CallSid="S8", digits='"1"').status_code == 302
        assert get(client, "goodbye", CallSid="S8").headers["Content-Type"] == "text/plain"


def test_the_old_exoml_webhook_is_gone(world, client):
    assert client.get(f"/webhooks/exotel/voice?token={TOKEN}").status_code == 404


def test_the_india_guide_shows_the_flow_exactly_as_the_command_prints_it(app):
    from pathlib import Path

    runtime = app.extensions["dabbo"]
    runtime.settings = replace(runtime.settings, public_base_url="https://dabbo.example.org",
                               exotel_webhook_token="<EXOTEL_WEBHOOK_TOKEN>", exotel_voice_app_id="123456")
    printed = app.test_cli_runner().invoke(args=["exotel", "flow"]).stdout
    guide = (Path(__file__).resolve().parents[2] / "docs" / "INDIA.md").read_text()
    assert "```\n" + printed.rstrip() + "\n```" in guide
