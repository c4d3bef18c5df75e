"""The SMS journeys live on the first day (SPEC 13.2) under every reading no public page settles
(INDIA-CHANNELS.md section 7): a village notice, a claim reminder and the SMS that answers a missed
call, sent through the real Exotel adapter to the fake Exotel under DLT, at each `DLT_VALUES` level
with the fake operator reading `{#alphanumeric#}` at that level too, and their status callbacks
coming back by the token in the path or in the query, the query kept or rewritten by Exotel.

The assertions hold on what the operator judges (delivered, the template id sent, the values it
accepted), never on the words, which translators may reword. The one combination no form survives,
a token in a query that Exotel replaces, shows the 403 and the row left `sent`, as the voice
journeys do (tests/voice/test_exotel_hedges.py)."""
from __future__ import annotations

import uuid
from datetime import datetime, timezone

import pytest
from sqlalchemy import select

from models.tables import OutboundMessage
from sms_gateway import dlt_setup
from sms_gateway.providers.registry import get_provider
from tests.fakes.fixtures import EXOTEL_CALLER_ID, on_exotel, post_callbacks
from tests.notices.test_notices_seizure import GOAT, seize_goat

TOKEN = "exotel-journeys-token"
OFFICIAL = "+919825000003"  # Ambaji
OWNER = "+919825000006"     # en, a bullock held in AMBA (tag 345678901234) and a goat GOAT
VILLAGERS = {"+919825000001", OFFICIAL, "+919825000004", OWNER}  # Ambaji's keeper, official, owners
LEVELS = ("strict", "spaces", "script")


@pytest.fixture(params=LEVELS)
def dlt_values(request):
    return request.param


@pytest.fixture
def settings(settings, exotel_settings, dlt_values):
    return on_exotel(settings, exotel_settings, exotel_webhook_token=TOKEN, dlt_values=dlt_values)


@pytest.fixture
def operator(fake_exotel, dlt_values):
    """The fake Exotel, its operator reading `{#alphanumeric#}` at the deployment's level."""
    fake_exotel.scrub_values(dlt_values)
    return fake_exotel


@pytest.fixture
def provider(settings):
    return get_provider(settings)


@pytest.fixture
def calling_back(settings, operator, token_in, exotel_query):
    """The adapter, its status callbacks coming back with the token in the path or (the URL given
    before the token moved into the path) in the query, which Exotel keeps or rewrites."""
    adapter = get_provider(settings)
    if token_in == "query":
        adapter._status_callback = f"{settings.public_base_url}/webhooks/exotel/status?token={TOKEN}"
    operator.rewrite_query(exotel_query)
    return adapter


def lost_token(token_in: str, exotel_query: str) -> bool:
    return token_in == "query" and exotel_query == "rewritten"


def rows(session, kind: str) -> list[OutboundMessage]:
    session.expire_all()
    return session.scalars(select(OutboundMessage).where(OutboundMessage.kind == kind)
                           .order_by(OutboundMessage.id)).all()


def sent_form(fake, message: OutboundMessage) -> dict:
    """The one send request the fake Exotel took for `message` (its body, to its number)."""
    [form] = [form for form in fake.forms if form["Body"] == " ".join(message.text.split())
              and message.to_phone in form["To"].split(",")]
    return form


def template_id(settings, text: str) -> str:
    return dlt_setup.registry(settings).match(" ".join(text.split())).template.template_id


def callbacks_answered(client, fake, token_in, exotel_query, session, kind) -> list[OutboundMessage]:
    """Deliver the fake's status callbacks; the rows of `kind`, after asserting how they were answered."""
    answered = post_callbacks(client, fake)
    assert answered and {status for _path, status in answered} == ({403} if lost_token(token_in, exotel_query)
                                                                   else {200})
    return rows(session, kind)


def assert_delivered_or_lost(messages, token_in, exotel_query):
    wanted = "sent" if lost_token(token_in, exotel_query) else "delivered"  # no callback reached the row
    assert messages and [m.status for m in messages] == [wanted] * len(messages)


