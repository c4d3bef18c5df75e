"""What every request Exotel makes shares, SMS and voice alike: the shared secret, the
parameters from wherever they came, and the `text/plain` answer its URL applets take.

Why a module of its own: the SMS webhooks hand a call back's status to the voice flow, and the
voice flow checks the same token and reads the same parameters; kept here, below both, neither
imports the other's helpers.
"""
from __future__ import annotations

import re

from flask import Response, g, request

from sms_gateway.extensions import settings
from sms_gateway.providers.webhooks import require_token

_PATH_TOKEN = re.compile(r"^/webhooks/exotel/t/[^/]*")


def take_path_token(_endpoint, values) -> None:
    """The token from the path (`/t/<token>/`), kept aside for `check_token`."""
    if values and "exotel_token" in values:
        g.exotel_path_token = values.pop("exotel_token")


def check_token() -> None:
    """403 unless the token in the path, or else the `token` query parameter, equals
    EXOTEL_WEBHOOK_TOKEN."""
    require_token(settings().exotel_webhook_token, g.get("exotel_path_token"))


def without_path_token(path: str) -> str:
    """The path as if the token had come in the query: `/webhooks/exotel/t/x/flow/gather` ->
    `/webhooks/exotel/flow/gather`."""
    return _PATH_TOKEN.sub("/webhooks/exotel", path, count=1)


def with_path_token(base: str, path: str, token: str) -> str:
    """The URL Exotel is given for one of our `/webhooks/exotel/...` paths, the token in it."""
    return f"{base}/webhooks/exotel/t/{token}{path.removeprefix('/webhooks/exotel')}"


def refusal(path: str, http_status: int | None):
    """A refusal on purpose (403 wrong token, 413 too large) in the applets' own format: an
    empty `text/plain`, never an HTML page. None for anything else."""
    if http_status in (403, 413):
        return "", http_status, {"Content-Type": "text/plain"}
    return None


def fields() -> dict[str, str]:
    """The callback's parameters: query string, form, or a JSON object (the newer pages)."""
    values = {key: value for key, value in request.args.items() if key != "token"}
    values.update(request.form.items())
    body = request.get_json(silent=True) if request.is_json else None
    if isinstance(body, dict):
        values.update({key: str(value) for key, value in body.items() if isinstance(value, (str, int))})
    return values


def plain(text: str = "", status: int = 200) -> Response:
    """Content-Type exactly `text/plain`: what Exotel's URL applets take (SPEC 12.3)."""
    return Response(text, status=status, content_type="text/plain")
