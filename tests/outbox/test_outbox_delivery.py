"""Outbox rows through a real RQ worker (in-process SimpleWorker, real Redis)
and the real Twilio SDK against the local fake Twilio (SPEC section 7)."""
from __future__ import annotations

import time
import uuid
from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import select

from handlers.outbox import queue_message
from models.tables import OutboundMessage, Person
from sms_gateway.worker import queues
from sms_gateway.providers.twilio.adapter import TwilioProvider
from tests.fakes.fixtures import TWILIO_FROM

PHONE = "+919825011111"


@pytest.fixture
def settings(settings, fake_twilio):
    return replace(settings, sms_provider="twilio", twilio_account_sid=fake_twilio.account_sid,
                   twilio_auth_token=fake_twilio.auth_token, twilio_from=TWILIO_FROM,
                   twilio_api_base=fake_twilio.base_url)


@pytest.fixture
def person(session, clock):
    person = Person(phone=PHONE, name="Test Owner", role="owner", language="en", created_at=clock())
    session.add(person)
    session.commit()
    return person


def write(session, clock, text="Your cow is in the pound.", kind="reply", person=None, to=PHONE) -> int:
    """One committed outbox row (the session's after-commit hook enqueues it)."""
    message = queue_message(session, to_phone=to, text=text, language="en", kind=kind,
                            idempotency_key=f"test:{uuid.uuid4().hex}", now=clock(), person=person)
    session.commit()
    return message.id


def row(app, message_id) -> OutboundMessage:
    with app.extensions["dabbo"].sessions() as session:
        return session.get(OutboundMessage, message_id)


def test_a_committed_row_is_sent_once_with_the_provider_id_recorded(app, session, clock, run_worker, fake_twilio):
    message_id = write(session, clock)

    run_worker()

    [request] = fake_twilio.requests
    assert request.form["To"] == PHONE and request.form["Body"] == "Your cow is in the pound."
    assert request.form["StatusCallback"] == "http://dabbo.test/webhooks/twilio/status"
    sent = row(app, message_id)
    assert (sent.status, sent.provider, sent.provider_id, sent.attempts) == ("sent", "twilio", request.ids[0], 1)
    assert sent.sent_at == clock()


def test_the_same_row_enqueued_three_times_is_sent_once(app, session, clock, run_worker, fake_twilio):
    message_id = write(session, clock)
    runtime = app.extensions["dabbo"]
    queues.enqueue_messages(runtime, [message_id])
    queues.enqueue_messages(runtime, [message_id])

    assert run_worker() == 3  # three jobs ran...

    assert len(fake_twilio.requests) == 1  # ...one SMS
    assert row(app, message_id).attempts == 1


@pytest.mark.parametrize("status", [500, 503, 429])
def test_a_transient_error_is_retried_after_backoff_then_sent(app, session, clock, run_worker, dispatch,
                                                              fake_twilio, status):
    fake_twilio.fail_next(1, status)
    message_id = write(session, clock)

    run_worker()
    waiting = row(app, message_id)
    assert (waiting.status, waiting.attempts) == ("queued", 1)
    assert str(status) in waiting.last_error
    assert waiting.send_after == clock() + timedelta(minutes=1)  # first backoff

    dispatch()  # not due yet: nothing enqueued
    assert run_worker() == 0
    clock.set(clock() + timedelta(minutes=1))
    dispatch()
    run_worker()

    assert [r.status for r in fake_twilio.requests] == [status, 201]
    sent = row(app, message_id)
    assert (sent.status, sent.attempts, sent.provider_id) == ("sent", 2, fake_twilio.requests[1].ids[0])


def test_a_timeout_is_retried_and_the_row_is_sent(app, session, clock, run_worker, dispatch, fake_twilio, settings):
    impatient = TwilioProvider.from_settings(settings, timeout=0.3)
    fake_twilio.set_delay(0.8)
    message_id = write(session, clock)

    run_worker(impatient)
    assert row(app, message_id).status == "queued"
    assert "Timeout" in row(app, message_id).last_error

    fake_twilio.set_delay(0)
    clock.set(clock() + timedelta(minutes=1))
    dispatch()
    run_worker(impatient)

    assert row(app, message_id).status == "sent"
    time.sleep(0.8)  # the held first request reaches the fake after our client gave up on it
    # The at-least-once window: a timed-out request may still have been accepted.
    assert len(fake_twilio.requests) == 2


def test_retries_stop_after_the_last_attempt_and_the_row_fails(app, session, clock, run_worker, dispatch,
                                                               fake_twilio):
    fake_twilio.fail_next(6, 503)
    message_id = write(session, clock)

    run_worker()
    for _ in range(5):
        clock.set(clock() + timedelta(minutes=30))
        dispatch()
        run_worker()

    failed = row(app, message_id)
    assert (failed.status, failed.attempts) == ("failed", 6)
    assert failed.last_error.endswith("(gave up after 6 attempts)")
    clock.set(clock() + timedelta(hours=2))
    dispatch()
    run_worker()
    assert len(fake_twilio.requests) == 6


