"""Missed calls (SPEC 11.4): rejected unanswered, answered by SMS or by a call back through
the outbox and a real RQ worker, at most once per caller per ten minutes."""
from __future__ import annotations

import uuid
import xml.etree.ElementTree as ElementTree
from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import select
from twilio.request_validator import RequestValidator

from handlers import dlt
from handlers.menus import speech
from handlers.catalogue import rupees
from models.tables import OutboundMessage
from sms_gateway import dlt_setup
from sms_gateway.providers.registry import get_provider
from tests.fakes.fixtures import on_exotel

TOKEN = "exotel-test-token"
JOHN = "+919825000006"  # en; bullock 345678901234 in the AMBA pound, goat 345678901235 at home
KANU = "+919825000004"  # gu; cow 123456789012 in the AMBA pound, buffalo 123456789013 at home
STRANGER = "+919825099999"


@pytest.fixture
def settings(settings, exotel_settings):
    """Exotel as the provider (against the fake), and Twilio's webhook token as conftest's."""
    return on_exotel(settings, exotel_settings, exotel_webhook_token=TOKEN)


def answer_by(app, how: str) -> None:
    runtime = app.extensions["dabbo"]
    runtime.settings = replace(runtime.settings, missed_call_answer=how)


def twilio_missed_call(client, settings, phone: str, call_sid: str | None = None, signature: str | None = None):
    params = {"CallSid": call_sid or f"CA{uuid.uuid4().hex}", "From": phone, "To": "+15005550006",
              "CallStatus": "ringing", "Direction": "inbound", "AccountSid": settings.twilio_account_sid}
    url = settings.public_base_url + "/webhooks/twilio/missed-call"
    if signature is None:
        signature = RequestValidator(settings.twilio_auth_token).compute_signature(url, params)
    return client.post("/webhooks/twilio/missed-call", data=params, headers={"X-Twilio-Signature": signature})


def exotel_missed_call(client, phone: str, call_sid: str | None = None, token: str = TOKEN):
    """Exotel's Passthru applet: GET with the call's fields in the query string."""
    return client.get("/webhooks/exotel/missed-call", query_string={
        "CallSid": call_sid or uuid.uuid4().hex, "CallFrom": "0" + phone[-10:], "CallTo": "07940000000",
        "Direction": "incoming", "CallType": "call-attempt", "token": token})


def answers(session, phone: str) -> list[OutboundMessage]:
    session.expire_all()
    return session.scalars(select(OutboundMessage).where(
        OutboundMessage.to_phone == phone, OutboundMessage.idempotency_key.startswith("missed:"))
        .order_by(OutboundMessage.id)).all()


def dues_paise(api, tag: str) -> int:
    """Today's dues as the admin API computes them (SPEC 6), to compare with what is said."""
    [impoundment] = api.get(f"/impoundments?tag={tag}").get_json()["impoundments"]
    return api.get(f"/impoundments/{impoundment['id']}/dues").get_json()["total_paise"]


def test_a_twilio_missed_call_is_rejected_unanswered(world, client, settings):
    response = twilio_missed_call(client, settings, JOHN)
    assert response.status_code == 200 and response.mimetype == "text/xml"
    root = ElementTree.fromstring(response.get_data())
    assert root.tag == "Response" and [child.tag for child in root] == ["Reject"]


def test_a_twilio_missed_call_with_a_forged_signature_is_refused(world, client, settings, session):
    assert twilio_missed_call(client, settings, JOHN, signature="forged").status_code == 403
    assert answers(session, JOHN) == []


@pytest.mark.parametrize("token", ["", "wrong", TOKEN + "x"])
def test_an_exotel_missed_call_with_a_forged_token_is_refused(world, client, session, token):
    assert exotel_missed_call(client, JOHN, token=token).status_code == 403
    assert answers(session, JOHN) == []


def test_the_sms_answer_lists_the_callers_animals_in_pounds_with_todays_dues(world, client, session, api):
    response = exotel_missed_call(client, JOHN)

    assert response.status_code == 200 and response.get_data(as_text=True) == ""
    [answer] = answers(session, JOHN)
    total = dues_paise(api, "345678901234")
    assert (answer.kind, answer.status) == ("reply", "queued")
    # India: the registered template names the first animal; the rest are on the public page.
    assert answer.text == (f"Dabbo: your animal with tag 345678901234 is held in a pound, Rs {rupees(total)} due "
                           f"today. All your animals and dues: http://dabbo.test")
    assert "345678901235" not in answer.text  # the goat is at home


def test_the_answer_is_in_the_callers_language(world, client, session, api):
    twilio_missed_call(client, client.application.extensions["dabbo"].settings, KANU)
    [answer] = answers(session, KANU)
    assert answer.language == "gu"
    assert answer.text.startswith("Dabbo: ટેગ 123456789012નું ઢોર ડબ્બામાં છે, આજે રૂ.")


