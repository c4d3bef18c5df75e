"""Voice menus (SPEC 11.4): the USSD menu tree, spoken, answered with the keypad.

There is one menu definition (`handlers.menus.TREE`), walked by the one navigator
(`handlers.menus.navigator`); this module is only the voice channel's layout and framing, as
`handlers.menus.ussd` is USSD's. Like USSD, every request carries the keys pressed so far (on
Twilio the Gather's action URL holds them; on Exotel the call's place in Redis does,
`handlers.menus.voice_flow`), and the walk replays them.

What a caller hears, per step: the screen's spoken title, then each option's own sentence
(`Option.said`, "To find an animal by its ear tag, press 1.", written whole per language;
eight a page, 9 for more, 0 to go back), "then press the hash key" where a number is typed (a 12-digit tag finds the animal as on USSD). Silence or a wrong key repeats the
prompt once; the second ends the call politely. A text of facts (FIND, FEES, MY…) is read
and the call ends, as the USSD session does. A call back (outbox kind `voice_callback`) first
reads its row.

A step returns `VoiceStep`, provider-neutral verbs (`Say`, `Gather`, `Hangup`) holding the
words as written; the edge says them: recorded clips joined (`handlers.menus.prompts`), or a
TTS with every number as a person says it (`handlers.menus.speech`). Each step is stored (InboundMessage, channel "voice", unique per
call and keys), so a retried confirm never seizes or releases twice.
"""
from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from handlers import menus, received
from handlers.menus import navigator
from handlers.menus import speech
from handlers.catalogue import DEFAULT_LANGUAGE, heard_language, language_or_default, t
from handlers.text.digits import normalise_digits
from handlers.menus.navigator import Context, Layout, Menu, Page, State
from models.phones import normalise_phone
from models.tables import InboundMessage, OutboundMessage

log = logging.getLogger("dabbo.voice")

BACK, HOME, MORE = "0", "00", "9"     # the USSD keys, so one tree means the same on both
CHOICES_PER_PAGE = 8
MAX_TRIES = 2                          # silences and wrong keys on one screen before goodbye
KEY_TIMEOUT_S, NUMBER_TIMEOUT_S = 6, 15
MAX_KEYS = 40
CHANNEL = "voice"


@dataclass(frozen=True)
class Say:
    text: str


@dataclass(frozen=True)
class Gather:
    """Wait for keys while saying `prompt`; the keys go, with `keys` (pressed before) and
    `tries`, to the next request. `one_key`: a menu answered by one key, else a number
    ended by #."""

    prompt: tuple[str, ...]
    keys: str
    tries: int
    one_key: bool

    @property
    def timeout(self) -> int:
        return KEY_TIMEOUT_S if self.one_key else NUMBER_TIMEOUT_S


@dataclass(frozen=True)
class Hangup:
    pass


@dataclass(frozen=True)
class VoiceStep:
    language: str
    verbs: tuple[Say | Gather | Hangup, ...]

    def dumps(self) -> str:
        """The step as JSON, stored with the request: a retry gets exactly this answer."""
        verbs = [["say", v.text] if isinstance(v, Say) else
                 ["gather", list(v.prompt), v.keys, v.tries, v.one_key] if isinstance(v, Gather) else ["hangup"]
                 for v in self.verbs]
        return json.dumps({"language": self.language, "verbs": verbs}, ensure_ascii=False)

    @classmethod
    def loads(cls, stored: str) -> "VoiceStep":
        data = json.loads(stored)
        verbs = [Say(v[1]) if v[0] == "say" else Gather(tuple(v[1]), v[2], v[3], v[4]) if v[0] == "gather"
                 else Hangup() for v in data["verbs"]]
        return cls(data["language"], tuple(verbs))

    @property
    def ends(self) -> bool:
        return not any(isinstance(verb, Gather) for verb in self.verbs)

    @property
    def spoken(self) -> str:
        """Everything said, in order, as it is said (numbers in words)."""
        parts = []
        for verb in self.verbs:
            parts += [verb.text] if isinstance(verb, Say) else list(getattr(verb, "prompt", ()))
        return "\n".join(speech.spoken(part, self.language) for part in parts)


