"""SPEC 13.4: an 1871 village's official finds the books his law names on the books page, the
s.7 register and the s.16 accounts of sales, not Gujarat's Form A and Form B, each printable
and as a spreadsheet (headers in the reader's language; `?headers=en` for software).

The scenario, worked by hand (village MANI under Chandigarh's schedule, tests/law/packs/
trespass_support.py; official +919815000600, English; the seizer Ravi +919815000700 lives in
Kharar): Ravi brings buffaloes 1 and 2 of Gurpreet (Mani Majra) together on 30-11-2026 10:00
IST, one s.7 entry, register serials 1-2/2026. The notices are posted 07-12 10:00; at the
auction 14-12 10:00 each buffalo has been held 15 days (30-11 to 14-12, any part of a day)
and owes the s.12 fine Rs 20,000 + feeding 15 x Rs 500 = Rs 7,500, Rs 27,500 in all.
Gurpreet refuses to pay: buffalo 1 is sold for Rs 60,000 with Rs 1,000 sale expenses.
60,000 - 27,500 - 1,000 = Rs 31,500 left, which covers buffalo 2's Rs 27,500: it goes back
paid from the sale, and Rs 4,000 is the owner's. The s.16 account: (a) 2 seized, (b) 15
days, (c) fines Rs 40,000 + feeding Rs 15,000 = Rs 55,000, (d) 1 sold, (e) Rs 60,000,
(f) sale expenses Rs 1,000, Rs 56,000 applied, Rs 4,000 balance to the owner.
"""
from __future__ import annotations

import csv
import io

import pytest

from tests.law.packs.trespass_support import BUFFALO1, BUFFALO2, impound, ist, make_mani, post_notice
from tests.pages.test_dashboard import _worker, sign_in_admin, sign_in_official  # noqa: F401 (autouse fixture)

OFFICIAL, SEIZER = "+919815000600", "+919815000700"


def set_up_mani(api, language: str = "en") -> None:
    make_mani(api)
    api.post("/people", {"phone": OFFICIAL, "name": "Sarpanch", "role": "official", "village": "MANI",
                         "language": language})
    api.post("/people", {"phone": SEIZER, "name": "Ravi", "role": "owner", "village": "KHAR", "language": "en"})


def sell_one_of_two(api, clock) -> None:
    """The scenario of the module's docstring, through the admin API."""
    first = impound(api, tag=BUFFALO1, seizer_phone=SEIZER, place="Sector 13 road")
    second = impound(api, tag=BUFFALO2, seizure=first["seizure"])
    clock.set(ist(7))
    for animal in (first, second):
        post_notice(api, animal["id"], ist(7))
    clock.set(ist(14))
    response = api.post(f"/impoundments/{first['id']}/sale", {"proceeds_paise": 60_000_00,
                                                              "sale_expenses_paise": 1_000_00, "refused": True})
    assert response.status_code == 200, response.get_json()


@pytest.fixture
def mani(api, client, session, clock):
    set_up_mani(api)
    sell_one_of_two(api, clock)
    sign_in_official(client, session, OFFICIAL)
    return client


def cells(html: str, item: str) -> list[str]:
    """The text of every cell marked data-item=`item` on a sale accounts page."""
    import re
    return [re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(rf'data-item="{item}">(.*?)</td>', html, re.S)]


def rows(response) -> list[dict]:
    assert response.status_code == 200 and response.mimetype == "text/csv"
    return list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))


def test_the_books_page_links_the_s7_register_and_the_s16_accounts_not_form_a(mani):
    html = mani.get("/books?lang=en").get_data(as_text=True)
    assert 'href="/books/MANI-1/register">Register of impounded cattle (s.7)</a>' in html
    assert 'href="/books/MANI-1/sale-accounts">Accounts of sales to the owner (s.16)</a>' in html
    assert "/books/MANI-1/accounts" not in html and "Form A" not in html


def test_a_gujarat_pound_beside_it_still_links_form_a_and_form_b(mani):
    sign_in_admin(mani)
    html = mani.get("/books?lang=en").get_data(as_text=True)
    assert 'href="/books/KHAR-1/register">Register of impounded cattle (Form A)</a>' in html
    assert 'href="/books/KHAR-1/accounts">Daily accounts (Form B)</a>' in html
    assert 'href="/books/MANI-1/sale-accounts">' in html


def test_the_s7_register_is_one_entry_for_the_cattle_brought_together(mani):
    html = mani.get("/books/MANI-1/register?from=2026-11-01&to=2026-12-31&lang=en").get_data(as_text=True)
    assert "Register of impounded cattle (s.7), Mani Majra pound" in html
    assert html.count("<tr data-serial=") == 1
    # the page says times as people say them (docs/TRANSLATORS.md, "Times"); the CSV keeps 10:00
    for text in ("1-2/2026", "30-11-2026 10am", ">2</td>", "Ravi, Kharar", "Gurpreet, Mani Majra",
                 "sold <span class=\"nobr\">14-12-2026 10am", "released <span class=\"nobr\">14-12-2026 10am",
                 "Rs 20000.00</span> / <span class=\"nobr\">Rs 7500.00"):
        assert text in html, text
    assert "Form A" not in html


