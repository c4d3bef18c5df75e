"""A fake of Exotel's voice platform, for tests: it runs a flow as App Bazaar would.

Built from Exotel's support pages, not from our code:

* the flow is the text `flask --app sms_gateway exotel flow` prints (a person copies it into App
  Bazaar; the fake parses it: applets in order, their URLs, their transitions);
* **Passthru** (sync): `GET` with the parameters of the request captured in an open integration
  (INDIA-CHANNELS.md section 7), in its order and quoting: `CallSid`, `CallFrom`, `CallTo`
  (`0` + ten digits), `Direction`, `Created` (`Wed, 31 Jul 2024 16:42:56`), `DialCallDuration`,
  `StartTime`, `EndTime` (always `1970-01-01 05:30:00`), `CallType` (`call-attempt`),
  `DialWhomNumber` (empty), `flow_id`, `tenant_id`, `From`, `To`, `CurrentTime`, `CustomField` on
  an API call, `digits` **wrapped in double quotes** when a Gather came before, and `passthru`
  (the previous Passthru's URL) after the first; **200** follows the first branch, **302** the
  second; anything else is an error;
* **Gather** with a dynamic URL: `GET`, header `Exotel-Version: 1.0`, query `CallSid`, `CallFrom`,
  `CallTo`, `CallStatus`, `Direction`; the answer must be 200 `application/json`, validated against
  the schema the open integrations agree on (`gather="typed"`, the default: `gather_prompt` an
  object with `text` or `audio_url`, required; `max_input_digits`, `input_timeout`, `repeat_menu`
  integers; `finish_on_key` a string; `repeat_gather_prompt` an object like `gather_prompt`, or
  left out; no other key), or only for its key names (`gather="keys"`, the loosest reading: Exotel
  ignores the types); the keys read stop at `max_input_digits` or the finish key; a Gather has two
  exits, "caller entered digits" (`digits`) and "caller entered no digits" (`nodigits`): silence
  takes the second, and ends the call where it is not wired; what the Passthru after a silence
  gets is unsettled: no `digits` (`silence="absent"`) or an empty quoted `digits=""`
  (`silence="empty"`);
* **a branch back to an earlier applet** (our loop): saved (`loops="allowed"`) or refused by App
  Bazaar (`loops="refused"`, undocumented either way): then only a loop-free flow can be built,
  and a call rings the first `voice…` flow printed that the account could save;
* **a configured query string**: kept, with Exotel's parameters added (`query="kept"`, our first
  reading), or replaced by Exotel's own parameters (`query="rewritten"`, what one integration
  reports): a token in the query is then lost;
* **Greeting** with a dynamic URL: `HEAD` then `GET` (`CallSid`, `From`, `To`, `DialWhomNumber`,
  `CustomField`); the answer's `Content-Type` must be exactly `text/plain`, the same for both;
  its body is audio URLs one a line (played in order) or text for TTS;
* every audio URL is fetched `HEAD` then `GET` and must be WAV, 8 kHz, mono, 16-bit;
* a flow of only Passthru and Hangup applets never answers the call (a missed-call number);
* a call placed through `Calls/connect` (the REST fake) runs the flow its `Url`
  (`http://my.exotel.com/{sid}/exoml/start_voice/{app_id}`) names, ringing `From`, and ends with
  a form `POST` to its `StatusCallback` (`CallSid`, `Status`, `DateUpdated`, `RecordingUrl`).

It calls the app through Flask's test client: the URLs' host is ignored, their path and query kept.
"""
from __future__ import annotations

import io
import re
import time
import uuid
import wave
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlsplit

EXOPHONE = "07940000000"
_FLOW = re.compile(r'^flow "(?P<name>[^"]+)" app (?P<app>\S+)')
_APPLET = re.compile(r'^\s+(?P<n>\d+)\. (?P<kind>Passthru|Gather|Greeting|Hangup) "(?P<name>[^"]*)"(?: (?P<url>\S+))?$')
_NEXT = re.compile(r"^\s+(?P<label>200|302|next|digits|nodigits) -> (?P<target>\d+)$")
_FLOW_URL = re.compile(r"^http://my\.exotel\.com/(?P<sid>[^/]+)/exoml/start_voice/(?P<app>\d+)$")
GATHER_FIELDS = {"gather_prompt", "max_input_digits", "finish_on_key", "input_timeout", "repeat_menu",
                 "repeat_gather_prompt"}
