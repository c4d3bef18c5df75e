"""Where a caller is in a menu tree, from the keys pressed since the first screen.

Why stateless: neither gateway keeps anything between steps for us (Africa's Talking sends USSD's
whole `1*123456789012*2`, a voice call its digits so far) and any web process may answer, so
every request replays the inputs from the first screen. This module is that replay, and nothing
a channel shows: the tree is data (`handlers.menus.TREE`), the pages and their framing are the
channel's (`handlers.menus.ussd`: `CON `/`END `, 182/80 characters, `9 More`; voice: prompts).

The tree, `Tree(nodes, root)`: `root(caller)` names the first node, and each
node is one of

* `Menu(title, options=(), input=None, errors=("ussd.invalid",))`: a title
  (a catalogue key, or `(ctx, state) -> str` for computed ones) and numbered
  `Option(label, target=None, run=None, sets={})`s: `label` a catalogue key
  (or `(ctx, state) -> str`); the option either opens node `target`, carrying
  the state's values plus `sets` (`{"kind": "cow"}`), or runs the action
  `run(ctx, state) -> Ending` that ends the session. `input=Input(read,
  target, into="tag")` makes the menu a prompt as well: anything else typed
  goes to `read(ctx, typed) -> value | Wrong(key)`, and a value is kept in the
  state as `into` on the way to `target`. `errors` are the catalogue keys this
  screen may be repeated with (each stands in for the title, so each must fit). `keep(ctx,
  state, option)` offers only the options it keeps (a keeper's kinds: his village's law's).
* `Info(lines, on_show=None)`: a text of facts, `lines(ctx, state) -> [str]`,
  ending the session; `on_show(ctx, state)` runs when its first page is shown.

A channel is a `Layout(pages, back, home, more)`: its keys for "back one
screen", "first screen" and "next page" (USSD: "0", "00", "9"), and
`pages(ctx, state) -> [Page(lines, end, choices)]`, the node at `state` cut
into pages: `view(ctx, state)` says what is on it, channel-neutrally (title,
numbered choices, error texts, lines of facts), and `choices` are the steps
keys 1..n lead to on that page. A voice channel, per call step:

    ctx = navigator.start(session, phone=e164, now=now, tree=menus.TREE)
    where = navigator.walk(ctx, keys_so_far, VOICE)        # a list of inputs
    if where.dial_again: say ctx.t("ussd.dial_again"), hang up
    elif where.act: run where.act.run(ctx, where.state) in a savepoint, as
        handlers.menus.ussd._act does; say its Ending.text, hang up
    else: say navigator.pages(ctx, where.state, VOICE)[where.page].lines
        (ctx.t(where.error) first, if set); gather the next key; and call
        navigator.shown(ctx, where) (it may subscribe the caller)

Nothing here is a business rule or a word: those are in the tree's functions and the catalogues.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from sqlalchemy.orm import Session

from handlers.catalogue import CATALOGUES, DEFAULT_LANGUAGE, language_or_default, t
from handlers.catalogue.refusals import said_values
from handlers.errors import Refused
from handlers.menus.caller import Caller
from handlers.pound import answers
from models import queries
from models.queries.held import HeldImpoundment
from models.tables import Impoundment

# A real session is a few dozen key presses; one input longer than this is not a key.
MAX_INPUT_LENGTH = 40


# --------------------------------------------------------------------- who and where

@dataclass(frozen=True)
class State:
    """One screen of the navigation stack: its node and the values chosen on the way to it."""

    node: str
    page: int = 0
    tag: str | None = None        # as typed (digits); "" for a seizure with no tag
    kind: str | None = None
    protest: bool = False
    seizer: str | None = None     # the phone of who brought the animal (§184(1)), E.164
    proceeds: str | None = None   # a sale's price in whole rupees, as typed (digits)


@dataclass
class Context:
    session: Session
    caller: Caller
    now: datetime
    tree: Tree
    pages: dict = field(default_factory=dict)   # memo: State -> its pages
    impoundments: dict = field(default_factory=dict)   # memo: tag -> Impoundment | None
    animals: dict = field(default_factory=dict)   # memo: tag -> the animal `found` read with its key
    keys: dict = field(default_factory=dict)   # memo: tag -> its answer key (see `key`)

    @property
    def root(self) -> str:
        return self.tree.root(self.caller)

    def t(self, key: str, **values) -> str:
        return t(self.caller.language, key, **values)

    def found(self, tag: str | None):
        """answers.by_tag once per tag per request (None: no such animal; False: no key here)."""
        if (tag := tag or "") not in self.keys:
            found = self.keys[tag] = answers.by_tag(self.session, tag, asking=("menus", self.caller.language))
            if found and found.impoundment is not None:   # loaded with its key: not again
                self.animals[tag] = found.impoundment
        return self.keys[tag]

    def animal(self, tag: str | None) -> Impoundment | HeldImpoundment | None:
        """The animal behind `tag` for a screen that only reads it: as `found` read it (maybe
        plain values, models.queries.held), else `impoundment`'s row, which a step may change."""
        return self.animals.get(tag or "") or self.impoundment(tag)

    def impoundment(self, tag: str | None) -> Impoundment | None:
        """queries.impoundment_by_tag, once per tag per request: the replay
        and the final screen ask about the same tag several times."""
        tag = tag or ""
        if tag not in self.impoundments:
            self.impoundments[tag] = queries.impoundment_by_tag(self.session, tag)
        return self.impoundments[tag]


