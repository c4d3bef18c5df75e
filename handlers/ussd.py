"""USSD menus (SPEC §5): the screen a caller sees, computed from Africa's
Talking's accumulated `text` and the database alone.

Why stateless: AT sends the whole input history (`1*123456789012*2`) with
every step and may reach any web process, so nothing is kept between steps.
The navigator replays the inputs from the first screen each time, applying
`0` (back one screen) and `00` (first screen) as it goes; AT accumulates those
too. A screen is a node (a menu, a prompt, or an information text) plus the
values chosen so far (`State`).

Every page, `CON `/`END ` included, fits one USSD page (182 GSM-7 characters,
80 in Gujarati and Hindi): menus and texts that do not are split into pages
reached with `9`, at most eight numbered choices a page (9 is "More",
0 "Back").

Nothing here is a business rule: seizures and releases go through
`handlers.records`, the facts shown through `handlers.facts`, the words
through the catalogues. The only writes are the final confirm steps
(seize, release, language) and the reminder subscription of an owner who
looks up an animal (SPEC §4 FIND: "the asker is subscribed").
"""
from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime

from sqlalchemy import event, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from handlers import admin, facts, records
from handlers.catalogue import (
    CATALOGUES,
    DEFAULT_LANGUAGE,
    LANGUAGES,
    day,
    kind_name,
    language_or_default,
    money,
    t,
    when,
)
from handlers.commands import RECEIPT_DIGITS, TAG_DIGITS, normalise_digits
from handlers.errors import Refused
from handlers.text import fits_ussd_page
from models import law, queries
from models.db import commit_lookup
from models.phones import normalise_phone
from models.tables import Impoundment, InboundMessage, OutboundMessage, Person, Pound

log = logging.getLogger("dabbo.ussd")

BACK, HOME, MORE = "0", "00", "9"
CHOICES_PER_PAGE = 8          # 9 is "More" and 0 "Back", so a page numbers 1-8
# Limits on hostile input: a real session is a few dozen key presses at most.
MAX_TEXT_LENGTH = 400
MAX_INPUTS = 40
MAX_INPUT_LENGTH = 40
PREFIX_LENGTH = len("CON ")   # "END " is as long


@dataclass(frozen=True)
class Screen:
    """What the caller sees: `text` without its prefix, and whether the
    session ends. `message_ids` are outbox rows to enqueue after commit."""

    text: str
    end: bool
    message_ids: list[int] = field(default_factory=list)
    # A confirm step ran and kept its changes (seize, release, language): the
    # transaction must be committed durably (see `answer`).
    changed_records: bool = False

    @property
    def body(self) -> str:
        return ("END " if self.end else "CON ") + self.text

    def __str__(self) -> str:
        return self.body


@dataclass(frozen=True)
class State:
    """One screen of the navigation stack: its node and the values chosen on
    the way to it."""

    node: str
    page: int = 0
    tag: str | None = None        # as typed (digits); "" for a seizure with no tag
    kind: str | None = None
    protest: bool = False


@dataclass
class Caller:
    phone: str
    person: Person | None
    language: str

    @property
    def keeper_pound_id(self) -> int | None:
        person = self.person
        return person.pound_id if person is not None and person.role == "keeper" else None

    @property
    def root(self) -> str:
        return "keeper" if self.keeper_pound_id is not None else "owner"


@dataclass
class Context:
    session: Session
    caller: Caller
    now: datetime
    pages: dict = field(default_factory=dict)   # memo: State -> its pages
    impoundments: dict = field(default_factory=dict)   # memo: tag -> Impoundment | None

    def t(self, key: str, **values) -> str:
        return t(self.caller.language, key, **values)

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
class Act:
    """A confirm step: changes records and ends the session with its answer."""

    run: Callable[[Context, State], Screen]


Step = Go | Wrong | Act


# --------------------------------------------------------------------- pages

