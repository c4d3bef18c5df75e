"""and M: status callbacks, replayed from the RapidPro gateway's
own tests. A transient failure (Twilio 63018 throttling, carrier congestion,
a handset out of reach) sends the row again after the usual back-off; a
permanent one fails it with the provider's words; an unknown status or an
unknown message id is answered 200 and logged once as a warning."""
from __future__ import annotations

import logging

import pytest

from models import outbox
from sms_gateway.providers.africastalking.adapter import TRANSIENT_FAILURES
from sms_gateway.providers.twilio.adapter import TRANSIENT_ERRORS
from tests.conftest import AT_TOKEN
from tests.outbox.test_outbox_delivery import _sign, row, settings, write  # noqa: F401 (settings: fake Twilio)


def twilio_status(client, send_twilio, form):
    return client.post("/webhooks/twilio/status", data=form,
                       headers={"X-Twilio-Signature": _sign(send_twilio, "/webhooks/twilio/status", form)})


def sent_row(app, session, clock, run_worker):
    message_id = write(session, clock)
    run_worker()
    return message_id, row(app, message_id).provider_id


def test_the_transient_tables_name_throttling_congestion_and_unreachability():
    assert {"63018", "30017", "30003"} <= TRANSIENT_ERRORS
    assert {"userisinactive", "deliveryfailure"} <= TRANSIENT_FAILURES


@pytest.mark.parametrize("code", ["63018", "30017", "30003"])
def test_a_transient_twilio_failure_goes_back_to_the_queue_with_back_off(app, client, session, clock, run_worker,
                                                                       send_twilio, fake_twilio, code):
    message_id, sid = sent_row(app, session, clock, run_worker)
    response = twilio_status(client, send_twilio, {"MessageSid": sid, "MessageStatus": "failed", "ErrorCode": code})
    assert response.status_code == 200
    waiting = row(app, message_id)
    assert (waiting.status, waiting.attempts) == ("queued", 1)
    assert waiting.send_after == clock() + outbox.backoff(1)
    assert waiting.last_error.startswith(code)

    clock.set(waiting.send_after)  # the dispatcher picks it up when due, and it goes again
    from sms_gateway.worker import dispatcher

    dispatcher.tick(app.extensions["dabbo"])
    run_worker()
    again = row(app, message_id)
    assert (again.status, again.attempts) == ("sent", 2)
    assert len(fake_twilio.requests) == 2


def test_a_permanent_twilio_failure_is_final_with_twilios_words(app, client, session, clock, run_worker,
                                                               send_twilio):
    message_id, sid = sent_row(app, session, clock, run_worker)
    twilio_status(client, send_twilio, {"MessageSid": sid, "MessageStatus": "undelivered", "ErrorCode": "30007"})
    failed = row(app, message_id)
    assert (failed.status, failed.last_error) == ("failed", "30007 Message filtered")


def test_a_transient_at_failure_goes_back_to_the_queue(app, client, session, clock, run_worker):
    message_id, _ = sent_row(app, session, clock, run_worker)
    with app.extensions["dabbo"].sessions() as s:  # as if AT had sent it
        message = s.get(type(row(app, message_id)), message_id)
        message.provider, message.provider_id = "africastalking", "ATXid_transient"
        s.commit()
    response = client.post(f"/webhooks/africastalking/delivery?token={AT_TOKEN}",
                           data={"id": "ATXid_transient", "status": "Failed", "failureReason": "UserIsInactive"})
    assert response.status_code == 200
    assert (row(app, message_id).status, row(app, message_id).last_error) == ("queued", "UserIsInactive")


def warnings_about(caplog, value):
    return [r for r in caplog.records if r.levelno == logging.WARNING and value in r.getMessage()]


@pytest.mark.parametrize("form, value", [
    ({"MessageSid": "SMunknownstatus", "MessageStatus": "huh"}, "'huh'"),
    ({"MessageSid": "SMnostatus"}, "None"),
    ({"MessageSid": "SMneversent", "MessageStatus": "delivered"}, "'SMneversent'"),
])
def test_twilio_unknown_statuses_and_ids_are_answered_200_and_logged_once(client, send_twilio, caplog, form, value):
    with caplog.at_level(logging.WARNING):
        response = twilio_status(client, send_twilio, form)
    assert response.status_code == 200
    [warning] = warnings_about(caplog, value)
    assert "twilio" in warning.getMessage() and form["MessageSid"] in warning.getMessage()


@pytest.mark.parametrize("form, value", [
    ({"id": "ATXid_borked", "status": "Borked"}, "'Borked'"),
    ({"id": "ATXid_neversent", "status": "Success"}, "'ATXid_neversent'"),
])
def test_at_unknown_statuses_and_ids_are_answered_200_and_logged_once(client, caplog, form, value):
    with caplog.at_level(logging.WARNING):
        response = client.post(f"/webhooks/africastalking/delivery?token={AT_TOKEN}", data=form)
    assert response.status_code == 200
    [warning] = warnings_about(caplog, value)
    assert "africastalking" in warning.getMessage() and form["id"] in warning.getMessage()


def test_an_at_report_whose_id_holds_a_nul_is_an_unknown_message_not_a_500(client, caplog):
    """A fuzz find: PostgreSQL cannot even compare text holding NUL, so such an id is one Dabbo
    never sent: 200 and the usual warning, never a 500 that AT would retry for ever."""
    with caplog.at_level(logging.WARNING):
        response = client.post(f"/webhooks/africastalking/delivery?token={AT_TOKEN}",
                               data={"id": "ATXid\x00nul", "status": "Failed"})
    assert response.status_code == 200
    [warning] = warnings_about(caplog, "unknown message 'ATXid\\x00nul'")
