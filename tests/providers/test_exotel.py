"""The Exotel adapter against the local fake Exotel (tests/fakes/exotel_server.py), through
the real HTTP path, and through the outbox and a real RQ worker (SPEC 11.4)."""
from __future__ import annotations

import base64
import time
import uuid
from dataclasses import replace

import pytest

from handlers.outbox import queue_message
from models.tables import OutboundMessage
from sms_gateway import dlt_setup
from sms_gateway.providers.base import PERMANENT, SENT, STATUS_DELIVERED, STATUS_FAILED, STATUS_SENT, TRANSIENT, \
    Outgoing
from sms_gateway.providers.registry import get_provider
from sms_gateway.providers.exotel.adapter import ExotelProvider, parse_exotel_status
from tests.fakes.fixtures import DLT_ENTITY_ID, EXOTEL_CALLER_ID, EXOTEL_FROM, EXOTEL_WEBHOOK_TOKEN, \
    PUBLIC_BASE_URL

PHONE = "+919825011111"
# Two registered templates (the `dlt` entries of locale/en and locale/gu, "missed_none"), filled.
EN_TEXT = "Dabbo: none of your animals is in a pound today."
GU_TEXT = "Dabbo: આજે તમારું કોઈ ઢોર ડબ્બામાં નથી."


@pytest.fixture
def exotel(exotel_settings) -> ExotelProvider:
    return get_provider(exotel_settings)


@pytest.fixture
def template_id(exotel_settings):
    registry = dlt_setup.registry(exotel_settings)
    return lambda text: registry.match(text).template.template_id


def test_an_sms_is_posted_with_basic_auth_dlt_ids_and_status_callback(exotel, fake_exotel, template_id):
    result = exotel.send(Outgoing(PHONE, EN_TEXT, "7"))

    [request] = fake_exotel.requests
    assert request.path == f"/v1/Accounts/{fake_exotel.sid}/Sms/send.json"
    credentials = base64.b64encode(f"{fake_exotel.api_key}:{fake_exotel.api_token}".encode()).decode()
    assert request.headers["Authorization"] == f"Basic {credentials}"
    assert request.form == {
        "From": EXOTEL_FROM, "To": PHONE, "Body": EN_TEXT, "EncodingType": "plain",
        "DltEntityId": DLT_ENTITY_ID, "DltTemplateId": template_id(EN_TEXT), "SmsType": "transactional",
        "StatusCallback": f"{PUBLIC_BASE_URL}/webhooks/exotel/t/{EXOTEL_WEBHOOK_TOKEN}/status",
    }
    assert (result.outcome, result.provider_id, result.ref) == (SENT, request.ids[0], "7")


def test_gujarati_goes_as_unicode(exotel, fake_exotel, template_id):
    exotel.send(Outgoing(PHONE, GU_TEXT, "1"))
    assert fake_exotel.forms[0]["EncodingType"] == "unicode"
    assert fake_exotel.forms[0]["DltTemplateId"] == template_id(GU_TEXT)


def test_the_api_base_defaults_to_the_mumbai_cluster():
    from sms_gateway.settings import Settings

    assert Settings.from_env({}).exotel_api_base == "https://api.in.exotel.com"


def test_one_text_to_many_goes_in_one_request_with_an_id_each(exotel, fake_exotel):
    phones = [f"+9198250{n:05d}" for n in range(3)]
    results = exotel.send_many([Outgoing(p, EN_TEXT, str(i)) for i, p in enumerate(phones)]
                               + [Outgoing(PHONE, GU_TEXT, "9")])

    assert len(fake_exotel.requests) == 2
    assert fake_exotel.forms[0]["To"] == ",".join(phones)
    assert [r.outcome for r in results] == [SENT] * 4
    assert len({r.provider_id for r in results}) == 4
    assert [r.ref for r in results] == ["0", "1", "2", "9"]


def test_a_number_twice_in_one_batch_goes_in_two_requests(exotel, fake_exotel):
    results = exotel.send_many([Outgoing(PHONE, EN_TEXT, "1"), Outgoing(PHONE, EN_TEXT, "2")])
    assert [f["To"] for f in fake_exotel.forms] == [PHONE, PHONE]
    assert results[0].provider_id != results[1].provider_id


def test_a_text_matching_no_dlt_template_is_never_handed_to_exotel(exotel, fake_exotel):
    result = exotel.send(Outgoing(PHONE, EN_TEXT + " Visit http://example.com", "3"))
    assert fake_exotel.requests == []
    assert (result.outcome, result.error) == (PERMANENT, "dlt_mismatch")


@pytest.mark.parametrize("status,outcome", [(400, PERMANENT), (401, PERMANENT), (403, PERMANENT), (404, PERMANENT),
                                            (409, PERMANENT), (429, TRANSIENT), (500, TRANSIENT),
                                            (502, TRANSIENT), (503, TRANSIENT)])
def test_exotel_http_errors_are_transient_or_permanent(exotel, fake_exotel, status, outcome):
    fake_exotel.fail_next(1, status, {"RestException": {"Status": status, "Message": "Refused for a test"}})
    result = exotel.send(Outgoing(PHONE, EN_TEXT, "1"))
    assert (result.outcome, result.error) == (outcome, f"HTTP {status} Refused for a test")


