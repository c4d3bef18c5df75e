"""USSD (SPEC §5): the screen a caller sees, computed from Africa's Talking's
accumulated `text` and the database alone.

The menus are `handlers.menus.TREE`, walked by `handlers.menus.navigator` (which
replays the inputs from the first screen each time: AT sends the whole
history, `1*123456789012*2`, with every step). This module is what is USSD's
own: the inputs read from AT's `text`, the `CON `/`END ` framing, and the
pages. `0` goes back one screen and `00` to the first; AT accumulates those
too.

Every page, `CON `/`END ` included, fits one USSD page (182 GSM-7 characters,
80 in Gujarati and Hindi): menus and texts that do not are split into pages
reached with `9`, at most eight numbered choices a page (9 is "More",
0 "Back").
"""
from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime

from sqlalchemy import bindparam, insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from handlers import menus
from handlers.menus import navigator
from handlers.catalogue import DEFAULT_LANGUAGE, t
from handlers.text.digits import normalise_digits
from handlers.menus.navigator import Act, Context, Info, Layout, Menu, Page, State, View
from handlers.pound import answers
from handlers.received import OutboxRowsWritten, printable, stored_answer
from handlers.text import fits_ussd_page
from models import queries
from models.queries import pending
from models.db import (LOOKUP_AUDIT, LOOKUP_COMMITS_ASYNC, begin_transaction, commit_lookup, lookup_reads,
                       on_postgresql)
from models.phones import normalise_phone
from models.tables import InboundMessage

log = logging.getLogger("dabbo.ussd")

BACK, HOME, MORE = "0", "00", "9"
CHOICES_PER_PAGE = 8          # 9 is "More" and 0 "Back", so a page numbers 1-8
# Limits on hostile input: a real session is a few dozen key presses at most.
MAX_TEXT_LENGTH = 400
MAX_INPUTS = 40
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


# --------------------------------------------------------------------- pages

def _fits(text: str) -> bool:
    return fits_ussd_page("CON " + text)


def _clip(line: str, fits: Callable[[str], bool]) -> str:
    """Shorten `line` until `fits(line)`: a last resort for data no catalogue
    controls (a pound named at length), so that no page ever overflows."""
    while line and not fits(line):
        line = line[:-3].rstrip() + ".." if len(line) > 3 else ""
    return line


def _menu_pages(ctx: Context, shown: View) -> list[Page]:
    """A title and numbered choices, eight at most a page, paged with 9."""
    title, options = shown.title, list(shown.choices)
    more, back = ctx.t("ussd.more"), ctx.t("ussd.back")

    def text(head: str, chunk, has_more: bool, first_page: bool) -> str:
        numbered = [f"{n} {label}" for n, (label, _) in enumerate(chunk, 1)]
        # Only the very first screen has nothing to go back to.
        footer = ([more] if has_more else []) + ([] if shown.at_root and first_page else [back])
        return "\n".join([head, *numbered, *footer])

    def fits(chunk, has_more: bool, first_page: bool) -> bool:
        # An error replaces the title on a repeat, so each must fit.
        return all(_fits(text(head, chunk, has_more, first_page)) for head in (title, *shown.errors))

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


def _info_pages(ctx: Context, shown: View) -> list[Page]:
    """A text of facts: pages on with 9 while it lasts, then ends the session."""
    footer = [ctx.t("ussd.more"), ctx.t("ussd.back")]
    # On a wrong key the footer becomes "Wrong choice. 9 More, 0 Back": both must fit.
    error_footer = [ctx.t("ussd.invalid_more")]

    def fits_con(chunk: list[str]) -> bool:
        return _fits("\n".join([*chunk, *footer])) and _fits("\n".join([*chunk, *error_footer]))

    lines = list(shown.lines)
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


def _cut_pages(ctx: Context, state: State) -> list[Page]:
    shown = navigator.view(ctx, state)
    return _info_pages(ctx, shown) if shown.title is None else _menu_pages(ctx, shown)


def _ussd_pages(ctx: Context, state: State) -> list[Page]:
    """A screen's pages, cut once per process for a menu of catalogue words alone (they
    depend on the state and the language only), and once per answer key for a text of
    facts that names one (handlers.pound.answers)."""
    node = ctx.tree.nodes[state.node]
    what = ("ussd pages", state, ctx.caller.language, state.node == ctx.root)
    if isinstance(node, Menu) and isinstance(node.title, str) and all(
            isinstance(option.label, str) for option in node.options) and node.keep is None:
        return answers.static(what, lambda: _cut_pages(ctx, state))
    found = node.answer(ctx, state) if isinstance(node, Info) and node.answer is not None else None
    if found:
        return answers.remembered(ctx.session, found, ctx.now, what, lambda _loaded: _cut_pages(ctx, state))
    return _cut_pages(ctx, state)


USSD = Layout(pages=_ussd_pages, back=BACK, home=HOME, more=MORE)


# --------------------------------------------------------------------- one screen