def alphanumeric_values(settings, fake) -> list[str]:
    """The `{#alphanumeric#}` values the operator accepted, read by the registered templates' slots."""
    from handlers.dlt.profile import slots

    by_id = {t.template_id: t for t in dlt_setup.current(settings) if t.registered}
    return [value for tid, values in fake.accepted for kind, value in zip(slots(by_id[tid].text), values)
            if kind == "alphanumeric"]


def assert_values_of_the_level(values: list[str], level: str):
    """What each level lets through, said independently of the fit: no space under strict, no
    letter outside ASCII below script."""
    assert values
    if level == "strict":
        assert all(" " not in v for v in values), values
    if level != "script":
        assert all(v.isascii() for v in values), values


# --------------------------------------------------------------------- a village notice

def official_sms(client, text: str) -> None:
    form = {"SmsSid": uuid.uuid4().hex, "From": "0" + OFFICIAL[-10:], "To": EXOTEL_CALLER_ID, "Body": text}
    assert client.post(f"/webhooks/exotel/t/{TOKEN}/sms", data=form).status_code == 200


def test_a_village_notice_reaches_every_villager_as_its_registered_template(world, client, session, run_worker,
                                                                            settings, calling_back, operator, token_in,
                                                                            exotel_query):
    official_sms(client, "NOTICE MEETING 20-12 10:00 Panchayat office")
    run_worker(calling_back)
    notices = callbacks_answered(client, operator, token_in, exotel_query, session, "broadcast")
    assert {m.to_phone for m in notices} == VILLAGERS
    assert_delivered_or_lost(notices, token_in, exotel_query)
    forms = {m.to_phone: sent_form(operator, m) for m in notices}
    assert {phone: form["DltTemplateId"] for phone, form in forms.items()} == {
        m.to_phone: template_id(settings, m.text) for m in notices}
    assert {form["SmsType"] for form in forms.values()} == {"transactional"}
    assert operator.scrubbed_failures == []


def test_a_village_notice_keeps_its_date_and_the_link_to_its_place_in_the_values_the_operator_took(
        world, client, session, run_worker, settings, provider, operator, dlt_values):
    official_sms(client, "NOTICE MEETING 20-12 10:00 Panchayat office")
    run_worker(provider)
    accepted = [value for _tid, values in operator.accepted for value in values]
    # the place is the official's own words, in any script: no template slot takes it, the public page says it
    assert "http://dabbo.test/n/AMBA" in accepted
    dates = [v for v in alphanumeric_values(settings, operator) if v.startswith("20") and "10" in v[2:]]
    assert dates
    assert_values_of_the_level(alphanumeric_values(settings, operator), dlt_values)


@pytest.mark.parametrize("dlt_values,operator_reads", [("script", "spaces"), ("script", "strict"),
                                                       ("spaces", "strict")])
def test_an_operator_stricter_than_dlt_values_fails_the_notice_with_23185(world, client, session, run_worker,
                                                                          provider, fake_exotel, dlt_values,
                                                                          operator_reads):
    fake_exotel.scrub_values(operator_reads)
    official_sms(client, "NOTICE MEETING 20-12 10:00 Panchayat office")
    run_worker(provider)
    post_callbacks(client, fake_exotel)
    failed = [m for m in rows(session, "broadcast") if m.status == "failed"]
    assert failed and {m.last_error for m in failed} == {"23185 DLT_TEMPLATE_DOES_NOT_MATCH"}


# --------------------------------------------------------------------- a claim reminder

def reminder_day(api, clock, dispatch, run_worker, provider) -> None:
    """The goat seized on Monday 30-11 10:00; the dispatcher at 08:00 on Friday 04-12, three days
    before its claim deadline (07-12 10:00), writes the owner's reminder."""
    seize_goat(api)
    run_worker(provider)
    clock.set(datetime(2026, 12, 4, 2, 30, tzinfo=timezone.utc))
    dispatch()
    run_worker(provider)


