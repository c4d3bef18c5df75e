"""A phone calling Dabbo's voice menu through Twilio (TwiML), for tests (Exotel runs flows of
applets instead: tests/fakes/exotel_voice.py).

Each answer is parsed as XML (never compared as a string); a key press follows the action
URL of the document's Gather exactly as Twilio would, signed; silence is Twilio carrying on
with the document's next verbs.
"""
from __future__ import annotations

import uuid
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from urllib.parse import urlsplit

from twilio.request_validator import RequestValidator

TWILIO_NUMBER = "+15005550006"


@dataclass
class Document:
    root: ElementTree.Element

    @property
    def verbs(self) -> list[ElementTree.Element]:
        return list(self.root)

    @property
    def gathers(self) -> list[ElementTree.Element]:
        return self.root.findall("Gather")

    def said(self, upto_gather: int | None = None) -> list[str]:
        """Every spoken text in order (inside the Gathers too), up to the n-th Gather."""
        texts, seen = [], 0
        for verb in self.root:
            if verb.tag == "Gather":
                if upto_gather is not None and seen > upto_gather:
                    break
                texts += [say.text or "" for say in verb.findall("Say")]
                seen += 1
            elif verb.tag == "Say":
                if upto_gather is not None and seen > upto_gather:
                    break
                texts.append(verb.text or "")
        return texts

    @property
    def text(self) -> str:
        return " ".join(self.said(upto_gather=0))

    @property
    def ends(self) -> bool:
        """The call ends here: no Gather, a Hangup last."""
        return not self.gathers and self.verbs[-1].tag == "Hangup"

    @property
    def languages(self) -> set[str]:
        return {say.get("language") for say in self.root.iter("Say")}


class VoicePhone:
    """`provider` "twilio"; `call()` starts a call, `press("1")` answers the
    current document's first Gather, `silence()` moves to what the provider does next."""

    def __init__(self, client, settings, provider: str, phone: str, *, token: str | None = None,
                 callback: str | None = None, outbound: bool = False) -> None:
        self.client, self.settings, self.provider, self.phone = client, settings, provider, phone
        self.token = token
        self.callback = callback
        self.outbound = outbound
        self.call_sid = ("CA" if provider == "twilio" else "") + uuid.uuid4().hex
        self.document: Document | None = None
        self.gather_index = 0

    # -- requests ---------------------------------------------------------------------------
    def _post_twilio(self, url: str, extra: dict, signature: str | None = None):
        params = {"CallSid": self.call_sid, "AccountSid": self.settings.twilio_account_sid,
                  "From": TWILIO_NUMBER if self.outbound else self.phone,
                  "To": self.phone if self.outbound else TWILIO_NUMBER,
                  "Direction": "outbound-api" if self.outbound else "inbound", "CallStatus": "in-progress", **extra}
        if signature is None:
            signature = RequestValidator(self.settings.twilio_auth_token).compute_signature(url, params)
        parts = urlsplit(url)
        return self.client.post(parts.path + (f"?{parts.query}" if parts.query else ""), data=params,
                                headers={"X-Twilio-Signature": signature})

    def _answer(self, response) -> Document:
        assert response.status_code == 200, response.get_data(as_text=True)
        assert response.mimetype in ("text/xml", "application/xml")
        self.document = Document(ElementTree.fromstring(response.get_data()))
        assert self.document.root.tag == "Response"
        self.gather_index = 0
        return self.document

    # -- what a caller does ----------------------------------------------------------------
    def call(self, signature: str | None = None):
        url = self.settings.public_base_url + "/webhooks/twilio/voice"
        if self.callback:
            url += f"?callback={self.callback}"
        response = self._post_twilio(url, {}, signature)
        if response.status_code != 200:
            return response
        return self._answer(response)

    def press(self, digits: str) -> Document:
        gather = self.document.gathers[self.gather_index]
        if gather.get("numDigits") == "1":
            assert len(digits) == 1, "a one-key menu takes one key"
        return self._answer(self._post_twilio(gather.get("action"), {"Digits": digits}))

    def silence(self) -> str:
        """Nothing pressed: the provider goes on with the document. Returns what it says
        next, up to the next Gather (or the end)."""
        self.gather_index += 1
        return " ".join(self.document.said(upto_gather=self.gather_index)[
            len(self.document.said(upto_gather=self.gather_index - 1)):])

    def keys(self, *presses: str) -> Document:
        for digits in presses:
            self.press(digits)
        return self.document
