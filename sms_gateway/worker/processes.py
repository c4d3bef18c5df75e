"""The RQ worker classes. The Procfile names `InProcessWorker` (no fork per
job, below); `Worker` is the forking one:

    rq worker --url $REDIS_URL --worker-class sms_gateway.worker.processes.Worker outbox

Both wait for Redis with backoff and go on when it fails under them, instead of
exiting (sms_gateway.worker.reconnect).

RQ's default worker forks a work horse per job. The parent builds the job
context once (settings, engine, provider SDK imported) so each fork starts
warm; the child drops the database pool and HTTP client it inherited and opens
its own (two processes sharing one socket corrupt both conversations).
"""
from __future__ import annotations

import rq

from sms_gateway.worker import jobs
from sms_gateway.worker.reconnect import ReconnectingWorker


class Worker(ReconnectingWorker, rq.Worker):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        jobs.warm_up()  # built and warmed in the parent; no connection is left open

    def main_work_horse(self, job, queue):
        jobs.after_fork()
        super().main_work_horse(job, queue)

class InProcessWorker(ReconnectingWorker, rq.SimpleWorker):
    """The Procfile's worker: runs each job in its own process, no fork.

        rq worker --url $REDIS_URL --worker-class sms_gateway.worker.processes.InProcessWorker outbox

    Why: a send job is our own code, short, and holds nothing between jobs
    but the context (engine pool, provider HTTP session), which a fork per
    job throws away and rebuilds (new PostgreSQL connection, new TLS session
    to the provider, copy-on-write of the parent). Measured on a broadcast
    of 100,000 (docs/PERFORMANCE.md) it is the single largest cost left
    per 1000-row job after the claim.

    What is given up is only the isolation of a crash: a job that kills the
    interpreter kills this worker (the process manager restarts it) instead
    of a work horse. Nothing is lost either way: rows the job had claimed
    stay `sending` and the dispatcher re-drives them after SENDING_TIMEOUT,
    exactly as when a horse dies. Job timeouts still apply (RQ's SIGALRM
    death penalty works in the main thread). `Worker` (forking) stays for a
    deployment that prefers the isolation."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Settings, engine and provider built once, connected and the claim compiled, before the first job.
        jobs.warm_up(keep_connection=True)
