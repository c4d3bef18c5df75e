"""The one error type handlers raise when a request cannot be carried out.

`code` is stable and machine-readable: the admin API maps it to an HTTP status,
the SMS and USSD handlers to a sentence in the sender's language.
"""
from __future__ import annotations


class Refused(Exception):
    """A command or API call that must change nothing.

    status: the HTTP status the admin API answers with (404, 409, 422).
    """

    def __init__(self, code: str, message: str, *, field: str | None = None, status: int = 422, **detail):
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.status = status
        self.detail = detail