def test_the_s16_account_shows_the_hand_worked_rupees(mani):
    html = mani.get("/books/MANI-1/sale-accounts?from=2026-12-01&to=2026-12-31&lang=en").get_data(as_text=True)
    assert "Accounts of sales to the owner (s.16), Mani Majra pound" in html
    figures = {item: cells(html, item) for item in ("a", "b", "fines", "feeding", "c", "d", "e", "sale_expenses",
                                                    "f", "balance")}
    assert figures == {"a": ["2"], "b": ["15"], "fines": ["Rs 40000.00"], "feeding": ["Rs 15000.00"],
                       "c": ["Rs 55000.00"], "d": ["1"], "e": ["Rs 60000.00"], "sale_expenses": ["Rs 1000.00"],
                       "f": ["Rs 56000.00"], "balance": ["Rs 4000.00"]}


def test_the_s7_register_as_a_spreadsheet_for_a_person(mani):
    [entry] = rows(mani.get("/books/MANI-1/register?from=2026-11-01&to=2026-12-31&format=csv&lang=en"))
    assert entry == {"Serial no.": "1-2/2026", "Day and hour brought": "30-11-2026 10:00", "Number of cattle": "2",
                     "Description of the cattle": f"buffalo {BUFFALO1}; buffalo {BUFFALO2}",
                     "Seizer's name": "Ravi", "Seizer's residence": "Kharar", "Owner's name": "Gurpreet",
                     "Owner's residence": "Mani Majra", "Disposal": "sold; released",
                     "Fines (Rs)": "40000.00", "Feeding charges (Rs)": "15000.00"}


def test_the_s7_register_for_software_has_the_packs_columns(mani):
    response = mani.get("/books/MANI-1/register?from=2026-11-01&to=2026-12-31&format=csv&headers=en")
    [entry] = rows(response)
    assert list(entry) == ["serial", "year", "number", "description", "brought_at", "seizer_name",
                           "seizer_residence", "owner_name", "owner_residence", "receipts"]
    assert (entry["serial"], entry["number"], entry["brought_at"], entry["seizer_residence"],
            entry["owner_residence"]) == ("1", "2", "2026-11-30T10:00:00+05:30", "KHAR", "MANI")
    assert len(entry["receipts"].split()) == 2


def test_the_s16_accounts_as_a_spreadsheet_for_a_person(mani):
    [account] = rows(mani.get("/books/MANI-1/sale-accounts?from=2026-12-01&to=2026-12-31&format=csv&lang=en"))
    assert {key: value for key, value in account.items() if key.startswith("(")} == {
        "(a) Number seized": "2", "(b) Days impounded": "15", "(c) Fines (Rs)": "40000.00",
        "(c) Feeding charges (Rs)": "15000.00", "(c) Fines and charges (Rs)": "55000.00", "(d) Number sold": "1",
        "(e) Proceeds (Rs)": "60000.00", "(f) Sale expenses (Rs)": "1000.00",
        "(f) Applied to dues and expenses (Rs)": "56000.00", "(f) Balance to the owner (Rs)": "4000.00"}
    assert (account["Ear tag"], account["Sold"]) == (BUFFALO1, "14-12-2026 10:00")


def test_the_s16_accounts_for_software_are_the_admin_apis_spreadsheet(mani, api):
    page = mani.get("/books/MANI-1/sale-accounts?from=2026-12-01&to=2026-12-31&format=csv&headers=en")
    from_api = api.client.get("/api/v1/pounds/MANI-1/sale-accounts?from=2026-12-01&to=2026-12-31&format=csv",
                              headers=api.headers)
    assert page.get_data() == from_api.get_data()


def test_a_hindi_reader_gets_the_books_in_hindi(mani):
    register = mani.get("/books/MANI-1/register?from=2026-11-01&to=2026-12-31&format=csv&lang=hi")
    assert register.get_data(as_text=True).splitlines()[0].startswith(
        "क्रम सं.,लाने का दिन और समय,पशुओं की संख्या,पशुओं का विवरण,")
    html = mani.get("/books/MANI-1/sale-accounts?from=2026-12-01&to=2026-12-31&lang=hi").get_data(as_text=True)
    assert "मालिक को नीलामी का हिसाब (धारा 16)" in html and "(f) मालिक को बची राशि" in html


def test_an_1871_pound_has_no_form_b_and_a_gujarat_pound_no_s16_page(mani):
    assert mani.get("/books/MANI-1/accounts").status_code == 404
    sign_in_admin(mani)
    assert mani.get("/books/KHAR-1/sale-accounts").status_code == 404


@pytest.mark.parametrize("language", ["gu", "hi", "en", "gul"])
@pytest.mark.parametrize("book", ["register", "sale-accounts"])
def test_both_books_read_in_every_language(mani, book, language):
    assert mani.get(f"/books/MANI-1/{book}?from=2026-11-01&to=2026-12-31&lang={language}").status_code == 200


def test_a_period_without_a_sale_says_so_and_its_register_spreadsheet_keeps_its_header(mani):
    html = mani.get("/books/MANI-1/sale-accounts?from=2026-11-01&to=2026-11-29&lang=en").get_data(as_text=True)
    assert "No cattle were sold in this period." in html
    text = mani.get("/books/MANI-1/register?from=2026-11-01&to=2026-11-29&format=csv&headers=en").get_data(
        as_text=True)
    assert text.splitlines() == ["serial,year,number,description,brought_at,seizer_name,seizer_residence,"
                                 "owner_name,owner_residence,receipts"]
