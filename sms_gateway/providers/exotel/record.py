"""What Exotel really sent us (SPEC 13.2): `EXOTEL_RECORD` keeps every request Exotel makes, and
`flask --app sms_gateway exotel check` reads them back and says which reading is true.

Why: Exotel's own tables are not public (INDIA-CHANNELS 7); our fakes follow the open
integrations' reading. The first day on a real account settles it: where the token arrived,
whether the configured query string (`?query=kept`, which `exotel flow` prints on every URL)
survived, how `digits` is quoted, what a silence sends, which parameters came, what we answered.

Kept in Redis, per kind of request (`flow/start`, `flow/gather`, `flow/keys`, `flow/goodbye`,
`sms`, `status`, `missed-call`), the last KEEP of each: method, path, query, form, headers minus
secrets, and our answer. The token becomes `<token>`, every run of ten or more digits (a phone)
`#`s. `EXOTEL_RECORD=on` always records, `off` never; unset, the first SEEN_ENOUGH of each kind
are recorded. A record that cannot be written is skipped: it never changes an answer.
"""
from __future__ import annotations

import json
import logging
import re

from flask import Response, g, request

from sms_gateway.extensions import now, runtime, settings
from sms_gateway.providers.exotel.callbacks import without_path_token

log = logging.getLogger("dabbo.exotel.record")

SEEN_ENOUGH = 100
KEEP = 1000
SECRET_HEADERS = frozenset({"authorization", "cookie", "x-forwarded-for", "x-real-ip"})
_PHONE = re.compile(r"\d{10,}")
_enough: set[str] = set()  # kinds past SEEN_ENOUGH in this process (auto mode asks Redis no more)


def kind_of(path: str) -> str:
    return without_path_token(path).removeprefix("/webhooks/exotel/").split("?")[0]


def _masked(value: str, token: str | None) -> str:
    if token:
        value = value.replace(token, "<token>")
    return _PHONE.sub(lambda m: "#" * len(m.group()), value)[:200]


def _key(kind: str) -> str:
    return f"exotel:record:{kind}"


def entry(response: Response) -> dict:
    """One request and our answer, masked."""
    token = settings().exotel_webhook_token
    too_large = response.status_code == 413
    form = {} if too_large else {k: _masked(v, token) for k, v in request.form.items()}
    body = None if too_large else request.get_json(silent=True) if request.is_json else None
    if isinstance(body, dict):
        form.update({k: _masked(str(v), token) for k, v in body.items()})
    return {
        "kind": kind_of(request.path), "method": request.method, "path": _masked(request.path, token),
        "token_in": "path" if g.get("exotel_path_token") is not None else
                    "query" if "token" in request.args else "none",
        "query": {k: _masked(v, token) for k, v in request.args.items()}, "form": form, "json": body is not None,
        "headers": {k: _masked(v, token) for k, v in request.headers.items() if k.lower() not in SECRET_HEADERS},
        "answered": response.status_code, "content_type": response.headers.get("Content-Type", ""),
        "at": now().isoformat(timespec="seconds"),
    }


def capture(response: Response) -> Response:
    """An `after_request` of the Exotel blueprints."""
    mode = settings().exotel_record
    kind = kind_of(request.path)
    if mode == "off" or (mode == "auto" and kind in _enough):
        return response
    try:
        redis = runtime().redis
        if mode == "auto" and redis.incr(f"exotel:record:seen:{kind}") > SEEN_ENOUGH:
            _enough.add(kind)
            return response
        redis.lpush(_key(kind), json.dumps(entry(response), ensure_ascii=False))
        redis.ltrim(_key(kind), 0, KEEP - 1)
    except Exception:  # Redis down, an unreadable body: the answer goes out all the same
        log.warning("Exotel request not recorded", exc_info=True)
    return response


def recorded(redis) -> list[dict]:
    """Every request kept, oldest first."""
    out = []
    for key in sorted(redis.scan_iter("exotel:record:*")):
        name = key.decode() if isinstance(key, bytes) else key
        if name.startswith("exotel:record:seen:"):
            continue
        out += [json.loads(item) for item in reversed(redis.lrange(name, 0, -1))]
    return sorted(out, key=lambda e: e["at"])
