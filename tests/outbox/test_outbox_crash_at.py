"""for Africa's Talking: one request carries up to 1,000
recipients of one text, so what may go twice after a crash is the one
request on the wire, never the requests answered before it."""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace

import pytest
from tests.outbox.test_outbox_crash import live_worker, real_time, redrive  # noqa: F401 (fixtures)
from tests.outbox.test_outbox_faults import statuses, wait_for

GROUP = 10


@pytest.fixture
def settings(settings, fake_at):
    return replace(settings, sms_provider="africastalking", at_username=fake_at.username,
                   at_api_key=fake_at.api_key, at_api_base=fake_at.base_url, at_sender_id=None,
                   quiet_hours=(0, 0))


def write_groups(session, clock) -> tuple[list[int], list[str]]:
    """Three texts, ten recipients each, in one transaction (one job, three requests)."""
    import uuid

    from handlers.outbox import queue_message

    rows, phones = [], []
    for group in range(3):
        for n in range(GROUP):
            phone = f"+9198250{group}{n:04d}"
            phones.append(phone)
            rows.append(queue_message(session, to_phone=phone, text=f"Notice number {group}", language="en",
                                      kind="reply", idempotency_key=f"test:{uuid.uuid4().hex}", now=clock()))
    session.commit()
    return [row.id for row in rows], phones


@pytest.mark.slow
def test_a_worker_killed_mid_batch_resends_at_most_the_at_request_on_the_wire(
        app, session, real_time, dispatch, fake_at, live_worker, run_worker):
    fake_at.set_delay(0.5)
    ids, phones = write_groups(session, real_time)
    worker = live_worker()
    assert wait_for(lambda: len(fake_at.requests) >= 1)
    worker.kill()
    worker.wait()
    time.sleep(0.8)  # the request on the wire lands at the provider
    fake_at.set_delay(0)
    # Every request answered before the one on the wire is written already.
    assert [s for s, _ in statuses(app, ids)].count("sent") >= GROUP * (len(fake_at.requests) - 1)

    redrive(app, ids, real_time, dispatch, run_worker)

    assert {s for s, _ in statuses(app, ids)} == {"sent"}
    received = Counter(number for form in fake_at.forms for number in form["to"].split(","))
    assert sorted(received) == sorted(phones)
    assert sum(count - 1 for count in received.values()) <= GROUP
