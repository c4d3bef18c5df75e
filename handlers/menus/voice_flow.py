"""A call on Exotel's voice flow (SPEC 12.1): where each call is, and what each applet answers.

Exotel runs a flow a person built in App Bazaar; the transitions are fixed there, and our URLs only
fill in the applets:

    Passthru "start"  --200-->  Gather "menu"  -->  Passthru "keys"  --200--> Gather "menu" ...
          \\--302--> Greeting "goodbye"               \\--302--> Greeting "goodbye" --> Hangup

So the menu's place is kept per `CallSid` (a `Place`, stored by the webhook in Redis), and is
the same `handlers.voice` walk of the one menu tree that USSD and Twilio voice use: a step is a
`VoiceStep` whose verbs are cut into *segments*, each what is said up to a wait for keys (a
Gather) or up to the end. The Gather URL plays the current segment; the keys Passthru moves on:

* keys pressed: the next step of the menu (`voice.answer`, stored per call and keys, so nothing
  is done twice); 200, or 302 when that step ends the call;
* silence (`digits` empty or absent): the step's next segment ("no key was pressed", the prompt
  once more), then the goodbye;
* a keys request with no Gather before it (Exotel retrying, or a replay): the answer given last
  time, nothing moved;
* a call past its budget of key presses or minutes: a spoken goodbye (302).

Pure apart from `voice.answer`'s database work: the caller stores the place.
"""
from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from handlers import menus
from handlers.menus import navigator, voice
from handlers.catalogue import DEFAULT_LANGUAGE, heard_language, t
from handlers.text.digits import normalise_digits
from models.phones import normalise_phone

log = logging.getLogger("dabbo.voice.flow")

GO_ON, GOODBYE = 200, 302  # the Passthru's two branches
PROVIDER = "exotel"
FINISH_KEY = "#"


@dataclass(frozen=True)
class Segment:
    said: tuple[str, ...]          # written lines, in order
    gather: voice.Gather | None    # the wait for keys it ends with; None: the call ends here


def segments(step: voice.VoiceStep) -> list[Segment]:
    out, said = [], []
    for verb in step.verbs:
        if isinstance(verb, voice.Gather):
            out.append(Segment(tuple(said) + verb.prompt, verb))
            said = []
        elif isinstance(verb, voice.Say):
            said.append(verb.text)
    if said or not out or out[-1].gather is not None:
        out.append(Segment(tuple(said), None))
    return out


