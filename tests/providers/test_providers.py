"""Provider adapters, driven through the real Twilio and Africa's Talking SDKs
against the local fakes in tests/fakes (fixtures from tests.fakes.fixtures)."""
from __future__ import annotations

import base64
import logging
import socket
import time
from dataclasses import replace

import pytest

from sms_gateway.providers.africastalking.adapter import AfricasTalkingProvider, parse_at_status
from sms_gateway.providers.base import Outgoing, SendResult, StatusUpdate
from sms_gateway.providers.registry import get_provider
from sms_gateway.providers.console.adapter import ConsoleProvider
from sms_gateway.providers.twilio.adapter import TwilioProvider, parse_twilio_status
from sms_gateway.settings import Settings

OWNER = "+919812345678"
KEEPER = "+919898000001"


def msg(to: str = OWNER, text: str = "Your cow GJ-123456789012 is in Khambhalia pound.", ref: str = "1") -> Outgoing:
    return Outgoing(to=to, text=text, ref=ref)


# ---------------------------------------------------------------- Twilio


def test_twilio_send_posts_from_to_body_and_status_callback_through_the_sdk(fake_twilio, twilio_settings):
    result = get_provider(twilio_settings).send(msg(ref="41"))

    [request] = fake_twilio.requests
    assert request.method == "POST"
    assert request.path == f"/2010-04-01/Accounts/{fake_twilio.account_sid}/Messages.json"
    credentials = f"{fake_twilio.account_sid}:{fake_twilio.auth_token}".encode()
    assert request.headers["Authorization"] == "Basic " + base64.b64encode(credentials).decode()
    assert request.headers["User-Agent"].startswith("twilio-python/")
    assert request.form == {
        "To": OWNER,
        "From": twilio_settings.twilio_from,
        "Body": msg().text,
        "StatusCallback": "https://dabbo.example.org/webhooks/twilio/status",
    }
    assert result == SendResult(ref="41", outcome="sent", provider_id=request.ids[0])
    assert result.provider_id.startswith("SM") and len(result.provider_id) == 34


def test_twilio_uses_messaging_service_sid_instead_of_from_when_set(fake_twilio, twilio_settings):
    service = "MG" + "a" * 32
    settings = replace(twilio_settings, twilio_messaging_service_sid=service)

    result = get_provider(settings).send(msg())

    [request] = fake_twilio.requests
    assert request.form["MessagingServiceSid"] == service
    assert "From" not in request.form
    assert result.outcome == "sent"


def test_twilio_without_public_base_url_sends_no_status_callback(fake_twilio, twilio_settings):
    get_provider(replace(twilio_settings, public_base_url=None)).send(msg())

    assert "StatusCallback" not in fake_twilio.requests[0].form


def test_twilio_503_is_transient(fake_twilio, twilio_settings):
    fake_twilio.fail_next(1, status=503)

    result = get_provider(twilio_settings).send(msg())

    assert result.outcome == "transient"
    assert result.provider_id is None
    assert "503" in result.error


def test_twilio_429_is_transient(fake_twilio, twilio_settings):
    fake_twilio.fail_next(1, status=429)

    result = get_provider(twilio_settings).send(msg())

    assert result.outcome == "transient"
    assert result.error.startswith("20429 ")


def test_twilio_400_21211_is_permanent_with_code_and_message_as_reason(fake_twilio, twilio_settings):
    fake_twilio.set_number_error("+91123", 21211)

    result = get_provider(twilio_settings).send(msg(to="+91123"))

    assert result.outcome == "permanent"
    assert result.error == "21211 The 'To' number +91123 is not a valid phone number."
    assert not result.opted_out


def test_twilio_21610_unsubscribed_is_permanent_and_opted_out(fake_twilio, twilio_settings):
    fake_twilio.set_number_error(OWNER, 21610)

    result = get_provider(twilio_settings).send(msg())

    assert result.outcome == "permanent"
    assert result.opted_out
    assert result.error == "21610 Attempt to send to unsubscribed recipient"


