"""The `console` provider: development and demo deployments send nothing.

Each message is written to the log (logger "dabbo.console") and reported as
accepted, so the outbox, the dashboard and every job behave exactly as with a
real provider. It holds no credentials, so it cannot log any.
"""
from __future__ import annotations

import logging
from typing import Mapping, Sequence

from sms_gateway.providers.base import SENT, OnRequest, Outgoing, SendResult, StatusUpdate, one_request_each

logger = logging.getLogger("dabbo.console")


def _shown(log: logging.Logger) -> logging.Logger:
    """`log`, made to print its INFO lines even where nobody configured
    logging. Why: the worker (`rq worker`) and gunicorn configure only their
    own loggers, so without this each message's line, which is the whole
    point of this provider, would go nowhere (Python's last-resort handler
    prints only warnings). Where logging is configured (a root handler, as
    under pytest), only the level is raised to INFO and records propagate."""
    if not log.hasHandlers():
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s: %(message)s"))
        log.addHandler(handler)
    if log.getEffectiveLevel() > logging.INFO:
        log.setLevel(logging.INFO)
    return log


class ConsoleProvider:
    name = "console"

    def __init__(self) -> None:
        _shown(logger)

    def send(self, message: Outgoing) -> SendResult:
        logger.info("SMS to %s (ref %s): %s", message.to, message.ref, message.text)
        return SendResult(ref=message.ref, outcome=SENT, provider_id=f"console-{message.ref}")

    def send_many(self, messages: Sequence[Outgoing], on_request: OnRequest = None) -> list[SendResult]:
        return one_request_each(self.send, messages, on_request)

    def call(self, message: Outgoing) -> SendResult:
        logger.info("call back to %s (ref %s): %s", message.to, message.ref, message.text)
        return SendResult(ref=message.ref, outcome=SENT, provider_id=f"console-call-{message.ref}")

    def parse_status(self, form: Mapping[str, str]) -> StatusUpdate | None:
        """Nothing ever calls back for a console message."""
        return None
