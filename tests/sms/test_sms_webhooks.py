"""SPEC section 3: the two inbound SMS webhooks only translate HTTP. Twilio
requests are signed (403 otherwise) and answered in TwiML; Africa's Talking
requests carry the shared token (403 otherwise) and are answered through the
outbox. A retried delivery is handled once and answered the same."""
from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import func, select

from models.tables import Impoundment, InboundMessage, OutboundMessage, Person
from sms_gateway import create_app

OWNER, KEEPER = "+919825000006", "+919825000001"


def count(session, table) -> int:
    session.expire_all()
    return session.scalar(select(func.count()).select_from(table))


# --- Twilio -----------------------------------------------------------------


def test_twilio_answers_in_twiml(world, send_twilio):
    response = send_twilio(OWNER, "FEES 345678901234")
    assert response.status_code == 200
    assert response.mimetype == "text/xml"
    assert response.reply.startswith("Tag 345678901234: pound fee Rs 75")


def test_a_bad_twilio_signature_is_refused_and_nothing_is_stored(world, send_twilio, session):
    response = send_twilio(OWNER, "FEES 345678901234", signature="bm90IGEgc2lnbmF0dXJl")
    assert response.status_code == 403
    assert count(session, InboundMessage) == 0


def test_a_missing_twilio_signature_is_refused(world, client):
    response = client.post("/webhooks/twilio/sms", data={"From": OWNER, "Body": "HELP", "MessageSid": "SM1"})
    assert response.status_code == 403


def test_the_signature_covers_the_public_url_not_the_one_behind_the_proxy(world, client, settings):
    from twilio.request_validator import RequestValidator

    params = {"From": OWNER, "Body": "HELP", "MessageSid": "SM-proxy"}
    internal = RequestValidator(settings.twilio_auth_token).compute_signature("http://localhost/webhooks/twilio/sms", params)
    response = client.post("/webhooks/twilio/sms", data=params, headers={"X-Twilio-Signature": internal})
    assert response.status_code == 403


def test_a_signature_for_other_parameters_is_refused(world, send_twilio, client):
    signature = send_twilio.sign({"From": OWNER, "Body": "HELP", "MessageSid": "SM2"})
    response = client.post("/webhooks/twilio/sms", headers={"X-Twilio-Signature": signature},
                           data={"From": OWNER, "Body": "STOP", "MessageSid": "SM2"})
    assert response.status_code == 403


def test_without_public_base_url_the_request_url_is_what_twilio_signed(world, app, settings):
    from twilio.request_validator import RequestValidator

    direct = create_app(replace(settings, public_base_url=None))
    direct.extensions["dabbo"].clock = app.extensions["dabbo"].clock
    params = {"From": OWNER, "Body": "HELP", "MessageSid": "SM-direct"}
    signature = RequestValidator(settings.twilio_auth_token).compute_signature(
        "http://localhost/webhooks/twilio/sms", params)
    response = direct.test_client().post("/webhooks/twilio/sms", data=params, headers={"X-Twilio-Signature": signature})
    assert response.status_code == 200
    direct.extensions["dabbo"].engine.dispose()


@pytest.mark.parametrize("path", ["/webhooks/twilio/sms", "/webhooks/twilio/status"])
def test_without_an_auth_token_every_twilio_webhook_is_refused(world, app, settings, session, path):
    """C: an Africa's Talking deployment has no TWILIO_AUTH_TOKEN; an
    unsigned POST with a keeper's From must not release an animal."""
    unsigned = create_app(replace(settings, twilio_auth_token=None))
    unsigned.extensions["dabbo"].clock = app.extensions["dabbo"].clock
    seized = unsigned.test_client()
    response = seized.post(path, data={"From": KEEPER, "Body": "SEIZE 515151515151 cow", "MessageSid": "SM-unsigned",
                                       "MessageStatus": "delivered"})
    assert response.status_code == 403
    assert session.scalar(select(func.count(Impoundment.id)).where(Impoundment.tag == "515151515151")) == 0
    assert count(session, InboundMessage) == 0
    unsigned.extensions["dabbo"].engine.dispose()


def test_a_retried_message_sid_is_handled_once_and_answered_the_same(world, send_twilio, session):
    first = send_twilio(KEEPER, "SEIZE 111111111111 cow", sid="SMretried")
    again = send_twilio(KEEPER, "SEIZE 111111111111 cow", sid="SMretried")
    assert first.reply == again.reply == (
        "ડબ્બે પૂરેલ 1 ગાય: 111111111111 → પહોંચ 100004. છોડાવવાની મુદત 07-12 સવારે 10, હરાજી 07-12 સવારે 11.")
    assert session.scalar(select(func.count(Impoundment.id)).where(Impoundment.tag == "111111111111")) == 1
    assert count(session, InboundMessage) == 1


def test_every_inbound_message_is_stored_with_its_reply(world, send_twilio, session):
    response = send_twilio(OWNER, "FEES 345678901234", sid="SMaudit")
    stored = session.scalars(select(InboundMessage)).one()
    assert (stored.provider, stored.provider_id, stored.phone, stored.text, stored.reply_text, stored.outcome) == (
        "twilio", "SMaudit", OWNER, "FEES 345678901234", response.reply, "fees")


# --- Africa's Talking -------------------------------------------------------------