def test_twilio_timeout_is_transient(fake_twilio, twilio_settings):
    fake_twilio.set_delay(1.0)
    provider = TwilioProvider.from_settings(twilio_settings, timeout=0.2)

    started = time.monotonic()
    result = provider.send(msg())

    assert time.monotonic() - started < 0.9
    assert result.outcome == "transient"
    assert result.error == "network: ReadTimeout"


def test_twilio_connection_refused_is_transient(twilio_settings):
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        closed_base = f"http://127.0.0.1:{sock.getsockname()[1]}"

    result = get_provider(replace(twilio_settings, twilio_api_base=closed_base)).send(msg())

    assert result.outcome == "transient"
    assert result.error == "network: ConnectionError"


def test_twilio_send_many_gives_one_result_per_message_in_order(fake_twilio, twilio_settings):
    fake_twilio.set_number_error(KEEPER, 21610)
    messages = [msg(to=OWNER, ref="1"), msg(to=KEEPER, ref="2"), msg(to="+919898000002", ref="3")]

    results = get_provider(twilio_settings).send_many(messages)

    assert [(r.ref, r.outcome, r.opted_out) for r in results] == [
        ("1", "sent", False),
        ("2", "permanent", True),
        ("3", "sent", False),
    ]
    assert len(fake_twilio.requests) == 3


def test_twilio_edge_and_region_from_environment_do_not_move_the_api_base(fake_twilio, twilio_settings, monkeypatch):
    monkeypatch.setenv("TWILIO_EDGE", "singapore")
    monkeypatch.setenv("TWILIO_REGION", "sg1")

    result = get_provider(twilio_settings).send(msg())

    assert result.outcome == "sent"
    assert len(fake_twilio.requests) == 1


# ------------------------------------------------------- Africa's Talking


def test_at_send_many_groups_by_text_into_few_requests_of_many_recipients(fake_at, at_settings):
    notice = [msg(to=f"+9198{i:08d}", text="Auction at Khambhalia pound tomorrow 10:00", ref=str(i)) for i in range(2500)]
    replies = [msg(to=f"+9197{i:08d}", text="FEES: Rs 150 due", ref=f"r{i}") for i in range(3)]
    messages = notice[:1200] + replies + notice[1200:]

    results = get_provider(at_settings).send_many(messages)

    sizes = sorted(len(form["to"].split(",")) for form in fake_at.forms)
    assert sizes == [3, 500, 1000, 1000]
    for form in fake_at.forms:
        assert form["username"] == fake_at.username
        assert form["from"] == "DABBO"
        assert form["bulkSMSMode"] == "1"
    assert fake_at.requests[0].headers["apiKey"] == fake_at.api_key
    issued = {i for request in fake_at.requests for i in request.ids}
    assert [r.ref for r in results] == [m.ref for m in messages]
    assert all(r.outcome == "sent" for r in results)
    assert {r.provider_id for r in results} == issued and len(issued) == len(messages)


def test_at_maps_each_recipients_status_back_to_its_message(fake_at, at_settings):
    fake_at.set_number_status("+919800000002", 403)
    fake_at.set_number_status("+919800000003", 502)
    messages = [msg(to=f"+91980000000{i}", ref=str(i)) for i in range(1, 5)]

    results = get_provider(at_settings).send_many(messages)

    assert len(fake_at.requests) == 1
    ids = fake_at.requests[0].ids
    assert results == [
        SendResult("1", "sent", provider_id=ids[0]),
        SendResult("2", "permanent", error="403 InvalidPhoneNumber"),
        SendResult("3", "transient", error="502 RejectedByGateway"),
        SendResult("4", "sent", provider_id=ids[1]),
    ]


def test_at_406_user_in_blacklist_is_permanent_and_opted_out(fake_at, at_settings):
    fake_at.set_number_status(OWNER, 406)

    result = get_provider(at_settings).send(msg())

    assert result == SendResult("1", "permanent", error="406 UserInBlacklist", opted_out=True)


def test_at_per_recipient_500_is_transient(fake_at, at_settings):
    fake_at.set_number_status(OWNER, 500)

    result = get_provider(at_settings).send(msg())

    assert result.outcome == "transient"
    assert result.error == "500 InternalServerError"


