"""Who dials a menu (USSD, voice), read once per request.

A lookup (the find screen, a menu) needs the caller's id, language and what they are
(owner, keeper of which pound, of which village): read as plain values, which costs
less than half the CPU of the Person through the ORM (docs/PERFORMANCE.md, "Eighth
pass"). A step that changes the caller's row, or hands it to code that does, reads
the Person itself through `Caller.person`, once per request.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from sqlalchemy.orm import Session

from models import queries
from models.tables import Person


@dataclass
class Caller:
    """Who dials: `known`, their row's plain values (queries.KnownCaller; None for a
    stranger), is all a lookup needs; the Person itself is read when a step uses it."""
    phone: str
    known: queries.KnownCaller | None
    language: str
    session: Session | None = field(default=None, repr=False)

    @cached_property
    def person(self) -> Person | None:
        return self.session.get(Person, self.known.id) if self.known is not None else None

    @property
    def keeper_pound_id(self) -> int | None:
        known = self.known
        return known.pound_id if known is not None and known.role == "keeper" else None