def test_at_answers_200_and_sends_the_reply_through_the_outbox(world, send_at, session):
    response = send_at("+919825000005", "FEES 234567890123", message_id="ATX1")
    assert (response.status_code, response.get_data(as_text=True)) == (200, "")
    reply = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "reply")).one()
    assert (reply.to_phone, reply.language, reply.status, reply.unsolicited) == (
        "+919825000005", "hi", "queued", False)
    assert reply.text.startswith("टैग 234567890123: कांजी शुल्क रु. 75")
    assert reply.idempotency_key == "reply:africastalking:ATX1"


def test_at_reply_reaches_a_person_who_sent_stop(world, send_at):
    send_at(OWNER, "STOP")
    assert send_at(OWNER, "HELP").reply.startswith("Dabbo:")


@pytest.mark.parametrize("token", [None, "", "wrong-token", "test-at-token-but-longer"])
def test_at_without_the_right_token_is_refused(world, send_at, session, token):
    response = send_at(OWNER, "HELP", token=token)
    assert response.status_code == 403
    assert count(session, InboundMessage) == 0


def test_at_is_refused_when_no_token_is_configured(world, app, settings):
    open_app = create_app(replace(settings, at_webhook_token=None))
    response = open_app.test_client().post("/webhooks/africastalking/sms?token=",
                                           data={"from": OWNER, "text": "HELP", "id": "ATX-open"})
    assert response.status_code == 403
    open_app.extensions["dabbo"].engine.dispose()


def test_a_retried_at_id_is_handled_once_with_one_reply(world, send_at, session):
    send_at(KEEPER, "SEIZE 222222222222 bhens", message_id="ATXretry")
    again = send_at(KEEPER, "SEIZE 222222222222 bhens", message_id="ATXretry")
    assert again.status_code == 200
    assert session.scalar(select(func.count(Impoundment.id)).where(Impoundment.tag == "222222222222")) == 1
    assert count(session, InboundMessage) == 1
    assert session.scalar(select(func.count(OutboundMessage.id)).where(OutboundMessage.kind == "reply")) == 1


def test_the_same_id_from_the_two_providers_is_two_messages(world, send_twilio, send_at, session):
    send_twilio(OWNER, "HELP", sid="SAME-1")
    send_at(OWNER, "HELP", message_id="SAME-1")
    assert count(session, InboundMessage) == 2


@pytest.mark.parametrize("phone", ["0 98250 00006", "9825000006", "+91 98250-00006", "૯૮૨૫૦૦૦૦૦૬"])
def test_the_sender_is_found_however_the_provider_writes_the_number(world, send_at, phone):
    assert send_at(phone, "HELP").reply.startswith("Dabbo:")


def test_a_phone_that_cannot_be_read_is_still_answered_in_gujarati(world, send_twilio, session):
    people = count(session, Person)
    assert send_twilio("not-a-number", "HELP").reply.startswith("ઢોર શોધવા ટેગ નંબર મોકલો.")
    assert send_twilio("not-a-number", "STOP").reply == (
        "તમારો ફોન નંબર વાંચી શકાયો નહીં, તેથી આ સાચવી શકાયું નહીં.")
    assert count(session, Person) == people


def test_a_long_seize_delivered_base64_encoded_by_twilio_is_read_decoded(world, send_twilio, session):
    """N: a multi-part body Twilio hands over base64-encoded."""
    import base64

    text = "SEIZE 717171717171 cow found grazing in the school ground near the water tank, owner not present"
    response = send_twilio(KEEPER, base64.b64encode(text.encode()).decode())
    assert "717171717171 → પહોંચ" in response.reply, response.reply
    assert session.scalar(select(func.count(Impoundment.id)).where(Impoundment.tag == "717171717171")) == 1


@pytest.mark.parametrize("body", ["123456789012", "HELP", "FEES 345678901234", "bm90IGEgY29tbWFuZA==="])
def test_a_body_that_parses_or_is_not_base64_of_utf8_is_read_as_it_is(body):
    from sms_gateway.providers.twilio.webhooks import message_body

    assert message_body(body) == body


def test_base64_of_bytes_that_are_not_utf8_is_read_as_it_is():
    import base64

    from sms_gateway.providers.twilio.webhooks import message_body

    raw = base64.b64encode(b"\xff\xfe\x00junk").decode()
    assert message_body(raw) == raw


def test_a_twilio_body_is_parsed_once_per_message(monkeypatch, world, send_twilio):
    """The webhook reads the command to tell a plain body from base64; the
    handler answers with that reading instead of parsing the text again."""
    from handlers.sms import commands, inbound
    from sms_gateway.providers.twilio import webhooks

    calls = []
    real_parse = commands.parse

    def counting_parse(text):
        calls.append(text)
        return real_parse(text)

    monkeypatch.setattr(webhooks, "parse", counting_parse)
    monkeypatch.setattr(inbound, "parse", counting_parse)
    response = send_twilio(KEEPER, "HELP")
    assert response.reply
    assert calls == ["HELP"]


def test_a_parked_message_keeps_what_the_provider_sent_not_the_reading():
    from handlers.sms.commands import parse
    from handlers.sms.inbound import Inbound
    from sms_gateway.worker.parked import _fields

    message = Inbound("+919800000001", "HELP", "twilio", "SM1", parsed=parse("HELP"))
    assert _fields(message) == {"phone": "+919800000001", "text": "HELP", "provider": "twilio",
                                "provider_id": "SM1", "channel": "sms"}
