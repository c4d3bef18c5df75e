"""Who dials a menu is read as plain values (handlers.menus.caller): a lookup reads the
caller's id, language, role, pound and village, never the whole Person row; a step that
changes the caller reads the Person then.

World: the demo district. John D'Souza (+919825000006, en) owns the bullock 345678901234.
"""
from __future__ import annotations

from sqlalchemy import select

from handlers.menus import TREE, navigator
from models.tables import Person

OWNER, KEEPER, STRANGER = "+919825000006", "+919825000001", "+919825099999"
TAG = "345678901234"
PLAIN_COLUMNS = "SELECT people.id, people.language, people.role, people.pound_id, people.village_id \nFROM people"


def _people_reads(statements) -> list[str]:
    return [s for s in statements if "FROM people" in s]


def test_every_step_of_a_ussd_find_reads_the_caller_as_plain_values(world, ussd, statements):
    statements.clear()
    assert TAG in ussd(OWNER, "1", TAG)   # three requests: the first screen, the prompt, the answer
    reads = _people_reads(statements)
    assert len(reads) == 3
    assert all(read.startswith(PLAIN_COLUMNS) for read in reads)


def test_the_callers_person_is_read_once_when_a_step_asks_for_it(world, session, clock, statements):
    ctx = navigator.start(session, phone=OWNER, now=clock(), tree=TREE)
    statements.clear()
    person = ctx.caller.person
    assert person is ctx.caller.person and len(_people_reads(statements)) == 1
    assert person == session.scalars(select(Person).where(Person.phone == OWNER)).one()
    assert (ctx.caller.known.id, ctx.caller.language) == (person.id, person.language)
    session.rollback()


def test_a_keeper_is_known_by_his_pound_and_a_stranger_not_at_all(world, session, clock):
    keeper = navigator.start(session, phone=KEEPER, now=clock(), tree=TREE).caller
    stranger = navigator.start(session, phone=STRANGER, now=clock(), tree=TREE).caller
    assert keeper.keeper_pound_id == keeper.person.pound_id is not None
    assert stranger.known is None and stranger.person is None and stranger.keeper_pound_id is None
    session.rollback()
