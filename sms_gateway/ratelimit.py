"""A per-phone limit on inbound messages, kept in Redis.

Why: one handset (a stuck phone, a prank, a script on a SIM box) must not
flood keepers with alerts nor run up the panchayat's SMS bill with replies.
`Settings.inbound_rate_limit` messages per phone per ten-minute window are
answered; the next one gets one polite "please wait" (TELL); everything
after that, until the window ends, gets silence (SILENT: empty TwiML,
nothing in the outbox, no database work at all).

How: a fixed window, one Redis hash per (channel, phone, window), written by
one small Lua script so the read-count-write is atomic across web
processes. The hash remembers the position at which each message id arrived
(the first `limit + 1` of them), which makes the verdict idempotent: a
webhook delivered twice (same MessageSid, same AT id) gets the same verdict
and so the same answer (SPEC section 3), and is counted once.

For USSD only dials count (the first step of a session, `text` empty): a
handset can start sessions, but the later steps of a session come from the
gateway, each carrying the session the handset dialled.

People who run the pounds are not strangers: past the general limit, a
phone registered as a keeper, official, mamlatdar or police (looked up once
per window, and only then) has `Settings.staff_inbound_rate_limit` (300), and
past that is told to wait every time (TELL), never silenced: a keeper
recording a raid of thirty strays must hear about every one of them.

If Redis is down or slow the limiter fails OPEN: answering a farmer beats
refusing one, and the web process must answer within 1 s (the client has
0.5 s timeouts, sms_gateway.runtime.make_redis).
"""
from __future__ import annotations

import hashlib
import logging
from datetime import datetime, timedelta
from typing import Callable

import redis

from models.phones import normalise_phone

log = logging.getLogger("dabbo.ratelimit")

ALLOW, TELL, SILENT = "allow", "tell", "silent"
WINDOW = timedelta(minutes=10)
KEY_PREFIX = "dabbo:ratelimit"
_COUNT_FIELD = "#count"
_STAFF_FIELD = "#staff"  # "1": the window's phone is a registered keeper or official

# KEYS[1] the window's hash; ARGV: message id, limit, ttl seconds.
# Returns the position (1, 2, ...) at which this message id arrived.
_POSITION = """
local seen = redis.call('HGET', KEYS[1], ARGV[1])
if seen then return tonumber(seen) end
local position = redis.call('HINCRBY', KEYS[1], '#count', 1)
if position <= tonumber(ARGV[2]) + 1 then redis.call('HSET', KEYS[1], ARGV[1], position) end
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
return position
"""


def phone_key(phone: str) -> str:
    """The phone as counted: E.164 when it can be read (so `09825...` and
    `+919825...` share a budget), else a short hash of what was sent."""
    e164 = normalise_phone(phone) if isinstance(phone, str) else None
    if e164 is not None:
        return e164
    return "raw:" + hashlib.sha256(str(phone).encode("utf-8", "replace")).hexdigest()[:16]


def window_key(channel: str, phone: str, now: datetime) -> str:
    number = int(now.timestamp() // WINDOW.total_seconds())
    return f"{KEY_PREFIX}:{channel}:{phone_key(phone)}:{number}"


def verdict_for(position: int, limit: int) -> str:
    if position <= limit:
        return ALLOW
    return TELL if position == limit + 1 else SILENT


def check(client: redis.Redis, *, channel: str, phone: str, message_id: str, limit: int, now: datetime,
          staff_limit: int = 0, is_staff: Callable[[], bool] | None = None) -> str:
    """ALLOW, TELL or SILENT for this inbound message. `limit` <= 0 turns
    the limit off. Past `limit`, a phone `is_staff` says belongs to a
    registered keeper or official (asked once per window, and only then)
    has `staff_limit`, and past that is TELL every time, never SILENT: a
    keeper in a raid is never left without an answer. Never raises: any
    Redis failure means ALLOW."""
    if limit <= 0:
        return ALLOW
    key = window_key(channel, phone, now)
    try:
        # EVALSHA (redis-py falls back to EVAL once per server): the script is not re-sent each time.
        position = int(client.register_script(_POSITION)(
            keys=[key], args=[(message_id or "")[:200], max(limit, staff_limit), int(WINDOW.total_seconds()) + 60]))
        if position > limit and is_staff is not None and staff_limit > limit and _is_staff(client, key, is_staff):
            return ALLOW if position <= staff_limit else TELL
    except (redis.RedisError, OSError, ValueError) as exc:
        log.warning("rate limit not checked (Redis unavailable), message let through: %s", type(exc).__name__)
        return ALLOW
    verdict = verdict_for(position, limit)
    if verdict == TELL:
        log.info("inbound %s limit of %d per %d min reached for a phone ending %s", channel, limit,
                 WINDOW.total_seconds() // 60, phone_key(phone)[-4:])
    return verdict


def _is_staff(client: redis.Redis, key: str, is_staff: Callable[[], bool]) -> bool:
    """Whether the phone of this window is a registered keeper or official: asked of the
    database once per window (kept in the window's hash), so a stranger's flood costs one
    query, not one per message."""
    known = client.hget(key, _STAFF_FIELD)
    if known is not None:
        return known in (b"1", "1")
    try:
        staff = bool(is_staff())
    except Exception:  # noqa: BLE001 - the database is down: the stranger's limit stands
        log.warning("could not tell whether a phone over its limit is staff; the general limit applies")
        return False
    client.hset(key, _STAFF_FIELD, "1" if staff else "0")
    return staff


def check_sms(runtime, *, phone: str, message_id: str, now: datetime,
              is_staff: Callable[[], bool] | None = None) -> str:
    """The verdict for one inbound SMS (Twilio, Africa's Talking, Exotel)."""
    return check(runtime.redis, channel="sms", phone=phone, message_id=message_id,
                 limit=runtime.settings.inbound_rate_limit, now=now,
                 staff_limit=runtime.settings.staff_inbound_rate_limit, is_staff=is_staff)


def check_ussd(runtime, *, phone: str, session_id: str, text: str, now: datetime,
               is_staff: Callable[[], bool] | None = None) -> str:
    """The verdict for one USSD step: dials (the first step, `text` empty)
    are counted per session id; later steps of a session always pass."""
    if text:
        return ALLOW
    return check(runtime.redis, channel="ussd", phone=phone, message_id=f"session:{session_id}",
                 limit=runtime.settings.inbound_rate_limit, now=now,
                 staff_limit=runtime.settings.staff_inbound_rate_limit, is_staff=is_staff)
