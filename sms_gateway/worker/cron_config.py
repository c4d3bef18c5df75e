"""The `cron` process's schedule, for RQ 3's `rq cron`:

    rq cron --url $REDIS_URL sms_gateway.worker.cron_config

Every minute it enqueues one dispatcher tick on the `outbox` queue; a worker
runs it. Run exactly one cron process: RQ's CronScheduler takes no lock, so
two would enqueue two ticks a minute (harmless — the tick takes a Redis lock
and is idempotent — but wasteful). A tick not picked up within `ttl` seconds
is dropped rather than piling up behind a stopped worker: the next one does
the same work.
"""
from rq import cron

from sms_gateway.worker.jobs import dispatch_tick
from sms_gateway.worker.queues import QUEUE

cron.register(dispatch_tick, QUEUE, cron="* * * * *", job_timeout=240, ttl=120, result_ttl=3600,
              name="dabbo-dispatcher-tick")
