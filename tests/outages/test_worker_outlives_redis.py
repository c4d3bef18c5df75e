"""The Procfile's worker (a real `rq worker` process) finishing a job while Redis is gone waits
for Redis and works on; `rq worker` exited instead ("found an unhandled exception, quitting")."""
from __future__ import annotations

import shutil
import signal
import time
from dataclasses import replace

import pytest
import redis
from rq import Queue
from rq.job import Job, JobStatus

from sms_gateway.worker import queues
from tests.outages.stack import PrivateRedis, wait_until
from tests.support import rq_workers

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server")]


@pytest.fixture
def private_redis():
    server = PrivateRedis()
    server.start()
    yield server
    server.kill()


def test_a_worker_whose_job_ends_while_redis_is_down_works_on_once_redis_is_back(settings, private_redis):
    settings = replace(settings, redis_url=private_redis.url)
    client = redis.Redis.from_url(private_redis.url)
    with rq_workers(settings, burst=False) as start:
        worker = start()
        slow = Queue(queues.QUEUE, connection=client).enqueue("time.sleep", 3)
        assert wait_until(lambda: slow.get_status(refresh=True) == JobStatus.STARTED, 30), "the job never started"
        private_redis.kill()
        time.sleep(6)  # the job ends meanwhile: its result cannot be written
        assert worker.poll() is None, "the worker exited while Redis was down"
        private_redis.start()
        client = redis.Redis.from_url(private_redis.url)
        after = Queue(queues.QUEUE, connection=client).enqueue("time.sleep", 0)
        assert wait_until(lambda: Job.fetch(after.id, connection=client).get_status() == JobStatus.FINISHED, 30)
        assert worker.poll() is None


def test_a_worker_waiting_for_redis_stops_on_sigterm(settings, private_redis):
    """systemd's and honcho's stop (SIGTERM) still ends a worker that is waiting for Redis."""
    settings = replace(settings, redis_url=private_redis.url)
    client = redis.Redis.from_url(private_redis.url)
    with rq_workers(settings, burst=False) as start:
        worker = start()
        done = Queue(queues.QUEUE, connection=client).enqueue("time.sleep", 0)
        assert wait_until(lambda: done.get_status(refresh=True) == JobStatus.FINISHED, 30), "the worker never worked"
        private_redis.kill()
        time.sleep(3)
        assert worker.poll() is None
        worker.send_signal(signal.SIGTERM)
        assert wait_until(lambda: worker.poll() is not None, 15), "the worker did not stop on SIGTERM"
