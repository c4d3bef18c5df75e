"""Handing committed outbox rows to RQ. (Placeholder until issue 6: the
dispatcher and the worker are filled in there.)"""
from __future__ import annotations

import logging
from typing import Iterable

log = logging.getLogger("dabbo.queues")


def enqueue_messages(runtime, message_ids: Iterable[int]) -> None:
    """Called after the transaction that wrote the rows has committed. Never
    raises: if Redis is down the rows wait in the outbox for the dispatcher."""
    return None


def enqueue_due(runtime) -> None:
    return None
