"""Live on the first day whatever Exotel turns out to do (SPEC 13.2): each reading that only a real
account settles (INDIA-CHANNELS.md section 7) is a mode of the fake, and the journeys pass under
every one of them. Where a reading breaks the old form (a token in a query Exotel rewrites, a
number where the integrations send an object), a test shows the old form failing under it."""
from __future__ import annotations

import base64
import re

import pytest
import requests
from sqlalchemy import select

from handlers.catalogue import t
from models.tables import Impoundment, OutboundMessage
from tests.fakes.exotel_server import FakeExotel
from handlers.menus.voice_flow import deepest_walk
from tests.fakes.exotel_voice import ExotelRefused, ExotelVoice, check_gather_reply, parse_flows
from tests.voice.test_exotel_flow import (  # noqa: F401  (fixtures)
    APP_ID, FLOW, KEEPER, OWNER_TAGS, OWNERS, TOKEN, audio_dir, audio_of, flow_text, settings)


def with_query_token(text: str) -> str:
    """The flow as printed before the token moved into the path: `...?token=<token>`."""
    return re.sub(rf"/webhooks/exotel/t/{re.escape(TOKEN)}([^\s?]*)\?query=kept", rf"/webhooks/exotel\1?token={TOKEN}",
                  text)


@pytest.fixture(params=["typed", "keys"])
def gather_schema(request):
    return request.param


@pytest.fixture(params=["allowed", "refused"])
def loops(request):
    return request.param


@pytest.fixture
def exotel(client, flow_text, fake_exotel, token_in, exotel_query, gather_schema, loops):
    text = flow_text if token_in == "path" else with_query_token(flow_text)
    return ExotelVoice(client, text, sid=fake_exotel.sid, gather=gather_schema, query=exotel_query, loops=loops)


def lost_token(token_in: str, exotel_query: str) -> bool:
    """The one combination no form of ours survives: a token in a query that Exotel replaces."""
    return token_in == "query" and exotel_query == "rewritten"


# --------------------------------------------------------------------- the fakes themselves

def test_a_fake_exotel_answers_without_being_reset_first():
    with FakeExotel() as server:
        auth = base64.b64encode(f"{server.api_key}:{server.api_token}".encode()).decode()
        response = requests.post(f"{server.base_url}/v1/Accounts/{server.sid}/Sms/send.json",
                                 data={"From": "GOVGUJ", "To": "+919825000001", "Body": "hello"},
                                 headers={"Authorization": f"Basic {auth}"}, timeout=5)
    assert response.status_code == 200
    assert response.json()["SMSMessage"]["To"] == "09825000001"


def test_the_typed_reading_refuses_a_number_for_repeat_gather_prompt_and_the_loose_one_takes_it():
    old_reply = {"gather_prompt": {"text": "menu"}, "max_input_digits": 1, "finish_on_key": "#",
                 "input_timeout": 5, "repeat_menu": 0, "repeat_gather_prompt": 0}
    with pytest.raises(ExotelRefused, match="repeat_gather_prompt"):
        check_gather_reply(old_reply, "typed")
    check_gather_reply(old_reply, "keys")


def test_passthru_requests_carry_every_parameter_of_the_captured_request(world, client, flow_text, fake_exotel):
    call = ExotelVoice(client, flow_text, sid=fake_exotel.sid).call(OWNERS["en"], flow="missed-call")
    [(_applet, _path, params)] = call.requests
    assert list(params)[:15] == ["CallSid", "CallFrom", "CallTo", "Direction", "Created", "DialCallDuration",
                                 "StartTime", "EndTime", "CallType", "DialWhomNumber", "flow_id", "tenant_id",
                                 "From", "To", "CurrentTime"]
    assert params["CallFrom"] == params["From"] == "09825000006" and params["EndTime"] == "1970-01-01 05:30:00"


# --------------------------------------------------------------------- the flow without guesses

def test_every_gather_printed_wires_both_exits_to_the_passthru_after_it(flow_text):
    for name in ("voice", "voice-chained"):
        for applet in parse_flows(flow_text)[name].applets.values():
            if applet.kind == "Gather":
                assert applet.next == {"digits": applet.number + 1, "nodigits": applet.number + 1}


def test_the_chained_flow_never_branches_back_and_is_as_deep_as_the_deepest_walk_heard_twice(flow_text):
    chained = parse_flows(flow_text)["voice-chained"]
    assert chained.loops_back is None and parse_flows(flow_text)["voice"].loops_back == "applet 3 200 -> 2"
    assert deepest_walk() == 6  # keeper: SEIZE, tag, kind, "brought by another", phone, confirm
    assert [a.kind for a in chained.applets.values()].count("Gather") == 6 * 2
    [goodbye] = [a for a in chained.applets.values() if a.kind == "Greeting"]
    assert chained.applets[goodbye.number - 1].next == {"200": goodbye.number, "302": goodbye.number}


