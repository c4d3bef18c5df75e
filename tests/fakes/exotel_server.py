"""A local fake of Exotel's REST API (SMS send and calls connect), for tests.

The production adapter (sms_gateway/providers/exotel/adapter.py) is pointed at it through
`EXOTEL_API_BASE`, so tests run the real HTTP path. It accepts

    POST /v1/Accounts/{sid}/Sms/send.json       HTTP basic (api key, token); form From, To
                                                (comma-joined for several), Body, EncodingType,
                                                DltEntityId, DltTemplateId, StatusCallback
    POST /v1/Accounts/{sid}/Calls/connect.json  form From, CallerId, Url (a flow of this account:
                                                http://my.exotel.com/{sid}/exoml/start_voice/{app}),
                                                CallType (trans), TimeLimit (<= 14400), CustomField

and answers like Exotel (INDIA-CHANNELS.md section 1): 200 with `{"SMSMessage": {...}}` for
one recipient and a list of them for several, `{"Call": {...}}` for a call, and errors as
`{"RestException": {"Status", "Message"}}`.

With `register(entity_id, rows)` it also scrubs like an Indian operator (INDIA-CHANNELS.md
sections 4 and 6): Exotel takes the request (200, queued) and the operator's verdict comes in
the status callback, which the fake keeps in `callbacks` (url, form) for the test to deliver:
`failed` with 23281 DLT_ENTITY_NOT_FOUND (another entity), 23182 DLT_TEMPLATE_NOT_FOUND (an id
not registered), 23185 DLT_TEMPLATE_DOES_NOT_MATCH (the body is not the template's text
character for character, or a value is not of its variable's type), 23186 DLT_LENGTH_EXCEEDED
(a value of 30 characters or more); else `sent` 20005 DELIVERED_TO_HANDSET. The templates come
from the portal's side: the registered text with its typed variables (`{#numeric#}` digits,
`{#alphanumeric#}` letters and digits, `{#url#}` and `{#cbn#}` only the whitelisted ones).
The fake keeps what the operator let through in `accepted` (template id, the
values as it read them). `scrub_values(level)` sets its reading of `{#alphanumeric#}` (section 7:
"letters and numbers only; no special characters", spaces and Indic letters unsettled): `strict`
the strictest (ASCII letters and digits), `spaces` (and single spaces between them), `script` the
loosest (letters and digits of any script, single spaces). `rewrite_query("rewritten")` makes it
call a status callback URL as one integration reports Exotel calling a dynamic URL: its configured
query string replaced by Exotel's own parameters (a `?token=` there is lost; a token in the path
is not). `limit_requests(200, 60)` makes it enforce Exotel's per-account API rate limit (documented: 200
requests a minute, then `429 Too Many Requests` with `Retry-After` and a RestException) over a
sliding window; `rate_limited` counts the requests it refused so.
"""
from __future__ import annotations

import base64
import json
import math
import re
import time
import unicodedata
import uuid
from collections import deque
from urllib.parse import urlencode

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
        self._scrubber: Scrubber | None = None
        self.callbacks: list[tuple[str, dict[str, str]]] = []  # owed to the app
        self.delivered_callbacks: list[tuple[str, dict[str, str]]] = []
        self._rate: tuple[int, float] | None = None
        self._window: deque[float] = deque()
        self.rate_limited = 0
        self.query = "kept"

    def register(self, entity_id: str, rows, *, urls=(), numbers=()) -> None:
        """The DLT portal's registered templates: (template id, text) rows of one entity, and
        the whitelisted links and call-back numbers. From now on every SMS is scrubbed."""
        with self._lock:
            self._scrubber = Scrubber(entity_id, dict(rows), set(urls), set(numbers))

    def scrub_values(self, level: str) -> None:
        """The operator's reading of `{#alphanumeric#}`: "strict", "spaces" or "script" (the loosest)."""
        with self._lock:
            self._scrubber.values = level

    def rewrite_query(self, query: str) -> None:
        """"kept": a status callback goes to the StatusCallback URL as given; "rewritten": its
        query string is replaced by Exotel's own parameters."""
        with self._lock:
            self.query = query

    @property
    def accepted(self) -> list[tuple[str, tuple[str, ...]]]:
        """(DltTemplateId, values as the operator read them) of each SMS it let through."""
        with self._lock:
            return list(self._scrubber.accepted) if self._scrubber else []

    @property
    def scrubbed_failures(self) -> list[dict[str, str]]:
        with self._lock:
            return [form for _url, form in self.delivered_callbacks + self.callbacks if form["Status"] == "failed"]

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
        self._scrubber = None
        self.callbacks = []
        self.delivered_callbacks = []
        self._rate, self._window, self.rate_limited = None, deque(), 0
        self.query = "kept"

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
        if self._scrubber is not None:
            verdict = self._scrubber.verdict(form)
            for entry in entries:
                self._call_back(form, entry["SMSMessage"], verdict)
        return self._json(200, entries[0] if len(entries) == 1 else entries, ids)

    def _call_back(self, form: dict, message: dict, verdict: tuple[str, str, str]) -> None:
        if not form.get("StatusCallback") or message["Status"] != "queued":
            return
        status, code, detail = verdict
        units = 1 if form.get("EncodingType") != "unicode" else 2
        fields = {"SmsSid": message["Sid"], "To": message["To"], "Status": status, "SmsUnits": str(units),
                  "DetailedStatus": detail, "DetailedStatusCode": code, "DateSent": time.strftime("%Y-%m-%d %H:%M:%S")}
        url = form["StatusCallback"]
        if self.query == "rewritten":
            url = url.split("?", 1)[0] + "?" + urlencode(fields)
        self.callbacks.append((url, fields))

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
        # Calls/connect to a flow (Exotel's "outgoing call to connect number to a call flow"): the
        # Url names a flow of this account, CallType is "trans", TimeLimit at most 4 hours.
        flow = re.match(r"^http://my\.exotel\.com/(?P<sid>[^/]+)/exoml/start_voice/\d+$", form["Url"])
        if flow is None or flow["sid"] != self.sid:
            return self._json(400, rest_exception(400, "Url is not a call flow of this account"))
        if form.get("CallType", "trans") != "trans":
            return self._json(400, rest_exception(400, "CallType must be trans"))
        if not form.get("TimeLimit", "0").isdigit() or int(form.get("TimeLimit", "0")) > 14400:
            return self._json(400, rest_exception(400, "TimeLimit must be at most 14400"))
        sid = uuid.uuid4().hex
        now = time.strftime("%Y-%m-%d %H:%M:%S")
        call = {"Sid": sid, "ParentCallSid": None, "DateCreated": now, "DateUpdated": now, "AccountSid": self.sid,
                "To": None, "From": form["From"], "PhoneNumberSid": form["CallerId"], "Status": "in-progress",
                "StartTime": now, "EndTime": None, "Duration": None, "Price": None, "Direction": "outbound-api",
                "AnsweredBy": None, "Uri": f"/v1/Accounts/{self.sid}/Calls/{sid}", "RecordingUrl": None}
        return self._json(200, {"Call": call}, (sid,))