# --------------------------------------------------------------------- the layout

def _voice_pages(ctx: Context, state: State) -> list[Page]:
    shown = navigator.view(ctx, state)
    if shown.title is None:
        return [Page(shown.lines, True)]
    node = ctx.tree.nodes[state.node]
    title, sentences = navigator.said(ctx, state)
    if None in sentences:
        raise LookupError(f"menu {state.node!r} has an option with no spoken sentence (Option.said)")
    choices = [(sentence, step) for sentence, (_, step) in zip(sentences, shown.choices)]
    chunks = [choices[i:i + CHOICES_PER_PAGE] for i in range(0, len(choices), CHOICES_PER_PAGE)] or [[]]
    pages = []
    for number, chunk in enumerate(chunks):
        # Each option's own sentence, its key in it (the tree's test checks the key said is
        # the key that chooses it on its page).
        lines = [title] + [sentence for sentence, _ in chunk]
        if number + 1 < len(chunks):
            lines.append(ctx.t("voice.more"))
        if isinstance(node, Menu) and node.input is not None:
            lines.append(ctx.t("voice.then_hash"))
        if not (shown.at_root and number == 0):
            lines.append(ctx.t("voice.back"))
        pages.append(Page(tuple(lines), False, tuple(step for _, step in chunk)))
    return pages


VOICE = Layout(pages=_voice_pages, back=BACK, home=HOME, more=MORE)


# --------------------------------------------------------------------- one step

def _keys(path: str) -> list[str]:
    keys = [normalise_digits(part).strip() for part in (path or "").split("*") if part.strip()]
    return keys[:MAX_KEYS]


def end_step(language: str, *texts: str) -> VoiceStep:
    """`texts`, then goodbye, then the call ends."""
    said = [Say(text) for text in texts if text]
    return VoiceStep(language, (*said, Say(t(language, "voice.goodbye")), Hangup()))


_end = end_step


def _callback_text(session: Session, message_id: str | None, phone: str) -> str | None:
    """The words of this caller's call back (an outbox row of kind voice_callback)."""
    if not (message_id and message_id.isascii() and message_id.isdigit() and len(message_id) <= 9):  # an int4 id
        return None
    return session.scalar(select(OutboundMessage.text).where(
        OutboundMessage.id == int(message_id), OutboundMessage.kind == "voice_callback",
        OutboundMessage.to_phone == phone))


def step(ctx: Context, *, keys: list[str], pressed: str | None, tries: int,
         preface: str | None = None) -> VoiceStep:
    """The step after `pressed` (None: the call's first request) on the screen the keys lead to."""
    language = ctx.caller.language
    walked = keys + [pressed] if pressed else keys
    where = navigator.walk(ctx, walked, VOICE)
    if where.dial_again:
        return _end(language)
    if where.act is not None:
        return _end(language, navigator.carry_out(ctx, where.act, where.state)[0])
    if where.error is not None:
        tries += 1
        if tries >= MAX_TRIES:
            return _end(language, ctx.t(where.error))
    elif pressed:
        keys, tries = walked, 0
    navigator.shown(ctx, where)
    pages = navigator.pages(ctx, where.state, VOICE)
    page = pages[min(where.page, len(pages) - 1)]
    before = [preface] if preface else []
    if page.end:
        return _end(language, *before, *page.lines)
    prompt = tuple(([ctx.t(where.error)] if where.error else []) + list(page.lines))
    node = ctx.tree.nodes[where.state.node]
    one_key = not (isinstance(node, Menu) and node.input is not None)
    path = "*".join(keys)
    verbs: list[Say | Gather | Hangup] = [Say(text) for text in before]
    verbs.append(Gather(prompt, path, tries, one_key))
    if tries + 1 < MAX_TRIES:  # silence: the prompt once more
        verbs += [Say(ctx.t("voice.not_heard")), Gather(prompt, path, tries + 1, one_key)]
    verbs += [Say(ctx.t("voice.goodbye")), Hangup()]
    return VoiceStep(language, tuple(verbs))