def test_a_claim_reminder_reaches_the_owner_as_its_registered_template(api, world, client, session, clock, dispatch,
                                                                       run_worker, settings, calling_back, operator,
                                                                       token_in, exotel_query):
    reminder_day(api, clock, dispatch, run_worker, calling_back)
    reminders = [m for m in callbacks_answered(client, operator, token_in, exotel_query, session, "claim_reminder")
                 if m.to_phone == OWNER]
    assert_delivered_or_lost(reminders, token_in, exotel_query)
    [reminder] = reminders
    form = sent_form(operator, reminder)
    assert form["DltTemplateId"] == template_id(settings, reminder.text)
    assert (form["SmsType"], form["To"]) == ("transactional", OWNER)
    assert operator.scrubbed_failures == []


def test_a_claim_reminder_keeps_the_tag_the_sum_and_the_deadline_in_the_values_the_operator_took(
        api, world, client, session, clock, dispatch, run_worker, settings, provider, operator, dlt_values):
    reminder_day(api, clock, dispatch, run_worker, provider)
    [reminder] = [m for m in rows(session, "claim_reminder") if m.to_phone == OWNER]
    [values] = [values for tid, values in operator.accepted if tid == template_id(settings, reminder.text)
                and GOAT in values]
    # 30-11 to 04-12 is 5 local days: Rs 10 fee + 5 x Rs 10 + Rs 500 security = Rs 560; deadline 07-12 10:00.
    assert "560" in values
    [deadline] = [v for v in values if v not in (GOAT, "560")]
    assert deadline.startswith("7") and "10" in deadline
    assert_values_of_the_level([deadline], dlt_values)


# --------------------------------------------------------------------- a missed call answered by SMS

def missed_call(client, phone: str) -> None:
    """The missed-call flow's Passthru, at the path URL `exotel flow` prints."""
    query = {"CallSid": uuid.uuid4().hex, "CallFrom": "0" + phone[-10:], "CallTo": EXOTEL_CALLER_ID,
             "Direction": "incoming", "CallType": "call-attempt", "From": "0" + phone[-10:], "To": EXOTEL_CALLER_ID}
    assert client.get(f"/webhooks/exotel/t/{TOKEN}/missed-call", query_string=query).status_code == 200


def test_a_missed_call_is_answered_by_an_sms_of_a_registered_template(world, client, session, run_worker, settings,
                                                                      calling_back, operator, token_in, exotel_query,
                                                                      dlt_values):
    missed_call(client, OWNER)
    run_worker(calling_back)
    answers = [m for m in callbacks_answered(client, operator, token_in, exotel_query, session, "reply")
               if m.idempotency_key.startswith("missed:")]
    assert_delivered_or_lost(answers, token_in, exotel_query)
    [answer] = answers
    form = sent_form(operator, answer)
    assert (form["To"], form["DltTemplateId"]) == (OWNER, template_id(settings, answer.text))
    # the bullock the owner has held, in the values the operator took under that template id
    assert [values for tid, values in operator.accepted if "345678901234" in values and tid == form["DltTemplateId"]]
    assert operator.scrubbed_failures == []


@pytest.mark.parametrize("dlt_values,token_in,exotel_query", [("strict", "query", "rewritten")])
def test_exotel_check_names_the_status_callbacks_that_lost_their_query_token(app, world, client, session, run_worker,
                                                                             calling_back, operator):
    from dataclasses import replace

    app.extensions["dabbo"].settings = replace(app.extensions["dabbo"].settings, exotel_record="on")
    missed_call(client, OWNER)
    run_worker(calling_back)
    post_callbacks(client, operator)
    result = app.test_cli_runner().invoke(args=["exotel", "check"])
    assert result.exit_code == 1
    assert "requests came with no token (answered 403): Exotel dropped the configured query string" in result.output
    assert "status requests answered 403" in result.output
