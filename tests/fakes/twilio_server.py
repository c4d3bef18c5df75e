"""A local fake of Twilio's Messages REST API, for tests and benchmarks.

The real `twilio` SDK is pointed at it (`Settings.twilio_api_base`), so a test
exercises the production adapter down to the HTTP request. It accepts exactly
what the SDK sends to create a message,

    POST /2010-04-01/Accounts/{AccountSid}/Messages.json   (HTTP basic auth, form body)

and answers like Twilio: 201 with a message resource (sid "SM...", status
"queued", or "accepted" with a Messaging Service), or Twilio's JSON error
{"code", "message", "more_info", "status"}.

`FakeProviderServer` (also used by `at_server`) holds what both fakes share:
the threaded werkzeug server, the request log and the programmable failures.
"""
from __future__ import annotations

import base64
import json
import re
import threading
import time
import uuid
from collections import deque
from dataclasses import dataclass
from urllib.parse import parse_qsl

from werkzeug.http import HTTP_STATUS_CODES
from werkzeug.serving import WSGIRequestHandler, make_server

_RECORDED_HEADERS = ("Authorization", "apiKey", "Content-Type", "Accept", "User-Agent")


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]  # the few that matter: auth, content type, user agent
    form: dict[str, str] | None  # None when the server's record_bodies is False
    status: int  # what the fake answered
    ids: tuple[str, ...] = ()  # message ids the fake issued in its answer


class _QuietHandler(WSGIRequestHandler):
    """No access log: a 100,000-message benchmark would spend its time printing."""

    def log_request(self, code="-", size="-") -> None:
        pass


class FakeProviderServer:
    """Threaded HTTP server on 127.0.0.1 (a free port) in a daemon thread.

    Programmable from the test's thread while requests are served:
    `fail_next(n, status, body)` answers the next n requests with an error,
    `set_delay(seconds)` holds every answer back (to provoke client timeouts).
    Every request is appended to `requests` (set `record_bodies = False` to keep
    only method/path/status for big benchmarks). `issued_count` counts ids issued.
    """

    def __init__(self, *, record_bodies: bool = True) -> None:
        self._lock = threading.Lock()
        self._server = None
        self._thread: threading.Thread | None = None
        self.record_bodies = record_bodies
        self.requests: list[RecordedRequest] = []
        self.issued_count = 0
        self._failures: deque[tuple[int, bytes, str]] = deque()
        self._delay = 0.0
        self._hang: tuple[int, float] | None = None
        self._started = 0

    # -- lifecycle -------------------------------------------------------
    def start(self):
        self._server = make_server("127.0.0.1", 0, self._wsgi, threaded=True, request_handler=_QuietHandler)
        self._thread = threading.Thread(target=self._server.serve_forever, name=type(self).__name__, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_port}"

    # -- programming -----------------------------------------------------
    def reset(self) -> None:
        """Forget requests and every programmed behaviour."""
        with self._lock:
            self.requests = []
            self.issued_count = 0
            self._failures.clear()
            self._delay = 0.0
            self._hang = None
            self._started = 0
            self.record_bodies = True
            self._reset_outcomes()

    def fail_next(self, n: int = 1, status: int = 503, body: dict | str | bytes | None = None,
                  headers: dict[str, str] | None = None) -> None:
        """Answer the next `n` requests with `status` and `body` (a dict is sent
        as JSON; None gives the provider's usual error body for `status`), and
        `headers` (`{"Retry-After": "2"}`)."""
        if body is None:
            body = self._error_body(status)
        if isinstance(body, dict):
            payload, content_type = json.dumps(body).encode(), "application/json"
        else:
            payload = body.encode() if isinstance(body, str) else body
            content_type = "text/plain"
        with self._lock:
            self._failures.extend([(status, payload, content_type, tuple((headers or {}).items()))] * n)

    def set_delay(self, seconds: float) -> None:
        self._delay = seconds

    def hang_once_after(self, answered: int, seconds: float) -> None:
        """Answer the next `answered` requests as usual, then hold the one
        after them for `seconds` before answering it (a provider that stalls
        mid-batch, then accepts the message all the same)."""
        with self._lock:
            self._hang = (self._started + answered + 1, seconds)

    @property
    def forms(self) -> list[dict[str, str] | None]:
        with self._lock:
            return [r.form for r in self.requests]

    # -- for subclasses --------------------------------------------------
    def _reset_outcomes(self) -> None:
        """Clear provider-specific programming (called under the lock)."""

    def _error_body(self, status: int) -> dict | str:
        raise NotImplementedError

    def handle(self, method: str, path: str, environ: dict, form: dict[str, str]) -> tuple[int, bytes, str, tuple[str, ...]]:
        """Return (status, body, content type, ids issued)."""
        raise NotImplementedError

    # -- WSGI ------------------------------------------------------------
    def _wsgi(self, environ, start_response):
        with self._lock:
            self._started += 1
            hang = self._hang[1] if self._hang and self._started == self._hang[0] else 0.0
        if self._delay or hang:
            time.sleep(max(self._delay, hang))
        method, path = environ["REQUEST_METHOD"], environ.get("PATH_INFO", "")
        length = int(environ.get("CONTENT_LENGTH") or 0)
        raw = environ["wsgi.input"].read(length) if length else b""
        form = dict(parse_qsl(raw.decode("utf-8"), keep_blank_values=True))
        with self._lock:
            failure = self._failures.popleft() if self._failures else None
        extra: tuple[tuple[str, str], ...] = ()
        if failure is not None:
            status, body, content_type, extra = failure
            ids: tuple[str, ...] = ()
        else:
            status, body, content_type, ids, *more = self.handle(method, path, environ, form)
            extra = more[0] if more else ()
        headers = {name: environ[key] for name in _RECORDED_HEADERS if (key := _environ_key(name)) in environ}
        record = RecordedRequest(method, path, headers, form if self.record_bodies else None, status, ids)
        with self._lock:
            self.requests.append(record)
            self.issued_count += len(ids)
        start_response(
            f"{status} {HTTP_STATUS_CODES.get(status, 'Unknown')}",
            [("Content-Type", content_type), ("Content-Length", str(len(body))), *extra],
        )
        return [body]