def _fits(text: str) -> bool:
    return fits_ussd_page("CON " + text)


def _clip(line: str, fits: Callable[[str], bool]) -> str:
    """Shorten `line` until `fits(line)`: a last resort for data no catalogue
    controls (a pound named at length), so that no page ever overflows."""
    while line and not fits(line):
        line = line[:-3].rstrip() + ".." if len(line) > 3 else ""
    return line


@dataclass(frozen=True)
class Page:
    lines: tuple[str, ...]
    end: bool
    choices: tuple[Step, ...] = ()    # what 1..n on this page lead to


@dataclass(frozen=True)
class Menu:
    """A title and numbered choices; `free` reads anything else typed (a tag)."""

    title: Callable[[Context, State], str]
    options: Callable[[Context, State], list[tuple[str, Step]]]
    free: Callable[[Context, State, str], Step] | None = None
    # Every error this screen may be repeated with: each stands in for the title.
    errors: tuple[str, ...] = ("ussd.invalid",)

    def pages(self, ctx: Context, state: State) -> list[Page]:
        title = self.title(ctx, state)
        options = self.options(ctx, state)
        errors = [ctx.t(key) for key in self.errors]
        more, back = ctx.t("ussd.more"), ctx.t("ussd.back")
        at_root = state.node == ctx.caller.root

        def text(head: str, chunk, has_more: bool, first_page: bool) -> str:
            numbered = [f"{n} {label}" for n, (label, _) in enumerate(chunk, 1)]
            # Only the very first screen has nothing to go back to.
            footer = ([more] if has_more else []) + ([] if at_root and first_page else [back])
            return "\n".join([head, *numbered, *footer])

        def fits(chunk, has_more: bool, first_page: bool) -> bool:
            # An error replaces the title on a repeat, so each must fit.
            return all(_fits(text(head, chunk, has_more, first_page)) for head in (title, *errors))

        title = _clip(title, lambda head: _fits(text(head, options[:1], len(options) > 1, False)))
        pages, start = [], 0
        while True:
            end = start + 1 if options else start
            while (end < len(options) and end - start < CHOICES_PER_PAGE
                   and fits(options[start:end + 1], end + 1 < len(options), not pages)):
                end += 1
            chunk = options[start:end]
            has_more = end < len(options)
            pages.append(Page(tuple(text(title, chunk, has_more, not pages).split("\n")), False,
                              tuple(step for _, step in chunk)))
            if not has_more:
                return pages
            start = end

    def step(self, ctx: Context, state: State, value: str, page: Page, last_page: bool) -> Step:
        if value == MORE and not last_page:
            return Go(replace(state, page=state.page + 1))
        if value.isascii() and value.isdigit() and 1 <= int(value) <= len(page.choices):
            return page.choices[int(value) - 1]
        if self.free is not None:
            return self.free(ctx, state, value)
        return Wrong()


@dataclass(frozen=True)
class Info:
    """A text of facts: pages on with 9 while it lasts, then ends the session."""

    lines: Callable[[Context, State], list[str]]

    def pages(self, ctx: Context, state: State) -> list[Page]:
        footer = [ctx.t("ussd.more"), ctx.t("ussd.back")]
        # On a wrong key the footer becomes "Wrong choice. 9 More, 0 Back": both must fit.
        error_footer = [ctx.t("ussd.invalid_more")]

        def fits_con(chunk: list[str]) -> bool:
            return _fits("\n".join([*chunk, *footer])) and _fits("\n".join([*chunk, *error_footer]))

        lines = list(self.lines(ctx, state))
        pages, start = [], 0
        while True:
            rest = lines[start:]
            if _fits("\n".join(rest)):
                pages.append(Page(tuple(rest), True))
                return pages
            if not fits_con(lines[start:start + 1]):
                lines[start:start + 1] = _split_line(lines[start], fits_con)
            end = start + 1
            while end < len(lines) and fits_con(lines[start:end + 1]):
                end += 1
            pages.append(Page(tuple(lines[start:end] + footer), False))
            start = end

    def step(self, ctx: Context, state: State, value: str, page: Page, last_page: bool) -> Step:
        if value == MORE and not last_page:
            return Go(replace(state, page=state.page + 1))
        return Wrong()


