"""Redis restarted under a running worker or cron process: wait for it with backoff and go on,
never exit (SPEC 13.6).

Why: RQ's worker retries with backoff only while it waits for a job; a Redis error anywhere else
in its loop (writing a finished job's result, its heartbeat, the suspension check, the registries'
clean-up) makes it log "found an unhandled exception, quitting" and exit, and `rq cron` exits at the
first enqueue that fails. Under `make run` (honcho) one exiting process stops them all; in
production the service files in `deploy/` restart an exited process, but the dispatcher's minute
ticks and the 15-second `recover` stop until then.

How: `ReconnectingWorker.work` runs RQ's own loop; when it ends because Redis failed (noted by the
methods that talk to Redis, or raised from its start or teardown) it waits until Redis answers
(1 s, doubling, at most `MAX_WAIT_S`), registers the worker again and goes on. What the outage
cost is the RQ bookkeeping of the job in hand (its result); the job itself has finished: the
outbox rows are written to the database, and a Redis that lost its contents makes the next
`recover` enqueue every queued row again (sms_gateway.hands). `ReconnectingCron` is RQ's
`CronScheduler` with the same wait around every pass of its loop.
"""
from __future__ import annotations

import logging
import time
from typing import Callable

import redis
from rq.cron import CronScheduler
from rq.exceptions import StopRequested

log = logging.getLogger("dabbo.reconnect")

FIRST_WAIT_S = 1.0
MAX_WAIT_S = 10.0  # a Redis back after an outage is met again within this many seconds


def wait_for_redis(connection: redis.Redis, sleep: Callable[[float], None] = time.sleep,
                   should_stop: Callable[[], bool] = lambda: False) -> bool:
    """Block until `connection` answers PING, waiting 1 s, 2 s, 4 s... (at most MAX_WAIT_S) between
    tries. Returns False when `should_stop()` said so first."""
    wait = FIRST_WAIT_S
    while not should_stop():
        try:
            connection.ping()
            return True
        except redis.RedisError as exc:
            log.warning("Redis unreachable (%s): trying again in %.0f s", type(exc).__name__, wait)
        sleep(wait)
        wait = min(wait * 2, MAX_WAIT_S)
    return False


def _noting_redis_errors(method):
    def noted(self, *args, **kwargs):
        try:
            answer = method(self, *args, **kwargs)
        except redis.RedisError:
            self.redis_failed = True
            raise
        self.redis_failed = False  # RQ's loop ends right after a failed call: the last one tells why
        return answer
    noted.__name__ = method.__name__
    noted.__doc__ = method.__doc__
    return noted


class ReconnectingWorker:
    """Mixed in before an `rq.Worker` class (sms_gateway.worker.processes)."""

    redis_failed = False
    # RQ's own wait while dequeuing doubles up to a minute; a Redis back is met within 10 s.
    max_connection_wait_time = MAX_WAIT_S

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in ("execute_job", "check_for_suspension", "run_maintenance_tasks", "heartbeat"):
            setattr(cls, name, _noting_redis_errors(getattr(cls, name)))

    stopping = False  # a stop was asked for (SIGINT, SIGTERM): never wait for Redis then

    def request_stop(self, signum, frame):
        self.stopping = True  # RQ sets `_stop_requested` only when busy; idle, it raises StopRequested
        super().request_stop(signum, frame)

    def work(self, burst: bool = False, *args, **kwargs) -> bool:
        worked = False
        while True:
            self.redis_failed = False
            try:
                worked = super().work(burst, *args, **kwargs) or worked
            except redis.RedisError:  # registering its birth, or its death on the way out
                self.redis_failed = True
            except StopRequested:
                return worked
            if burst or self.stopping or self._stop_requested or not self.redis_failed:
                return worked
            self.log.warning("Worker %s: Redis failed; waiting for it to work on", self.name)
            try:
                back = wait_for_redis(self.connection, should_stop=lambda: self.stopping or self._stop_requested)
            except StopRequested:  # SIGTERM while idle
                return worked
            except redis.RedisError:  # SIGTERM while busy: RQ's handler tried to tell Redis
                back = False
            if not back or self.stopping or self._stop_requested:
                return worked
            self._forget_lost_registration()

    def _forget_lost_registration(self) -> None:
        """Before registering again: the pubsub thread of the last round stopped, and this
        worker's key (when Redis kept it) marked dead, so that RQ's `register_birth` does not
        take the worker for a live namesake."""
        for step in (self.unsubscribe, self.register_death):
            try:
                step()
            except Exception:  # noqa: BLE001 (best effort: Redis may be gone again already)
                pass


class ReconnectingCron(CronScheduler):
    """RQ's `CronScheduler` whose loop survives Redis going away: a pass that fails waits for
    Redis (`wait_for_redis`) and the loop goes on; a job whose enqueue failed is still due and
    is enqueued by the next pass (RQ moves its next time only after a successful enqueue)."""

    def start(self):
        self.log.info("CronScheduler %s: starting...", self.name)
        self._install_signal_handlers()
        registered = False
        try:
            while True:
                try:
                    if not registered:
                        self.register_birth()
                        registered = True
                    if self.enqueue_jobs():
                        self.save()
                    self.heartbeat()
                except redis.RedisError as exc:
                    self.log.warning("CronScheduler %s: Redis failed (%s); waiting for it", self.name,
                                     type(exc).__name__)
                    registered = False
                    wait_for_redis(self.connection)
                    continue
                sleep_time = self.calculate_sleep_interval()
                if sleep_time > 0:
                    time.sleep(sleep_time)
        except KeyboardInterrupt:
            self.log.info("CronScheduler %s: received KeyboardInterrupt", self.name)
        except StopRequested:
            self.log.info("CronScheduler %s: stop requested", self.name)
        finally:
            try:
                self.register_death()
            except redis.RedisError:
                pass
            self.log.info("CronScheduler %s: shutdown complete", self.name)