def test_wrong_credentials_are_permanent(exotel_settings, fake_exotel):
    provider = get_provider(replace(exotel_settings, exotel_api_token="wrong"))
    result = provider.send(Outgoing(PHONE, EN_TEXT, "1"))
    assert result.outcome == PERMANENT and result.error.startswith("HTTP 401")


def test_a_hung_exotel_is_a_transient_network_error(exotel_settings, fake_exotel):
    provider = ExotelProvider.from_settings(exotel_settings)
    provider._timeout = (0.5, 0.2)
    fake_exotel.set_delay(0.5)
    result = provider.send(Outgoing(PHONE, EN_TEXT, "1"))
    assert (result.outcome, result.error) == (TRANSIENT, "network: ReadTimeout")
    # The fake logs the request when its late answer is done: wait for it, so that it does
    # not land in the next test's log.
    deadline = time.monotonic() + 5
    while not fake_exotel.requests and time.monotonic() < deadline:
        time.sleep(0.05)


def test_a_recipient_exotel_refuses_fails_alone(exotel, fake_exotel):
    fake_exotel.set_number_status("+919825000001", "failed_dnd", "23035", "FAILED_SUBSCRIBER_UNAVAILABLE")
    results = exotel.send_many([Outgoing("+919825000001", EN_TEXT, "1"), Outgoing(PHONE, EN_TEXT, "2")])
    assert (results[0].outcome, results[0].error) == (PERMANENT, "23035 FAILED_SUBSCRIBER_UNAVAILABLE")
    assert results[1].outcome == SENT


def test_a_call_back_connects_the_caller_to_the_voice_flow(exotel, exotel_settings, fake_exotel):
    result = exotel.call(Outgoing(PHONE, EN_TEXT, "42", kind="voice_callback"))

    [request] = fake_exotel.requests
    assert request.path == f"/v1/Accounts/{fake_exotel.sid}/Calls/connect.json"
    assert request.form["From"] == PHONE and request.form["CallerId"] == EXOTEL_CALLER_ID
    assert request.form["Url"] == exotel_settings.exotel_flow_url
    assert request.form["CustomField"] == "42" and request.form["CallType"] == "trans"
    assert (result.outcome, result.provider_id) == (SENT, request.ids[0])


@pytest.mark.parametrize("form,expected", [
    ({"SmsSid": "s1", "Status": "sent", "DetailedStatusCode": "20005", "DetailedStatus": "DELIVERED_TO_HANDSET"},
     (STATUS_DELIVERED, None)),
    ({"SmsSid": "s1", "Status": "sent"}, (STATUS_DELIVERED, None)),
    ({"SmsSid": "s1", "Status": "sent", "DetailedStatusCode": "21020"}, (STATUS_SENT, None)),
    ({"SmsSid": "s1", "Status": "submitted"}, (STATUS_SENT, None)),
    ({"SmsSid": "s1", "Status": "delivered", "DetailedStatusCode": "20000"}, (STATUS_DELIVERED, None)),
    ({"SmsSid": "s1", "Status": "failed", "DetailedStatusCode": "23185",
      "DetailedStatus": "DLT_TEMPLATE_DOES_NOT_MATCH"}, (STATUS_FAILED, "23185 DLT_TEMPLATE_DOES_NOT_MATCH")),
    ({"SmsSid": "s1", "Status": "failed_dnd"}, (STATUS_FAILED, "failed_dnd")),
    ({"CallSid": "c1", "Status": "completed"}, (STATUS_DELIVERED, None)),
    ({"CallSid": "c1", "Status": "no-answer"}, (STATUS_FAILED, "no-answer")),
    ({"CallSid": "c1", "Status": "busy"}, (STATUS_FAILED, "busy")),
])
def test_exotel_callbacks_map_to_outbox_statuses(form, expected):
    update = parse_exotel_status(form)
    assert (update.status, update.reason) == expected


def test_a_callback_with_an_unknown_status_changes_nothing():
    assert parse_exotel_status({"SmsSid": "s1", "Status": "teleported"}) is None
    assert parse_exotel_status({"Status": "sent"}) is None


# --- through the outbox and a real RQ worker -------------------------------------------------


def write(session, clock, text, kind="reply") -> int:
    message = queue_message(session, to_phone=PHONE, text=text, language="en", kind=kind,
                            idempotency_key=f"test:{uuid.uuid4().hex}", now=clock())
    session.commit()
    return message.id


def row(app, message_id) -> OutboundMessage:
    with app.extensions["dabbo"].sessions() as session:
        return session.get(OutboundMessage, message_id)


def test_an_outbox_row_goes_out_through_exotel(app, session, clock, run_worker, exotel, fake_exotel, template_id):
    message_id = write(session, clock, EN_TEXT)
    run_worker(exotel)
    sent = row(app, message_id)
    assert (sent.status, sent.provider, sent.provider_id) == ("sent", "exotel", fake_exotel.requests[0].ids[0])
    assert fake_exotel.forms[0]["DltTemplateId"] == template_id(EN_TEXT)


def test_an_outbox_row_matching_no_template_fails_with_dlt_mismatch(app, session, clock, run_worker, exotel,
                                                                    fake_exotel):
    message_id = write(session, clock, "Free text nobody registered")
    run_worker(exotel)
    failed = row(app, message_id)
    assert (failed.status, failed.last_error, failed.attempts) == ("failed", "dlt_mismatch", 1)
    assert fake_exotel.requests == []
