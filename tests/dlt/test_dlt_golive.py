"""India's last mile (SPEC 12.3): inbound SMS in both of Exotel's forms, and `golive`, the
checklist that exits non-zero while any step blocks."""
from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select

from models.tables import OutboundMessage
from sms_gateway import cli_golive
from tests.fakes.fixtures import deliver_callbacks, on_exotel

TOKEN = "exotel-golive-token"
OWNER_EN = "+919825000006"


@pytest.fixture
def settings(settings, exotel_settings):
    return on_exotel(settings, exotel_settings, exotel_webhook_token=TOKEN)


def replies(session, sms_sid):
    session.expire_all()
    return session.scalars(select(OutboundMessage).where(
        OutboundMessage.idempotency_key == f"reply:exotel:{sms_sid}")).all()


def test_the_reply_applets_head_and_get_are_answered_exactly_text_plain(world, client, session):
    sid = uuid.uuid4().hex
    query = {"SmsSid": sid, "From": "09825000006", "To": "07940000000", "Date": "2026-11-30 10:00:00",
             "Body": "HELP", "token": TOKEN}
    head = client.head("/webhooks/exotel/sms", query_string=query)
    get = client.get("/webhooks/exotel/sms", query_string=query)
    assert (head.status_code, head.headers["Content-Type"]) == (200, "text/plain")
    assert (get.status_code, get.headers["Content-Type"], get.get_data()) == (200, "text/plain", b"")
    [reply] = replies(session, sid)
    assert reply.to_phone == OWNER_EN and reply.text.startswith("Dabbo: send a tag number")


def test_a_json_post_from_a_long_code_is_answered_through_the_outbox(world, client, session):
    sid = uuid.uuid4().hex
    body = {"SmsSid": sid, "Direction": "incoming", "Sender": "09825000006", "ReceivedOn": "07940000000",
            "MessageBody": "FEES 345678901234", "ReceivedTime": "2026-11-30 10:00:00"}
    response = client.post("/webhooks/exotel/sms", query_string={"token": TOKEN}, json=body)
    assert (response.status_code, response.headers["Content-Type"]) == (200, "text/plain")
    [reply] = replies(session, sid)
    assert reply.text.startswith("Dabbo: tag 345678901234, Rs ")


def test_golive_blocks_a_fresh_deployment_and_says_what_to_do(app, settings):
    from dataclasses import replace

    app.extensions["dabbo"].settings = replace(settings, sms_provider="console", dlt_entity_id=None,
                                               public_base_url=None, dlt_template_file="/nonexistent.json")
    result = app.test_cli_runner().invoke(args=["golive"])
    assert result.exit_code == 1
    assert "1. [BLOCKS ] SMS through a provider that sends DLT templates (exotel)" in result.output
    assert "set SMS_PROVIDER to exotel (SMS_PROVIDER=console sends no DLT template ids)" in result.output
    assert "set DLT_ENTITY_ID" in result.output
    assert "templates not registered: `flask --app sms_gateway dlt export`" in result.output


def record_every_prompt(app, root) -> None:
    """What a person does on the Recorded prompts page: a recording of every clip, every language."""
    from handlers.menus import prompts

    app.extensions.pop("dabbo.clips", None)
    for language in prompts.SPOKEN_LANGUAGES:
        folder = root / "recorded" / language
        folder.mkdir(parents=True, exist_ok=True)
        for clip, _uses in prompts.fixed_clips(language):
            (folder / f"{clip.id}.0.wav").write_bytes(b"")


def test_golive_blocks_while_a_voice_prompt_is_not_recorded(app, settings, tmp_path):
    from dataclasses import replace

    app.extensions["dabbo"].settings = replace(settings, voice_audio_dir=str(tmp_path))
    app.extensions.pop("dabbo.clips", None)
    result = app.test_cli_runner().invoke(args=["golive"])
    assert result.exit_code == 1
    assert "[BLOCKS ] voice prompts recorded (gu 0/" in result.output
    assert "record the prompts (gu: 0 synthetic, " in result.output


CANARY_PHONE = "+919825000099"


@pytest.fixture
def live(app, client, settings, monkeypatch, tmp_path, fake_exotel):
    """A deployment with every SMS step done, no clip recorded: the URLs answer through the test
    client, and while golive waits the fake's status callbacks reach the app."""
    from dataclasses import replace

    app.extensions["dabbo"].settings = replace(settings, public_base_url="https://dabbo.example.org",
                                               secret_key="s" * 32, admin_token="a" * 32,
                                               voice_audio_dir=str(tmp_path), exotel_voice_app_id="123456")
    app.extensions.pop("dabbo.clips", None)
    monkeypatch.setattr(cli_golive.requests, "head", lambda url, timeout: client.head(
        url.removeprefix("https://dabbo.example.org")))
    monkeypatch.setattr(cli_golive, "_sleep", lambda seconds: deliver_callbacks(client, fake_exotel))
    return app.extensions["dabbo"].settings


