"""A missed call is a lever a prankster can pull: each answer is an SMS or a paid call. Only
numbers this deployment serves are answered (its villages' country, mobile or fixed line), at
most MISSED_CALL_BUDGET answers an hour in all (past it the administrator is alerted and the
callers wait for the next hour), call backs end after a time limit, and a missed call that
arrives while the database is down is parked and answered when it is back."""
from __future__ import annotations

import logging
import uuid
from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import select

from models.db import make_engine, make_sessionmaker
from models.tables import InboundMessage, OutboundMessage
from sms_gateway.worker import missed_calls
from sms_gateway.providers.registry import get_provider
from tests.voice.test_missed_calls import answer_by, answers, exotel_missed_call, twilio_missed_call

JOHN = "+919825000006"


@pytest.fixture
def settings(settings, exotel_settings):
    from tests.voice.test_missed_calls import TOKEN
    return replace(settings, **{name: getattr(exotel_settings, name) for name in (
        "sms_provider", "exotel_sid", "exotel_api_key", "exotel_api_token", "exotel_from", "exotel_caller_id",
        "exotel_flow_url", "exotel_api_base", "dlt_entity_id")}, exotel_webhook_token=TOKEN)


def budget(app, per_hour: int) -> None:
    runtime = app.extensions["dabbo"]
    runtime.settings = replace(runtime.settings, missed_call_budget=per_hour)


def outcome(session, phone: str) -> str | None:
    session.expire_all()
    return session.scalars(select(InboundMessage.outcome).where(InboundMessage.phone == phone)
                           .order_by(InboundMessage.id.desc())).first()


@pytest.mark.parametrize("caller", ["+449012345678", "+19005551234", "+911800123456", "+9118605001234",
                                    "+442079460000", "+14155550123"],
                         ids=["uk-premium", "us-premium", "in-toll-free", "in-shared-cost", "uk-landline", "us-mobile"])
def test_a_missed_call_from_a_number_this_deployment_does_not_serve_is_not_answered(world, app, client, session,
                                                                                    caller):
    answer_by(app, "call")
    response = twilio_missed_call(client, app.extensions["dabbo"].settings, caller)
    assert response.status_code == 200 and b"<Reject" in response.get_data()
    assert answers(session, caller) == []
    assert outcome(session, caller) == "not_served"


@pytest.mark.parametrize("caller", ["+919825012345", "+917940000000"], ids=["mobile", "fixed-line"])
def test_indian_mobiles_and_fixed_lines_are_answered(world, client, session, caller):
    exotel_missed_call(client, caller)
    assert len(answers(session, caller)) == 1


def test_past_the_hours_budget_the_administrator_is_alerted_and_callers_wait_for_the_next_hour(
        world, app, client, session, clock, dispatch, caplog):
    budget(app, 3)
    clock.set(clock().replace(minute=5))
    callers = [f"+9198250{i:05d}" for i in range(40, 45)]
    with caplog.at_level(logging.ERROR, logger="dabbo.missed_calls"):
        for caller in callers:
            exotel_missed_call(client, caller)
    assert [len(answers(session, c)) for c in callers] == [1, 1, 1, 0, 0]
    assert [outcome(session, c) for c in callers[3:]] == ["waiting", "waiting"]
    assert [r.message for r in caplog.records if "MISSED_CALL_BUDGET" in r.message] != []
    assert len([r for r in caplog.records if "MISSED_CALL_BUDGET" in r.message]) == 1
    dispatch()  # the same hour: still spent
    assert [len(answers(session, c)) for c in callers[3:]] == [0, 0]
    clock.set(clock() + timedelta(hours=1))
    dispatch()
    assert [len(answers(session, c)) for c in callers[3:]] == [1, 1]


def test_six_hundred_missed_calls_from_two_hundred_numbers_cost_at_most_the_budget(world, app, client, session):
    budget(app, 50)
    callers = [f"+9198251{i:05d}" for i in range(200)]
    for n in range(600):
        exotel_missed_call(client, callers[n % 200])
    session.expire_all()
    written = session.scalars(select(OutboundMessage.id).where(OutboundMessage.idempotency_key.startswith("missed:")))
    assert len(written.all()) == 50


def test_a_twilio_call_back_carries_a_time_limit(world, app, client, session, run_worker, twilio_settings,
                                                 fake_twilio):
    answer_by(app, "call")
    twilio_missed_call(client, app.extensions["dabbo"].settings, JOHN)
    run_worker(get_provider(twilio_settings))
    [call] = [r for r in fake_twilio.requests if r.path.endswith("/Calls.json")]
    assert call.form["TimeLimit"] == "600"


def test_a_missed_call_while_the_database_is_down_is_parked_and_answered_when_it_is_back(
        world, app, client, session, dispatch):
    runtime = app.extensions["dabbo"]
    working = runtime.sessions
    runtime.sessions = make_sessionmaker(make_engine("postgresql+psycopg://postgres@127.0.0.1:1/none"))
    try:
        sid = f"CA{uuid.uuid4().hex}"
        response = twilio_missed_call(client, runtime.settings, JOHN, call_sid=sid)
        exotel = exotel_missed_call(client, "+919825000004")
    finally:
        runtime.sessions = working
    assert response.status_code == 200 and b"<Reject" in response.get_data()
    assert exotel.status_code == 200
    assert runtime.redis.llen(missed_calls.PARKED_KEY) == 2
    assert "2 missed calls answered late" in dispatch()
    assert len(answers(session, JOHN)) == 1 and len(answers(session, "+919825000004")) == 1
    assert runtime.redis.llen(missed_calls.PARKED_KEY) == 0