@dataclass
class Place:
    call_sid: str
    phone: str
    language: str
    step: str                 # the VoiceStep, as stored (VoiceStep.dumps)
    segment: int = 0
    presses: int = 0          # keys requests answered
    started: float = 0.0      # epoch seconds of the start
    awaiting_keys: bool = False   # a Gather was played since the last keys request
    last_answer: int = GO_ON

    def dumps(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def loads(cls, stored: str | bytes) -> "Place":
        return cls(**json.loads(stored))

    @property
    def voice_step(self) -> voice.VoiceStep:
        return voice.VoiceStep.loads(self.step)

    @property
    def current(self) -> Segment:
        parts = segments(self.voice_step)
        return parts[min(self.segment, len(parts) - 1)]

    @property
    def ended(self) -> bool:
        return self.current.gather is None

    def end_with(self, *keys: str) -> None:
        """Replace what is left of the call by these texts and the goodbye."""
        self.step = ending(self.language, *(t(self.language, key) for key in keys)).dumps()
        self.segment = 0


def ending(language: str, *texts: str) -> voice.VoiceStep:
    return voice.end_step(language, *texts)


def same_caller(place: Place, phone: str) -> bool:
    """Whether a request from `phone` is the caller whose call `place` is: a live CallSid sent
    from another number (a guess, a replay) is never served the first caller's place."""
    ours, theirs = normalise_phone(place.phone or ""), normalise_phone(phone or "")
    return ours == theirs if ours is not None else place.phone == phone


def broken(call_sid: str, phone: str, now: datetime) -> Place:
    """A call that cannot be served now (the database is down): sorry, call again later."""
    place = Place(call_sid, phone, DEFAULT_LANGUAGE, "", started=now.timestamp())
    place.end_with("voice.try_later")
    return place


def start(session: Session, *, call_sid: str, phone: str, now: datetime, callback: str | None = None,
          preface_key: str | None = None) -> Place:
    """A new call: the first screen (a call back's message first), stored as step 0."""
    first = voice.answer(session, provider=PROVIDER, call_id=call_sid, phone=phone, keys="", pressed=None,
                         tries=0, now=now, callback=callback)
    language = heard_language(first.language)
    if preface_key:
        first = voice.VoiceStep(language, (voice.Say(t(language, preface_key)), *first.verbs))
    return Place(call_sid, phone, language, first.dumps(), started=now.timestamp())


def pressed_digits(raw: str | None) -> str:
    """`digits` as Exotel sends them, `"12"` with its quotes, to the keys pressed: quotes,
    spaces and the finishing # dropped; Gujarati and Devanagari digits read as digits."""
    if raw is None:
        return ""
    text = normalise_digits(str(raw)).strip().strip('"').strip()
    return text[:-1] if text.endswith(FINISH_KEY) else text


def gathered(place: Place) -> Segment:
    """The Gather URL was asked: play the current segment; a keys request may follow."""
    place.awaiting_keys = True
    return place.current


def keys(session: Session, place: Place, raw_digits: str | None, now: datetime, *,
         max_presses: int, max_seconds: int) -> int:
    """The keys Passthru: move the place and say which branch (200 on to the menu, 302 goodbye)."""
    if not place.awaiting_keys:  # no Gather since the last keys request: a replay
        return place.last_answer
    place.awaiting_keys = False
    answer = _move(session, place, pressed_digits(raw_digits), now, max_presses, max_seconds)
    place.last_answer = answer
    return answer


def _move(session: Session, place: Place, digits: str, now: datetime, max_presses: int, max_seconds: int) -> int:
    if place.ended:
        return GOODBYE
    place.presses += 1
    if voice.over_budget(place.presses, place.started, now, max_presses, max_seconds):
        place.end_with("voice.too_long")
        return GOODBYE
    gather = place.current.gather
    if not digits:  # silence: the step's next segment (the prompt once more, or goodbye)
        place.segment += 1
        return GOODBYE if place.ended else GO_ON
    step = voice.answer(session, provider=PROVIDER, call_id=place.call_sid, phone=place.phone, keys=gather.keys,
                        pressed=digits, tries=gather.tries, now=now)
    place.step, place.segment = step.dumps(), 0
    place.language = heard_language(step.language)
    return GOODBYE if place.ended else GO_ON


def deepest_walk(tree=None) -> int:
    """The most key presses one walk of the menu tree takes before its end (a text of facts or
    an action), wrong keys and silences apart: keeper SEIZE with another seizer is the deepest."""
    nodes = (tree or menus.TREE).nodes

    def depth(name: str, seen: frozenset) -> int:
        node = nodes.get(name)
        if not isinstance(node, navigator.Menu) or name in seen:
            return 0
        targets = [option.target for option in node.options if option.target] + \
                  ([node.input.target] if node.input else [])
        return 1 + max((depth(target, seen | {name}) for target in targets), default=0)

    return max(depth(name, frozenset()) for name in nodes)


def chain_depth() -> int:
    """How many Gather and Passthru pairs the loop-free flow chains: every screen of the deepest
    walk heard up to `MAX_TRIES` times (a silence or a wrong key, then the right one)."""
    return deepest_walk() * voice.MAX_TRIES


def goodbye_lines(place: Place | None) -> tuple[str, ...]:
    """What the Greeting "goodbye" says: the end of the call's last step, or a plain goodbye."""
    if place is None:
        return (t(DEFAULT_LANGUAGE, "voice.goodbye"),)
    segment = place.current
    if segment.gather is not None:  # sent here early (a cap or a replay): end it politely
        return (t(place.language, "voice.goodbye"),)
    return segment.said or (t(place.language, "voice.goodbye"),)