def tries_from(raw: str | None) -> int:
    """The `n` a Gather's action URL carries back; anything else counts as none."""
    return int(raw) if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 2 else 0


def step_id(call_id: str, phone: str, keys: str, pressed: str | None, tries: int) -> str:
    """The stored step's id: the caller's number is in it, so a request carrying a live CallSid
    from another number is a step of its own and never hears (or continues) the first caller's."""
    digest = hashlib.sha256(f"{phone}\n{keys}\n{pressed}\n{tries}".encode("utf-8", "replace")).hexdigest()[:32]
    return f"{received.printable(call_id)[:60]}:{digest}"


def over_budget(presses: int, started: float, now: datetime, max_presses: int, max_seconds: int) -> bool:
    """A call past VOICE_MAX_STEPS key presses or VOICE_MAX_MINUTES: a prankster's (or a stuck
    phone's) call must not run 300 steps on the panchayat's bill."""
    return presses > max_presses or now.timestamp() - started > max_seconds


def answer(session: Session, *, provider: str, call_id: str, phone: str, keys: str, pressed: str | None,
           tries: int, now: datetime, callback: str | None = None,
           budget: tuple[int, float, int, int] | None = None) -> VoiceStep:
    """One voice request, answered and committed (the outbox rows a confirm wrote reach RQ
    through the session's after-commit hook). A repeat of a stored step never acts again.
    `budget` (presses so far, start epoch seconds, max presses, max seconds): past it the call
    is told it has gone on too long, then goodbye."""
    e164 = normalise_phone(phone) if isinstance(phone, str) else None
    if e164 is None:
        return _end(DEFAULT_LANGUAGE, t(DEFAULT_LANGUAGE, "ussd.bad_phone"))
    pressed = normalise_digits(pressed).strip()[:MAX_KEYS] if isinstance(pressed, str) and pressed.strip() else None
    key_list = _keys(keys)
    tries = min(max(tries, 0), MAX_TRIES)
    provider_id = step_id(call_id or "", e164, "*".join(key_list), pressed, tries)
    stored = _stored(session, provider, provider_id)
    if stored is not None:  # a retried request: the same answer, nothing done twice
        return stored
    ctx = navigator.start(session, phone=e164, now=now, tree=menus.TREE)
    ctx.caller.language = heard_language(ctx.caller.language)
    preface = _callback_text(session, callback, e164) if not key_list and pressed is None else None
    try:
        if budget is not None and over_budget(budget[0], budget[1], now, budget[2], budget[3]):
            shown = _end(ctx.caller.language, ctx.t("voice.too_long"))
        else:
            shown = step(ctx, keys=key_list, pressed=pressed, tries=tries, preface=preface)
        session.add(InboundMessage(channel=CHANNEL, provider=provider, provider_id=provider_id, phone=e164[:32],
                                   text=received.printable("*".join(key_list + ([pressed] if pressed else []))),
                                   received_at=now,
                                   reply_text=shown.dumps(), outcome="end" if shown.ends else "continue"))
        session.commit()
    except IntegrityError:  # the same request at the same moment: the one that committed answers
        session.rollback()
        return _stored(session, provider, provider_id) or _end(ctx.caller.language)
    except Exception:
        log.exception("voice step failed")
        session.rollback()
        language = language_or_default(ctx.caller.language)
        return _end(language, t(language, "voice.try_later"))
    return shown


def _stored(session: Session, provider: str, provider_id: str) -> VoiceStep | None:
    """The answer given the first time this step arrived (handlers.received), if it did."""
    reply = received.stored_answer(session, provider, provider_id)
    session.rollback()  # end the read; nothing was written
    return VoiceStep.loads(reply) if reply else None
