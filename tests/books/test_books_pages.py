"""earlier, the books on the dashboard: per pound the register (Form A)
and the daily accounts (Form B), the §190 orders for the officials of the
villages named, the keepers without §182 approval. Demo district, clock Mon
30-11-2026 10:00 IST.
"""
from __future__ import annotations

import pytest

from tests.pages.test_dashboard import _worker, sign_in_admin, sign_in_official  # noqa: F401 (_worker writes the sign-in code)

AMBA_KEEPER = "+919825000001"


@pytest.fixture
def admin_client(client, world):
    sign_in_admin(client)
    return client


def test_the_books_need_a_sign_in(client, world):
    assert client.get("/books/AMBA-1/register").status_code == 302


def test_the_register_page_lists_the_entries_with_the_seizer(admin_client, send):
    send(AMBA_KEEPER, "SEIZE 111111111111 gay BY 9825000099 field of Kanu")
    html = admin_client.get("/books/AMBA-1/register?lang=en&from=2026-11-01&to=2026-11-30").get_data(as_text=True)
    assert 'data-serial="3/2026"' in html and "+919825000099" in html and "field of Kanu" in html
    assert html.count("<tr data-serial=") == 3


def test_the_accounts_page_shows_each_day_to_the_paisa(admin_client, send):
    send(AMBA_KEEPER, "SEIZE 111111111111 gay")
    send(AMBA_KEEPER, "RELEASE 111111111111")
    html = admin_client.get("/books/AMBA-1/accounts?lang=en&from=2026-11-30&to=2026-11-30").get_data(as_text=True)
    assert 'data-date="2026-11-30"' in html
    assert "pound fees Rs 50.00" in html and "security deposits Rs 200.00" in html and "Rs 290.00" in html


def test_an_unknown_pound_is_404(admin_client):
    assert admin_client.get("/books/NOPE/register").status_code == 404


def test_the_books_home_flags_unapproved_keepers_and_lists_removal_orders(admin_client, api):
    api.post("/people", json={"phone": "+919825000050", "role": "mamlatdar", "taluka": "Danta"})
    api.post("/removal-orders", json={"taluka": "Danta", "villages": ["AMBA"], "kind": "resident_dry",
                                      "owners": ["+919825000004"], "place": "Gauchar", "deadline": "2026-12-20",
                                      "notification_ref": "GN/190", "head_counts": {"+919825000004": 3}})
    # The demo keepers carry sample approvals (SPEC 12.5: only approved keepers release and sell).
    api.post("/people", json={"phone": "+919825000061", "name": "Gopal (keeper)", "role": "keeper",
                              "village": "AMBA", "pound": "AMBA-1"})
    html = admin_client.get("/books?lang=en").get_data(as_text=True)
    assert "Keepers without the TDO&#39;s approval (s.182): Gopal (keeper)" in html
    assert "Gauchar" in html and "20-12-2026" in html and "pending" in html


def test_an_official_sees_only_the_orders_naming_the_village(client, world, session, api):
    api.post("/people", json={"phone": "+919825000050", "role": "mamlatdar", "taluka": "Danta"})
    api.post("/people", json={"phone": "+919825000052", "role": "mamlatdar", "taluka": "Sanand"})
    api.post("/removal-orders", json={"taluka": "Danta", "villages": ["AMBA"], "kind": "non_resident",
                                      "owners": ["+919825000004"], "place": "Gauchar Ambaji", "deadline": "2026-12-20",
                                      "notification_ref": "GN/190", "head_counts": {"+919825000004": 30}})
    api.post("/removal-orders", json={"taluka": "Sanand", "villages": ["BHAV"], "kind": "non_resident",
                                      "owners": ["+919825000005"], "place": "Gauchar Bhavpur", "deadline": "2026-12-20",
                                      "notification_ref": "GN/190", "head_counts": {"+919825000005": 30}})
    sign_in_official(client, session)
    html = client.get("/books?lang=en").get_data(as_text=True)
    assert "Gauchar Ambaji" in html and "Gauchar Bhavpur" not in html
    assert client.get("/books/BHAV-1/register").status_code == 404


def test_the_books_period_is_typed_day_first_in_any_digits_whatever_the_browser(admin_client, send):
    """A talati types 01-11-2026, or ૦૧-૧૧-૨૦૨૬ on a Gujarati keyboard; the form shows the
    period back as dd-mm-yyyy in plain text fields, never a date widget in the browser's locale."""
    send(AMBA_KEEPER, "SEIZE 111111111111 gay")
    html = admin_client.get("/books/AMBA-1/register?lang=gu&from=૦૧-૧૧-૨૦૨૬&to=30/11/2026").get_data(as_text=True)
    assert 'name="from" placeholder="dd-mm-yyyy" autocomplete="off" maxlength="10" size="10" value="01-11-2026"' in html
    assert 'value="30-11-2026"' in html and 'type="date"' not in html
    assert "01-11-2026 થી 30-11-2026" in html
    assert html.count("<tr data-serial=") == 3
