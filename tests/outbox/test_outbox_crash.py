"""A, B, I, K: never twice beyond the one request on the wire, and
never late, with a real worker process.

A worker killed mid-batch, or a job that hits RQ's time limit, re-sends at
most the one provider request that was on the wire; rows the dispatcher
re-drives are claimed at once; and every outbox row an SMS, USSD or API
action writes is sent by a worker that is already running (not `--burst`
after the fact) within seconds, many times in a row.

Real Redis, real PostgreSQL, the real Twilio SDK against the fake Twilio, and
`rq worker` with the Procfile's worker class. The worker reads the real clock,
so these tests run the app on real time with no quiet hours.
"""
from __future__ import annotations

import time
import uuid
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import event, func, select

from handlers.outbox import queue_message
from models.tables import OutboundMessage
from sms_gateway.worker import dispatcher
from sms_gateway.worker import jobs
from sms_gateway.worker import queues
from tests.conftest import ADMIN_TOKEN, TwilioSms, UssdDialler
from tests.fakes.fixtures import TWILIO_FROM
from tests.support import rq_workers
from tests.outbox.test_outbox_faults import real_time, requests_to, statuses, wait_for, write  # noqa: F401 (real_time)

KEEPER, OFFICIAL, OWNER = "+919825000001", "+919825000003", "+919825000006"
# Generous beside the 5-minute re-drive a late row used to wait: a row not
# sent in this long has been left behind.
WITHIN_S = 10.0


@pytest.fixture
def settings(settings, fake_twilio):
    return replace(settings, sms_provider="twilio", twilio_account_sid=fake_twilio.account_sid,
                   twilio_auth_token=fake_twilio.auth_token, twilio_from=TWILIO_FROM,
                   twilio_api_base=fake_twilio.base_url, quiet_hours=(0, 0))


@pytest.fixture
def live_worker(settings):
    """`rq worker` as the Procfile runs it: started, left running."""
    with rq_workers(settings, burst=False) as start:
        yield start


def redrive(app, ids, real_time, dispatch, run_worker) -> None:
    """What follows a dead worker: the dispatcher re-drives the rows it left
    `sending` once SENDING_TIMEOUT has passed, and a worker sends them."""
    with app.extensions["dabbo"].sessions() as check:
        claimed_at = max(check.scalars(select(OutboundMessage.updated_at).where(OutboundMessage.id.in_(ids))))
    real_time.set(claimed_at + dispatcher.SENDING_TIMEOUT)
    dispatch()
    run_worker()


def duplicates(fake, phones) -> int:
    return sum(max(0, requests_to(fake, phone) - 1) for phone in phones)


# --- A: a worker killed mid-batch -----------------------------------------------------------


@pytest.mark.slow
def test_a_worker_killed_mid_batch_resends_at_most_the_request_on_the_wire(
        app, session, real_time, dispatch, fake_twilio, live_worker, run_worker):
    fake_twilio.set_delay(0.05)  # a slow provider: one message at a time, 50 ms each
    phones = [f"+91982504{n:04d}" for n in range(40)]
    ids = write(session, real_time, phones)  # one transaction, one job
    worker = live_worker()
    assert wait_for(lambda: len(fake_twilio.requests) >= 12)
    worker.kill()  # SIGKILL: no clean-up of any kind
    worker.wait()
    time.sleep(0.3)  # the request on the wire lands at the provider
    fake_twilio.set_delay(0)
    accepted = len(fake_twilio.requests)
    assert [s for s, _ in statuses(app, ids)].count("sent") >= accepted - 1  # written as each was accepted

    redrive(app, ids, real_time, dispatch, run_worker)

    assert {s for s, _ in statuses(app, ids)} == {"sent"}
    assert duplicates(fake_twilio, phones) <= 1


# --- B: RQ's time limit ---------------------------------------------------------------------


def test_a_job_timeout_keeps_what_was_accepted_and_requeues_only_the_rest(app, session, real_time, fake_twilio,
                                                                        run_worker):
    phones = [f"+91982505{n:04d}" for n in range(8)]
    ids = write(session, real_time, phones)
    queue = queues.outbox_queue(app.extensions["dabbo"].redis)
    queue.empty()  # the job the commit enqueued, replaced by one with a 2 s limit
    queue.enqueue(jobs.send_batch, args=(ids,), job_timeout=2)
    fake_twilio.hang_once_after(5, 3.0)  # the 6th request stalls past the job's limit

    run_worker()  # the job times out; its unsent rows go back and a new job sends them
    assert wait_for(lambda: len(fake_twilio.requests) == 9)  # the stalled one lands late

    assert statuses(app, ids) == [("sent", 1)] * 5 + [("sent", 2)] + [("sent", 2)] * 2
    assert [requests_to(fake_twilio, phone) for phone in phones] == [1] * 5 + [2] + [1] * 2


def test_the_job_time_limit_follows_from_the_batch_and_the_providers_timeout(app):
    assert queues.job_timeout("twilio", 1) == 10 + 10 + 30
    assert queues.job_timeout("twilio", 1000) == queues.SEND_BUDGET_S + 10 + 30
    assert queues.job_timeout("africastalking", 1000) == int(queues.SEND_BUDGET_S + 33.05 + 30)
    assert queues.job_timeout("africastalking", 1000) < dispatcher.SENDING_TIMEOUT.total_seconds()
    queues.enqueue_messages(app.extensions["dabbo"], [1])
    [job] = queues.outbox_queue(app.extensions["dabbo"].redis).jobs
    assert job.timeout == queues.job_timeout("twilio", 1)