def test_at_whole_request_503_is_transient_for_every_message(fake_at, at_settings):
    fake_at.fail_next(1, status=503)
    messages = [msg(to=f"+91980000000{i}", ref=str(i)) for i in range(5)]

    results = get_provider(at_settings).send_many(messages)

    assert len(fake_at.requests) == 1
    assert [r.outcome for r in results] == ["transient"] * 5
    assert results[0].error == "HTTP 503 Service Unavailable"


def test_at_whole_request_401_is_permanent_for_every_message(fake_at, at_settings):
    results = get_provider(replace(at_settings, at_api_key="wrong")).send_many([msg(ref="1"), msg(to=KEEPER, ref="2")])

    assert [r.outcome for r in results] == ["permanent", "permanent"]
    assert results[0].error == "HTTP 401 The supplied authentication is invalid"


def test_at_timeout_is_transient(fake_at, at_settings):
    fake_at.set_delay(1.0)
    provider = AfricasTalkingProvider.from_settings(at_settings, timeout=(1.0, 0.2))

    started = time.monotonic()
    result = provider.send(msg())

    assert time.monotonic() - started < 0.9
    assert result.outcome == "transient"
    assert result.error == "network: ReadTimeout"


def test_at_invalid_sender_id_refusal_is_permanent_for_every_message(fake_at, at_settings):
    fake_at.valid_sender_ids = {"PANCHAYAT"}

    results = get_provider(at_settings).send_many([msg(ref="1"), msg(to=KEEPER, ref="2")])

    assert [(r.outcome, r.error) for r in results] == [("permanent", "AT: InvalidSenderId")] * 2


def test_at_same_number_and_text_twice_goes_in_separate_requests(fake_at, at_settings):
    results = get_provider(at_settings).send_many([msg(ref="1"), msg(to=KEEPER, ref="2"), msg(ref="3")])

    assert sorted(form["to"] for form in fake_at.forms) == [OWNER, f"{OWNER},{KEEPER}"]
    assert [r.outcome for r in results] == ["sent"] * 3
    assert len({r.provider_id for r in results}) == 3


def test_at_malformed_number_fails_alone_without_sinking_its_group(fake_at, at_settings):
    results = get_provider(at_settings).send_many([msg(ref="1"), msg(to="98123 45678", ref="2")])

    assert [r.outcome for r in results] == ["sent", "permanent"]
    assert fake_at.forms[0]["to"] == OWNER


def test_at_api_base_may_already_end_in_version1(fake_at, at_settings):
    settings = replace(at_settings, at_api_base=fake_at.base_url + "/version1/")

    assert get_provider(settings).send(msg()).outcome == "sent"
    assert fake_at.requests[0].path == "/version1/messaging"


# ----------------------------------------------------- delivery callbacks


@pytest.mark.parametrize(
    "twilio_status, ours",
    [
        ("accepted", "sent"),
        ("scheduled", "sent"),
        ("queued", "sent"),
        ("sending", "sent"),
        ("sent", "sent"),
        ("delivered", "delivered"),
        ("read", "delivered"),
        ("undelivered", "failed"),
        ("failed", "failed"),
        ("canceled", "failed"),
    ],
)
def test_twilio_status_callback_maps_every_message_status(twilio_status, ours):
    update = parse_twilio_status({"MessageSid": "SM1", "MessageStatus": twilio_status})

    assert update.provider_id == "SM1"
    assert update.status == ours


def test_twilio_undelivered_reason_is_error_code_and_message():
    form = {"MessageSid": "SM1", "MessageStatus": "undelivered", "ErrorCode": "30003"}

    # 30003 (handset out of reach) is transient: sent again after back-off.
    assert parse_twilio_status(form) == StatusUpdate("SM1", "failed", "30003 Unreachable destination handset",
                                                     retry=True)
    with_message = {**form, "ErrorCode": "30008", "ErrorMessage": "Carrier said no"}
    assert parse_twilio_status(with_message).reason == "30008 Carrier said no"


