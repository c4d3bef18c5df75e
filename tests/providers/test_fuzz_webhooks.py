"""Every webhook, fed whatever Hypothesis can think of: random
unicode, missing, repeated and unknown fields, huge bodies, garbage bytes.

Whatever comes in: never a 5xx, never a traceback in the answer nor an error
logged, the provider's format kept (TwiML for Twilio, `CON `/`END ` for USSD),
and nothing written for input that is refused (a bad signature or token, a
body over the size limit).

Each test reuses one app and one demo district for all its examples (the
database is reset between tests, not between examples), so examples see the
records earlier ones left; that is only more variety.
"""
from __future__ import annotations

import logging
from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from twilio.request_validator import RequestValidator
from werkzeug.datastructures import MultiDict

from models.tables import InboundMessage, OutboundMessage
from tests.conftest import AT_TOKEN, TWILIO_TOKEN

FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

DEMO_PHONES = ["+919825000001", "+919825000002", "+919825000003", "+919825000004", "+919825000005",
               "+919825000006", "9825000006", "09825000004", "+91 98250 00005"]
# Text that can travel in a form: any code point but lone surrogates (not encodable in UTF-8).
any_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=200)
sms_bodies = st.one_of(
    any_text,
    st.sampled_from(["HELP", "123456789012", "FEES 123456789012", "FIND 345678901234", "AUCTIONS", "MY",
                     "LANG EN", "STOP", "START", "SEIZE 999999999999 cow", "RELEASE 123456789012",
                     "SOLD 345678901234 9000", "LIST", "NOTICE hello", "AUCTION 05-12", "મદદ", "मदद", "?"]),
)
phones = st.one_of(st.sampled_from(DEMO_PHONES), st.text("+0123456789 -()", max_size=20), any_text)


def form_strategy(fields: dict[str, st.SearchStrategy]) -> st.SearchStrategy[MultiDict]:
    """A form with any subset of `fields`, each maybe repeated, plus unknown fields."""
    known = st.lists(st.sampled_from(sorted(fields)), max_size=len(fields) + 3).flatmap(
        lambda names: st.tuples(*[st.tuples(st.just(name), fields[name]) for name in names]))
    unknown = st.lists(st.tuples(st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=20),
                                 any_text), max_size=3)
    return st.tuples(known, unknown).map(lambda parts: MultiDict(list(parts[0]) + parts[1]))


TWILIO_SMS = form_strategy({
    "From": phones, "Body": sms_bodies, "To": st.just("+15005550006"),
    "MessageSid": st.one_of(st.text("SMabcdef0123456789", max_size=40), any_text),
    "SmsSid": any_text, "AccountSid": any_text, "NumMedia": st.sampled_from(["0", "1", "x", ""]),
})
TWILIO_STATUS = form_strategy({
    "MessageSid": st.one_of(st.text("SM0123456789", max_size=40), any_text),
    "MessageStatus": st.one_of(st.sampled_from(["queued", "sent", "delivered", "undelivered", "failed",
                                                "read", "canceled", ""]), any_text),
    "ErrorCode": st.one_of(st.sampled_from(["21610", "30003", "30008", ""]), any_text),
    "ErrorMessage": any_text, "To": phones,
})
AT_SMS = form_strategy({
    "from": phones, "to": st.just("12345"), "text": sms_bodies, "date": any_text,
    "id": st.one_of(st.uuids().map(str), any_text), "linkId": any_text,
})
AT_DELIVERY = form_strategy({
    "id": st.one_of(st.uuids().map(str), any_text),
    "status": st.one_of(st.sampled_from(["Success", "Sent", "Buffered", "Rejected", "Failed", "Submitted"]),
                        any_text),
    "failureReason": st.one_of(st.sampled_from(["UserInBlacklist", "InsufficientCredit", "AbsentSubscriber"]),
                               any_text),
    "phoneNumber": phones, "networkCode": any_text, "retryCount": any_text,
})


@pytest.fixture
def fuzz(world, client, session, settings, caplog):
    """Post a form (signed / with the token when asked) and check the answer's shape."""

    class Poster:
        def __init__(self):
            self.validator = RequestValidator(TWILIO_TOKEN)

        def twilio(self, path: str, form: MultiDict, signed: bool):
            headers = {}
            if signed:
                headers["X-Twilio-Signature"] = self.validator.compute_signature(
                    settings.public_base_url + path, form)
            return client.post(path, data=form, headers=headers)

        def at(self, path: str, form: MultiDict, token: str | None):
            query = "" if token is None else f"?token={token}"
            return client.post(path + query, data=form)

        def inbound_rows(self) -> int:
            session.expire_all()
            return session.scalar(select(func.count(InboundMessage.id)))

        def outbox_rows(self) -> int:
            session.expire_all()
            return session.scalar(select(func.count(OutboundMessage.id)))

    caplog.set_level(logging.WARNING)
    return Poster()


def assert_no_error_logged(caplog):
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    caplog.clear()
    assert errors == [], [(r.name, r.getMessage(), r.exc_text) for r in errors]


def assert_sane(response):
    assert response.status_code < 500, response.get_data(as_text=True)
    text = response.get_data(as_text=True)
    assert "Traceback" not in text and 'File "' not in text
    return text