# --------------------------------------------------------------------- what an input leads to

@dataclass(frozen=True)
class Go:
    state: State


@dataclass(frozen=True)
class Wrong:
    """Repeat the screen with this error (a catalogue key) in its first line."""
    key: str = "ussd.invalid"


@dataclass(frozen=True)
class Detour:
    """A typed value that leads somewhere else than the input's target: a tag already held,
    typed where a seizure is recorded, leads to where the animal is, not to the next question.
    The value is kept all the same (`Input.into`)."""

    node: str
    value: str


@dataclass(frozen=True)
class Ending:
    """What an action answers; the session ends with it."""
    text: str


@dataclass(frozen=True)
class Act:
    """A confirm step: changes records and ends the session with its answer."""

    run: Callable[[Context, State], Ending]


Step = Go | Wrong | Act


# --------------------------------------------------------------------- the tree's nodes

Text = str | Callable[[Context, State], str]     # a catalogue key, or computed


@dataclass(frozen=True)
class Option:
    label: Text
    target: str | None = None                       # the node it opens ...
    run: Callable[[Context, State], Ending] | None = None   # ... or the action it runs
    sets: Mapping[str, object] = field(default_factory=dict)  # State values it chooses
    # What a caller hears for it: a whole `voice` sentence with its key in it ("To find an
    # animal by its ear tag, press 1."), never the label with words glued around it.
    said: Text | None = None


@dataclass(frozen=True)
class Input:
    read: Callable[[Context, str], "str | Wrong | Detour"]   # the typed value checked, the error, or a detour
    target: str                                     # the node it opens
    into: str = "tag"                               # the State field that keeps it


@dataclass(frozen=True)
class Menu:
    title: Text
    options: Sequence[Option] = ()
    input: Input | None = None
    errors: tuple[str, ...] = ("ussd.invalid",)
    said: Text | None = None                        # the title as a caller hears it (else `title`)
    keep: Callable[[Context, State, Option], bool] | None = None   # the options offered (else all)

    def offered(self, ctx: Context, state: State) -> tuple[Option, ...]:
        return tuple(o for o in self.options if self.keep is None or self.keep(ctx, state, o))


@dataclass(frozen=True)
class Info:
    lines: Callable[[Context, State], list[str]]
    on_show: Callable[[Context, State], None] | None = None
    # Keys replayed past it show it again instead of "dial again": the keys after it were
    # pressed on another screen, before the facts changed under them (a tag taken meanwhile).
    final: bool = False
    answer: Callable[[Context, State], object] | None = None   # its key (handlers.pound.answers)


@dataclass(frozen=True)
class Tree:
    nodes: Mapping[str, Menu | Info]
    root: Callable[[Caller], str]


# --------------------------------------------------------------------- what a channel sees

@dataclass(frozen=True)
class View:
    """A node at a state, in the caller's language, before any channel cuts it into pages."""

    title: str | None                          # a menu's title; None for a text of facts
    choices: tuple[tuple[str, Step], ...]      # numbered options: label, where it leads
    errors: tuple[str, ...]                    # texts that may stand in for the title
    lines: tuple[str, ...]                     # a text of facts (title None)
    at_root: bool                              # the first screen: nothing to go back to


@dataclass(frozen=True)
class Page:
    lines: tuple[str, ...]
    end: bool
    choices: tuple[Step, ...] = ()    # what 1..n on this page lead to


@dataclass(frozen=True)
class Layout:
    """A channel: its keys, and `pages(ctx, state)`, a screen cut into its pages."""

    pages: Callable[[Context, State], list[Page]]
    back: str
    home: str
    more: str


@dataclass(frozen=True)
class Position:
    """Where the inputs lead: a screen (with an error to show), an action chosen, or nowhere (`dial_again`)."""

    state: State
    error: str | None = None
    act: Act | None = None
    dial_again: bool = False

    @property
    def page(self) -> int:
        return self.state.page


# --------------------------------------------------------------------- the walk

def start(session: Session, *, phone: str, now: datetime, tree: Tree) -> Context:
    """The request's context: the caller (by E.164 phone) and their language."""
    known = queries.caller_by_phone(session, phone)
    language = language_or_default(known.language if known is not None else DEFAULT_LANGUAGE)
    return Context(session, Caller(phone, known, language, session), now, tree)


def _text(ctx: Context, state: State, text: Text) -> str:
    return ctx.t(text) if isinstance(text, str) else text(ctx, state)


def _step(state: State, option: Option) -> Step:
    if option.run is not None:
        return Act(option.run)
    return Go(replace(state, node=option.target, page=0, **option.sets))


