"""The send path made lean for broadcasts (issue 16): what each change must
keep doing. Timings are in docs/PERFORMANCE.md, not here."""
from __future__ import annotations

import redis

from sms_gateway import jobs, queues, worker


def test_the_in_process_worker_is_connected_before_its_first_job(app):
    runtime = app.extensions["dabbo"]
    runtime.engine.dispose()
    jobs.use(runtime)
    connection = redis.Redis.from_url(runtime.settings.redis_url)
    try:
        worker.InProcessWorker([queues.outbox_queue(connection)], connection=connection)
        assert runtime.engine.pool.checkedin() == 1   # warmed, and kept: it runs its jobs itself
    finally:
        jobs._context = None
        connection.close()


def test_the_forking_worker_leaves_no_connection_for_its_work_horses_to_inherit(app):
    runtime = app.extensions["dabbo"]
    runtime.engine.dispose()
    jobs.use(runtime)
    connection = redis.Redis.from_url(runtime.settings.redis_url)
    try:
        worker.Worker([queues.outbox_queue(connection)], connection=connection)
        assert runtime.engine.pool.checkedin() == 0
    finally:
        jobs._context = None
        connection.close()
