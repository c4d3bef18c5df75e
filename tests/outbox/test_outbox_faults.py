"""Nothing lost, nothing twice (SPEC section 7): Redis flushed or down, a worker
SIGKILLed in the middle of a send. Real Redis, real PostgreSQL, the real
Twilio SDK against the fake Twilio, and a real forking `rq worker` process
(the `--worker-class` the Procfile names).

The worker process reads the real clock, so these tests set the test clock to
real time and write `reply` rows (answers asked for: quiet hours never hold
them back, whatever the hour the suite runs at).
"""
from __future__ import annotations

import os
import signal
import subprocess
import time
import uuid
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest
from rq import Queue
from rq.cron import CronScheduler
from sqlalchemy import select

from handlers.outbox import queue_message
from models.tables import OutboundMessage
from sms_gateway.worker import dispatcher
from sms_gateway.worker import jobs
from sms_gateway.worker import queues
from tests.fakes.fixtures import TWILIO_FROM
from tests.support import rq_workers

PHONES = ["+919825022201", "+919825022202", "+919825022203"]


@pytest.fixture
def settings(settings, fake_twilio):
    return replace(settings, sms_provider="twilio", twilio_account_sid=fake_twilio.account_sid,
                   twilio_auth_token=fake_twilio.auth_token, twilio_from=TWILIO_FROM,
                   twilio_api_base=fake_twilio.base_url)


@pytest.fixture
def real_time(clock):
    clock.set(datetime.now(timezone.utc).replace(microsecond=0))
    return clock


@pytest.fixture
def worker_process(settings):
    """Start `rq worker` with the Procfile's worker class, in burst mode."""
    with rq_workers(settings, burst=True) as start:
        yield start


def write(session, clock, phones=PHONES[:1]) -> list[int]:
    """Rows written and committed in one transaction (so enqueued as one job)."""
    rows = [queue_message(session, to_phone=phone, text=f"Reply to {phone}", language="en", kind="reply",
                          idempotency_key=f"test:{uuid.uuid4().hex}", now=clock()) for phone in phones]
    session.commit()
    return [r.id for r in rows]


def statuses(app, ids) -> list[tuple[str, int]]:
    with app.extensions["dabbo"].sessions() as session:
        return [(m.status, m.attempts) for m in session.scalars(
            select(OutboundMessage).where(OutboundMessage.id.in_(ids)).order_by(OutboundMessage.id))]


