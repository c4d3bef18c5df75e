"""An owner's lookup answer, computed once per key and served until a part of the key changes.

FIND, FEES, the USSD "find animal" screen and the dues API answer from rows that
change a few times in an animal's stay, and are asked many times in between. The
key of an answer is everything it depends on:

* the versions of the rows it is computed from, and the schedule values and §189
  counts in force (`models.queries.answers`: one narrow statement, every request);
* the moment, as far as the answer can tell it apart: the village's local date,
  the day count the law gives for it, and which of the claim deadline and the
  auction has been reached;
* the language, the channel and the screen (the caller of `remembered` adds them), and
  whether the words are the catalogues' own or the registered DLT templates.

Where it lives: in this process (a bounded LRU per gunicorn worker), not in Redis.
A hit costs a dictionary look-up; Redis would add a round trip and a
deserialisation to every request (about as much as the computation it saves on
these answers) and handlers never touch Redis (ARCHITECTURE). Nothing here is the
only copy of anything: a worker that starts cold, is restarted, or evicts an entry
computes the answer again from the database, as before. Because the key is read
from the database on every request, processes on other machines that change a row
need not tell this one: the next request reads the new version and misses.

Never stale, also inside a transaction: an answer computed after this
transaction wrote anything is not kept (a row it changed may change again before
the commit under the same version), and nothing is kept where the database has no
row versions (SQLite: every answer is computed, as always).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from sqlalchemy import event
from sqlalchemy.orm import Session

from handlers.catalogue import wording_generation
from models import law
from models.law import packs
from models.queries import answers as answer_keys
from models.queries.held import HeldImpoundment

T = TypeVar("T")

# Entries per worker. An entry is one answer's text, pages or dues with its key: about
# 2 kB (measured at the state data set, docs/PERFORMANCE.md), so at most about 20 MB a
# worker; a state's 8,452 held animals in one language and three channels fit.
MAX_ANSWERS = 10_000
_WROTE = "dabbo.answers.wrote"   # session.info: this transaction flushed a change


class Answers:
    """A bounded map of key -> answer, least recently used first out."""

    def __init__(self, limit: int = MAX_ANSWERS):
        self.limit = limit
        self._entries: OrderedDict[Hashable, object] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Hashable):
        with self._lock:
            value = self._entries.get(key, _MISSING)
            if value is _MISSING:
                self.misses += 1
            else:
                self.hits += 1
                self._entries.move_to_end(key)
            return value

    def put(self, key: Hashable, value) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.limit:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)


_MISSING = object()
ANSWERS = Answers()


def forget() -> None:
    """Every answer and every mark dropped: this process starts cold."""
    ANSWERS.clear()
    _ANSWERED.clear()


@dataclass
class Found:
    """An animal's key, and the animal itself (plain values, models.queries.held) when it
    was loaded with the key."""

    key: answer_keys.Key
    impoundment: HeldImpoundment | None
    asked: Hashable   # the tag or id asked by, and the kind of answer: kept answers mark it here


# Tags and ids this process keeps an answer for, per kind of question (`asking`: the
# channel's screen and the language, as the caller names them). One it has none for is
# loaded with its key in one statement (computing it needs the animal anyway); one it has
# is asked for its key alone, and the animal is loaded only if the key has changed. Which
# way is taken changes no answer, only the round trips: an animal answered in Gujarati is
# loaded with its key when asked in Hindi, whose answer this process does not have.
_ANSWERED = Answers(MAX_ANSWERS)


def by_tag(session: Session, tag: str, asking: Hashable = None) -> Found | None | bool:
    """The animal behind `tag` (None: no such animal), or False where answers cannot be
    keyed (no row versions): then the caller computes as before. `asking` names the kind
    of answer wanted (screen, language), so that a kind never answered here is loaded
    with its key rather than after it."""
    return _found(session, ("tag", tag, asking), answer_keys.loaded_by_tag, answer_keys.key_by_tag)


def by_id(session: Session, impoundment_id: int, asking: Hashable = None) -> Found | None | bool:
    return _found(session, ("id", impoundment_id, asking), answer_keys.loaded_by_id, answer_keys.key_by_id)


def _found(session: Session, asked: tuple, loaded_by, key_by) -> Found | None | bool:
    """An answer never computed for `asked` loads the animal with its key (it will be needed);
    one computed before needs only the key, to tell whether it still holds."""
    if not answer_keys.available(session):
        return False
    if _ANSWERED.get(asked) is _MISSING:
        loaded = loaded_by(session, asked[1])
        return Found(loaded[1], loaded[0], asked) if loaded else None
    key = key_by(session, asked[1])
    return Found(key, None, asked) if key else None


def moment(key: answer_keys.Key, now: datetime) -> tuple:
    """The part of `now` an answer about `key`'s animal can show: its local date, the
    law's day count until then (the pack may count whole days, not dates), and which
    of the claim deadline and the auction is reached (§186(1): told as passed)."""
    until = min(now, key.closed_at) if key.closed_at else now
    until = max(until, key.seized_at)
    pack = packs.rules(key.law or packs.DEFAULT_LAW, key.law_schedule)   # as Village.pack reads it
    return (law.local_date(now, key.timezone), law.days_impounded(key.seized_at, until, key.timezone, pack=pack),
            law.deadlines_state(key.claim_deadline, key.auction_at, now))


def cacheable(key: answer_keys.Key) -> bool:
    """A §185(3) re-seizure's dues come from the first seizure's scale and counts,
    which are not in its key: computed every time (they are rare)."""
    return not (key.reason == "s185_3" and key.release_version is None)


def remembered(session: Session, found: Found, now: datetime, what: Hashable,
               compute: Callable[[HeldImpoundment | None], T]) -> T:
    """The answer `what` (channel, screen, language...) about `found`'s animal at `now`:
    the one computed for the same key if this process has it, else
    `compute(found.impoundment)` (None: not loaded yet), kept unless this transaction
    has written anything."""
    key = found.key
    if not cacheable(key):
        return compute(found.impoundment)
    full = (what, wording_generation(), tuple(key), moment(key, now))
    value = ANSWERS.get(full)
    if value is not _MISSING:
        return value
    value = compute(found.impoundment)
    if not session.info.get(_WROTE) and not (session.new or session.dirty or session.deleted):
        ANSWERS.put(full, value)
        _ANSWERED.put(found.asked, True)
    return value


def static(what: Hashable, compute: Callable[[], T]) -> T:
    """An answer that depends on `what` and the catalogues alone (a menu of words: the
    catalogues are read once per process), computed once per process."""
    full = ("static", what, wording_generation())
    found = ANSWERS.get(full)
    if found is _MISSING:
        found = compute()
        ANSWERS.put(full, found)
    return found


@event.listens_for(Session, "after_flush")
def _wrote(session: Session, flush_context) -> None:
    session.info[_WROTE] = True


@event.listens_for(Session, "do_orm_execute")
def _wrote_by_statement(state) -> None:
    # An INSERT, UPDATE or DELETE run as a statement (no flush), or plain SQL that may be one.
    if not state.is_select:
        state.session.info[_WROTE] = True


def _transaction_over(session: Session, *args) -> None:
    session.info.pop(_WROTE, None)


event.listen(Session, "after_commit", _transaction_over)
event.listen(Session, "after_rollback", _transaction_over)
