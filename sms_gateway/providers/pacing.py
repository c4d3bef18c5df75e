"""One pace per provider account, shared in Redis by every worker: a district broadcast paces
itself instead of running into the provider's wall.

Why: Exotel allows an account 200 API requests a minute and answers `429 Too Many Requests`
(with `Retry-After`) past that, and `503` when its SMS platform is saturated. Four workers each
sending as fast as they can would spend most of a broadcast being refused and retried.

How: a generic cell rate algorithm (GCRA) in one Lua script: the account's key holds the
theoretical arrival time of its next request; a request may go when that time has come, and
moves it on by `seconds / requests` (plus 1 %, so that clock jitter never puts `requests + 1`
into the provider's window). No burst is allowed: the provider counts a sliding window, so
`requests` sent at once and then `requests` more at the pace would be refused. The time is
Redis's own (`TIME`), so workers on several machines share one clock.

A `429` or `503` that carries `Retry-After` stops every worker of the account for that long
(a shared pause key), and the request is made again once, after the pause; another refusal is
the adapter's to report (a transient failure, retried by the outbox's back-off).

Redis down: the pace fails open (requests go out unpaced, a 429 is a transient failure).
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable

import redis
import requests

KEY_PREFIX = "dabbo:pace:"
MARGIN = 1.01
MAX_WAIT_S = 300.0  # a Retry-After longer than this is not waited for in a job

# KEYS[1] the account's theoretical arrival time (ms), KEYS[2] its pause-until (ms);
# ARGV[1] the interval between requests (ms). Returns how many ms to wait (0: go now).
_TURN = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local pause = tonumber(redis.call('GET', KEYS[2]) or '0')
if pause > now then return pause - now end
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat > now then return tat - now end
local interval = tonumber(ARGV[1])
redis.call('SET', KEYS[1], now + interval, 'PX', interval + 60000)
return 0
"""
# KEYS[1] pause-until; ARGV[1] ms from now.
_PAUSE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local until_ = now + tonumber(ARGV[1])
if tonumber(redis.call('GET', KEYS[1]) or '0') < until_ then
  redis.call('SET', KEYS[1], until_, 'PX', tonumber(ARGV[1]) + 1000)
end
return until_
"""
log = logging.getLogger("dabbo.pacing")


class Pacer:
    """`requests` per `seconds` for one provider account (`account`: "exotel:<sid>")."""

    def __init__(self, client: redis.Redis, account: str, requests_: int, seconds: float = 60.0,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.client, self.account = client, account
        self.interval_ms = max(1, int(seconds * 1000 * MARGIN / requests_))
        self.keys = [f"{KEY_PREFIX}{account}:tat", f"{KEY_PREFIX}{account}:pause"]
        self.sleep = sleep
        self.waited_s = 0.0

    def wait_turn(self) -> None:
        """Block until this account may make its next request."""
        while True:
            try:
                wait_ms = int(self.client.register_script(_TURN)(keys=self.keys, args=[self.interval_ms]))
            except redis.RedisError as exc:
                log.warning("%s requests not paced (Redis unavailable): %s", self.account, type(exc).__name__)
                return
            if wait_ms <= 0:
                return
            self.waited_s += wait_ms / 1000
            self.sleep(wait_ms / 1000)

    def hold_off(self, seconds: float) -> None:
        """Every worker of this account waits `seconds` (a Retry-After)."""
        try:
            self.client.register_script(_PAUSE)(keys=self.keys[1:], args=[int(seconds * 1000)])
        except redis.RedisError:
            self.sleep(seconds)


def retry_after(response: requests.Response) -> float | None:
    """Seconds from a 429/503's `Retry-After` (delta-seconds; an HTTP date counts as 1 s)."""
    if response.status_code not in (429, 503):
        return None
    raw = (response.headers.get("Retry-After") or "").strip()
    if not raw:
        return None
    return float(raw) if raw.isdigit() else 1.0


def paced(pacer: Pacer | None, send: Callable[[], requests.Response]) -> requests.Response:
    """`send()` (one provider request) in its account's turn; after a 429/503 with Retry-After,
    the pause for every worker, then the same request once more in its turn."""
    if pacer is None:
        return send()
    pacer.wait_turn()
    response = send()
    wait = retry_after(response)
    if wait is None or wait > MAX_WAIT_S:
        return response
    log.info("%s answered %d, Retry-After %ss: every worker waits", pacer.account, response.status_code, wait)
    pacer.hold_off(wait)
    pacer.wait_turn()
    return send()


def attach(provider, client: redis.Redis, settings) -> None:
    """Give `provider` its account's pacer when a pace is set for it (EXOTEL_REQUESTS_PER_MINUTE)."""
    if getattr(provider, "name", "") == "exotel" and settings.exotel_requests_per_minute > 0:
        provider.pacer = Pacer(client, f"exotel:{settings.exotel_sid}", settings.exotel_requests_per_minute)