@pytest.fixture(params=["absent", "empty"])
def silence(request):
    """What the Passthru after a silence gets (unsettled, INDIA-CHANNELS.md section 7): no
    `digits`, or `digits=""`."""
    return request.param


def test_silence_at_the_menu_hears_it_again_then_goodbye_in_either_flow(world, client, flow_text, fake_exotel, loops,
                                                                        silence):
    call = ExotelVoice(client, flow_text, sid=fake_exotel.sid, loops=loops, silence=silence).call(
        OWNERS["en"], [None, None])
    assert call.status == "completed" and len(call.gathers) == 2
    assert call.branches == [("start", 200), ("keys", 200), ("keys", 302)]
    keys_requests = [params for applet, _path, params in call.requests if applet == "keys"]
    assert [params.get("digits") for params in keys_requests] == [None if silence == "absent" else '""'] * 2


def test_a_gather_without_its_no_digits_exit_hangs_up_on_silence(world, client, flow_text, fake_exotel):
    old = re.sub(r"\n\s+nodigits -> \d+", "", flow_text)
    call = ExotelVoice(client, old, sid=fake_exotel.sid).call(OWNERS["en"], [None])
    assert call.status == "silence-hung-up" and call.branches == [("start", 200)]


def test_an_account_refusing_loops_cannot_save_the_loop_and_rings_the_chained_flow(flow_text, client):
    fake = ExotelVoice(client, flow_text, loops="refused")
    with pytest.raises(ExotelRefused, match="refused flow 'voice'"):
        fake.flow("voice")
    assert fake.flow().name == "voice-chained"


def test_the_deepest_walk_goes_through_the_chained_flow(world, session, client, flow_text, fake_exotel):
    fake = ExotelVoice(client, flow_text, sid=fake_exotel.sid, loops="refused")
    call = fake.call(KEEPER, ["1", "999988887778#", "1", "2", "9825000009#", "1"])
    assert call.branches[-1] == ("keys", 302) and len(call.gathers) == 6
    held = session.scalars(select(Impoundment).where(Impoundment.tag == "999988887778")).one()
    assert held.kind == "cow"


# --------------------------------------------------------------------- the Gather reply

def test_the_gather_reply_repeats_its_prompt_as_an_object(world, client, gather_schema):
    body = client.get(f"/webhooks/exotel/t/{TOKEN}/flow/gather",
                      query_string={"CallSid": "G1", "CallFrom": "09825000006", "CallTo": "07940000000"},
                      headers={"Exotel-Version": "1.0"}).get_json()
    check_gather_reply(body, gather_schema)
    assert body["repeat_gather_prompt"] == body["gather_prompt"]


# --------------------------------------------------------------------- the journeys

def test_an_owner_finds_an_animal_by_voice(app, world, exotel, token_in, exotel_query):
    tag = OWNER_TAGS["en"]
    if lost_token(token_in, exotel_query):
        with pytest.raises(ExotelRefused, match="answered 403"):
            exotel.call(OWNERS["en"], ["1", f"{tag}#"])
        return
    call = exotel.call(OWNERS["en"], ["1", f"{tag}#"])
    assert call.branches == [("start", 200), ("keys", 200), ("keys", 302)]
    [goodbye] = [h for h in call.heard if h.applet == "Greeting"]
    assert goodbye.audio[-1] == audio_of(app, "en", t("en", "voice.goodbye"))


def test_a_keeper_seizes_by_voice(world, session, exotel, token_in, exotel_query):
    if lost_token(token_in, exotel_query):
        with pytest.raises(ExotelRefused, match="answered 403"):
            exotel.call(KEEPER, ["1", "999988887777#", "1", "1"])
        return
    call = exotel.call(KEEPER, ["1", "999988887777#", "1", "1"])
    assert call.branches[-1] == ("keys", 302)
    held = session.scalars(select(Impoundment).where(Impoundment.tag == "999988887777")).one()
    assert (held.kind, held.status) == ("cow", "impounded")


def test_a_missed_call_is_answered_by_sms(world, session, exotel, token_in, exotel_query):
    if lost_token(token_in, exotel_query):
        with pytest.raises(ExotelRefused, match="answered 403"):
            exotel.call(OWNERS["en"], flow="missed-call")
        return
    exotel.call(OWNERS["en"], flow="missed-call")
    [answer] = session.scalars(select(OutboundMessage).where(
        OutboundMessage.to_phone == OWNERS["en"], OutboundMessage.idempotency_key.startswith("missed:"))).all()
    assert answer.kind == "reply"


# --------------------------------------------------------------------- refusals

@pytest.mark.parametrize("path", ["flow/start", "flow/gather", "flow/keys", "flow/goodbye", "sms", "status",
                                  "missed-call"])
