"""A local fake of Exotel's REST API (SMS send and calls connect), for tests.

The production adapter (sms_gateway/providers/exotel/adapter.py) is pointed at it through
`EXOTEL_API_BASE`, so tests run the real HTTP path. It accepts

    POST /v1/Accounts/{sid}/Sms/send.json       HTTP basic (api key, token); form From, To
                                                (comma-joined for several), Body, EncodingType,
                                                DltEntityId, DltTemplateId, StatusCallback
    POST /v1/Accounts/{sid}/Calls/connect.json  form From, CallerId, Url, CallType, CustomField

and answers like Exotel (INDIA-CHANNELS.md section 1): 200 with `{"SMSMessage": {...}}` for
one recipient and a list of them for several, `{"Call": {...}}` for a call, and errors as
`{"RestException": {"Status", "Message"}}`.

`limit_requests(200, 60)` makes it enforce Exotel's per-account API rate limit (documented: 200
requests a minute, then `429 Too Many Requests` with `Retry-After` and a RestException) over a
sliding window; `rate_limited` counts the requests it refused so.
"""
from __future__ import annotations

import base64
import json
import math
import re
import time
import uuid
from collections import deque

from werkzeug.http import HTTP_STATUS_CODES

from .twilio_server import FakeProviderServer

_PATH = re.compile(r"^/v1/Accounts/(?P<sid>[^/]+)/(?P<what>Sms/send|Calls/connect)\.json$")


def rest_exception(status: int, message: str) -> dict:
    return {"RestException": {"Status": status, "Message": message}}


class FakeExotel(FakeProviderServer):
    """`set_number_status("+91...", "failed_dnd", "23xxx", "...")` makes that recipient's
    entry come back failed; `registered_template_ids = {...}` refuses (400) any other id."""

    def __init__(self, sid: str = "dabbo1", api_key: str = "k" * 20, api_token: str = "t" * 24, **kwargs) -> None:
        super().__init__(**kwargs)
        self.sid = sid
        self.api_key = api_key
        self.api_token = api_token
        self._expected_auth = "Basic " + base64.b64encode(f"{api_key}:{api_token}".encode()).decode()
        self._number_status: dict[str, tuple[str, str, str]] = {}
        self.registered_template_ids: set[str] | None = None
        self._rate: tuple[int, float] | None = None
        self._window: deque[float] = deque()
        self.rate_limited = 0

    def limit_requests(self, requests: int, seconds: float = 60.0) -> None:
        """Refuse (429, Retry-After) a request past `requests` in any `seconds`, as Exotel does."""
        with self._lock:
            self._rate, self._window, self.rate_limited = (requests, seconds), deque(), 0

    def _over_the_limit(self):
        """The 429 for a request past the account's rate, or None (and the request counted)."""
        with self._lock:
            if self._rate is None:
                return None
            requests, seconds = self._rate
            now = time.monotonic()
            while self._window and self._window[0] <= now - seconds:
                self._window.popleft()
            if len(self._window) < requests:
                self._window.append(now)
                return None
            self.rate_limited += 1
            wait = max(1, math.ceil(self._window[0] + seconds - now))
        body = {"RestException": {"Status": 429, "Message": f"Rate limit exceeded. Try again in {wait} seconds.",
                                  "Code": "RATE_LIMIT_EXCEEDED"}}
        return 429, json.dumps(body).encode(), "application/json", (), (("Retry-After", str(wait)),)

    def set_number_status(self, number: str, status: str, code: str = "", detail: str = "") -> None:
        with self._lock:
            self._number_status[number] = (status, code, detail)

    def _reset_outcomes(self) -> None:
        self._number_status.clear()
        self.registered_template_ids = None
        self._rate, self._window, self.rate_limited = None, deque(), 0

    def _error_body(self, status: int) -> dict:
        return rest_exception(status, HTTP_STATUS_CODES.get(status, "Error"))

    @staticmethod
    def _json(status: int, payload, ids: tuple[str, ...] = ()):
        return status, json.dumps(payload).encode(), "application/json", ids

    def handle(self, method, path, environ, form):
        match = _PATH.match(path)
        if method != "POST" or not match or match["sid"] != self.sid:
            return self._json(404, rest_exception(404, "Not Found"))
        if environ.get("HTTP_AUTHORIZATION") != self._expected_auth:
            return self._json(401, rest_exception(401, "Authentication is required to view this resource."))
        limited = self._over_the_limit()
        if limited is not None:
            return limited
        if match["what"] == "Calls/connect":
            return self._call(form)
        for field in ("From", "To", "Body"):
            if not form.get(field):
                return self._json(400, rest_exception(400, f"Missing parameter {field}"))
        template_id = form.get("DltTemplateId")
        if self.registered_template_ids is not None and template_id not in self.registered_template_ids:
            return self._json(400, rest_exception(400, "DLT template id is not valid"))
        entries = [self._entry(number, form) for number in form["To"].split(",")]
        ids = tuple(e["SMSMessage"]["Sid"] for e in entries if e["SMSMessage"]["Status"] == "queued")
        return self._json(200, entries[0] if len(entries) == 1 else entries, ids)

    def _entry(self, number: str, form: dict) -> dict:
        status, code, detail = self._number_status.get(number, ("queued", "", ""))
        now = time.strftime("%Y-%m-%d %H:%M:%S")
        return {"SMSMessage": {
            "Sid": uuid.uuid4().hex, "AccountSid": self.sid, "From": f"0XXXXXX4890/{form['From']}",
            "To": "0" + number[-10:], "DateCreated": now, "DateUpdated": now, "DateSent": None,
            "Body": form["Body"], "Direction": "outbound-api", "Uri": f"/v1/Accounts/{self.sid}/SMS/Messages",
            "ApiVersion": None, "Price": None, "Status": status,
            "DetailedStatusCode": code or "21010", "DetailedStatus": detail or "PENDING_TO_OPERATOR",
        }}

    def _call(self, form: dict):
        for field in ("From", "CallerId", "Url"):
            if not form.get(field):
                return self._json(400, rest_exception(400, f"Missing parameter {field}"))
        sid = uuid.uuid4().hex
        now = time.strftime("%Y-%m-%d %H:%M:%S")
        call = {"Sid": sid, "ParentCallSid": None, "DateCreated": now, "DateUpdated": now, "AccountSid": self.sid,
                "To": None, "From": form["From"], "PhoneNumberSid": form["CallerId"], "Status": "in-progress",
                "StartTime": now, "EndTime": None, "Duration": None, "Price": None, "Direction": "outbound-api",
                "AnsweredBy": None, "Uri": f"/v1/Accounts/{self.sid}/Calls/{sid}", "RecordingUrl": None}
        return self._json(200, {"Call": call}, (sid,))
