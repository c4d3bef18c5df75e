"""The edge of missed calls (the meaning is in handlers.missed_call): the hour's budget of
answers, counted in Redis, and a missed call that arrives while the database is down.

Budget: MISSED_CALL_BUDGET answers (SMS or call backs) per clock hour for the whole deployment,
one Redis counter per hour shared by every web process and the dispatcher. The first call past
it alerts the administrator (one ERROR line an hour, which the operator's log alerting
watches); that call and the later ones wait (`waiting`) and the dispatcher answers them, oldest
first, as the next hours' budgets allow. Without Redis the budget fails open, as the inbound
limit does: the one-answer-per-caller-per-ten-minutes limit (in the database) still holds.

Outage: the provider was answered already (Twilio's `<Reject/>`, Exotel's 200), so a call that
could not be written is parked in a Redis list with the moment it came, and the dispatcher's
tick answers it once the database is back (as SMS are: sms_gateway.parked). A call parked twice
is answered once: the call id is unique in the database.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import datetime

import redis

from handlers.menus import missed_call
from sms_gateway.worker import parked

BUDGET_KEY = "dabbo:missed:budget"
PARKED_KEY = "dabbo:missed:parked"
log = logging.getLogger("dabbo.missed_calls")


def budget(runtime, now: datetime) -> Callable[[], bool]:
    """`take()`: True, and one answer spent, while this hour's budget lasts."""
    limit = runtime.settings.missed_call_budget

    def take() -> bool:
        if limit <= 0:
            return True
        key = f"{BUDGET_KEY}:{int(now.timestamp()) // 3600}"
        try:
            with runtime.redis.pipeline() as pipeline:
                pipeline.incr(key)
                pipeline.expire(key, 2 * 3600)
                used = pipeline.execute()[0]
        except redis.RedisError as exc:
            log.warning("missed-call budget not checked (Redis unavailable): %s", type(exc).__name__)
            return True
        if used == limit + 1:
            log.error("MISSED_CALL_BUDGET of %d answers an hour is spent: missed calls wait for the next hour "
                      "(a flood of missed calls, or a budget too small for this district)", limit)
        return used <= limit

    return take


def answer(runtime, session, *, phone: str, provider: str, call_id: str, now: datetime) -> None:
    """Answer one missed call; never raises. If the database cannot take it, it is parked."""
    try:
        missed_call.answer(session, phone=phone, provider=provider, call_id=call_id, now=now,
                           answer_by=runtime.settings.missed_call_answer, budget=budget(runtime, now))
    except Exception:
        log.exception("%s missed call failed; parked for the dispatcher", provider)
        try:
            session.rollback()
        except Exception:  # noqa: BLE001 - the connection is gone: nothing to roll back
            pass
        park(runtime, phone=phone, provider=provider, call_id=call_id, received_at=now)


def park(runtime, *, phone: str, provider: str, call_id: str, received_at: datetime) -> bool:
    try:
        runtime.redis.rpush(PARKED_KEY, json.dumps({"phone": phone, "provider": provider, "call_id": call_id,
                                                    "received_at": received_at.isoformat()}))
        return True
    except redis.RedisError:
        log.error("missed call %s lost: database and Redis both down", call_id)
        return False


def replay(runtime, limit: int = 500) -> int:
    """Answer parked missed calls, oldest first, as of when they came."""
    def replay_one(call: dict) -> None:
        with runtime.sessions() as session:
            missed_call.answer(session, phone=call["phone"], provider=call["provider"], call_id=call["call_id"],
                               now=datetime.fromisoformat(call["received_at"]),
                               answer_by=runtime.settings.missed_call_answer, budget=budget(runtime, runtime.clock()))

    return parked.drain(runtime, PARKED_KEY, replay_one, limit)


def answer_waiting(runtime) -> int:
    """Calls kept `waiting` past the budget, answered as this hour's budget allows."""
    now = runtime.clock()
    with runtime.sessions() as session:
        return missed_call.answer_waiting(session, now=now, answer_by=runtime.settings.missed_call_answer,
                                          budget=budget(runtime, now))