def test_a_wrong_token_in_the_path_is_refused_as_an_empty_plain_text(world, client, path):
    response = client.get(f"/webhooks/exotel/t/wrong/{path}?CallSid=S4")
    assert (response.status_code, response.headers["Content-Type"], response.get_data()) == (403, "text/plain", b"")


def test_the_query_token_is_still_accepted(world, client):
    assert client.get(f"{FLOW}/start?token={TOKEN}&CallSid=S5&CallFrom=09825000006").status_code in (200, 302)


def test_a_request_too_large_is_refused_as_an_empty_plain_text(world, client, app):
    too_much = "x" * (app.config["MAX_CONTENT_LENGTH"] + 1)
    response = client.post(f"/webhooks/exotel/t/{TOKEN}/flow/keys", data={"digits": too_much})
    assert (response.status_code, response.headers["Content-Type"]) == (413, "text/plain")


# --------------------------------------------------------------------- what Exotel really sent

def check(app):
    return app.test_cli_runner().invoke(args=["exotel", "check"])


def test_the_record_keeps_each_request_with_its_token_and_phones_masked(app, world, client, flow_text, fake_exotel):
    from sms_gateway.providers.exotel.record import recorded

    ExotelVoice(client, flow_text, sid=fake_exotel.sid).call(OWNERS["en"], ["1", f"{OWNER_TAGS['en']}#"])
    entries = recorded(app.extensions["dabbo"].redis)
    [start] = [e for e in entries if e["kind"] == "flow/start"]
    assert start["method"] == "GET" and start["path"] == "/webhooks/exotel/t/<token>/flow/start"
    assert start["query"]["CallFrom"] == "#" * 11 and start["query"]["Direction"] == "incoming"
    assert start["token_in"] == "path" and start["answered"] == 200
    assert TOKEN not in str(entries) and "9825000006" not in str(entries)
    assert [e["query"]["digits"] for e in entries if e["kind"] == "flow/keys"][0] == '"1"'


@pytest.mark.parametrize("exotel_query", ["kept", "rewritten"])
def test_exotel_check_tells_whether_exotel_kept_the_configured_query(app, world, client, flow_text, fake_exotel,
                                                                      exotel_query):
    ExotelVoice(client, flow_text, sid=fake_exotel.sid, query=exotel_query).call(
        OWNERS["en"], ["1", f"{OWNER_TAGS['en']}#"])
    result = check(app)
    assert result.exit_code == 0, result.output
    assert f"configured query string: {exotel_query} (" in result.output
    assert "digits: quoted (2)" in result.output and "nothing differs" in result.output


def test_exotel_check_reads_what_a_silence_sends_in_either_flow(app, world, client, flow_text, fake_exotel, loops,
                                                                silence):
    ExotelVoice(client, flow_text, sid=fake_exotel.sid, loops=loops, silence=silence).call(OWNERS["en"], [None, None])
    result = check(app)
    assert f"silence sends digits: {silence} (2)" in result.output
    assert result.exit_code == 0 and "nothing differs" in result.output, result.output


def test_exotel_check_names_a_token_in_a_query_exotel_dropped_and_exits_1(app, world, client, flow_text, fake_exotel):
    with pytest.raises(ExotelRefused, match="answered 403"):
        ExotelVoice(client, with_query_token(flow_text), sid=fake_exotel.sid, query="rewritten").call(OWNERS["en"])
    result = check(app)
    assert result.exit_code == 1
    assert "DIFFERS 1 requests came with no token (answered 403)" in result.output
    assert "DIFFERS 1 flow/start requests answered 403" in result.output


def test_exotel_check_asks_no_parameters_of_a_head(app, world, client):
    """Exotel's reply applet (and golive's own probe) sends a HEAD before its GET; Dabbo reads
    nothing from a HEAD, so a HEAD without the SMS's parameters is no difference."""
    client.head(f"/webhooks/exotel/t/{TOKEN}/sms")
    client.get(f"/webhooks/exotel/t/{TOKEN}/sms", query_string={"SmsSid": "H1", "From": "09825000006",
                                                               "To": "07940000000", "Body": "HELP"})
    result = check(app)
    assert result.exit_code == 0 and "nothing differs" in result.output, result.output


def test_exotel_check_exits_1_before_anything_is_recorded(app):
    result = check(app)
    assert result.exit_code == 1 and "no request from Exotel recorded" in result.output


def test_exotel_record_off_keeps_nothing(app, world, client, flow_text, fake_exotel):
    from dataclasses import replace

    from sms_gateway.providers.exotel.record import recorded

    app.extensions["dabbo"].settings = replace(app.extensions["dabbo"].settings, exotel_record="off")
    ExotelVoice(client, flow_text, sid=fake_exotel.sid).call(OWNERS["en"], flow="missed-call")
    assert recorded(app.extensions["dabbo"].redis) == []
