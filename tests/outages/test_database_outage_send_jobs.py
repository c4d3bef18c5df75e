"""PostgreSQL stopped for 30 s while send jobs for 1,004 committed rows run (SPEC 13.6): the jobs
fail on connect and their rows stay `queued`; every row is sent within 60 s of the database's
return, not at QUEUED_TIMEOUT (5 minutes after they were enqueued).

Real processes: the Procfile's web, worker and cron under honcho, a private PostgreSQL cluster
(tests.outbox.test_faults_postgres) and a private redis-server.
"""
from __future__ import annotations

import shutil
import time

import pytest
import redis
from rq import Queue

from sms_gateway.worker import hands, queues
from tests.outages.stack import (PrivateRedis, Stack, TimedTwilio, environment, outbox_statuses, wait_until,
                                 write_rows)
from tests.outbox.test_faults_postgres import BIN, private_postgres  # noqa: F401 (the module's private cluster)

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not BIN or shutil.which("redis-server") is None,
                                 reason="needs PostgreSQL server binaries and redis-server")]

ROWS = 1004  # two send jobs: 1,000 and 4
OUTAGE_S = 30


@pytest.fixture
def stack_parts(private_postgres):  # noqa: F811
    server = PrivateRedis()
    server.start()
    fake = TimedTwilio()
    fake.start()
    stack = Stack(environment(private_postgres.url, server.url, fake))
    try:
        yield private_postgres, server, fake, stack
    finally:
        stack.stop()
        fake.stop()
        server.kill()


def test_rows_whose_send_jobs_failed_on_a_stopped_database_are_sent_within_60_s_of_its_return(stack_parts):
    postgres, server, fake, stack = stack_parts
    stack.start()
    client = redis.Redis.from_url(server.url)
    # The cron's first `recover` has seen this Redis (after it, queued rows are left to their jobs).
    assert wait_until(lambda: client.exists(hands.EPOCH_KEY), 30), stack.log()
    ids = write_rows(postgres.url, ROWS, "+9198271")
    postgres.stop()
    stopped = time.monotonic()
    queue = Queue(queues.QUEUE, connection=client)
    jobs = [queue.enqueue(queues.SEND_JOB, args=(ids[start:start + queues.BATCH_SIZE],), job_timeout=600)
            for start in range(0, len(ids), queues.BATCH_SIZE)]
    try:
        assert wait_until(lambda: all(job.get_status(refresh=True) in ("finished", "failed") for job in jobs), 25), \
            "the send jobs did not run while the database was down:\n" + stack.log()
        time.sleep(max(0.0, stopped + OUTAGE_S - time.monotonic()))
    finally:
        postgres.start()
    back = time.monotonic()
    assert fake.accepted == []
    all_sent = wait_until(lambda: len(fake.sends_to()) == ROWS, 60, every=0.5)
    sent_after_s = (max(at for at, _, _ in fake.accepted) - back) if fake.accepted else float("inf")
    assert all_sent, (f"{len(fake.sends_to())} of {ROWS} rows sent 60 s after the database came back; "
                      f"outbox {outbox_statuses(postgres.url)}\n" + stack.log())
    assert stack.alive(), stack.log()
    assert outbox_statuses(postgres.url) == {"sent": ROWS}
    assert max(fake.sends_to().values()) == 1
    print(f"\n{ROWS} rows of 2 send jobs that failed on the stopped database, all sent {sent_after_s:.1f} s "
          "after its return")
