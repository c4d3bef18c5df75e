"""Inbound SMS that arrived while the database could not take them.

Twilio can be answered "please try again" in the HTTP response; Africa's
Talking cannot (its reply goes through the outbox, which lives in the
database), and it does not re-deliver a callback we answered. So such a
message is parked in a Redis list and the dispatcher replays it through the
same handler once the database is back, as of the moment it arrived (a
SEIZE parked at 14:05 is a seizure at 14:05, whose claim deadline runs from
then). `handle_sms` dedupes by provider id, so a message
replayed twice is answered once. Only when Redis and the
database are down together is a message lost, and then it is logged.
"""
from __future__ import annotations

import json
import logging
from dataclasses import asdict
from collections.abc import Callable
from datetime import datetime

import redis

from handlers.sms.inbound import Inbound, handle_sms

KEY = "dabbo:inbound:parked"
log = logging.getLogger("dabbo.parked")


def _fields(inbound: Inbound) -> dict:
    """What is kept of a message: what the provider sent, not the command read
    from it (read again on replay, by the code running then)."""
    return {name: value for name, value in asdict(inbound).items() if name != "parsed"}


def park(runtime, inbound: Inbound, received_at: datetime) -> bool:
    """Keep `inbound`, and when it arrived, for replay; False (and a log line)
    if Redis is down too."""
    try:
        runtime.redis.rpush(KEY, json.dumps({**_fields(inbound), "received_at": received_at.isoformat()}))
        return True
    except redis.RedisError:
        log.error("inbound %s %s lost: database and Redis both down", inbound.provider, inbound.provider_id)
        return False


def drain(runtime, key: str, replay_one: Callable[[dict], None], limit: int = 500) -> int:
    """Hand what is parked under `key` to `replay_one`, oldest first; stop at the first that
    still fails (it goes back to the head of the list, for the next tick). Inbound SMS and
    missed calls are parked and drained alike."""
    replayed = 0
    for _ in range(limit):
        try:
            raw = runtime.redis.lpop(key)
        except redis.RedisError:
            break
        if raw is None:
            break
        try:
            replay_one(json.loads(raw))
        except Exception:
            log.exception("replaying what was parked under %s failed; kept for the next tick", key)
            runtime.redis.lpush(key, raw)
            break
        replayed += 1
    return replayed


def replay(runtime, limit: int = 500) -> int:
    """Hand parked messages to the SMS handler, as of when each arrived."""
    def replay_one(fields: dict) -> None:
        received_at = fields.pop("received_at", None)  # a message parked by an older version has none
        with runtime.sessions() as session:
            handle_sms(session, Inbound(**fields), ussd_code=runtime.settings.ussd_service_code,
                       reply_via_outbox=True,
                       now=datetime.fromisoformat(received_at) if received_at else runtime.clock())

    return drain(runtime, KEY, replay_one, limit)