def _split_line(line: str, fits: Callable[[list[str]], bool]) -> list[str]:
    """A line too long for one page, cut at spaces (or anywhere, for one long word)."""
    if fits([line]):
        return [line]
    pieces, current = [], ""
    for word in line.split(" "):
        candidate = f"{current} {word}" if current else word
        if fits([candidate]):
            current = candidate
            continue
        if current:
            pieces.append(current)
        while not fits([word]):
            cut = len(word) - 1
            while cut > 1 and not fits([word[:cut]]):
                cut -= 1
            pieces.append(word[:cut])
            word = word[cut:]
        current = word
    if current:
        pieces.append(current)
    return pieces


# --------------------------------------------------------------------- reading a tag

def read_tag(raw: str) -> str | None:
    """A typed ear tag (12 digits, INAPH) or pound receipt (4-10 digits), the
    same shapes the SMS parser accepts; spaces and dashes ignored."""
    digits = normalise_digits(raw).replace(" ", "").replace("-", "")
    if not (digits.isascii() and digits.isdigit()):
        return None
    return digits if len(digits) == TAG_DIGITS or len(digits) in RECEIPT_DIGITS else None


def _number(ctx: Context, tag: str | None, receipt: str) -> str:
    return tag or ctx.t("ussd.receipt", receipt=receipt)


def _animal(ctx: Context, kind: str, tag: str | None, receipt: str) -> str:
    return ctx.t("ussd.animal", kind=kind_name(ctx.caller.language, kind), number=_number(ctx, tag, receipt))


# --------------------------------------------------------------------- the owner / public menu

def _owner_options(ctx: Context, state: State) -> list[tuple[str, Step]]:
    return [(ctx.t("ussd.owner.find"), Go(State("find"))),
            (ctx.t("ussd.owner.fees"), Go(State("fees"))),
            (ctx.t("ussd.owner.auctions"), Go(State("auctions"))),
            (ctx.t("ussd.owner.mine"), Go(State("mine"))),
            (ctx.t("ussd.owner.language"), Go(State("lang")))]


def _known_tag(ctx: Context, value: str) -> str | Wrong:
    """A typed tag or receipt of an animal Dabbo knows, or the screen's error."""
    tag = read_tag(value)
    if tag is None:
        return Wrong("ussd.tag.bad")
    if ctx.impoundment(tag) is None:
        return Wrong("ussd.tag.unknown")
    return tag


def _lookup_prompt(result_node: str) -> Callable[[Context, State, str], Step]:
    def free(ctx: Context, state: State, value: str) -> Step:
        tag = _known_tag(ctx, value)
        if isinstance(tag, Wrong):
            return tag
        return Go(State(result_node, tag=tag))
    return free


def _status(ctx: Context, state: State) -> facts.AnimalStatus:
    impoundment = ctx.impoundment(state.tag)
    return facts.animal_status(ctx.session, impoundment, ctx.now)


def _find_lines(ctx: Context, state: State) -> list[str]:
    s = _status(ctx, state)
    lines = [_animal(ctx, s.kind, s.tag, s.receipt)]
    if s.status == "impounded":
        lines += [ctx.t("ussd.find.where", pound=s.pound_name, since=when(s.seized_at, s.timezone)),
                  ctx.t("ussd.find.due", amount=money(ctx.caller.language, s.dues.total_paise)),
                  ctx.t("ussd.find.claim", when=when(s.claim_deadline, s.timezone)),
                  _auction_line(ctx, s.auction_at, s.auction_place, s.timezone)]
    elif s.status == "released":
        lines.append(ctx.t("ussd.find.released", when=when(s.released_at, s.timezone)))
    else:
        lines.append(ctx.t("ussd.find.sold", when=when(s.sold_at, s.timezone)))
        if s.surplus_paise and s.surplus_deadline >= law.local_date(ctx.now, s.timezone):
            lines.append(ctx.t("ussd.find.surplus", amount=money(ctx.caller.language, s.surplus_paise),
                               day=day(s.surplus_deadline)))
    return lines


