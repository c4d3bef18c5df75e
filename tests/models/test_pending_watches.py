"""A lookup's Watch rides on the statement that writes the lookup's audit row
(models.queries.pending); these are the guarantees that must survive that:
a watch nobody carried is still written at the commit, a watch asked inside a
savepoint that is rolled back is not written, and asking twice is one row.

World: the demo district (tests/conftest.py `world`): the cow 123456789012 in
AMBA-1; +919825000006 an owner of AMBA.
"""
from __future__ import annotations

from sqlalchemy import func, select

from handlers.pound import records
from models import db, queries
from models.tables import Watch

COW, OWNER = "123456789012", "+919825000006"


def _watchers(session, impoundment_id: int) -> int:
    return session.scalar(select(func.count(Watch.id)).where(Watch.impoundment_id == impoundment_id))


def test_a_watch_nobody_carried_is_written_at_the_commit(world, session, clock):
    cow, owner = queries.impoundment_by_tag(session, COW), queries.person_by_phone(session, OWNER)
    before = _watchers(session, cow.id)
    records.watch(session, cow, owner, clock())
    session.commit()
    assert _watchers(session, cow.id) == before + 1


def test_a_watch_nobody_carried_is_written_by_a_lookup_commit_too(world, session, clock):
    cow, owner = queries.impoundment_by_tag(session, COW), queries.person_by_phone(session, OWNER)
    before = _watchers(session, cow.id)
    records.watch(session, cow, owner, clock())
    db.commit_lookup(session)
    assert _watchers(session, cow.id) == before + 1


def test_a_watch_asked_inside_a_rolled_back_savepoint_is_not_written(world, session, clock):
    cow, owner = queries.impoundment_by_tag(session, COW), queries.person_by_phone(session, OWNER)
    before = _watchers(session, cow.id)
    savepoint = session.begin_nested()
    records.watch(session, cow, owner, clock())
    savepoint.rollback()
    session.commit()
    assert _watchers(session, cow.id) == before


def test_asking_twice_watches_once(world, session, clock):
    cow, owner = queries.impoundment_by_tag(session, COW), queries.person_by_phone(session, OWNER)
    records.watch(session, cow, owner, clock())
    session.commit()
    after_first = _watchers(session, cow.id)
    records.watch(session, cow, owner, clock())
    session.commit()
    assert _watchers(session, cow.id) == after_first
