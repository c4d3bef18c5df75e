"""An owner's lookup reads the animal as plain values (models.queries.held), not as ORM
rows: every answer computed from it must be the one computed from the ORM row, to the
paisa and the word. Real PostgreSQL (the plain read is PostgreSQL's path).

World: the demo district. John D'Souza (+919825000006, en) owns the bullock 345678901234,
seized 21-11-2026 08:00 IST in AMBA (§189-notified); the clock is 30-11 10:00 IST.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from handlers.pound import facts, lookup
from models import queries
from models.queries import answers as answer_keys
from models.queries.held import HeldImpoundment
from sms_gateway.api.representations import dues_json

OWNER = "+919825000006"
TAG = "345678901234"


# What happened to the bullock before it is asked about: a release's body, or a sale after the auction.
STATES = {"held": None, "released": {"owner_phone": OWNER},
          "released under protest": {"owner_phone": OWNER, "under_protest": True}, "sold": "sale"}


def _answers(session, animal, now: datetime) -> dict:
    return {
        "status": facts.animal_status(session, animal, now),
        "dues": dues_json(session, animal, now),
        "find_en": lookup.describe(session, "en", animal, now),
        "find_gu": lookup.describe(session, "gu", animal, now),
    }


@pytest.mark.parametrize("state", list(STATES))
def test_the_plain_animal_answers_as_the_orm_row(state, world, api, session, clock):
    impoundment_id = queries.impoundment_by_tag(session, TAG).id
    session.rollback()
    change = STATES[state]
    if change == "sale":
        auction_at = datetime.fromisoformat(api.get(f"/impoundments/{impoundment_id}/dues").get_json()["auction_at"])
        clock.set(auction_at.astimezone(timezone.utc) + timedelta(hours=1))
        response = api.post(f"/impoundments/{impoundment_id}/sale", {"proceeds_paise": 500000})
        assert response.status_code == 200, response.get_json()
    elif change is not None:
        response = api.post(f"/impoundments/{impoundment_id}/release", change)
        assert response.status_code == 200, response.get_json()
    now = clock() + timedelta(days=1)

    plain, _key = answer_keys.loaded_by_tag(session, TAG)
    from_plain = _answers(session, plain, now)
    session.rollback()
    orm = queries.impoundment_by_tag(session, TAG)
    from_orm = _answers(session, orm, now)
    session.rollback()

    assert isinstance(plain, HeldImpoundment)
    assert (plain.release is None, plain.sale is None) == (orm.release is None, orm.sale is None)
    assert from_plain == from_orm


def test_the_plain_animal_by_id_is_the_one_by_tag(world, session):
    by_tag, key_by_tag = answer_keys.loaded_by_tag(session, TAG)
    by_id, key_by_id = answer_keys.loaded_by_id(session, by_tag.id)
    session.rollback()
    assert by_id == by_tag and key_by_id == key_by_tag


def test_the_plain_animal_carries_every_column_of_the_orm_row(world, session):
    plain, _key = answer_keys.loaded_by_tag(session, TAG)
    session.rollback()
    orm = queries.impoundment_by_tag(session, TAG)
    for name in (column.key for column in orm.__table__.columns):
        assert getattr(plain, name) == getattr(orm, name), name
    for name in (column.key for column in orm.village.__table__.columns):
        assert getattr(plain.village, name) == getattr(orm.village, name), name
    assert plain.village.pack == orm.village.pack
    assert plain.pound.names == orm.pound.names
    session.rollback()
