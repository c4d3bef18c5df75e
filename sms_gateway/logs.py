"""Keeping secrets out of logs.

Africa's Talking cannot sign its callbacks, so they carry the shared secret
AT_WEBHOOK_TOKEN in the URL (`?token=...`), and gunicorn's access log prints
the request line, query string included. The Procfile's web process runs
gunicorn with `--logger-class sms_gateway.logs.AccessLogger`, which writes the
request line with every secret-looking query value replaced by `[redacted]`
and never prints an Authorization or Cookie header, whatever the access log
format asks for. `RedactingFilter` does the same for any other log record.
"""
from __future__ import annotations

import logging
import re

from gunicorn.glogging import Logger, SafeAtoms

REDACTED = "[redacted]"
# Query parameter names whose values are secrets (compared case-insensitively).
SECRET_PARAMETERS = ("token", "access_token", "api_key", "apikey", "key", "secret", "password", "signature", "code")
_SECRET_VALUE = re.compile(
    r"(?i)(^|[?&;\s\"'])(" + "|".join(SECRET_PARAMETERS) + r")=([^&;#\s\"']*)")
# Header and environ atoms that are secrets as a whole.
_SECRET_ATOMS = ("authorization", "cookie", "x-twilio-signature", "x_twilio_signature")


def redact(text: str) -> str:
    """`text` with the value of every secret query parameter replaced:
    `POST /webhooks/africastalking/sms?token=abc HTTP/1.1` ->
    `POST /webhooks/africastalking/sms?token=[redacted] HTTP/1.1`."""
    if "=" not in text:
        return text
    return _SECRET_VALUE.sub(lambda m: f"{m.group(1)}{m.group(2)}={REDACTED}" if m.group(3) else m.group(0), text)


class RedactingFilter(logging.Filter):
    """Rewrites a record whose message carries a secret query value."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken record is the logging module's business, not ours
            return True
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


class _RedactedAtoms(SafeAtoms):
    """gunicorn's atoms as the access log format reads them, each one redacted
    as it is read: a request has some fifty atoms (every header and environ
    entry) and the format reads a handful, so only those are looked at."""

    def __getitem__(self, name):
        value = super().__getitem__(name)
        if any(secret in name.lower() for secret in _SECRET_ATOMS):
            return REDACTED
        return redact(value) if isinstance(value, str) else value


class AccessLogger(Logger):
    """gunicorn's logger, with secrets taken out of the access log's atoms
    (`%(r)s`, `%(q)s`, `%({raw_uri}e)s`, headers...) as the format reads them.
    Every value the access line is made of passes through `redact`, so the
    access log needs no RedactingFilter (which would format each line twice)."""

    atoms_wrapper_class = _RedactedAtoms

    def setup(self, cfg):
        super().setup(cfg)
        if not any(isinstance(f, RedactingFilter) for f in self.error_log.filters):
            self.error_log.addFilter(RedactingFilter())
