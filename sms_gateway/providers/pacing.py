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

Redis down: each worker paces itself at its share of the account's rate, the interval times the
number of workers that shared the account in Redis's last word (every turn also says "I am
sending" in a sorted set of the account, and counts the senders of the last `SHARERS_WINDOW_MS`).
Two workers at 10 requests a second go on at 5 a second each while Redis is away, never unpaced
(a `Retry-After` is then waited out by the worker that got it).

Per provider (`attach`): EXOTEL_REQUESTS_PER_MINUTE (200), TWILIO_REQUESTS_PER_MINUTE and
AT_REQUESTS_PER_MINUTE (0). At 0 the account is not paced, but a `Retry-After` still pauses every
worker of it (`Pacer` with `requests_` 0).
"""
from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable
from typing import TypeVar

import redis
import requests

KEY_PREFIX = "dabbo:pace:"
MARGIN = 1.01
MAX_WAIT_S = 300.0  # a Retry-After longer than this is not waited for in a job
# A worker that took a turn this recently shares the account (its share without Redis: 1 / sharers).
SHARERS_WINDOW_MS = 30_000

# KEYS[1] the account's theoretical arrival time (ms), KEYS[2] its pause-until (ms), KEYS[3] its
# senders (a sorted set: member -> last turn, ms); ARGV[1] the interval between requests (ms),
# ARGV[2] this sender, ARGV[3] SHARERS_WINDOW_MS. Returns {ms to wait (0: go now), senders}.
_TURN = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local senders = 1
if interval > 0 then
  local window = tonumber(ARGV[3])
  redis.call('ZADD', KEYS[3], now, ARGV[2])
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - window)
  redis.call('PEXPIRE', KEYS[3], window * 2)
  senders = redis.call('ZCARD', KEYS[3])
end
local pause = tonumber(redis.call('GET', KEYS[2]) or '0')
if pause > now then return {pause - now, senders} end
if interval <= 0 then return {0, senders} end
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat > now then return {tat - now, senders} end
redis.call('SET', KEYS[1], now + interval, 'PX', interval + 60000)
return {0, senders}
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
T = TypeVar("T")


class Pacer:
    """`requests` per `seconds` for one provider account (`account`: "exotel:<sid>"); `requests_`
    0: no pace, only the pauses a Retry-After asks for."""

    def __init__(self, client: redis.Redis, account: str, requests_: int, seconds: float = 60.0,
                 sleep: Callable[[float], None] = time.sleep, clock: Callable[[], float] = time.monotonic) -> None:
        self.client, self.account = client, account
        self.interval_ms = max(1, int(seconds * 1000 * MARGIN / requests_)) if requests_ > 0 else 0
        self.keys = [f"{KEY_PREFIX}{account}:tat", f"{KEY_PREFIX}{account}:pause", f"{KEY_PREFIX}{account}:senders"]
        self.sleep, self.clock = sleep, clock
        self.waited_s = 0.0
        self.sender = uuid.uuid4().hex  # this pacer among the account's senders
        self.sharers = 1  # how many senders shared the account when Redis last said
        self.last_turn: float | None = None  # self.clock() of the last turn taken, in Redis or alone
        self.alone = False  # pacing itself, Redis unavailable

    def wait_turn(self) -> None:
        """Block until this account may make its next request."""
        while True:
            try:
                wait_ms, sharers = self.client.register_script(_TURN)(
                    keys=self.keys, args=[self.interval_ms, self.sender, SHARERS_WINDOW_MS])
            except redis.RedisError as exc:
                self._wait_turn_alone(exc)
                return
            self.sharers = max(1, int(sharers))
            if self.alone:
                self.alone = False
                log.info("%s paced in Redis again", self.account)
            if int(wait_ms) <= 0:
                self.last_turn = self.clock()
                return
            self.waited_s += int(wait_ms) / 1000
            self.sleep(int(wait_ms) / 1000)

    def _wait_turn_alone(self, exc: Exception) -> None:
        """Redis unavailable: this worker's share of the pace, the interval times the sharers."""
        if not self.alone:
            self.alone = True
            log.warning("%s paced by this worker alone at 1/%d of the rate (Redis unavailable: %s)",
                        self.account, self.sharers, type(exc).__name__)
        if self.interval_ms <= 0:
            return
        now = self.clock()
        if self.last_turn is not None:
            wait = self.last_turn + self.interval_ms * self.sharers / 1000 - now
            if wait > 0:
                self.waited_s += wait
                self.sleep(wait)
                now += wait
        self.last_turn = now

    def hold_off(self, seconds: float) -> None:
        """Every worker of this account waits `seconds` (a Retry-After)."""
        try:
            self.client.register_script(_PAUSE)(keys=self.keys[1:], args=[int(seconds * 1000)])
        except redis.RedisError:
            self.sleep(seconds)


def retry_after(response: requests.Response) -> float | None:
    """Seconds from a 429/503's `Retry-After` (delta-seconds; an HTTP date counts as 1 s)."""
    return retry_after_of(response.status_code, response.headers)


def retry_after_of(status: int, headers) -> float | None:
    """`retry_after` from a status and its headers (an SDK that raises instead of answering)."""
    if status not in (429, 503) or headers is None:
        return None
    raw = (headers.get("Retry-After") or "").strip()
    if not raw:
        return None
    return float(raw) if raw.isdigit() else 1.0


def paced(pacer: Pacer | None, send: Callable[[], requests.Response]) -> requests.Response:
    """`send()` (one provider request) in its account's turn; after a 429/503 with Retry-After,
    the pause for every worker, then the same request once more in its turn."""
    return paced_by(pacer, send, retry_after)


def paced_by(pacer: Pacer | None, send: Callable[[], T], wait_of: Callable[[T], float | None]) -> T:
    """`paced`, where `wait_of(answer)` reads the Retry-After (None: not a refusal to wait out)."""
    if pacer is None:
        return send()
    pacer.wait_turn()
    response = send()
    wait = wait_of(response)
    if wait is None or wait > MAX_WAIT_S:
        return response
    log.info("%s refused a request, Retry-After %ss: every worker waits", pacer.account, wait)
    pacer.hold_off(wait)
    pacer.wait_turn()
    return send()


def attach(provider, client: redis.Redis, settings) -> None:
    """Give `provider` its account's pacer: EXOTEL_REQUESTS_PER_MINUTE, TWILIO_REQUESTS_PER_MINUTE,
    AT_REQUESTS_PER_MINUTE (0: unpaced, Retry-After still honoured by every worker)."""
    name = getattr(provider, "name", "")
    accounts = {"exotel": (settings.exotel_sid, settings.exotel_requests_per_minute),
                "twilio": (settings.twilio_account_sid, settings.twilio_requests_per_minute),
                "africastalking": (settings.at_username, settings.at_requests_per_minute)}
    if name in accounts:
        account, per_minute = accounts[name]
        provider.pacer = Pacer(client, f"{name}:{account}", max(per_minute, 0))
