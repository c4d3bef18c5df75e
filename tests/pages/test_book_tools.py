"""Every book page (Form A register, Form B accounts) has a print button and a spreadsheet
(CSV) link for the period shown: the CSV in the reader's language (headers, dates as the village
reads them, kinds in words), or with `?headers=en` the admin API's, for software.
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


def test_the_register_csv_with_headers_en_is_the_admin_apis_spreadsheet(client, session, world):
    sign_in_official(client, session, OFFICIAL)
    response = client.get("/books/AMBA-1/register?from=2026-11-01&to=2026-11-30&format=csv&headers=en")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    lines = response.get_data(as_text=True).splitlines()
    assert lines[0].startswith("serial,year,receipt,seized_at,kind,tag")
    assert any("123456789012" in line for line in lines[1:])   # the cow seized 29-11


def test_the_accounts_csv_with_headers_en_is_the_admin_apis_spreadsheet(client, session, world):
    token = sign_in_official(client, session, OFFICIAL)
    assert client.post("/records/release", data={"csrf_token": token, "tag": "123456789012",
                                                 "mode": "normal"}).status_code == 200
    response = client.get("/books/AMBA-1/accounts?from=2026-11-30&to=2026-11-30&format=csv&headers=en")
    assert response.status_code == 200
    header, *days = response.get_data(as_text=True).splitlines()
    assert header.startswith("date,brought_forward_paise")
    assert [day.split(",")[0] for day in days] == ["2026-11-30"]


def test_another_villages_book_is_not_given_as_csv(client, session, world):
    sign_in_official(client, session, OFFICIAL)
    assert client.get("/books/BHAV-1/register?format=csv").status_code == 404



def test_a_gujarati_reader_gets_the_register_with_gujarati_headers_and_local_dates(client, session, world):
    sign_in_official(client, session, OFFICIAL)   # a Gujarati reader
    text = client.get("/books/AMBA-1/register?from=2026-11-01&to=2026-11-30&format=csv").get_data(as_text=True)
    header, cow = text.splitlines()[:2]
    assert header.startswith("અનુક્રમ નં.,વર્ષ,પહોંચ નં.,પકડ્યાનો સમય,ઢોરનો પ્રકાર,કાનની ટેગ,")
    assert header.endswith(",ડબ્બા ફી (રૂ.),ડબ્બા ખર્ચ (રૂ.),ડિપોઝિટ (રૂ.),હરાજીની ઊપજ (રૂ.),હરાજી ખર્ચ (રૂ.),"
                           "માલિકની બચેલી રકમ (રૂ.),લીધેલી રકમ (રૂ.)")
    # The cow seized 29-11 08:00 IST, still held: no ISO timestamp, its kind and disposal in words.
    assert cow.startswith("1,2026,100001,29-11-2026 08:00,ગાય,123456789012,")
    assert ",ડબ્બામાં,," in cow and "2026-11-29T" not in text


def test_a_hindi_reader_gets_the_register_in_hindi(client, session, world):
    sign_in_official(client, session, OFFICIAL)
    text = client.get("/books/AMBA-1/register?from=2026-11-01&to=2026-11-30&format=csv&lang=hi").get_data(
        as_text=True)
    header, cow = text.splitlines()[:2]
    assert header.startswith("क्रम सं.,वर्ष,रसीद सं.,पकड़ने का समय,पशु का प्रकार,कान का टैग,")
    assert cow.startswith("1,2026,100001,29-11-2026 08:00,गाय,123456789012,") and ",कांजी हाउस में,," in cow


def test_the_accounts_csv_for_a_reader_is_in_rupees_with_local_dates(client, session, world):
    """The cow seized 29-11 08:00 is released 30-11 10:00: fee Rs 50 + 2 days (29-11, 30-11) x Rs 40
    = Rs 80 expenses + security Rs 200 (1 head, 1st time, s.189(1)) = Rs 330 taken in, carried forward."""
    token = sign_in_official(client, session, OFFICIAL)
    assert client.post("/records/release", data={"csrf_token": token, "tag": "123456789012",
                                                 "mode": "normal"}).status_code == 200
    text = client.get("/books/AMBA-1/accounts?from=2026-11-30&to=2026-11-30&format=csv&lang=en").get_data(
        as_text=True)
    header, *days = text.splitlines()
    assert header == ("Date,Brought forward (Rs),Pound fees (Rs),Feeding expenses (Rs),Security deposits (Rs),"
                      "Auction proceeds (Rs),Total receipts (Rs),Deposits refunded (Rs),Surplus paid (Rs),"
                      "To the village fund (Rs),Forfeited to the State (Rs),Auction expenses (Rs),"
                      "Total payments (Rs),Carried forward (Rs),Rounded off (Rs)")
    assert days == ["30-11-2026,0.00,50.00,80.00,200.00,0.00,330.00,0.00,0.00,0.00,0.00,0.00,0.00,330.00,0.00"]
