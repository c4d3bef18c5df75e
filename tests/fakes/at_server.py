"""A local fake of Africa's Talking's bulk SMS API, for tests and benchmarks.

The real `africastalking` SDK is pointed at it (`Settings.at_api_base`). It
accepts what `SMSService.send` sends,

    POST /version1/messaging   header apiKey, form username, to (comma-joined),
                               message, bulkSMSMode, optional from / enqueue

and answers like AT: 201 application/json
{"SMSMessageData": {"Message": "Sent to 2/3 Total Cost: ...", "Recipients": [
    {"statusCode": 101, "number": "+91...", "status": "Success",
     "cost": "KES 0.8000", "messageId": "ATXid_..."}, ...]}}
with one entry per recipient; refused recipients get messageId "None" and cost
"0". A bad apiKey gets AT's plain-text 401.
"""
from __future__ import annotations

import json
import uuid

from werkzeug.http import HTTP_STATUS_CODES

from .twilio_server import FakeProviderServer

# AT per-recipient statusCode -> status name (AT's SMS API documentation).
AT_STATUS_NAMES = {
    100: "Processed",
    101: "Success",
    102: "Queued",
    401: "RiskHold",
    402: "InvalidSenderId",
    403: "InvalidPhoneNumber",
    404: "UnsupportedNumberType",
    405: "InsufficientBalance",
    406: "UserInBlacklist",
    407: "CouldNotRoute",
    409: "DoNotDisturbRejection",
    500: "InternalServerError",
    501: "GatewayError",
    502: "RejectedByGateway",
}
COST = 0.8


class FakeAfricasTalking(FakeProviderServer):
    """AT's `/version1/messaging`.

    `set_number_status("+91...", 406)` gives that recipient statusCode 406
    (UserInBlacklist) in every reply; `valid_sender_ids = {"DABBO"}` makes any
    other `from` get AT's whole-request refusal (Message "InvalidSenderId",
    no Recipients).
    """

    def __init__(self, username: str = "dabbo", api_key: str = "atsk_" + "d" * 40, **kwargs) -> None:
        super().__init__(**kwargs)
        self.username = username
        self.api_key = api_key
        self.valid_sender_ids: set[str] | None = None
        self._number_codes: dict[str, int] = {}

    def set_number_status(self, number: str, status_code: int) -> None:
        with self._lock:
            self._number_codes[number] = status_code

    @property
    def recipient_count(self) -> int:
        """Recipients across every recorded request (needs record_bodies)."""
        with self._lock:
            return sum(len(r.form["to"].split(",")) for r in self.requests if r.form and r.form.get("to"))

    def _reset_outcomes(self) -> None:
        self._number_codes.clear()
        self.valid_sender_ids = None

    def _error_body(self, status: int) -> str:
        return {401: "The supplied authentication is invalid"}.get(status) or HTTP_STATUS_CODES.get(status, "Error")

    def handle(self, method, path, environ, form):
        if method != "POST" or path != "/version1/messaging":
            return 404, b"Not Found", "text/plain", ()
        if environ.get("HTTP_APIKEY") != self.api_key or form.get("username") != self.username:
            return 401, b"The supplied authentication is invalid", "text/plain", ()
        for field in ("to", "message"):
            if not form.get(field):
                return 400, f"Request is missing required form field '{field}'".encode(), "text/plain", ()
        sender = form.get("from")
        if sender is not None and self.valid_sender_ids is not None and sender not in self.valid_sender_ids:
            return self._reply({"Message": "InvalidSenderId", "Recipients": []}, ())
        recipients, ids = [], []
        for number in form["to"].split(","):
            code = self._number_codes.get(number, 101)
            if code in (100, 101, 102):
                message_id = "ATXid_" + uuid.uuid4().hex
                ids.append(message_id)
                recipients.append(self._entry(code, number, f"KES {COST:.4f}", message_id))
            else:
                recipients.append(self._entry(code, number, "0", "None"))
        summary = f"Sent to {len(ids)}/{len(recipients)} Total Cost: KES {COST * len(ids):.4f}"
        return self._reply({"Message": summary, "Recipients": recipients}, tuple(ids))

    @staticmethod
    def _entry(code: int, number: str, cost: str, message_id: str) -> dict:
        return {"statusCode": code, "number": number, "status": AT_STATUS_NAMES.get(code, "Failed"), "cost": cost, "messageId": message_id}

    @staticmethod
    def _reply(data: dict, ids: tuple[str, ...]):
        return 201, json.dumps({"SMSMessageData": data}).encode(), "application/json", ids
