"""The `console` provider: development and demo deployments send nothing.

Each message is written to the log (logger "dabbo.console") and reported as
accepted, so the outbox, the dashboard and every job behave exactly as with a
real provider. It holds no credentials, so it cannot log any.
"""
from __future__ import annotations

import logging
from typing import Mapping, Sequence

from .base import SENT, Outgoing, SendResult, StatusUpdate

logger = logging.getLogger("dabbo.console")


class ConsoleProvider:
    name = "console"

    def send(self, message: Outgoing) -> SendResult:
        logger.info("SMS to %s (ref %s): %s", message.to, message.ref, message.text)
        return SendResult(ref=message.ref, outcome=SENT, provider_id=f"console-{message.ref}")

    def send_many(self, messages: Sequence[Outgoing]) -> list[SendResult]:
        return [self.send(message) for message in messages]

    def call(self, message: Outgoing) -> SendResult:
        logger.info("call back to %s (ref %s): %s", message.to, message.ref, message.text)
        return SendResult(ref=message.ref, outcome=SENT, provider_id=f"console-call-{message.ref}")

    def parse_status(self, form: Mapping[str, str]) -> StatusUpdate | None:
        """Nothing ever calls back for a console message."""
        return None