# The types every open integration sends (INDIA-CHANNELS.md section 7); bool is not an integer here.
GATHER_TYPES = {"max_input_digits": int, "input_timeout": int, "repeat_menu": int, "finish_on_key": str}
FLOW_ID, TENANT_ID = "11754", "1409"


def check_prompt(name: str, prompt) -> None:
    if not isinstance(prompt, dict) or len(prompt) != 1 or not ({"text", "audio_url"} & set(prompt)) \
            or not all(isinstance(value, str) and value for value in prompt.values()):
        raise ExotelRefused(f"{name} {prompt!r}: an object with text or audio_url")


def check_gather_reply(body, schema: str = "typed") -> None:
    """Refuse a Gather reply as Exotel would under `schema`: "typed" (the integrations' schema,
    types and all) or "keys" (key names only)."""
    if not isinstance(body, dict) or "gather_prompt" not in body:
        raise ExotelRefused(f"Gather JSON {body!r}")
    if set(body) - GATHER_FIELDS:
        raise ExotelRefused(f"Gather JSON fields {sorted(body)}")
    check_prompt("gather_prompt", body["gather_prompt"])
    if schema == "keys":
        return
    if "repeat_gather_prompt" in body:
        check_prompt("repeat_gather_prompt", body["repeat_gather_prompt"])
    for name, kind in GATHER_TYPES.items():
        if name in body and (type(body[name]) is not kind or (kind is int and body[name] < 0)):
            raise ExotelRefused(f"{name} {body[name]!r}: not a {kind.__name__}")


class ExotelRefused(AssertionError):
    """Our answer is one Exotel would not accept."""


@dataclass
class Applet:
    number: int
    kind: str
    name: str
    url: str | None
    next: dict[str, int] = field(default_factory=dict)


@dataclass
class Flow:
    name: str
    app_id: str
    applets: dict[int, Applet]

    @property
    def loops_back(self) -> str | None:
        """The first transition to an earlier applet (or the same one), as text; None if none."""
        for applet in self.applets.values():
            for label, target in applet.next.items():
                if target <= applet.number:
                    return f"applet {applet.number} {label} -> {target}"
        return None

    @property
    def answers(self) -> bool:
        """A flow with nothing but Passthru and Hangup applets never picks the call up."""
        return any(applet.kind in ("Gather", "Greeting") for applet in self.applets.values())


def parse_flows(text: str) -> dict[str, Flow]:
    flows: dict[str, Flow] = {}
    flow = applet = None
    for line in text.splitlines():
        if line.strip().startswith("#") or not line.strip():
            continue
        if m := _FLOW.match(line):
            flow = flows[m["name"]] = Flow(m["name"], m["app"], {})
        elif m := _APPLET.match(line):
            applet = Applet(int(m["n"]), m["kind"], m["name"], m["url"])
            flow.applets[applet.number] = applet
        elif m := _NEXT.match(line):
            applet.next[m["label"]] = int(m["target"])
        else:
            raise ValueError(f"not a line of a flow: {line!r}")
    return flows


@dataclass
class Heard:
    """One thing the caller heard: an applet's name, the audio played (or TTS text)."""
    applet: str
    audio: list[bytes] = field(default_factory=list)
    text: str | None = None
    urls: list[str] = field(default_factory=list)


@dataclass
class Call:
    sid: str
    caller: str
    flow: Flow
    answered: bool
    heard: list[Heard] = field(default_factory=list)
    requests: list[tuple[str, str, dict]] = field(default_factory=list)   # (applet, path, params)
    branches: list[tuple[str, int]] = field(default_factory=list)         # (passthru, status)
    status: str = "completed"
    last_passthru: str | None = None

    @property
    def gathers(self) -> list[Heard]:
        return [h for h in self.heard if h.applet == "Gather"]


def check_wav(body: bytes) -> None:
    try:
        with wave.open(io.BytesIO(body), "rb") as audio:
            shape = (audio.getframerate(), audio.getnchannels(), audio.getsampwidth(), audio.getcomptype())
            frames = audio.getnframes()
    except (wave.Error, EOFError) as exc:
        raise ExotelRefused(f"not a WAV file: {exc}") from exc
    if shape != (8000, 1, 2, "NONE"):
        raise ExotelRefused(f"Exotel plays WAV 8 kHz mono 16-bit only, got {shape}")
    if frames == 0:
        raise ExotelRefused("an empty WAV")