# --- I: re-driven rows -------------------------------------------------------------------------


@pytest.mark.slow
def test_rows_the_dispatcher_enqueues_are_sent_at_once_by_a_running_worker(
        app, session, real_time, dispatch, fake_twilio, live_worker):
    """Dated rows (a notice for later, a retry, a deferral) reach RQ through
    the dispatcher; a worker already waiting must not find them still locked
    by the dispatcher's transaction (SKIP LOCKED) and leave them 5 minutes.
    Each goes exactly once: the next tick, with the worker still running,
    sends none of them again."""
    worker = live_worker()
    for round_ in range(5):
        due = datetime.now(timezone.utc) + timedelta(seconds=1)
        phones = [f"+91982506{round_}{n:03d}" for n in range(60)]
        rows = [queue_message(session, to_phone=phone, text="Dated notice", language="en",
                              kind="reply", idempotency_key=f"test:{uuid.uuid4().hex}", now=real_time(),
                              send_after=due) for phone in phones]
        session.commit()  # not due yet: nothing enqueued
        ids = [row.id for row in rows]
        time.sleep(max(0.0, (due - datetime.now(timezone.utc)).total_seconds()) + 0.05)
        real_time.set(datetime.now(timezone.utc))
        assert f"{len(ids)} enqueued" in dispatch()
        assert wait_for(lambda: {s for s, _ in statuses(app, ids)} == {"sent"}, WITHIN_S), (round_, statuses(app, ids)[:3])
        assert "0 enqueued" in dispatch()
        time.sleep(0.5)   # time enough for a wrongly enqueued job to reach the running worker
        assert [requests_to(fake_twilio, phone) for phone in phones] == [1] * len(phones), round_
    assert worker.poll() is None


# --- K: every notice, at once -------------------------------------------------------------------


def new_rows(app, after_id: int) -> list[int]:
    with app.extensions["dabbo"].sessions() as check:
        return list(check.scalars(select(OutboundMessage.id).where(OutboundMessage.id > after_id)))


def last_id(app) -> int:
    with app.extensions["dabbo"].sessions() as check:
        return check.scalar(select(func.coalesce(func.max(OutboundMessage.id), 0)))


def sent_within(app, action) -> list[int]:
    """Do `action`; every outbox row it wrote is sent within WITHIN_S."""
    before = last_id(app)
    response = action()
    ids = new_rows(app, before)
    assert ids, ("the action wrote no outbox row", getattr(response, "reply", None) or response.get_data(as_text=True))
    assert wait_for(lambda: {s for s, _ in statuses(app, ids)} <= {"sent", "delivered"}, WITHIN_S), \
        statuses(app, ids)
    return ids


@pytest.mark.slow
def test_every_receipt_and_notice_is_sent_within_seconds_by_a_running_worker(app, client, session, real_time,
                                                                            live_worker, settings):
    """SEIZE (the owner's alert), RELEASE (the receipt), NOTICE (a broadcast),
    a USSD seizure and an API impoundment, each run inside a savepoint
    (`begin_nested`), ten rounds in a row, against a worker already running."""
    from sms_gateway import demo

    demo.load(session, real_time())
    session.commit()
    # A COMMIT that takes a moment (fsync under load): a job enqueued before
    # it (at the savepoint's commit) would reach the worker first, every time.
    event.listen(app.extensions["dabbo"].sessions, "before_commit", _slow_outermost_commit)
    worker = live_worker()
    sms, ussd = TwilioSms(client, settings), UssdDialler(client)
    headers = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    for round_ in range(10):
        tag, other, third = f"81818181{round_:04d}", f"82828282{round_:04d}", f"83838383{round_:04d}"
        for registered in (tag, other, third):
            assert client.post(f"/api/v1/people/{OWNER}/animals", json={"tag": registered, "kind": "cow"},
                               headers=headers).status_code == 201
        sent_within(app, lambda: sms(KEEPER, f"SEIZE {tag} cow"))
        sent_within(app, lambda: sms(KEEPER, f"RELEASE {tag}"))
        sent_within(app, lambda: ussd(KEEPER, "1", other, "1", "1"))
        sent_within(app, lambda: sms(OFFICIAL, f"NOTICE Gram sabha meeting {round_} at the panchayat"))
        sent_within(app, lambda: client.post("/api/v1/impoundments", headers=headers, json={
            "pound": "BHAV-1", "kind": "cow", "tag": third}))
        real_time.set(datetime.now(timezone.utc).replace(microsecond=0))
    assert worker.poll() is None


def _slow_outermost_commit(session) -> None:
    if not session.in_nested_transaction():
        time.sleep(0.2)


def test_an_adapter_that_cannot_report_each_request_is_written_at_the_end_of_its_batch(app, session, real_time):
    """A provider module written without `on_request` still works."""
    from sms_gateway.providers.base import SENT, SendResult

    class OldAdapter:
        name = "console"

        def send_many(self, messages):
            return [SendResult(m.ref, SENT, provider_id=f"old-{m.ref}") for m in messages]

    ids = write(session, real_time, ["+919825070001", "+919825070002"])
    summary = jobs.deliver(app.extensions["dabbo"], OldAdapter(), ids)
    assert summary.startswith("sent 2,")
    assert statuses(app, ids) == [("sent", 1)] * 2