def view(ctx: Context, state: State) -> View:
    """What the node at `state` says, channel-neutrally."""
    node = ctx.tree.nodes[state.node]
    at_root = state.node == ctx.root
    if isinstance(node, Info):
        return View(None, (), (), tuple(node.lines(ctx, state)), at_root)
    return View(_text(ctx, state, node.title),
                tuple((_text(ctx, state, option.label), _step(state, option)) for option in node.offered(ctx, state)),
                tuple(ctx.t(key) for key in node.errors), (), at_root)


def said(ctx: Context, state: State) -> tuple[str | None, tuple[str | None, ...]]:
    """A menu as a caller hears it: its spoken title and one whole sentence per option (None
    where the tree gives no spoken form)."""
    node = ctx.tree.nodes[state.node]
    if not isinstance(node, Menu):
        return None, ()
    return (_text(ctx, state, node.said if node.said is not None else node.title),
            tuple(_text(ctx, state, option.said) if option.said is not None else None
                  for option in node.offered(ctx, state)))


def is_menu(ctx: Context, state: State) -> bool:
    return isinstance(ctx.tree.nodes[state.node], Menu)


def pages(ctx: Context, state: State, layout: Layout) -> list[Page]:
    """All pages of a screen, computed once per request (every page of it shares them)."""
    key = replace(state, page=0)
    if key not in ctx.pages:
        ctx.pages[key] = layout.pages(ctx, key)
    return ctx.pages[key]


def _read(ctx: Context, state: State, value: str, page: Page, last_page: bool, layout: Layout) -> Step:
    """What one key (or typed value) does on the page it was pressed on."""
    if value == layout.more and not last_page:
        return Go(replace(state, page=state.page + 1))
    node = ctx.tree.nodes[state.node]
    if not isinstance(node, Menu):
        return Wrong()
    if value.isascii() and value.isdigit() and 1 <= int(value) <= len(page.choices):
        return page.choices[int(value) - 1]
    if node.input is None:
        return Wrong()
    typed = node.input.read(ctx, value)
    if isinstance(typed, Wrong):
        return typed
    if isinstance(typed, Detour):
        return Go(replace(state, node=typed.node, page=0, **{node.input.into: typed.value}))
    return Go(replace(state, node=node.input.target, page=0, **{node.input.into: typed}))


def walk(ctx: Context, inputs: list[str], layout: Layout) -> Position:
    """Replay `inputs` from the first screen, applying the layout's back and
    home keys as they come. Reads only: an action is returned, not run."""
    stack = [State(ctx.root)]
    error = None
    for position, value in enumerate(inputs):
        error = None
        if value == layout.home:
            stack = [stack[0]]
            continue
        if value == layout.back:
            if len(stack) > 1:
                stack.pop()
            continue
        state = stack[-1]
        shown = pages(ctx, state, layout)
        page_index = min(state.page, len(shown) - 1)
        if shown[page_index].end:
            node = ctx.tree.nodes[state.node]
            if isinstance(node, Info) and node.final:
                # The keys that follow were pressed on a screen the facts no longer lead to.
                return Position(state)
            # Nothing follows an end; a gateway replaying past it gets a fresh start.
            return Position(state, dial_again=True)
        if len(value) > MAX_INPUT_LENGTH:
            error = "ussd.invalid"
            continue
        step = _read(ctx, state, value, shown[page_index], page_index == len(shown) - 1, layout)
        if isinstance(step, Go):
            stack.append(step.state)
        elif isinstance(step, Wrong):
            error = step.key
        elif position == len(inputs) - 1:
            return Position(state, act=step)
        else:
            # A confirm is only ever the last input: never record a thing twice on replay.
            return Position(state, dial_again=True)
    return Position(stack[-1], error)


def shown(ctx: Context, where: Position) -> None:
    """The screen at `where` was shown: run its node's `on_show` (an owner
    shown an animal is subscribed to it), on its first page only."""
    node = ctx.tree.nodes[where.state.node]
    if isinstance(node, Info) and node.on_show is not None and where.page == 0 and where.error is None:
        node.on_show(ctx, where.state)


def carry_out(ctx: Context, act: Act, state: State) -> tuple[str, bool]:
    """Run a confirm step (seize, release, language) in a savepoint, so that a refusal
    changes nothing: (its answer, True), or (the refusal in the caller's words, False).
    Every channel's confirm goes through here (USSD, voice)."""
    try:
        with ctx.session.begin_nested():
            ending = act.run(ctx, state)
            ctx.session.flush()
    except Refused as refused:
        return refusal_text(ctx, refused), False
    return ending.text, True


def refusal_text(ctx: Context, refused: Refused) -> str:
    """A refusal in the caller's words, with what it knows (a held tag: where, since when)."""
    key = f"ussd.refused.{refused.code}"
    if key not in CATALOGUES[DEFAULT_LANGUAGE]:
        return ctx.t("ussd.refused")
    try:
        return ctx.t(key, **said_values(ctx.caller.language, refused.detail))
    except (KeyError, IndexError):
        return ctx.t("ussd.refused")