def golive(app, *args):
    return app.test_cli_runner().invoke(args=["golive", *args])


def registered_ids(settings) -> list[str]:
    from sms_gateway import dlt_setup

    return [t.template_id for t in dlt_setup.current(settings) if t.registered]


def test_golive_stage_sms_passes_with_templates_canary_delivered_and_no_clip_recorded(app, live):
    result = golive(app, "--stage", "sms", "--canary", CANARY_PHONE)
    assert result.exit_code == 0, result.output
    delivered = [line for line in result.output.splitlines() if line.startswith("canary ") and line.endswith(": delivered")]
    assert len(delivered) == len(registered_ids(live)) > 0
    assert "voice prompts" not in result.output and "ready: owners can be reached by SMS" in result.output


def test_golive_stage_sms_blocks_until_the_canaries_are_sent(app, live):
    result = golive(app, "--stage", "sms")
    assert result.exit_code == 1
    assert f"[BLOCKS ] canary SMS delivered (0/{len(registered_ids(live))} templates)" in result.output


def test_a_canary_the_operator_fails_is_printed_with_its_code_and_blocks(app, live, fake_exotel):
    fake_exotel.set_number_status(CANARY_PHONE, "failed", "23185", "DLT_TEMPLATE_DOES_NOT_MATCH")
    result = golive(app, "--stage", "sms", "--canary", CANARY_PHONE)
    assert result.exit_code == 1
    assert f"canary {registered_ids(live)[0]}: failed 23185 DLT_TEMPLATE_DOES_NOT_MATCH" in result.output


def test_golive_stage_voice_blocks_while_no_clip_is_recorded(app, live):
    golive(app, "--stage", "sms", "--canary", CANARY_PHONE)
    result = golive(app, "--stage", "voice")
    assert result.exit_code == 1
    assert "[BLOCKS ] voice prompts recorded (gu 0/" in result.output and "canary SMS" not in result.output


def test_with_exotel_tts_the_voice_stage_passes_once_a_canary_call_is_answered(app, client, live, fake_exotel,
                                                                               monkeypatch):
    from dataclasses import replace

    from tests.fakes.exotel_voice import ExotelVoice

    app.extensions["dabbo"].settings = replace(live, exotel_tts=True,
                                               exotel_flow_url=f"http://my.exotel.com/{fake_exotel.sid}/exoml/start_voice/123456")
    flows = app.test_cli_runner().invoke(args=["exotel", "flow"]).stdout
    rung = []

    def answer_the_call(_seconds):
        if not rung:
            rung.extend(ExotelVoice(client, flows, sid=fake_exotel.sid).place_connected_calls(fake_exotel))

    monkeypatch.setattr(cli_golive, "_sleep", answer_the_call)
    assert golive(app, "--stage", "voice").exit_code == 1
    result = golive(app, "--stage", "voice", "--canary-call", CANARY_PHONE)
    assert result.exit_code == 0, result.output
    assert "canary call: delivered" in result.output and rung[0].gathers


def test_promotional_notices_without_their_numeric_header_block_the_sms_stage(app, live):
    from dataclasses import replace

    app.extensions["dabbo"].settings = replace(live, dlt_broadcast_sms_type="promotional", exotel_promo_from=None)
    result = golive(app, "--stage", "sms")
    assert "[BLOCKS ] village notices as promotional SMS from EXOTEL_PROMO_FROM" in result.output


def test_golive_passes_once_every_step_is_done(app, live, tmp_path):
    record_every_prompt(app, tmp_path)
    result = golive(app, "--canary", CANARY_PHONE)
    assert result.exit_code == 0, result.output
    assert "ready: owners can be reached" in result.output and "BLOCKS" not in result.output


def test_golive_all_blocks_on_the_voice_alone_where_the_sms_stage_is_ready(app, live):
    golive(app, "--stage", "sms", "--canary", CANARY_PHONE)
    result = golive(app)
    assert result.exit_code == 1
    assert [line.split("] ", 1)[1] for line in result.output.splitlines() if "[BLOCKS ]" in line] == [
        line.split("] ", 1)[1] for line in result.output.splitlines() if "[BLOCKS ] voice prompts recorded" in line]
    assert "1 steps block going live (all)" in result.output


@pytest.mark.parametrize("level", ["strict", "spaces", "script"])
def test_every_canary_passes_an_operator_reading_values_at_the_deployments_level(app, live, fake_exotel, level):
    from dataclasses import replace

    app.extensions["dabbo"].settings = replace(live, dlt_values=level)
    fake_exotel.scrub_values(level)
    result = golive(app, "--stage", "sms", "--canary", CANARY_PHONE)
    count = len(registered_ids(live))
    assert f"[ok     ] canary SMS delivered ({count}/{count} templates)" in result.output
    assert fake_exotel.scrubbed_failures == [] and len(fake_exotel.accepted) == count
