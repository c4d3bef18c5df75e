"""Redis down, Redis back, Redis flushed: webhooks keep answering,
replies wait in the outbox, `/readyz` says not ready, and once Redis is back
everything is sent, once.

These tests stop and start Redis, so they run a PRIVATE `redis-server` on a
free port (no disk, no persistence, like many deployments); the shared Redis
on 6379 is never touched.
"""
from __future__ import annotations

import shutil
import time
from collections import Counter
from dataclasses import replace

import pytest
import redis
from sqlalchemy import select

from models.tables import OutboundMessage
from sms_gateway.worker import queues
from sms_gateway.providers.registry import get_provider
from tests.support import PrivateRedis

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server")

OWNER_EN, OWNER_GU, KEEPER = "+919825000006", "+919825000004", "+919825000001"
STRANGER = "+919898012345"


@pytest.fixture
def private_redis():
    server = PrivateRedis()
    server.start()
    yield server
    server.kill()


@pytest.fixture
def settings(settings, private_redis):
    return replace(settings, redis_url=private_redis.url)


@pytest.fixture
def provider(twilio_settings):
    """The production Twilio adapter against the fake Twilio: every send is counted."""
    return get_provider(twilio_settings)


def outbox(app) -> list[tuple[int, str, str]]:
    with app.extensions["dabbo"].sessions() as session:
        return [(m.id, m.to_phone, m.status) for m in session.scalars(select(OutboundMessage).order_by(OutboundMessage.id))]


def sends_per_phone(fake) -> Counter:
    return Counter(r.form["To"] for r in fake.requests if r.form and "To" in r.form)


def timed(call):
    started = time.monotonic()
    result = call()
    return result, time.monotonic() - started


@pytest.mark.slow
def test_with_redis_down_everything_answers_and_is_sent_once_when_it_is_back(
        world, app, client, clock, private_redis, send_twilio, send_at, ussd, dispatch, run_worker, provider,
        fake_twilio):
    dispatch()
    run_worker(provider)  # the demo's own alerts and today's notices go out first
    fake_twilio.reset()
    sent_before = {id_ for id_, _, status in outbox(app) if status == "sent"}

    private_redis.kill()

    ready = client.get("/readyz")
    assert ready.status_code == 503
    assert ready.get_json()["status"] == "not ready" and ready.get_json()["redis"].startswith("down")
    answer, seconds = timed(lambda: send_twilio(OWNER_EN, "FEES 345678901234"))
    assert answer.status_code == 200 and answer.reply.startswith("Tag 345678901234")
    assert seconds < 1.0
    assert send_at(OWNER_GU, "123456789012").status_code == 200  # reply goes to the outbox
    assert send_at(STRANGER, "HELP").status_code == 200
    assert send_twilio(KEEPER, "SEIZE 123456789013 buffalo").reply  # alerts the registered owner
    screen, seconds = timed(lambda: ussd(OWNER_EN, "1", "345678901234"))
    assert screen.startswith("END ") and seconds < 3.0  # two steps, each well inside 1 s
    assert dispatch().endswith("0 enqueued")  # the dispatcher survives Redis down (and writes due notices)
    waiting = [row for row in outbox(app) if row[0] not in sent_before]
    assert len(waiting) >= 3 and all(status == "queued" for _, _, status in waiting)

    private_redis.start()  # back, and empty
    assert client.get("/readyz").status_code == 200
    # The first tick sees that Redis lost its contents (dispatcher.recover) and enqueues the rows
    # whose jobs went with it at once, not after QUEUED_TIMEOUT.
    assert f"recovered 0 re-driven, {len(waiting)} re-enqueued" in dispatch()
    run_worker(provider)
    dispatch()
    run_worker(provider)  # a second pass sends nothing again

    statuses = {id_: status for id_, _, status in outbox(app)}
    assert {statuses[id_] for id_, _, _ in waiting} == {"sent"}
    expected = Counter(phone for _, phone, _ in waiting)
    assert sends_per_phone(fake_twilio) == expected  # each once


@pytest.mark.slow
def test_redis_flushed_under_traffic_loses_no_reply_and_sends_none_twice(
        world, app, clock, private_redis, send_at, dispatch, run_worker, provider, fake_twilio):
    clock.set(clock() + queues.QUEUED_TIMEOUT)
    dispatch()
    run_worker(provider)  # the demo's own alerts and today's notices go out first
    fake_twilio.reset()
    phones = [f"+91982503{n:04d}" for n in range(12)]
    for phone in phones[:6]:
        send_at(phone, "HELP")
    run_worker(provider)  # half are sent before the flush...
    for phone in phones[6:]:
        send_at(phone, "AUCTIONS")
    redis.Redis.from_url(private_redis.url).flushdb()  # ...the other half's jobs are lost

    run_worker(provider)
    assert sends_per_phone(fake_twilio) == Counter(phones[:6])
    clock.set(clock() + queues.QUEUED_TIMEOUT)
    dispatch()
    run_worker(provider)
    assert sends_per_phone(fake_twilio) == Counter(phones)  # every reply, once


def test_readyz_is_ready_only_when_both_redis_and_the_database_answer(app, client, private_redis):
    assert client.get("/readyz").get_json() == {"status": "ready", "database": "ok", "redis": "ok"}
    private_redis.kill()
    body = client.get("/readyz").get_json()
    assert (body["status"], body["database"]) == ("not ready", "ok")


def test_the_rate_limit_fails_open_while_redis_is_down(world, private_redis, send_twilio):
    private_redis.kill()
    replies = [send_twilio(OWNER_EN, "HELP").reply for _ in range(25)]
    assert all(reply.startswith("Dabbo: send") for reply in replies)


def test_a_flush_resets_the_rate_limit_window(world, private_redis, send_twilio):
    for _ in range(21):
        send_twilio(OWNER_EN, "HELP")
    assert send_twilio(OWNER_EN, "HELP").reply == ""
    redis.Redis.from_url(private_redis.url).flushdb()
    assert send_twilio(OWNER_EN, "HELP").reply.startswith("Dabbo: send")