def test_a_4xx_fails_at_once_with_the_providers_reason(app, session, clock, run_worker, dispatch, fake_twilio):
    fake_twilio.set_number_error(PHONE, 21211)
    message_id = write(session, clock)

    run_worker()
    clock.set(clock() + timedelta(hours=1))
    dispatch()
    run_worker()

    failed = row(app, message_id)
    assert failed.status == "failed"
    assert failed.last_error == f"21211 The 'To' number {PHONE} is not a valid phone number."
    assert len(fake_twilio.requests) == 1  # never retried


def test_twilio_21610_marks_the_person_opted_out(app, session, clock, run_worker, fake_twilio, person):
    fake_twilio.set_number_error(PHONE, 21610)
    message_id = write(session, clock, kind="claim_reminder", person=person)

    run_worker()

    assert row(app, message_id).status == "failed"
    assert row(app, message_id).last_error.startswith("21610")
    with app.extensions["dabbo"].sessions() as check:
        assert check.get(Person, person.id).opted_out is True


def test_an_opted_out_person_gets_no_unsolicited_row_already_queued(app, session, clock, run_worker, fake_twilio,
                                                                    person):
    message_id = write(session, clock, kind="claim_reminder", person=person)
    session.get(Person, person.id).opted_out = True  # STOP arrived before the worker ran
    session.commit()

    run_worker()

    assert fake_twilio.requests == []
    assert (row(app, message_id).status, row(app, message_id).last_error) == ("cancelled", "opted out (STOP)")


def test_a_row_past_its_expiry_is_cancelled_not_sent_late(app, session, clock, run_worker, fake_twilio):
    message = queue_message(session, to_phone=PHONE, text="Auction tomorrow", language="en", kind="auction_notice",
                            idempotency_key="test:expired", now=clock(), expires_at=clock() + timedelta(minutes=5))
    session.commit()
    clock.set(clock() + timedelta(minutes=6))

    run_worker()

    assert fake_twilio.requests == []
    assert row(app, message.id).status == "cancelled"
    assert row(app, message.id).last_error == "expired: its moment has passed"


def test_the_twilio_status_callback_moves_the_row_to_delivered_once(app, client, session, clock, run_worker,
                                                                     fake_twilio, send_twilio):
    message_id = write(session, clock)
    run_worker()
    sid = row(app, message_id).provider_id
    form = {"MessageSid": sid, "MessageStatus": "delivered", "AccountSid": fake_twilio.account_sid}

    for _ in range(2):  # Twilio retries callbacks: the second changes nothing
        response = client.post("/webhooks/twilio/status", data=form,
                               headers={"X-Twilio-Signature": _sign(send_twilio, "/webhooks/twilio/status", form)})
        assert response.status_code == 200
    assert row(app, message_id).status == "delivered"

    late = {"MessageSid": sid, "MessageStatus": "sent", "AccountSid": fake_twilio.account_sid}
    client.post("/webhooks/twilio/status", data=late,
                headers={"X-Twilio-Signature": _sign(send_twilio, "/webhooks/twilio/status", late)})
    assert row(app, message_id).status == "delivered"  # a late "sent" never moves it back


def test_a_twilio_status_callback_with_a_bad_signature_is_refused(app, client, session, clock, run_worker):
    message_id = write(session, clock)
    run_worker()
    form = {"MessageSid": row(app, message_id).provider_id, "MessageStatus": "failed", "ErrorCode": "30003"}

    response = client.post("/webhooks/twilio/status", data=form, headers={"X-Twilio-Signature": "forged"})

    assert response.status_code == 403
    assert row(app, message_id).status == "sent"


def test_an_undelivered_callback_fails_the_row_with_the_error(app, client, session, clock, run_worker, send_twilio):
    message_id = write(session, clock)
    run_worker()
    form = {"MessageSid": row(app, message_id).provider_id, "MessageStatus": "undelivered", "ErrorCode": "30005"}

    client.post("/webhooks/twilio/status", data=form,
                headers={"X-Twilio-Signature": _sign(send_twilio, "/webhooks/twilio/status", form)})

    failed = row(app, message_id)
    assert (failed.status, failed.last_error) == ("failed", "30005 Unknown destination handset")


def _sign(send_twilio, path, form) -> str:
    from twilio.request_validator import RequestValidator

    return RequestValidator(send_twilio.settings.twilio_auth_token).compute_signature(
        send_twilio.settings.public_base_url + path, form)


def test_the_outbox_lists_nothing_sending_after_a_burst(app, session, clock, run_worker):
    for _ in range(3):
        write(session, clock)
    run_worker()
    with app.extensions["dabbo"].sessions() as check:
        assert set(check.scalars(select(OutboundMessage.status))) == {"sent"}