def _environ_key(header: str) -> str:
    if header == "Content-Type":
        return "CONTENT_TYPE"
    return "HTTP_" + header.upper().replace("-", "_")


# Twilio's wording for the errors tests program per number.
TWILIO_ERRORS = {
    21211: "The 'To' number {to} is not a valid phone number.",
    21408: "Permission to send an SMS has not been enabled for the region indicated by the 'To' number: {to}.",
    21610: "Attempt to send to unsubscribed recipient",
    21614: "'To' number is not a valid mobile number",
}
_STATUS_ERRORS = {
    401: (20003, "Authenticate"),
    404: (20404, "The requested resource was not found"),
    429: (20429, "Too Many Requests"),
    500: (20500, "Internal Server Error"),
    503: (20503, "Service Unavailable"),
}
_MESSAGES_PATH = re.compile(r"^/2010-04-01/Accounts/(?P<sid>[^/]+)/(?P<what>Messages|Calls)\.json$")


def twilio_error(status: int, code: int, message: str) -> dict:
    return {"code": code, "message": message, "more_info": f"https://www.twilio.com/docs/errors/{code}", "status": status}


class FakeTwilio(FakeProviderServer):
    """Twilio's `Messages.json` create endpoint.

    `set_number_error("+91...", 21610)` makes every send to that number fail
    with Twilio's error (HTTP 400 unless `status` says otherwise).
    """

    def __init__(self, account_sid: str = "AC" + "f" * 32, auth_token: str = "e" * 32, **kwargs) -> None:
        super().__init__(**kwargs)
        self.account_sid = account_sid
        self.auth_token = auth_token
        self._expected_auth = "Basic " + base64.b64encode(f"{account_sid}:{auth_token}".encode()).decode()
        self._number_errors: dict[str, tuple[int, int, str]] = {}

    def set_number_error(self, number: str, code: int, status: int = 400, message: str | None = None) -> None:
        text = message or TWILIO_ERRORS.get(code, "Error").format(to=number)
        with self._lock:
            self._number_errors[number] = (status, code, text)

    def _reset_outcomes(self) -> None:
        self._number_errors.clear()

    def _error_body(self, status: int) -> dict:
        code, message = _STATUS_ERRORS.get(status, (status, HTTP_STATUS_CODES.get(status, "Error")))
        return twilio_error(status, code, message)

    @staticmethod
    def _json(status: int, payload: dict, ids: tuple[str, ...] = ()):
        return status, json.dumps(payload).encode(), "application/json", ids

    def handle(self, method, path, environ, form):
        match = _MESSAGES_PATH.match(path)
        if method != "POST" or not match or match["sid"] != self.account_sid:
            return self._json(404, twilio_error(404, 20404, f"The requested resource {path} was not found"))
        if environ.get("HTTP_AUTHORIZATION") != self._expected_auth:
            return self._json(401, twilio_error(401, 20003, "Authenticate"))
        if match["what"] == "Calls":
            return self._call(form)
        to, body = form.get("To"), form.get("Body")
        sender, service = form.get("From"), form.get("MessagingServiceSid")
        if not to:
            return self._json(400, twilio_error(400, 21604, "A 'To' phone number is required."))
        if not sender and not service:
            return self._json(400, twilio_error(400, 21603, "A 'From' phone number is required."))
        if not body:
            return self._json(400, twilio_error(400, 21602, "Message body is required."))
        programmed = self._number_errors.get(to)
        if programmed:
            status, code, text = programmed
            return self._json(status, twilio_error(status, code, text))
        sid = "SM" + uuid.uuid4().hex
        now = time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime())
        uri = f"/2010-04-01/Accounts/{self.account_sid}/Messages/{sid}"
        resource = {
            "account_sid": self.account_sid,
            "api_version": "2010-04-01",
            "body": body,
            "date_created": now,
            "date_sent": None,
            "date_updated": now,
            "direction": "outbound-api",
            "error_code": None,
            "error_message": None,
            "from": sender,
            "messaging_service_sid": service,
            "num_media": "0",
            "num_segments": "1",
            "price": None,
            "price_unit": "USD",
            "sid": sid,
            # Twilio's initial status: queued, or accepted via a Messaging Service.
            "status": "accepted" if service and not sender else "queued",
            "subresource_uris": {"media": uri + "/Media.json"},
            "to": to,
            "uri": uri + ".json",
        }
        return self._json(201, resource, (sid,))

    def _call(self, form: dict):
        """Calls.json create (a call back): To, From, and Url or Twiml."""
        if not form.get("To") or not form.get("From") or not (form.get("Url") or form.get("Twiml")):
            return self._json(400, twilio_error(400, 21205, "Url parameter is required."))
        sid = "CA" + uuid.uuid4().hex
        now = time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime())
        resource = {"account_sid": self.account_sid, "api_version": "2010-04-01", "sid": sid, "to": form["To"],
                    "from": form["From"], "status": "queued", "direction": "outbound-api", "date_created": now,
                    "date_updated": now, "uri": f"/2010-04-01/Accounts/{self.account_sid}/Calls/{sid}.json"}
        return self._json(201, resource, (sid,))