def _auction_line(ctx: Context, auction_at: datetime, place: str | None, tz: str) -> str:
    if place:
        return ctx.t("ussd.find.auction_place", when=when(auction_at, tz), place=place)
    return ctx.t("ussd.find.auction", when=when(auction_at, tz))


def _fees_lines(ctx: Context, state: State) -> list[str]:
    s = _status(ctx, state)
    language = ctx.caller.language
    lines = [_animal(ctx, s.kind, s.tag, s.receipt)]
    if s.status != "impounded":
        return lines + [ctx.t("ussd.fees.not_held")]
    d = s.dues
    lines += [ctx.t("ussd.fees.fee", amount=money(language, d.pound_fee_paise)),
              ctx.t("ussd.fees.expenses", days=d.days, rate=money(language, d.daily_rate_paise),
                    amount=money(language, d.expenses_paise))]
    if d.security_paise:
        lines.append(ctx.t("ussd.fees.security", amount=money(language, d.security_paise)))
    lines.append(ctx.t("ussd.fees.total", amount=money(language, d.total_paise)))
    if d.total_tomorrow_paise != d.total_paise:
        lines.append(ctx.t("ussd.fees.tomorrow", amount=money(language, d.total_tomorrow_paise)))
    if d.security_paise:
        lines.append(ctx.t("ussd.fees.protest", amount=money(language, s.dues_under_protest.total_paise)))
    return lines


def _auction_lines(ctx: Context, state: State) -> list[str]:
    village = facts.village_of(ctx.session, ctx.caller.person)
    lots = facts.upcoming_auctions(ctx.session, village_id=village.id if village else None, now=ctx.now)
    if not lots:
        return [ctx.t("ussd.auctions.none")]
    if village is None:
        # A caller with no village sees every village's, grouped by village.
        lots.sort(key=lambda lot: (lot.village_name, lot.auction_at))
    lines, shown_village = [], None
    for lot in lots:
        if village is None and lot.village_name != shown_village:
            shown_village = lot.village_name
            lines.append(ctx.t("ussd.auctions.village", village=lot.village_name))
        lines.append(ctx.t("ussd.auctions.lot", when=when(lot.auction_at, lot.timezone),
                           kind=kind_name(ctx.caller.language, lot.kind), number=_number(ctx, lot.tag, lot.receipt)))
    return lines


def _my_lines(ctx: Context, state: State) -> list[str]:
    person = ctx.caller.person
    owned = facts.owned_animals(ctx.session, person, ctx.now) if person is not None else []
    if not owned:
        return [ctx.t("ussd.mine.none")]
    lines = []
    for animal in owned:
        kind, s = kind_name(ctx.caller.language, animal.kind), animal.latest
        if s is not None and s.status == "impounded":
            lines.append(ctx.t("ussd.mine.held", kind=kind, number=animal.tag,
                               amount=money(ctx.caller.language, s.dues.total_paise),
                               when=when(s.auction_at, s.timezone)))
        elif s is not None and s.status == "sold":
            lines.append(ctx.t("ussd.mine.sold", kind=kind, number=animal.tag, when=when(s.sold_at, s.timezone)))
        else:
            lines.append(ctx.t("ussd.mine.home", kind=kind, number=animal.tag))
    return lines


def _language_options(ctx: Context, state: State) -> list[tuple[str, Step]]:
    return [(ctx.t(f"ussd.lang.{code}"), Act(_set_language(code))) for code in LANGUAGES]


