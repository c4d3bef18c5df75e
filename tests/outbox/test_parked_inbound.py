"""An Africa's Talking SMS that arrives while PostgreSQL is down is not lost:
it is parked in Redis and answered by the next dispatcher tick."""
from __future__ import annotations

from tests.conftest import AT_TOKEN
from models.db import make_engine, make_sessionmaker
from sms_gateway.worker import parked

FORM = {"from": "+919825000004", "to": "12345", "text": "FEES 123456789012", "date": "2026-11-30 10:00:00",
        "id": "ATXid_parked_1", "linkId": "link-1"}


def post_while_database_is_down(app, client):
    runtime = app.extensions["dabbo"]
    working = runtime.sessions
    runtime.sessions = make_sessionmaker(make_engine("postgresql+psycopg://postgres@127.0.0.1:1/none"))
    try:
        return client.post(f"/webhooks/africastalking/sms?token={AT_TOKEN}", data=FORM)
    finally:
        runtime.sessions = working


def test_sms_during_a_database_outage_is_answered_200_and_parked(app, client, world):
    response = post_while_database_is_down(app, client)
    assert response.status_code == 200
    assert app.extensions["dabbo"].redis.llen(parked.KEY) == 1


def test_parked_sms_is_answered_by_the_next_tick(app, client, world, send_at, dispatch):
    post_while_database_is_down(app, client)
    summary = dispatch()
    assert "1 parked SMS answered" in summary
    # Cow seized a day ago in AMBA: the FEES reply in the owner's language (gu) is in the outbox.
    assert "123456789012" in send_at.reply("ATXid_parked_1")
    assert app.extensions["dabbo"].redis.llen(parked.KEY) == 0


def test_a_parked_sms_replayed_twice_is_answered_once(app, client, world, send_at, dispatch, session):
    from sqlalchemy import func, select

    from models.tables import OutboundMessage

    post_while_database_is_down(app, client)
    post_while_database_is_down(app, client)  # the gateway retried the same id
    dispatch()
    replies = session.scalar(select(func.count()).select_from(OutboundMessage).where(
        OutboundMessage.idempotency_key == "reply:africastalking:ATXid_parked_1"))
    assert replies == 1


def test_a_parked_seize_is_recorded_at_the_time_it_arrived_not_when_it_was_replayed(
        app, client, world, dispatch, clock, session):
    """J: parked at 14:05:42, replayed at 14:07:15: seized at 14:05:42,
    and the claim deadline runs seven days from then."""
    from datetime import datetime, timedelta, timezone

    from models import queries

    arrived = datetime(2026, 11, 30, 8, 35, 42, tzinfo=timezone.utc)  # 14:05:42 IST
    clock.set(arrived)
    runtime = app.extensions["dabbo"]
    working = runtime.sessions
    runtime.sessions = make_sessionmaker(make_engine("postgresql+psycopg://postgres@127.0.0.1:1/none"))
    try:
        client.post(f"/webhooks/africastalking/sms?token={AT_TOKEN}",
                    data={**FORM, "from": "+919825000001", "text": "SEIZE 616161616161 cow", "id": "ATX-parked-seize"})
    finally:
        runtime.sessions = working
    clock.set(arrived + timedelta(minutes=1, seconds=33))  # 14:07:15 IST
    dispatch()
    impoundment = queries.impoundment_by_tag(session, "616161616161")
    assert impoundment.seized_at == arrived
    assert impoundment.claim_deadline == arrived + timedelta(days=7)
