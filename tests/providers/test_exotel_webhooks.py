"""/webhooks/exotel/sms and /status (SPEC 11.4): GET and POST, each refused without the
shared token, each tested with the good token and with forged ones."""
from __future__ import annotations

import uuid
from dataclasses import replace

import pytest
from sqlalchemy import select

from handlers.catalogue import t
from handlers.outbox import queue_message
from models.tables import InboundMessage, OutboundMessage
from tests.fakes.fixtures import on_exotel

TOKEN = "exotel-test-token"
OWNER_EN = "+919825000006"
FORGED = ["", "wrong", TOKEN + "x", TOKEN.upper()]


@pytest.fixture
def settings(settings, exotel_settings):
    """A deployment in India: Exotel (the fake, scrubbing) and the registered templates."""
    return on_exotel(settings, exotel_settings, exotel_webhook_token=TOKEN)


def exotel_sms(client, method: str, phone: str, body: str, sms_sid: str | None = None, token: str | None = TOKEN):
    params = {"SmsSid": sms_sid or uuid.uuid4().hex, "From": "0" + phone[-10:], "To": "07940000000",
              "Date": "2026-11-30 10:00:00", "Body": body}
    token_param = {"token": token} if token is not None else {}
    if method == "GET":
        return client.get("/webhooks/exotel/sms", query_string={**params, **token_param})
    return client.post("/webhooks/exotel/sms", query_string=token_param, data=params)


def reply_row(session, sms_sid: str) -> OutboundMessage | None:
    return session.scalars(select(OutboundMessage).where(
        OutboundMessage.idempotency_key == f"reply:exotel:{sms_sid}")).first()


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_an_sms_to_the_exophone_is_answered_through_the_outbox(world, client, session, method):
    response = exotel_sms(client, method, OWNER_EN, "HELP", sms_sid="sid-help")

    assert response.status_code == 200 and response.get_data(as_text=True) == ""
    reply = reply_row(session, "sid-help")
    assert reply.kind == "reply" and reply.to_phone == OWNER_EN
    assert reply.text == t("en", "sms.help.owner", ussd="*384*1#")


def test_exotels_head_probe_is_answered(world, client):
    assert client.head(f"/webhooks/exotel/sms?token={TOKEN}").status_code == 200


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("token", FORGED + [None])
def test_an_sms_with_a_forged_or_missing_token_is_refused_and_nothing_stored(world, client, session, method,
                                                                             token):
    response = exotel_sms(client, method, OWNER_EN, "HELP", sms_sid="sid-forged", token=token)
    assert response.status_code == 403
    assert session.scalars(select(InboundMessage)).all() == []


def test_with_no_token_configured_every_exotel_call_is_refused(world, app, settings):
    from sms_gateway import create_app

    client = create_app(replace(settings, exotel_webhook_token=None)).test_client()
    assert exotel_sms(client, "POST", OWNER_EN, "HELP", token="").status_code == 403
    assert client.post("/webhooks/exotel/status?token=", data={"SmsSid": "x", "Status": "sent"}).status_code == 403


def test_a_retried_sms_sid_is_answered_once(world, client, session):
    exotel_sms(client, "GET", OWNER_EN, "HELP", sms_sid="sid-twice")
    exotel_sms(client, "GET", OWNER_EN, "HELP", sms_sid="sid-twice")
    rows = session.scalars(select(OutboundMessage).where(OutboundMessage.to_phone == OWNER_EN,
                                                         OutboundMessage.kind == "reply")).all()
    assert len(rows) == 1


def sent_row(session, clock, provider_id: str) -> int:
    message = queue_message(session, to_phone=OWNER_EN, text="x", language="en", kind="reply",
                            idempotency_key=f"test:{provider_id}", now=clock())
    message.status, message.provider, message.provider_id = "sent", "exotel", provider_id
    session.commit()
    return message.id


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_a_delivery_report_moves_the_row_to_delivered(world, client, session, clock, method):
    message_id = sent_row(session, clock, "exo-sid-1")
    report = {"SmsSid": "exo-sid-1", "To": OWNER_EN, "Status": "sent", "DetailedStatusCode": "20005",
              "DetailedStatus": "DELIVERED_TO_HANDSET", "SmsUnits": "1", "DateSent": "2026-11-30 10:00:05"}
    if method == "GET":
        response = client.get("/webhooks/exotel/status", query_string={**report, "token": TOKEN})
    else:
        response = client.post(f"/webhooks/exotel/status?token={TOKEN}", data=report)
    assert response.status_code == 200
    session.expire_all()
    assert session.get(OutboundMessage, message_id).status == "delivered"


def test_a_failed_report_records_exotels_code(world, client, session, clock):
    message_id = sent_row(session, clock, "exo-sid-2")
    client.post(f"/webhooks/exotel/status?token={TOKEN}", data={
        "SmsSid": "exo-sid-2", "Status": "failed", "DetailedStatusCode": "23185",
        "DetailedStatus": "DLT_TEMPLATE_DOES_NOT_MATCH"})
    session.expire_all()
    row = session.get(OutboundMessage, message_id)
    assert (row.status, row.last_error) == ("failed", "23185 DLT_TEMPLATE_DOES_NOT_MATCH")


@pytest.mark.parametrize("token", FORGED)
def test_a_delivery_report_with_a_forged_token_changes_nothing(world, client, session, clock, token):
    message_id = sent_row(session, clock, "exo-sid-3")
    response = client.post(f"/webhooks/exotel/status?token={token}", data={"SmsSid": "exo-sid-3", "Status": "sent"})
    assert response.status_code == 403
    session.expire_all()
    assert session.get(OutboundMessage, message_id).status == "sent"


@pytest.mark.parametrize("phone,texts", [
    (OWNER_EN, ["HELP", "FEES 345678901234", "345678901234", "345678901234 123456789012", "MY", "AUCTIONS",
                "RATES", "xyz", "FEES 12", "SEIZE 111122223333 cow", "LANG HI", "HELP", "MY", "xyz", "LANG GU",
                "FEES 345678901234", "345678901234", "AUCTIONS", "FEES 12"]),
    ("+919825000001", ["LIST", "SEIZE 999988887777,999988887778 cow loose on the road", "SEIZE goat",
                       "RELEASE 123456789012", "RELEASE 345678901234 PROTEST", "FEES 999988887777", "HELP",
                       "LANG EN", "LIST", "RELEASE 5"]),
    ("+919825000003", ["NOTICE Gram sabha on Sunday at 10", "AUCTION 15-12 11:00 Chowk", "HELP", "RATES"]),
])
def test_a_days_real_replies_and_notices_all_pass_the_dlt_check(world, client, session, run_worker, fake_exotel,
                                                                phone, texts):
    """Every SMS the handlers really write (replies, refusals with their usage, notices the
    commands cause) matches a registered template: none ends `dlt_mismatch`."""
    for text in texts:
        assert exotel_sms(client, "POST", phone, text).status_code == 200
    run_worker()
    session.expire_all()
    rows = session.scalars(select(OutboundMessage)).all()
    assert len(rows) > len(texts)
    if "RELEASE 345678901234 PROTEST" in texts:  # the owner's receipt: deposited under protest (s.185(2))
        assert any(r.kind == "release_receipt" and "under protest. Deposited Rs" in r.text and r.status == "sent"
                   for r in rows)
    assert [(r.kind, r.text, r.last_error) for r in rows if r.status == "failed"] == []
    assert fake_exotel.scrubbed_failures == []
    assert {r.status for r in rows} <= {"sent", "cancelled", "queued"}
