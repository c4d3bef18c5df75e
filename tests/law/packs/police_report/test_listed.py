"""SPEC 13.4, 1871 s.14: `GET /impoundments` shows each animal's `police_reported_at` as its own
page does, read for the whole list at once: the statements a list takes do not grow with its
rows (before, one read per two-stage animal, and its owner and keeper a row at a time).

Mani Majra (tests/law/packs/trespass_support.py): goats seized Monday 30-11-2026 10:00 IST, their
reports due 07-12 10:00 (+168 h)."""
from __future__ import annotations

from tests.law.packs.trespass_support import KEEPER, impound, ist, mani, police_report  # noqa: F401

# Goats of the owner Gurpreet (+919815000400), each with its own tag.
TAGS = [f"5000000001{n:02d}" for n in range(6)]


def goats(api, tags: list[str]) -> list[int]:
    """Seize the owner's goats `tags` (registered to him first), as the keeper: their ids."""
    for tag in tags:
        assert api.post("/people/9815000400/animals", {"tag": tag, "kind": "goat"}).status_code == 201
    seized = ist(30, 10, month=11).isoformat()   # Monday 30-11 10:00, whenever the clock stands
    return [impound(api, kind="goat", tag=tag, keeper_phone=KEEPER, seized_at=seized)["id"] for tag in tags]


def listed(api) -> dict[int, dict]:
    response = api.get("/impoundments")
    assert response.status_code == 200
    return {row["id"]: row for row in response.get_json()["impoundments"]}


def statements_to_list(api, statements) -> int:
    statements.clear()
    listed(api)
    return len(statements)


def test_a_list_shows_each_report_as_the_animals_own_page_does(mani, clock):
    """Report of the first goat at 07-12 12:00 IST; the second has none: the list shows
    2026-12-07T12:00:00+05:30 and null, as GET /impoundments/{id} does."""
    first, second = goats(mani, TAGS[:2])
    clock.set(ist(7, 12))
    assert police_report(mani, first, ist(7, 12)).status_code == 200
    rows = listed(mani)
    assert rows[first]["police_reported_at"] == "2026-12-07T12:00:00+05:30"
    assert rows[second]["police_reported_at"] is None
    for goat in (first, second):
        assert rows[goat]["police_reported_at"] == mani.get(f"/impoundments/{goat}").get_json()["police_reported_at"]


def test_a_list_takes_as_many_statements_for_six_animals_as_for_two(mani, clock, statements):
    """Two goats, one reported; then four more, one reported: the list's statements stay the same."""
    first = goats(mani, TAGS[:2])[0]
    clock.set(ist(7, 12))
    assert police_report(mani, first, ist(7, 12)).status_code == 200
    for_two = statements_to_list(mani, statements)
    third = goats(mani, TAGS[2:])[0]
    assert police_report(mani, third, ist(7, 12)).status_code == 200
    assert len(listed(mani)) == 6
    assert statements_to_list(mani, statements) == for_two
