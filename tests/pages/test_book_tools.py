"""Every book page (Form A register, Form B accounts) has a print button and a spreadsheet
(CSV) link for the period shown, and the CSV is the admin API's, for a signed-in viewer.
Demo district, 30-11-2026 10:00 IST; Ambaji official +919825000003."""
from __future__ import annotations

import pytest

from tests.pages.test_dashboard import _worker, sign_in_official  # noqa: F401 (autouse fixture)

OFFICIAL = "+919825000003"


@pytest.mark.parametrize("book", ["register", "accounts"])
def test_a_book_page_has_print_and_csv_for_its_period(client, session, world, book):
    sign_in_official(client, session, OFFICIAL)
    html = client.get(f"/books/AMBA-1/{book}?from=2026-11-01&to=2026-11-30").get_data(as_text=True)
    assert '<button type="button" id="print-book" onclick="window.print()">' in html
    assert 'id="csv-book" href="?from=2026-11-01&amp;to=2026-11-30&amp;format=csv"' in html


def test_the_register_csv_link_gives_the_register_as_a_spreadsheet(client, session, world):
    sign_in_official(client, session, OFFICIAL)
    response = client.get("/books/AMBA-1/register?from=2026-11-01&to=2026-11-30&format=csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    lines = response.get_data(as_text=True).splitlines()
    assert lines[0].startswith("serial,year,receipt,seized_at,kind,tag")
    assert any("123456789012" in line for line in lines[1:])   # the cow seized 29-11


def test_the_accounts_csv_link_gives_form_b_as_a_spreadsheet(client, session, world):
    token = sign_in_official(client, session, OFFICIAL)
    assert client.post("/records/release", data={"csrf_token": token, "tag": "123456789012",
                                                 "mode": "normal"}).status_code == 200
    response = client.get("/books/AMBA-1/accounts?from=2026-11-30&to=2026-11-30&format=csv")
    assert response.status_code == 200
    header, *days = response.get_data(as_text=True).splitlines()
    assert header.startswith("date,brought_forward_paise")
    assert [day.split(",")[0] for day in days] == ["2026-11-30"]


def test_another_villages_book_is_not_given_as_csv(client, session, world):
    sign_in_official(client, session, OFFICIAL)
    assert client.get("/books/BHAV-1/register?format=csv").status_code == 404
