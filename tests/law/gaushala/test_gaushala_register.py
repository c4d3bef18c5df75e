"""1871 s.7 register with the s.14 proviso: the cow handed to a gaushala is shown so, with the
gaushala's name, on the register page and in its spreadsheet, in the reader's language
(tests/law/gaushala/gaushala_support.py: seized 01-12-2026 10:00, report due 08-12 10:00,
notice 08-12 10:00, handed over 15-12 10:00, the first moment allowed). Nothing was collected:
the fines and feeding columns read 0.00, not the Rs 20,000 + 15 x Rs 500 she owed."""
from __future__ import annotations

import pytest

from tests.law.gaushala.gaushala_support import COW, GAUSHALA, noticed_cow
from tests.law.packs.test_trespass_1871_book_pages import OFFICIAL, rows, set_up_mani
from tests.law.packs.trespass_support import ist
from tests.pages.test_dashboard import _worker, sign_in_official  # noqa: F401 (autouse fixture)


def handed_over(api, client, session, clock, language: str):
    set_up_mani(api, language)
    cow = noticed_cow(api, clock)
    clock.set(ist(15))
    assert api.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA}).status_code == 200
    sign_in_official(client, session, OFFICIAL)
    return client


@pytest.fixture
def mani(api, client, session, clock):
    return handed_over(api, client, session, clock, "en")


def test_the_register_page_shows_the_cow_handed_to_the_named_gaushala(mani):
    html = mani.get("/books/MANI-1/register?from=2026-12-01&to=2026-12-31&lang=en").get_data(as_text=True)
    assert f'handed to the gaushala {GAUSHALA} <span class="nobr">15-12-2026 10am' in html


def test_the_register_spreadsheet_shows_the_handover_and_nothing_collected(mani):
    [entry] = rows(mani.get("/books/MANI-1/register?from=2026-12-01&to=2026-12-31&format=csv&lang=en"))
    assert (entry["Description of the cattle"], entry["Disposal"], entry["Fines (Rs)"],
            entry["Feeding charges (Rs)"]) == (f"cow {COW}", f"handed to the gaushala {GAUSHALA}", "0.00", "0.00")


def test_the_register_spreadsheet_says_the_handover_in_hindi(mani):
    [entry] = rows(mani.get("/books/MANI-1/register?from=2026-12-01&to=2026-12-31&format=csv&lang=hi"))
    assert f"गौशाला {GAUSHALA} को सौंपा" in entry.values()


def test_the_register_page_says_the_handover_in_gujarati(mani):
    html = mani.get("/books/MANI-1/register?from=2026-12-01&to=2026-12-31&lang=gu").get_data(as_text=True)
    assert f"ગૌશાળા {GAUSHALA}ને સોંપ્યું" in html


def test_the_admin_register_json_names_the_gaushala_beside_the_disposal(api, clock):
    set_up_mani(api)
    cow = noticed_cow(api, clock)
    clock.set(ist(15))
    api.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA})
    [entry] = api.get("/pounds/MANI-1/register", query_string={"from": "2026-12-01", "to": "2026-12-31"}).json["entries"]
    assert (entry["disposal"], entry["handed_to"], entry["disposed_at"]) == (
        "handed_over", GAUSHALA, "2026-12-15T10:00:00+05:30")


def test_the_admin_register_json_has_no_gaushala_for_an_animal_still_held(api, clock):
    set_up_mani(api)
    noticed_cow(api, clock)
    [entry] = api.get("/pounds/MANI-1/register", query_string={"from": "2026-12-01", "to": "2026-12-31"}).json["entries"]
    assert (entry["disposal"], entry["handed_to"]) == (None, None)


def test_the_admin_register_spreadsheet_keeps_form_a_s_columns(api, clock):
    """The CSV's columns are pinned as Form A's (docs, tests/books): the gaushala is in the JSON only."""
    set_up_mani(api)
    noticed_cow(api, clock)
    response = api.get("/pounds/MANI-1/register", query_string={"from": "2026-12-01", "to": "2026-12-31",
                                                                 "format": "csv"})
    assert "handed_to" not in response.get_data(as_text=True).splitlines()[0]