DELIVERED = ("sent", "20005", "DELIVERED_TO_HANDSET")
_VARIABLE = re.compile(r"\{#(numeric|alphanumeric|url|cbn)#\}")


def _letter_or_number(ch: str) -> bool:
    """A letter or digit of any script; Gujarati and Devanagari letters come with vowel signs and
    nasal marks (Unicode "M"), part of the letter. A danda or other punctuation is not."""
    return unicodedata.category(ch)[0] in "LMN"


def _of_type(kind: str, value: str, urls: set[str], numbers: set[str], values: str = "script") -> bool:
    """What each DLT variable type lets through (INDIA-CHANNELS.md sections 6 and 7): digits; for
    `{#alphanumeric#}` the operator's reading `values`: "strict" ASCII letters and digits (the
    vendors' "letters and numbers only"), "spaces" with single spaces between words, "script"
    letters of any script too; a whitelisted link or number."""
    if kind == "numeric":
        return value.isascii() and value.isdigit()
    if kind == "alphanumeric":
        if values == "strict":
            return value.isascii() and value.isalnum()
        words = value.split(" ")
        if values == "spaces":
            return all(word and word.isascii() and word.isalnum() for word in words)
        return all(word and all(_letter_or_number(ch) for ch in word) for word in words)
    if kind == "url":  # a whitelisted link, or a page under it (the domain is whitelisted; unconfirmed)
        return value in urls or any(value.startswith(url + "/") for url in urls)
    return value in numbers


class Scrubber:
    """An operator's DLT scrubbing: the body is the registered text with each variable filled."""

    def __init__(self, entity_id: str, templates: dict[str, str], urls: set[str], numbers: set[str],
                 values: str = "script") -> None:
        self.entity_id, self.templates, self.urls, self.numbers = entity_id, templates, urls, numbers
        self.values = values  # the operator's reading of {#alphanumeric#}: strict, spaces, script
        self.accepted: list[tuple[str, tuple[str, ...]]] = []

    def verdict(self, form: dict) -> tuple[str, str, str]:
        # A header is approved for one category (INDIA-CHANNELS.md section 7): promotional from a
        # 6-digit header, service and transactional from a 6-letter one.
        numeric_header = form.get("From", "").isdigit()
        if (form.get("SmsType") == "promotional") != numeric_header:
            return "failed", "23080", "SENDER_BLOCKED_BY_DLT"
        if form.get("DltEntityId") != self.entity_id:
            return "failed", "23281", "DLT_ENTITY_NOT_FOUND"
        text = self.templates.get(form.get("DltTemplateId") or "")
        if text is None:
            return "failed", "23182", "DLT_TEMPLATE_NOT_FOUND"
        parts = _VARIABLE.split(text)
        loose = "".join(re.escape(part) if i % 2 == 0 else "(.+?)" for i, part in enumerate(parts))
        found = re.fullmatch(loose, form["Body"], re.DOTALL)
        if not found:
            return "failed", "23185", "DLT_TEMPLATE_DOES_NOT_MATCH"
        for kind, value in zip(parts[1::2], found.groups()):
            if len(value) >= 30:
                return "failed", "23186", "DLT_LENGTH_EXCEEDED"
            if not _of_type(kind, value, self.urls, self.numbers, self.values):
                return "failed", "23185", "DLT_TEMPLATE_DOES_NOT_MATCH"
        if form.get("EncodingType") != "unicode" and not form["Body"].isascii():
            return "failed", "23185", "DLT_TEMPLATE_DOES_NOT_MATCH"
        self.accepted.append((form["DltTemplateId"], found.groups()))
        return DELIVERED