def wait_for(condition, seconds=15.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def requests_to(fake, phone) -> int:
    return sum(1 for r in fake.requests if r.form and r.form.get("To") == phone)


@pytest.mark.slow
def test_redis_flushed_after_enqueue_the_dispatcher_redrives_and_it_is_sent_once(app, session, real_time, dispatch,
                                                                                   fake_twilio, worker_process):
    from sms_gateway.worker import hands

    hands.held_ids(app.extensions["dabbo"].redis)  # the epoch marker a running deployment has in Redis
    ids = write(session, real_time)
    app.extensions["dabbo"].redis.flushdb()  # Redis restarted without persistence: the job is gone

    # The first tick after it sees that Redis lost its contents and enqueues the row again at
    # once, not after QUEUED_TIMEOUT (5 minutes) as it used to.
    assert "recovered 0 re-driven, 1 re-enqueued" in dispatch()
    assert worker_process().wait(timeout=60) == 0

    assert statuses(app, ids) == [("sent", 1)]
    assert len(fake_twilio.requests) == 1


@pytest.mark.slow
def test_a_worker_killed_mid_send_is_redriven_after_the_stuck_timeout(app, session, real_time, dispatch,
                                                                      fake_twilio, worker_process):
    fake_twilio.set_delay(2.0)  # the provider holds the first send
    ids = write(session, real_time, PHONES)  # one job, three rows
    worker = worker_process()
    assert wait_for(lambda: [s for s, _ in statuses(app, ids)] == ["sending"] * 3)
    time.sleep(0.3)  # the first request is on the wire
    horses = subprocess.run(["pgrep", "-P", str(worker.pid)], capture_output=True, text=True).stdout.split()
    for pid in horses:
        os.kill(int(pid), signal.SIGKILL)
    worker.kill()
    worker.wait()
    fake_twilio.set_delay(0)
    assert wait_for(lambda: len(fake_twilio.requests) == 1)  # the held request completes at the provider

    with app.extensions["dabbo"].sessions() as check:
        claimed_at = max(check.scalars(select(OutboundMessage.updated_at).where(OutboundMessage.id.in_(ids))))
    real_time.set(claimed_at + dispatcher.SENDING_TIMEOUT - timedelta(seconds=1))
    assert ", 0 re-driven" in dispatch()
    real_time.set(claimed_at + dispatcher.SENDING_TIMEOUT)
    assert ", 3 re-driven" in dispatch()
    assert worker_process().wait(timeout=60) == 0

    assert statuses(app, ids) == [("sent", 2)] * 3
    # The at-least-once window: the first message was at the provider when the
    # worker died, so it went twice; the two never handed over went once.
    assert [requests_to(fake_twilio, phone) for phone in PHONES] == [2, 1, 1]


@pytest.mark.slow
def test_a_real_worker_sends_a_batch_and_exits(app, session, real_time, fake_twilio, worker_process):
    ids = write(session, real_time, PHONES)
    assert worker_process().wait(timeout=60) == 0
    assert statuses(app, ids) == [("sent", 1)] * 3
    assert sorted(r.form["To"] for r in fake_twilio.requests) == PHONES


def test_a_commit_while_redis_is_down_answers_fast_and_the_dispatcher_sends_later(app, session, clock, dispatch,
                                                                                  run_worker, fake_twilio,
                                                                                  app_redis_down):
    with app_redis_down():
        started = time.monotonic()
        ids = write(session, clock)  # the after-commit enqueue fails quietly
        assert time.monotonic() - started < 1.0
        assert "0 enqueued" in dispatch()
    assert run_worker() == 0

    clock.set(clock() + queues.QUEUED_TIMEOUT)
    dispatch()
    run_worker()

    assert statuses(app, ids) == [("sent", 1)]
    assert len(fake_twilio.requests) == 1


def test_enqueue_messages_never_raises_when_redis_is_down(app, app_redis_down):
    with app_redis_down():
        assert queues.enqueue_messages(app.extensions["dabbo"], [1, 2, 3]) == 0


def test_a_broadcast_batch_is_one_job_per_thousand_rows(app):
    runtime = app.extensions["dabbo"]
    queues.enqueue_messages(runtime, range(1, 2401))
    batches = [job.args[0] for job in Queue(queues.QUEUE, connection=runtime.redis).jobs]
    assert [len(b) for b in batches] == [1000, 1000, 400]


def test_the_cron_config_registers_one_dispatcher_tick_a_minute_and_a_recovery_check_every_15_s(app):
    scheduler = CronScheduler(connection=app.extensions["dabbo"].redis)
    scheduler.load_config_from_file("sms_gateway.worker.cron_config")
    tick, recover = scheduler.get_jobs()
    assert (tick.func, tick.queue_name, tick.cron) == (jobs.dispatch_tick, "outbox", "* * * * *")
    assert (recover.func, recover.queue_name, recover.interval) == (jobs.recover, "outbox", 15)


def test_the_tick_job_runs_on_the_worker(app, run_worker):
    queue = Queue(queues.QUEUE, connection=app.extensions["dabbo"].redis)
    job = queue.enqueue(jobs.dispatch_tick)
    run_worker()
    job.refresh()
    assert job.return_value().startswith("tick ")


def test_flask_dispatch_runs_one_tick(app):
    result = app.test_cli_runner().invoke(args=["dispatch"])
    assert result.exit_code == 0
    assert result.output.startswith("tick ") and "enqueued" in result.output
