"""The RQ worker class named in the Procfile:

    rq worker --url $REDIS_URL --worker-class sms_gateway.worker.Worker outbox

RQ's default worker forks a work horse per job. The parent builds the job
context once (settings, engine, provider SDK imported) so each fork starts
warm; the child drops the database pool and HTTP client it inherited and opens
its own (two processes sharing one socket corrupt both conversations).
"""
from __future__ import annotations

import rq

from sms_gateway import jobs


class Worker(rq.Worker):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        jobs.warm_up()  # built and warmed in the parent; no connection is left open

    def main_work_horse(self, job, queue):
        jobs.after_fork()
        super().main_work_horse(job, queue)