def _set_language(code: str) -> Callable[[Context, State], Screen]:
    def run(ctx: Context, state: State) -> Screen:
        person = admin.person_for_phone(ctx.session, ctx.caller.phone, ctx.now, language=code)
        person.language = code
        return _end(t(code, "ussd.lang.done"))
    return run


# --------------------------------------------------------------------- the keeper menu

def _keeper_options(ctx: Context, state: State) -> list[tuple[str, Step]]:
    return [(ctx.t("ussd.keeper.seize"), Go(State("seize"))),
            (ctx.t("ussd.keeper.release"), Go(State("release"))),
            (ctx.t("ussd.keeper.pound"), Go(State("pound"))),
            (ctx.t("ussd.keeper.find"), Go(State("find")))]


def _seize_tag(ctx: Context, state: State, value: str) -> Step:
    tag = read_tag(value)
    if tag is None:
        return Wrong("ussd.tag.bad")
    held = ctx.impoundment(tag)
    if held is not None and held.status == "impounded":
        return Wrong("ussd.seize.already")
    return Go(State("seize.kind", tag=tag))


def _kind_options(ctx: Context, state: State) -> list[tuple[str, Step]]:
    return [(kind_name(ctx.caller.language, kind), Go(replace(state, node="seize.confirm", page=0, kind=kind)))
            for kind in law.KINDS]


def _seizure_what(ctx: Context, state: State) -> str:
    kind = kind_name(ctx.caller.language, state.kind)
    if state.tag:
        return ctx.t("ussd.seize.what_tag", kind=kind, tag=state.tag)
    return ctx.t("ussd.seize.what_untagged", kind=kind)


def _seize(ctx: Context, state: State) -> Screen:
    person = ctx.caller.person
    pound = ctx.session.get(Pound, ctx.caller.keeper_pound_id)
    made = records.seize(ctx.session, pound=pound, kind=state.kind, tags=[state.tag or None],
                         now=ctx.now, keeper=person)
    impoundment = made[0]
    tz = pound.village.timezone
    return _end(ctx.t("ussd.seize.done", receipt=impoundment.receipt, claim=when(impoundment.claim_deadline, tz),
                      auction=when(impoundment.auction_at, tz)))


def _held_here(ctx: Context, tag: str | None):
    impoundment = ctx.impoundment(tag)
    if impoundment is None or impoundment.status != "impounded" or impoundment.pound_id != ctx.caller.keeper_pound_id:
        return None
    return impoundment


def _release_tag(ctx: Context, state: State, value: str) -> Step:
    tag = _known_tag(ctx, value)
    if isinstance(tag, Wrong):
        return tag
    if _held_here(ctx, tag) is None:
        return Wrong("ussd.release.not_here")
    return Go(State("release.mode", tag=tag))


def _release_status(ctx: Context, state: State) -> facts.AnimalStatus:
    return facts.animal_status(ctx.session, _held_here(ctx, state.tag), ctx.now)


def _release_modes(ctx: Context, state: State) -> list[tuple[str, Step]]:
    s = _release_status(ctx, state)
    language = ctx.caller.language
    return [(ctx.t("ussd.release.normal", amount=money(language, s.dues.total_paise)),
             Go(replace(state, node="release.confirm", protest=False))),
            (ctx.t("ussd.release.protest", amount=money(language, s.dues_under_protest.total_paise)),
             Go(replace(state, node="release.confirm", protest=True)))]


def _release_confirm_title(ctx: Context, state: State) -> str:
    s = _release_status(ctx, state)
    dues = s.dues_under_protest if state.protest else s.dues
    key = "ussd.release.confirm_protest" if state.protest else "ussd.release.confirm"
    return ctx.t(key, what=_animal(ctx, s.kind, s.tag, s.receipt), amount=money(ctx.caller.language, dues.total_paise))