def test_a_caller_with_nothing_in_a_pound_is_told_so_plainly(world, client, session):
    exotel_missed_call(client, STRANGER)
    [answer] = answers(session, STRANGER)
    assert answer.text == "Dabbo: આજે તમારું કોઈ ઢોર ડબ્બામાં નથી."  # a stranger: Gujarati, the default


def test_at_most_one_answer_per_caller_per_ten_minutes(world, client, session, clock):
    start = clock()
    exotel_missed_call(client, JOHN)
    clock.set(start + timedelta(minutes=4))
    exotel_missed_call(client, JOHN)
    clock.set(start + timedelta(minutes=9, seconds=59))
    exotel_missed_call(client, JOHN)
    assert len(answers(session, JOHN)) == 1
    clock.set(start + timedelta(minutes=10, seconds=1))
    exotel_missed_call(client, JOHN)
    assert len(answers(session, JOHN)) == 2


def test_the_limit_is_per_caller(world, client, session):
    exotel_missed_call(client, JOHN)
    exotel_missed_call(client, KANU)
    assert len(answers(session, JOHN)) == len(answers(session, KANU)) == 1


def test_a_retried_webhook_for_the_same_call_answers_once(world, client, session, clock):
    exotel_missed_call(client, JOHN, call_sid="same-call")
    clock.set(clock() + timedelta(minutes=30))
    exotel_missed_call(client, JOHN, call_sid="same-call")
    assert len(answers(session, JOHN)) == 1


def test_missed_call_to_sms_end_to_end_through_the_worker_and_exotel(world, app, client, session, run_worker,
                                                                     fake_exotel):
    exotel_missed_call(client, JOHN)
    run_worker()

    [answer] = answers(session, JOHN)
    [request] = [r for r in fake_exotel.requests if r.form["Body"] == answer.text]
    assert request.form["Body"] == answer.text
    template = dlt_setup.registry(app.extensions["dabbo"].settings).match(answer.text).template
    assert (template.name, template.language) == ("missed_held", "en")
    assert request.form["DltTemplateId"] == template.template_id and template.registered
    assert fake_exotel.scrubbed_failures == []
    assert (answer.status, answer.provider, answer.provider_id) == ("sent", "exotel", request.ids[0])


def test_missed_call_to_call_back_end_to_end_through_the_worker_and_exotel(world, app, client, session,
                                                                           run_worker, fake_exotel):
    answer_by(app, "call")
    exotel_missed_call(client, JOHN)
    run_worker()

    [answer] = answers(session, JOHN)
    assert answer.kind == "voice_callback"
    [call] = [r for r in fake_exotel.requests if r.path.endswith("/Calls/connect.json")]
    assert call.form["From"] == JOHN and call.form["CustomField"] == str(answer.id)
    assert (answer.status, answer.provider_id) == ("sent", call.ids[0])

    client.post(f"/webhooks/exotel/status?token={TOKEN}", data={"CallSid": call.ids[0], "Status": "completed"})
    assert answers(session, JOHN)[0].status == "delivered"


def connects(fake_exotel) -> list:
    return [r for r in fake_exotel.requests if r.path.endswith("/Calls/connect.json")]


def test_an_unanswered_call_back_is_called_twice_more_then_failed(world, app, client, session, run_worker,
                                                                  fake_exotel, clock, dispatch):
    """Busy or no answer: the owner is called again 10 minutes later, three calls in all."""
    answer_by(app, "call")
    exotel_missed_call(client, JOHN)
    run_worker()
    for calls, status in ((1, "no-answer"), (2, "busy"), (3, "no-answer")):
        assert len(connects(fake_exotel)) == calls
        client.post(f"/webhooks/exotel/status?token={TOKEN}",
                    data={"CallSid": connects(fake_exotel)[-1].ids[0], "Status": status})
        [answer] = answers(session, JOHN)
        if calls < 3:
            assert (answer.status, answer.last_error) == ("queued", status)
            assert answer.send_after == clock() + timedelta(minutes=10)
            clock.set(clock() + timedelta(minutes=10))
            dispatch()
            run_worker()
    assert (answer.status, answer.last_error) == ("failed", "no-answer (after 3 calls)")


def test_a_call_back_is_never_called_again_at_night(world, app, client, session, run_worker, fake_exotel, clock):
    """Unanswered at 20:55 in Gujarat (15:25 UTC): 10 minutes later is 21:05, inside the quiet
    hours (21-8), so the next call waits for 08:00 the next morning (02:30 UTC)."""
    clock.set(clock().replace(hour=15, minute=25))
    answer_by(app, "call")
    exotel_missed_call(client, JOHN)
    run_worker()
    client.post(f"/webhooks/exotel/status?token={TOKEN}",
                data={"CallSid": connects(fake_exotel)[0].ids[0], "Status": "no-answer"})
    [answer] = answers(session, JOHN)
    assert answer.status == "queued"
    assert answer.send_after == (clock() + timedelta(days=1)).replace(hour=2, minute=30)


