"""Which outbox rows a live worker holds: a heartbeat per worker process in Redis.

Why: a row `sending` whose worker died (SIGKILL, OOM, the machine gone, a job broken off by a
database restart) must go back to the queue within seconds, while a row a slow worker is still
sending (a provider answering in 30 s) must not, or it is sent twice. Time alone cannot tell the
two apart, which is why the old rule waited SENDING_TIMEOUT (10 minutes) for every lost row.
RQ's own registries could, but late: a worker's key and a StartedJobRegistry entry outlive a
killed worker by the job's timeout plus a minute or more.

How: every process that claims rows (`jobs.deliver`) keeps the ids it holds in a set and, from a
daemon thread, writes them every BEAT_S seconds to its own key with a TTL of TTL_S. A process
that dies stops beating and its key is gone TTL_S later. `held_ids` is the union of the live
keys; the dispatcher re-drives a `sending` row that no key holds and that was claimed more than
`GRACE` ago (`sms_gateway.dispatcher.recover`).

Redis restarted or flushed: every key is gone at once, the living workers' with the dead. The
first reader after that finds the epoch marker missing, sets it, and trusts no absence until
TTL_S + BEAT_S seconds have passed (every live worker has beaten again by then); it also knows
the queue's jobs were lost (`lost_jobs`), so queued rows are enqueued again at once.
"""
from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
import uuid
from datetime import timedelta

import redis

KEY_PREFIX = "dabbo:hands:"
EPOCH_KEY = "dabbo:hands:epoch"
BEAT_S = 5
TTL_S = 15
SETTLE_S = TTL_S + BEAT_S
# A row claimed this recently may not be in its worker's next beat yet.
GRACE = timedelta(seconds=30)
log = logging.getLogger("dabbo.hands")


class Hands:
    """This process's held rows and its heartbeat thread."""

    def __init__(self) -> None:
        self.ids: set[int] = set()
        self.lock = threading.Lock()
        self.client: redis.Redis | None = None
        self.pid = None
        self.key = ""

    def hold(self, client: redis.Redis, ids) -> None:
        with self.lock:
            self.client = client
            if self.pid != os.getpid():  # a fresh process (or a fork): its own key and thread
                self.pid = os.getpid()
                self.key = f"{KEY_PREFIX}{socket.gethostname()}:{self.pid}:{uuid.uuid4().hex[:8]}"
                threading.Thread(target=self._beat_forever, name="dabbo-hands", daemon=True).start()
            self.ids |= set(ids)
        self.beat()

    def drop(self, ids) -> None:
        with self.lock:
            self.ids -= set(ids)
        self.beat()

    def beat(self) -> None:
        with self.lock:
            client, key, held = self.client, self.key, sorted(self.ids)
        if client is None:
            return
        try:
            if held:
                client.set(key, json.dumps(held), ex=TTL_S)
            else:
                client.delete(key)
        except redis.RedisError:
            pass  # Redis is down: beaten again in BEAT_S; absent keys are not trusted after a loss
        except Exception:   # a client torn down under the thread (a closed socket): the next beat retries
            # The thread must outlive any one beat: if it died, this worker's rows would look lost
            # and be sent again while it is still sending them.
            log.warning("heartbeat not written; beaten again in %s s", BEAT_S, exc_info=True)

    def _beat_forever(self) -> None:
        pid = os.getpid()
        while self.pid == pid:
            time.sleep(BEAT_S)
            self.beat()


HANDS = Hands()


def held_ids(client: redis.Redis) -> set[int] | None:
    """Every row a live worker holds; None when that cannot be known now (Redis down, or
    it lost its keys less than SETTLE_S ago)."""
    try:
        client.set(EPOCH_KEY, repr(time.time()), nx=True)
        since = float(client.get(EPOCH_KEY) or 0)
        if time.time() - since < SETTLE_S:
            return None
        held: set[int] = set()
        for key in client.scan_iter(f"{KEY_PREFIX}*", count=200):
            if key in (EPOCH_KEY, EPOCH_KEY.encode()):
                continue
            raw = client.get(key)
            if raw:
                held |= set(json.loads(raw))
        return held
    except (redis.RedisError, ValueError) as exc:
        log.warning("which rows live workers hold is unknown now: %s", type(exc).__name__)
        return None


def lost_jobs(client: redis.Redis) -> bool:
    """True once after Redis lost its contents (restarted empty, flushed): the queue's jobs went
    with them. Sets the epoch marker (so the next call says False)."""
    try:
        return bool(client.set(EPOCH_KEY, repr(time.time()), nx=True))
    except redis.RedisError:
        return False
