"""The `cron` process's schedule, for RQ 3's cron scheduler (the Procfile runs it in
sms_gateway.worker.cron, which outlives a Redis restart; plain `rq cron` reads it too):

    python -m sms_gateway.worker.cron --url $REDIS_URL sms_gateway.worker.cron_config

Every minute it enqueues one dispatcher tick on the `outbox` queue; a worker
runs it. Run exactly one cron process: RQ's CronScheduler takes no lock, so
two would enqueue two ticks a minute (harmless — the tick takes a Redis lock
and is idempotent — but wasteful). A tick not picked up within `ttl` seconds
is dropped rather than piling up behind a stopped worker: the next one does
the same work.
"""
from rq import cron

from sms_gateway.worker.dispatcher import RECOVER_EVERY_S
from sms_gateway.worker.jobs import dispatch_tick, recover
from sms_gateway.worker.queues import QUEUE

cron.register(dispatch_tick, QUEUE, cron="* * * * *", job_timeout=240, ttl=120, result_ttl=3600,
              name="dabbo-dispatcher-tick")
# Rows a dead worker left `sending`, and jobs Redis lost, taken back within seconds (dispatcher.recover).
cron.register(recover, QUEUE, interval=RECOVER_EVERY_S, job_timeout=60, ttl=RECOVER_EVERY_S * 2, result_ttl=600,
              name="dabbo-recover")