def _release(ctx: Context, state: State) -> Screen:
    impoundment = ctx.impoundment(state.tag)
    if impoundment is None or impoundment.pound_id != ctx.caller.keeper_pound_id:
        raise Refused("not_impounded", "not in this keeper's pound")
    record = records.release(ctx.session, impoundment, now=ctx.now, under_protest=state.protest,
                             actor_phone=ctx.caller.phone)
    amount = money(ctx.caller.language, record.total_paise)
    if state.protest:
        return _end(ctx.t("ussd.release.done_protest", amount=amount, day=day(record.protest_deadline)))
    return _end(ctx.t("ussd.release.done", amount=amount))


def _pound_lines(ctx: Context, state: State) -> list[str]:
    held = facts.pound_animals(ctx.session, ctx.caller.keeper_pound_id, ctx.now)
    if not held:
        return [ctx.t("ussd.pound.none")]
    return [ctx.t("ussd.pound.line", number=_number(ctx, a.tag, a.receipt), kind=kind_name(ctx.caller.language, a.kind),
                  days=a.days, auction=when(a.auction_at, a.timezone)) for a in held]


def _title(key: str) -> Callable[[Context, State], str]:
    return lambda ctx, state: ctx.t(key)


def _no_options(ctx: Context, state: State) -> list:
    return []


TAG_ERRORS = ("ussd.invalid", "ussd.tag.bad", "ussd.tag.unknown")

NODES: dict[str, Menu | Info] = {
    "owner": Menu(_title("ussd.owner.title"), _owner_options),
    "find": Menu(_title("ussd.tag.prompt"), _no_options, _lookup_prompt("find.result"), TAG_ERRORS),
    "find.result": Info(_find_lines),
    "fees": Menu(_title("ussd.tag.prompt"), _no_options, _lookup_prompt("fees.result"), TAG_ERRORS),
    "fees.result": Info(_fees_lines),
    "auctions": Info(_auction_lines),
    "mine": Info(_my_lines),
    "lang": Menu(_title("ussd.lang.title"), _language_options),
    "keeper": Menu(_title("ussd.keeper.title"), _keeper_options),
    "seize": Menu(_title("ussd.seize.tag_prompt"),
                  lambda ctx, state: [(ctx.t("ussd.seize.no_tag"), Go(State("seize.kind", tag="")))], _seize_tag,
                  ("ussd.invalid", "ussd.tag.bad", "ussd.seize.already")),
    "seize.kind": Menu(_title("ussd.seize.kind_title"), _kind_options),
    "seize.confirm": Menu(lambda ctx, state: ctx.t("ussd.seize.confirm", what=_seizure_what(ctx, state)),
                          lambda ctx, state: [(ctx.t("ussd.confirm"), Act(_seize))]),
    "release": Menu(_title("ussd.tag.prompt"), _no_options, _release_tag, (*TAG_ERRORS, "ussd.release.not_here")),
    "release.mode": Menu(lambda ctx, state: _animal(ctx, *_kind_tag_receipt(ctx, state)), _release_modes),
    "release.confirm": Menu(_release_confirm_title, lambda ctx, state: [(ctx.t("ussd.confirm"), Act(_release))]),
    "pound": Info(_pound_lines),
}


def _kind_tag_receipt(ctx: Context, state: State) -> tuple[str, str | None, str]:
    s = _release_status(ctx, state)
    return s.kind, s.tag, s.receipt


# --------------------------------------------------------------------- the navigator

def _pages(ctx: Context, state: State) -> list[Page]:
    """All pages of a screen, computed once per request (every page of it shares them)."""
    key = replace(state, page=0)
    if key not in ctx.pages:
        ctx.pages[key] = NODES[state.node].pages(ctx, key)
    return ctx.pages[key]


def _refusal(ctx: Context, refused: Refused) -> str:
    """The refusal's screen, with what it knows (a held tag: where, since when)."""
    key = f"ussd.refused.{refused.code}"
    if key not in CATALOGUES[DEFAULT_LANGUAGE]:
        return ctx.t("ussd.refused")
    try:
        return ctx.t(key, **refused.detail)
    except (KeyError, IndexError):
        return ctx.t("ussd.refused")