def assert_twiml(response):
    text = assert_sane(response)
    if response.status_code == 200:
        assert response.mimetype == "text/xml"
        root = ElementTree.fromstring(text)
        assert root.tag == "Response"
        assert all(child.tag == "Message" for child in root)


@FUZZ
@given(form=TWILIO_SMS, signed=st.booleans())
def test_twilio_sms_answers_twiml_whatever_the_form(fuzz, caplog, form, signed):
    before = fuzz.inbound_rows()
    response = fuzz.twilio("/webhooks/twilio/sms", form, signed)
    assert_twiml(response)
    if not signed:
        assert response.status_code == 403
        assert fuzz.inbound_rows() == before  # nothing written for a refused request
    else:
        assert response.status_code == 200
    assert_no_error_logged(caplog)


@FUZZ
@given(form=TWILIO_STATUS, signed=st.booleans())
def test_twilio_status_callback_never_fails_whatever_the_form(fuzz, caplog, form, signed):
    before = fuzz.outbox_rows()
    response = fuzz.twilio("/webhooks/twilio/status", form, signed)
    assert_sane(response)
    assert response.status_code == (200 if signed else 403)
    assert fuzz.outbox_rows() == before  # a status callback never writes a message
    assert_no_error_logged(caplog)


@FUZZ
@given(form=AT_SMS, token=st.one_of(st.just(AT_TOKEN), st.none(), any_text.filter(lambda t: t != AT_TOKEN)))
def test_africastalking_sms_answers_200_whatever_the_form(fuzz, caplog, form, token):
    before = fuzz.inbound_rows(), fuzz.outbox_rows()
    response = fuzz.at("/webhooks/africastalking/sms", form, token)
    assert_sane(response)
    if token != AT_TOKEN:
        assert response.status_code == 403
        assert (fuzz.inbound_rows(), fuzz.outbox_rows()) == before
    else:
        assert response.status_code == 200
        assert response.get_data() == b""
    assert_no_error_logged(caplog)


@FUZZ
@given(form=AT_DELIVERY, token=st.one_of(st.just(AT_TOKEN), any_text.filter(lambda t: t != AT_TOKEN)))
def test_africastalking_delivery_report_never_fails_whatever_the_form(fuzz, caplog, form, token):
    before = fuzz.outbox_rows()
    response = fuzz.at("/webhooks/africastalking/delivery", form, token)
    assert_sane(response)
    assert response.status_code == (200 if token == AT_TOKEN else 403)
    assert fuzz.outbox_rows() == before
    assert_no_error_logged(caplog)


WEBHOOKS = ["/webhooks/twilio/sms", "/webhooks/twilio/status", "/webhooks/africastalking/sms",
            "/webhooks/africastalking/ussd", "/webhooks/africastalking/delivery"]
CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=xx",
                 "application/json", "text/plain", "application/x-www-form-urlencoded; charset=latin-1", ""]


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(path=st.sampled_from(WEBHOOKS), body=st.binary(max_size=2000), content_type=st.sampled_from(CONTENT_TYPES))
def test_garbage_bytes_never_cause_a_5xx(fuzz, client, caplog, path, body, content_type):
    query = f"?token={AT_TOKEN}" if "africastalking" in path else ""
    response = client.post(path + query, data=body, content_type=content_type or None,
                           headers={"X-Twilio-Signature": "garbage"})
    assert_sane(response)
    if "twilio" in path:
        assert response.status_code in (400, 403)
    else:
        assert response.status_code in (200, 400)
    assert_no_error_logged(caplog)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(path=st.sampled_from(WEBHOOKS), extra=st.integers(-200, 200), repeat=st.integers(1, 50),
       filler=st.sampled_from(["A", "ક", "💩", "%", "&", "="]))
def test_bodies_near_the_size_limit_get_200_or_413(fuzz, client, settings, caplog, path, extra, repeat, filler):
    """A body of max_request_bytes + extra bytes: answered normally up to the
    limit, 413 beyond it; a huge field is cut to fit, never a 500."""
    size = settings.max_request_bytes + extra
    name = {"twilio": "Body", "sms": "text", "ussd": "text", "delivery": "failureReason"}
    field = name["twilio"] if "twilio" in path else name[path.rsplit("/", 1)[1]]
    head = "&".join(["from=%2B919825000006", "From=%2B919825000006", "id=huge", "sessionId=s"] * repeat)
    body = f"{head}&{field}="
    body += filler * max(0, (size - len(body.encode())) // len(filler.encode()))
    query = f"?token={AT_TOKEN}" if "africastalking" in path else ""
    signature = RequestValidator(TWILIO_TOKEN).compute_signature(
        settings.public_base_url + path, MultiDict(_pairs(body))) if "twilio" in path else ""
    response = client.post(path + query, data=body.encode(), content_type="application/x-www-form-urlencoded",
                           headers={"X-Twilio-Signature": signature})
    assert_sane(response)
    if len(body.encode()) > settings.max_request_bytes:
        assert response.status_code == 413
    else:
        assert response.status_code == 200
    assert_no_error_logged(caplog)


def _pairs(body: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    return parse_qsl(body, keep_blank_values=True)