def _end(text: str) -> Screen:
    return Screen(_clip(text, lambda line: fits_ussd_page("END " + line)), True)


def _render(ctx: Context, state: State, error: str | None) -> Screen:
    pages = navigator.pages(ctx, state, USSD)
    page = pages[min(state.page, len(pages) - 1)]
    lines = list(page.lines)
    if error is not None and not page.end:
        if navigator.is_menu(ctx, state):
            lines[0] = ctx.t(error)        # the error stands in for the title (both fit)
        else:
            lines[-2:] = [ctx.t("ussd.invalid_more")]   # ... or for the "9 More / 0 Back" footer
    return Screen("\n".join(lines), page.end)


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
    records through `handlers.pound.records` and ends the session; an owner shown an
    animal in a pound is subscribed to its reminders. The caller commits.
    `settings` is taken, like every channel's handler, though no screen needs
    one yet."""
    ctx = navigator.start(session, phone=phone, now=now, tree=menus.TREE)
    inputs = _inputs(text or "")
    if inputs is None:
        return _end(ctx.t("ussd.dial_again"))
    where = navigator.walk(ctx, inputs, USSD)
    if where.dial_again:
        return _end(ctx.t("ussd.dial_again"))
    if where.act is not None:
        done = _act(ctx, where.act, where.state)
        return replace(done, text=_end(done.text).text)
    shown = _render(ctx, where.state, where.error)
    navigator.shown(ctx, where)
    return shown


def _act(ctx: Context, act: Act, state: State) -> Screen:
    """Run a confirm step (`navigator.carry_out`: a refusal changes nothing) and collect
    the outbox rows it wrote."""
    begin_transaction(ctx.session)   # its locks and writes, and the audit row, in one transaction
    with OutboxRowsWritten(ctx.session) as written:
        text, done = navigator.carry_out(ctx, act, state)
    if not done:
        return _end(text)
    return Screen(text, True, written.ids(), changed_records=True)


# --------------------------------------------------------------------- one webhook request

def step_id(session_id: str, phone: str, text: str) -> str:
    """InboundMessage.provider_id of one USSD step: the session and a hash of
    the caller and the inputs. A retried request has the same id."""
    digest = hashlib.sha256(f"{phone}\n{text}".encode("utf-8", "replace")).hexdigest()[:32]
    return f"{printable(session_id)[:60]}:{digest}"


_AUDIT = insert(InboundMessage.__table__).values({name: bindparam(name) for name in (
    "channel", "provider", "provider_id", "phone", "text", "received_at", "reply_text", "outcome")})
_AUDIT_AND_WATCH = pending.carrying_a_watch(_AUDIT)
# A step that confirmed nothing: its audit row (and watch) may be its own transaction, after
# reads outside one (models.db.lookup_reads), committed as commit_lookup commits.
_LOOKUP_AUDIT = _AUDIT.returning(LOOKUP_COMMITS_ASYNC).execution_options(**{LOOKUP_AUDIT: True})
_LOOKUP_AUDIT_AND_WATCH = pending.carrying_a_watch(_LOOKUP_AUDIT)


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
    lookup_reads(session)   # a confirm step, or anything that writes, opens the transaction first
    try:
        shown = screen(session, phone=e164, text=text, now=now, settings=settings)
    except Exception:
        # A bug must not reach the phone as a stack trace nor leave half a change behind.
        log.exception("USSD step failed")
        session.rollback()
        person = queries.person_by_phone(session, e164)
        shown = _end(t(person.language if person else DEFAULT_LANGUAGE, "ussd.dial_again"))
    audit = dict(channel="ussd", provider=provider, provider_id=provider_id, phone=e164,
                 text=printable(text[:MAX_TEXT_LENGTH + 100]), received_at=now, reply_text=shown.body,
                 outcome="end" if shown.end else "continue")
    try:
        # The audit row carries the caller's new Watch, if any: one round trip for both.
        if shown.changed_records or shown.message_ids or not on_postgresql(session):
            # (SQLite, the first run's database, has no set_config: its lookups commit plainly)
            pending.execute_carrying_watches(session, _AUDIT, _AUDIT_AND_WATCH, audit)
            session.commit()
        else:
            # Only the audit row and, for an animal shown, the caller's Watch (and a stranger's
            # self-registration): models.db.commit_lookup, the documented trade.
            pending.execute_carrying_watches(session, _LOOKUP_AUDIT, _LOOKUP_AUDIT_AND_WATCH, audit)
            commit_lookup(session)
    except IntegrityError:
        # This very step was answered before (or just now, by another process): that answer stands.
        session.rollback()
        return _stored(session, provider, provider_id) or _end(t(DEFAULT_LANGUAGE, "ussd.dial_again"))
    return shown


def _stored(session: Session, provider: str, provider_id: str) -> Screen | None:
    reply = stored_answer(session, provider, provider_id)
    if not reply:
        return None
    return Screen(reply[PREFIX_LENGTH:], reply.startswith("END"), [])