class ExotelVoice:
    """`call(caller, presses=[...])` rings the voice flow from `caller` (E.164) and answers each
    Gather with the next press (None: silence)."""

    def __init__(self, client, flow_text: str, *, sid: str = "dabbo1", exophone: str = EXOPHONE,
                 gather: str = "typed", query: str = "kept", loops: str = "allowed", silence: str = "absent") -> None:
        assert gather in ("typed", "keys") and query in ("kept", "rewritten") and loops in ("allowed", "refused")
        assert silence in ("absent", "empty")
        self.client = client
        self.gather_schema, self.query, self.loops, self.silence = gather, query, loops, silence
        self.flows = parse_flows(flow_text)
        # App Bazaar refusing a branch back to an earlier applet: such a flow cannot be saved
        self.refused = {name: flow.loops_back for name, flow in self.flows.items()
                        if loops == "refused" and flow.loops_back}
        self.sid = sid
        self.exophone = exophone

    def flow(self, name: str | None = None) -> Flow:
        """The flow `name`; None: the voice flow this account could save (the first `voice…`
        flow printed that App Bazaar accepts)."""
        if name is None:
            name = next(n for n in self.flows if n.startswith("voice") and n not in self.refused)
        if name in self.refused:
            raise ExotelRefused(f"App Bazaar refused flow {name!r}: {self.refused[name]}")
        return self.flows[name]

    @staticmethod
    def local(number: str) -> str:
        """Numbers as Exotel writes them: 0 and the ten digits."""
        return "0" + "".join(ch for ch in number if ch.isdigit())[-10:]

    # -- HTTP ---------------------------------------------------------------------------------
    def _get(self, call: Call, applet: Applet, params: dict, headers: dict | None = None, method: str = "GET"):
        parts = urlsplit(applet.url)
        query = dict(parse_qsl(parts.query, keep_blank_values=True)) if self.query == "kept" else {}
        query.update(params)
        call.requests.append((applet.name, parts.path, dict(params)))
        return self.client.open(parts.path, method=method, query_string=query, headers=headers or {})

    def fetch_audio(self, url: str) -> bytes:
        path = urlsplit(url).path
        head = self.client.head(path)
        if head.status_code != 200:
            raise ExotelRefused(f"HEAD {url}: {head.status_code}")
        got = self.client.get(path)
        if got.status_code != 200:
            raise ExotelRefused(f"GET {url}: {got.status_code}")
        if got.headers.get("Content-Type", "").split(";")[0] not in ("audio/wav", "audio/x-wav"):
            raise ExotelRefused(f"{url} is {got.headers.get('Content-Type')}")
        body = got.get_data()
        check_wav(body)
        return body

    # -- applets ------------------------------------------------------------------------------
    def _passthru(self, call: Call, applet: Applet, common: dict, digits: str | None) -> int:
        params = {"CallSid": common["CallSid"], "CallFrom": common["CallFrom"], "CallTo": common["CallTo"],
                  "Direction": common["Direction"], "Created": common["Created"], "DialCallDuration": "0",
                  "StartTime": common["StartTime"], "EndTime": "1970-01-01 05:30:00", "CallType": "call-attempt",
                  "DialWhomNumber": "", "flow_id": FLOW_ID, "tenant_id": TENANT_ID, "From": common["From"],
                  "To": common["To"], "CurrentTime": time.strftime("%Y-%m-%d %H:%M:%S")}
        if "CustomField" in common:
            params["CustomField"] = common["CustomField"]
        if digits is not None:
            params["digits"] = f'"{digits}"'
        if call.last_passthru:
            params["passthru"] = call.last_passthru
        call.last_passthru = applet.url
        response = self._get(call, applet, params)
        if response.status_code not in (200, 302):
            raise ExotelRefused(f"Passthru {applet.name!r} answered {response.status_code}")
        call.branches.append((applet.name, response.status_code))
        return response.status_code

    def _gather(self, call: Call, applet: Applet, common: dict, press: str | None) -> str:
        params = {key: common[key] for key in ("CallSid", "CallFrom", "CallTo", "Direction")}
        params["CallStatus"] = "in-progress"
        response = self._get(call, applet, params, headers={"Exotel-Version": "1.0"})
        if response.status_code != 200 or response.mimetype != "application/json":
            raise ExotelRefused(f"Gather URL answered {response.status_code} {response.content_type}")
        body = response.get_json()
        check_gather_reply(body, self.gather_schema)
        body = {"max_input_digits": 255, "finish_on_key": "#", **body}  # the documented defaults
        prompt = body["gather_prompt"]
        heard = Heard("Gather", text=prompt.get("text"))
        if "audio_url" in prompt:
            heard.urls.append(prompt["audio_url"])
            heard.audio.append(self.fetch_audio(prompt["audio_url"]))
        call.heard.append(heard)
        if press is None:
            return ""
        typed = press.split(body["finish_on_key"])[0] if body["finish_on_key"] else press
        return typed[:body["max_input_digits"]]

    def _greeting(self, call: Call, applet: Applet, common: dict, custom: str | None) -> None:
        params = {"CallSid": common["CallSid"], "From": common["From"], "To": common["To"], "DialWhomNumber": ""}
        if custom is not None:
            params["CustomField"] = custom
        head = self._get(call, applet, params, method="HEAD")
        got = self._get(call, applet, params)
        for response in (head, got):
            if response.status_code != 200 or response.headers.get("Content-Type") != "text/plain":
                raise ExotelRefused(f"Greeting URL answered {response.status_code} {response.headers.get('Content-Type')!r}")
        if head.headers.get("Content-Type") != got.headers.get("Content-Type"):
            raise ExotelRefused("HEAD and GET answered with different headers")
        lines = [line.strip() for line in got.get_data(as_text=True).splitlines() if line.strip()]
        heard = Heard("Greeting")
        if lines and all(line.startswith(("http://", "https://")) for line in lines):
            heard.urls = lines
            heard.audio = [self.fetch_audio(url) for url in lines]
        else:
            heard.text = " ".join(lines)
        call.heard.append(heard)

    # -- a call -------------------------------------------------------------------------------
    def call(self, caller: str, presses=(), *, flow: str | None = None, custom: str | None = None,
             sid: str | None = None, direction: str = "incoming", max_applets: int = 400) -> Call:
        """Gather's two exits: "digits" when keys were typed, "nodigits" on silence (`None` or
        `""` in `presses`); a Gather without a "nodigits" exit ends the call on silence, as a
        flow with that exit unwired does. The Passthru after a silence gets no `digits`, or
        `digits=""` under `silence="empty"`."""
        chosen = self.flow(flow)
        call = Call(sid or uuid.uuid4().hex, caller, chosen, answered=chosen.answers)
        started = time.strftime("%Y-%m-%d %H:%M:%S")
        common = {"Created": time.strftime("%a, %d %b %Y %H:%M:%S"), "CallSid": call.sid, "From": self.local(caller), "To": self.exophone,
                  "CallFrom": self.local(caller), "CallTo": self.exophone, "Direction": direction,
                  "StartTime": started}
        if custom is not None:
            common["CustomField"] = custom
        presses = list(presses)
        number, digits = 1, None
        for _ in range(max_applets):
            applet = chosen.applets[number]
            if applet.kind == "Hangup":
                return call
            if applet.kind == "Passthru":
                status = self._passthru(call, applet, common, digits)
                number = applet.next[str(status)]
            elif applet.kind == "Gather":
                digits = self._gather(call, applet, common, presses.pop(0) if presses else None) or None
                if digits is None and self.silence == "empty":
                    digits = ""  # the Passthru then gets digits=""
                exit_ = "digits" if digits else "nodigits"
                if exit_ == "digits" and exit_ not in applet.next:  # the old form: one exit, "next"
                    exit_ = "next"
                if exit_ not in applet.next:
                    call.status = "silence-hung-up"
                    return call
                number = applet.next[exit_]
            else:
                self._greeting(call, applet, common, custom)
                number = applet.next["next"]
        raise ExotelRefused("the call never ended")

    def place_connected_calls(self, fake_rest, presses=(), status: str = "completed") -> list[Call]:
        """Ring every `Calls/connect` the REST fake took, through the flow its Url names, then
        post its status callback."""
        calls = []
        for request in [r for r in fake_rest.requests if r.path.endswith("/Calls/connect.json")]:
            form = request.form
            m = _FLOW_URL.match(form["Url"])
            flow = next(f for n, f in self.flows.items() if m and f.app_id == m["app"] and n not in self.refused)
            if status == "completed":
                call = self.call(form["From"], presses, flow=flow.name, custom=form.get("CustomField"),
                                 sid=request.ids[0], direction="outbound-api")
            else:
                call = Call(request.ids[0], form["From"], flow, answered=False, status=status)
            calls.append(call)
            if form.get("StatusCallback"):
                parts = urlsplit(form["StatusCallback"])
                self.client.post(parts.path, query_string=dict(parse_qsl(parts.query)), data={
                    "CallSid": call.sid, "Status": status, "RecordingUrl": "",
                    "DateUpdated": time.strftime("%Y-%m-%d %H:%M:%S")})
        return calls