def test_a_failed_call_back_is_failed_with_the_reason(world, app, client, session, run_worker, fake_exotel):
    answer_by(app, "call")
    exotel_missed_call(client, JOHN)
    run_worker()
    client.post(f"/webhooks/exotel/status?token={TOKEN}",
                data={"CallSid": connects(fake_exotel)[0].ids[0], "Status": "failed"})
    [answer] = answers(session, JOHN)
    assert (answer.status, answer.last_error) == ("failed", "failed")


def test_a_twilio_call_back_asks_the_voice_webhook_what_to_say(world, app, client, session, run_worker,
                                                              twilio_settings, fake_twilio):
    answer_by(app, "call")
    twilio_missed_call(client, app.extensions["dabbo"].settings, JOHN)
    run_worker(get_provider(twilio_settings))

    [answer] = answers(session, JOHN)
    [call] = [r for r in fake_twilio.requests if r.path.endswith("/Calls.json")]
    assert call.form["To"] == JOHN
    assert call.form["Url"] == f"{twilio_settings.public_base_url}/webhooks/twilio/voice?callback={answer.id}"
    assert (answer.status, answer.provider, answer.provider_id) == ("sent", "twilio", call.ids[0])


def twilio_call_status(client, settings, call_sid: str, status: str):
    """Twilio's status callback at a call's end: a signed form POST to the call's StatusCallback."""
    params = {"CallSid": call_sid, "CallStatus": status, "AccountSid": settings.twilio_account_sid,
              "Direction": "outbound-api", "CallDuration": "0"}
    url = settings.public_base_url + "/webhooks/twilio/call-status"
    signature = RequestValidator(settings.twilio_auth_token).compute_signature(url, params)
    return client.post("/webhooks/twilio/call-status", data=params, headers={"X-Twilio-Signature": signature})


@pytest.mark.parametrize("status", ["busy", "no-answer"])
def test_a_twilio_call_back_that_is_busy_or_unanswered_is_called_again_later(world, app, client, session, run_worker,
                                                                             twilio_settings, fake_twilio, clock,
                                                                             status):
    answer_by(app, "call")
    twilio_missed_call(client, app.extensions["dabbo"].settings, JOHN)
    run_worker(get_provider(twilio_settings))
    [call] = [r for r in fake_twilio.requests if r.path.endswith("/Calls.json")]
    assert call.form["StatusCallback"] == f"{twilio_settings.public_base_url}/webhooks/twilio/call-status"

    assert twilio_call_status(client, app.extensions["dabbo"].settings, call.ids[0], status).status_code == 200
    [answer] = answers(session, JOHN)
    assert (answer.status, answer.last_error) == ("queued", status)
    assert answer.send_after > clock()


def test_an_answered_twilio_call_back_is_delivered(world, app, client, session, run_worker, twilio_settings,
                                                   fake_twilio):
    answer_by(app, "call")
    twilio_missed_call(client, app.extensions["dabbo"].settings, JOHN)
    run_worker(get_provider(twilio_settings))
    [call] = [r for r in fake_twilio.requests if r.path.endswith("/Calls.json")]
    twilio_call_status(client, app.extensions["dabbo"].settings, call.ids[0], "completed")
    [answer] = answers(session, JOHN)
    assert answer.status == "delivered"


def test_a_twilio_call_status_with_a_forged_signature_is_refused(world, client):
    response = client.post("/webhooks/twilio/call-status", data={"CallSid": "CA1", "CallStatus": "busy"},
                           headers={"X-Twilio-Signature": "forged"})
    assert response.status_code == 403


def test_a_call_back_reads_the_animals_with_the_tag_in_fours_and_the_dues_in_words(world, app, client, session,
                                                                                  api):
    """The row keeps the words as written (the dashboard shows them); the voice says the tag in
    fours and the rupees in words."""
    answer_by(app, "call")
    exotel_missed_call(client, JOHN)
    [answer] = answers(session, JOHN)
    rupees = -(-dues_paise(api, "345678901234") // 100)
    said = speech.spoken(answer.text, "en")
    assert answer.text.startswith("This is Dabbo, calling back. Your animals in a pound today: bullock, tag "
                                  "345678901234, at Ambaji")
    assert said.startswith("This is Dabbo, calling back. Your animals in a pound today: bullock, tag "
                           "three four five six, seven eight nine zero, one two three four, at Ambaji")
    assert said.endswith(f", {speech.number_words(rupees, 'en')} rupees due today.")