def _end(text: str) -> Screen:
    return Screen(_clip(text, lambda line: fits_ussd_page("END " + line)), True)


def _render(ctx: Context, state: State, error: str | None) -> Screen:
    pages = _pages(ctx, state)
    page = pages[min(state.page, len(pages) - 1)]
    lines = list(page.lines)
    if error is not None and not page.end:
        if isinstance(NODES[state.node], Menu):
            lines[0] = ctx.t(error)        # the error stands in for the title (both fit)
        else:
            lines[-2:] = [ctx.t("ussd.invalid_more")]   # ... or for the "9 More / 0 Back" footer
    return Screen("\n".join(lines), page.end)


def _caller(session: Session, phone: str) -> Caller:
    person = queries.person_by_phone(session, phone)
    language = language_or_default(person.language if person is not None else DEFAULT_LANGUAGE)
    return Caller(phone, person, language)


def _inputs(text: str) -> list[str] | None:
    """AT's `text` as the list of inputs, digits made ASCII; None when it is
    too long to be a real session."""
    if not text:
        return []
    if len(text) > MAX_TEXT_LENGTH:
        return None
    inputs = [normalise_digits(part).strip() for part in text.split("*")]
    if len(inputs) > MAX_INPUTS:
        return None
    return inputs


def screen(session: Session, *, phone: str, text: str, now: datetime, settings=None) -> Screen:
    """The screen for `phone` (E.164) after the inputs in `text`.

    Reads only, except: a confirm step (seize, release, language) changes
    records through `handlers.records` and ends the session; an owner shown an
    animal in a pound is subscribed to its reminders. The caller commits.
    `settings` is taken, like every channel's handler, though no screen needs
    one yet."""
    ctx = Context(session, _caller(session, phone), now)
    inputs = _inputs(text or "")
    if inputs is None:
        return _end(ctx.t("ussd.dial_again"))
    stack = [State(ctx.caller.root)]
    error = None
    for position, value in enumerate(inputs):
        error = None
        if value == HOME:
            stack = [stack[0]]
            continue
        if value == BACK:
            if len(stack) > 1:
                stack.pop()
            continue
        state = stack[-1]
        pages = _pages(ctx, state)
        page_index = min(state.page, len(pages) - 1)
        if pages[page_index].end:
            # Nothing follows an END; a gateway replaying past it gets a fresh start.
            return _end(ctx.t("ussd.dial_again"))
        if len(value) > MAX_INPUT_LENGTH:
            error = "ussd.invalid"
            continue
        step = NODES[state.node].step(ctx, state, value, pages[page_index], page_index == len(pages) - 1)
        if isinstance(step, Go):
            stack.append(step.state)
        elif isinstance(step, Wrong):
            error = step.key
        elif position == len(inputs) - 1:
            return _act(ctx, step, state)
        else:
            # A confirm is only ever the last input: never record a thing twice on replay.
            return _end(ctx.t("ussd.dial_again"))
    final = stack[-1]
    shown = _render(ctx, final, error)
    if final.node == "find.result" and final.page == 0 and error is None:
        _subscribe(ctx, final)
    return shown


def _subscribe(ctx: Context, state: State) -> None:
    """SPEC §4 FIND: whoever asks about an animal gets its reminders. Keepers
    and officials asking in the course of their work are not subscribed."""
    if ctx.caller.person is not None and ctx.caller.person.role != "owner":
        return
    impoundment = ctx.impoundment(state.tag)
    if impoundment is not None:
        person = ctx.caller.person or admin.person_for_phone(ctx.session, ctx.caller.phone, ctx.now,
                                                             language=ctx.caller.language)
        records.watch(ctx.session, impoundment, person, ctx.now)