def test_twilio_failed_21610_callback_is_opted_out():
    update = parse_twilio_status({"MessageSid": "SM1", "MessageStatus": "failed", "ErrorCode": "21610"})

    assert update.status == "failed"
    assert update.opted_out


@pytest.mark.parametrize(
    "form",
    [
        {"MessageSid": "SM1", "MessageStatus": "received"},
        {"MessageSid": "SM1", "MessageStatus": "something-new"},
        {"MessageStatus": "delivered"},
    ],
)
def test_twilio_inbound_unknown_or_sidless_callbacks_change_nothing(form):
    assert parse_twilio_status(form) is None


@pytest.mark.parametrize(
    "at_status, ours",
    [
        ("Sent", "sent"),
        ("Submitted", "sent"),
        ("Buffered", "sent"),
        ("Success", "delivered"),
        ("Rejected", "failed"),
        ("Failed", "failed"),
        ("Expired", "failed"),
    ],
)
def test_at_delivery_report_maps_every_status(at_status, ours):
    update = parse_at_status({"id": "ATXid_1", "status": at_status, "phoneNumber": OWNER})

    assert update.provider_id == "ATXid_1"
    assert update.status == ours


def test_at_failed_report_reason_is_failure_reason():
    form = {"id": "ATXid_1", "status": "Failed", "failureReason": "AbsentSubscriber"}

    assert parse_at_status(form) == StatusUpdate("ATXid_1", "failed", "AbsentSubscriber", retry=True)
    refused = {**form, "failureReason": "UserDoesNotExist"}
    assert parse_at_status(refused) == StatusUpdate("ATXid_1", "failed", "UserDoesNotExist")


def test_at_rejected_user_in_blacklist_report_is_opted_out():
    update = parse_at_status({"id": "ATXid_1", "status": "Rejected", "failureReason": "UserInBlackList"})

    assert update.status == "failed"
    assert update.opted_out


def test_at_unknown_status_changes_nothing():
    assert parse_at_status({"id": "ATXid_1", "status": "Teleported"}) is None


def test_provider_parse_status_delegates_to_its_callback_format(twilio_settings, at_settings):
    assert get_provider(twilio_settings).parse_status({"MessageSid": "SM1", "MessageStatus": "delivered"}).status == "delivered"
    assert get_provider(at_settings).parse_status({"id": "ATXid_1", "status": "Success"}).status == "delivered"


# ------------------------------------------------------ console, factory


def test_console_returns_sent_and_logs_no_secrets(caplog):
    secrets = {"twilio_auth_token": "tw-secret-123", "at_api_key": "at-secret-456", "admin_token": "admin-789", "secret_key": "sk-000"}
    provider = get_provider(replace(Settings(), sms_provider="console", **secrets))

    with caplog.at_level(logging.DEBUG):
        results = provider.send_many([msg(ref="7"), msg(to=KEEPER, ref="8")])

    assert results == [SendResult("7", "sent", provider_id="console-7"), SendResult("8", "sent", provider_id="console-8")]
    assert {r.name for r in caplog.records} == {"dabbo.console"}
    assert OWNER in caplog.text
    for secret in secrets.values():
        assert secret not in caplog.text


def test_get_provider_builds_the_adapter_sms_provider_names(twilio_settings, at_settings):
    assert isinstance(get_provider(Settings()), ConsoleProvider)
    assert isinstance(get_provider(twilio_settings), TwilioProvider)
    assert isinstance(get_provider(at_settings), AfricasTalkingProvider)


def test_get_provider_rejects_an_unknown_name():
    with pytest.raises(ValueError, match="unknown SMS_PROVIDER"):
        get_provider(replace(Settings(), sms_provider="pigeon"))


def test_twilio_without_credentials_or_sender_is_a_configuration_error(twilio_settings):
    with pytest.raises(ValueError, match="TWILIO_AUTH_TOKEN"):
        get_provider(replace(twilio_settings, twilio_auth_token=None))
    with pytest.raises(ValueError, match="TWILIO_FROM"):
        get_provider(replace(twilio_settings, twilio_from=None))
