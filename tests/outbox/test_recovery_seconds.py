"""Recovery in seconds: rows a dead worker left `sending` go back to the queue once no live
worker's heartbeat holds them (sms_gateway.hands) and their claim is GRACE (30 s) old, not after
SENDING_TIMEOUT (10 minutes); rows a slow but living worker holds are left alone; and after Redis
lost its contents the queued rows are enqueued again at once.

Real Redis, real PostgreSQL, `rq worker` with the Procfile's worker class, the fake Twilio."""
from __future__ import annotations

import time
from datetime import timedelta

import pytest
from sqlalchemy import select

from models.tables import OutboundMessage
from sms_gateway.worker import dispatcher, hands
from tests.outbox.test_outbox_crash import duplicates, live_worker, settings  # noqa: F401 (fixtures)
from tests.outbox.test_outbox_faults import real_time, requests_to, statuses, wait_for, write  # noqa: F401

def claimed_at(app, ids):
    """When the rows still `sending` were claimed (their updated_at); else the rows' latest change."""
    with app.extensions["dabbo"].sessions() as check:
        rows = check.execute(select(OutboundMessage.status, OutboundMessage.updated_at)
                             .where(OutboundMessage.id.in_(ids))).all()
    return max(at for status, at in rows if status == "sending") if any(s == "sending" for s, _ in rows) \
        else max(at for _, at in rows)


def no_heartbeat_left(app) -> bool:
    client = app.extensions["dabbo"].redis
    return not [k for k in client.scan_iter(f"{hands.KEY_PREFIX}*") if k != hands.EPOCH_KEY.encode()]


@pytest.mark.slow
def test_rows_of_a_killed_worker_are_sent_again_within_a_minute_not_ten(
        app, session, real_time, fake_twilio, live_worker, run_worker):
    runtime = app.extensions["dabbo"]
    hands.held_ids(runtime.redis)  # the epoch marker, as a running deployment has it
    fake_twilio.set_delay(0.05)
    phones = [f"+91982506{n:04d}" for n in range(40)]
    ids = write(session, real_time, phones)
    worker = live_worker()
    assert wait_for(lambda: len(fake_twilio.requests) >= 12)
    worker.kill()  # SIGKILL: it never says goodbye; its heartbeat simply stops
    worker.wait()
    time.sleep(0.3)
    fake_twilio.set_delay(0)
    assert wait_for(lambda: no_heartbeat_left(app), hands.TTL_S + 5)
    runtime.redis.set(hands.EPOCH_KEY, repr(time.time() - hands.SETTLE_S - 1))

    stuck = [s for s, _ in statuses(app, ids)].count("sending")
    assert stuck > 0
    claimed = claimed_at(app, ids)
    real_time.set(claimed + hands.GRACE - timedelta(seconds=1))
    assert dispatcher.recover(runtime).startswith("0 re-driven")  # within the grace: not yet
    real_time.set(claimed + hands.GRACE + timedelta(seconds=1))
    assert dispatcher.recover(runtime).startswith(f"{stuck} re-driven")  # 31 s after the claim, not 10 minutes
    run_worker()

    assert {s for s, _ in statuses(app, ids)} == {"sent"}
    assert duplicates(fake_twilio, phones) <= 1


@pytest.mark.slow
def test_rows_a_slow_living_worker_holds_are_not_taken_from_it(app, session, real_time, fake_twilio, live_worker):
    runtime = app.extensions["dabbo"]
    runtime.redis.set(hands.EPOCH_KEY, repr(time.time() - hands.SETTLE_S - 1))
    fake_twilio.set_delay(0.5)  # a slow provider
    phones = [f"+91982507{n:04d}" for n in range(20)]
    ids = write(session, real_time, phones)
    live_worker()
    assert wait_for(lambda: len(fake_twilio.requests) >= 2)
    real_time.set(claimed_at(app, ids) + timedelta(minutes=5))  # long past the grace
    assert dispatcher.recover(runtime).startswith("0 re-driven")
    fake_twilio.set_delay(0)
    assert wait_for(lambda: {s for s, _ in statuses(app, ids)} == {"sent"}, 30)
    assert duplicates(fake_twilio, phones) == 0


def test_after_redis_lost_its_contents_queued_rows_are_enqueued_at_once(app, session, real_time, run_worker,
                                                                         fake_twilio):
    runtime = app.extensions["dabbo"]
    hands.held_ids(runtime.redis)
    ids = write(session, real_time, [f"+91982508{n:04d}" for n in range(5)])
    runtime.redis.flushdb()  # restarted without persistence: the job and the marker are gone
    assert dispatcher.recover(runtime) == "0 re-driven, 5 re-enqueued, 0 after the database's return"
    run_worker()
    assert {s for s, _ in statuses(app, ids)} == {"sent"}