def _act(ctx: Context, act: Act, state: State) -> Screen:
    """Run a confirm step inside a savepoint, so that a refusal changes
    nothing, and collect the outbox rows it wrote."""
    added: list[OutboundMessage] = []

    def collect(_session, instance) -> None:
        if isinstance(instance, OutboundMessage):
            added.append(instance)

    event.listen(ctx.session, "transient_to_pending", collect)
    try:
        with ctx.session.begin_nested():
            shown = act.run(ctx, state)
            ctx.session.flush()
    except Refused as refused:
        key = f"ussd.refused.{refused.code}"
        return _end(_refusal(ctx, refused))
    finally:
        event.remove(ctx.session, "transient_to_pending", collect)
    return Screen(shown.text, True, [message.id for message in added if message.id is not None],
                  changed_records=True)


# --------------------------------------------------------------------- one webhook request

def step_id(session_id: str, phone: str, text: str) -> str:
    """InboundMessage.provider_id of one USSD step: the session and a hash of
    the caller and the inputs. A retried request has the same id."""
    digest = hashlib.sha256(f"{phone}\n{text}".encode("utf-8", "replace")).hexdigest()[:32]
    return f"{_printable(session_id)[:60]}:{digest}"


def _printable(value: str | None) -> str:
    # PostgreSQL text cannot hold NUL, and an audit row has no use for control characters.
    return "".join(ch for ch in (value or "") if ch.isprintable() or ch == "\n")


def answer(session: Session, *, provider: str, session_id: str, phone: str, text: str, now: datetime,
           settings=None) -> Screen:
    """One USSD request, answered and committed.

    The step is kept in InboundMessage (channel "ussd") with its answer, for
    audit, in the same transaction as anything the step changed. Its id is
    the session plus a hash of caller and text (AT's text only ever grows
    within a session), and unique: a request delivered twice, one after the
    other or at once, commits only once, and the repeat is rolled back and
    answered with the stored screen. So a retried "confirm" never seizes an
    animal twice, at the price of one extra insert per step and no extra read.
    The caller enqueues `message_ids` after this returns."""
    text = text if isinstance(text, str) else ""
    e164 = normalise_phone(phone, "IN") if isinstance(phone, str) else None
    if e164 is None:
        return _end(t(DEFAULT_LANGUAGE, "ussd.bad_phone"))
    provider_id = step_id(session_id if isinstance(session_id, str) else "", e164, text)
    try:
        shown = screen(session, phone=e164, text=text, now=now, settings=settings)
    except Exception:
        # A bug must not reach the phone as a stack trace nor leave half a change behind.
        log.exception("USSD step failed")
        session.rollback()
        person = queries.person_by_phone(session, e164)
        shown = _end(t(person.language if person else DEFAULT_LANGUAGE, "ussd.dial_again"))
    session.add(InboundMessage(channel="ussd", provider=provider, provider_id=provider_id, phone=e164,
                               text=_printable(text[:MAX_TEXT_LENGTH + 100]), received_at=now,
                               reply_text=shown.body, outcome="end" if shown.end else "continue"))
    try:
        if shown.changed_records or shown.message_ids:
            session.commit()
        else:
            # Only the audit row and, for an animal shown, the caller's Watch (and a stranger's
            # self-registration): models.db.commit_lookup, the documented trade.
            commit_lookup(session)
    except IntegrityError:
        # This very step was answered before (or just now, by another process): that answer stands.
        session.rollback()
        return _stored(session, provider, provider_id) or _end(t(DEFAULT_LANGUAGE, "ussd.dial_again"))
    return shown


def _stored(session: Session, provider: str, provider_id: str) -> Screen | None:
    reply = session.scalar(select(InboundMessage.reply_text).where(
        InboundMessage.provider == provider, InboundMessage.provider_id == provider_id))
    if not reply:
        return None
    return Screen(reply[PREFIX_LENGTH:], reply.startswith("END"), [])
