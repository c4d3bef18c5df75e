"""`/district` (SPEC 13.3): who may read it, the figures it shows for the taluka's November
(tests/district/scenario.py, worked by hand there), its charts and its spreadsheet in both forms.

Readers: the administrator (every taluka) and a Taluka Development Officer (his taluka only). A
village's official or keeper is answered 403 in his own language: the spec names only those two,
and an official reads his own village's figures in its books and costs pages."""
from __future__ import annotations

import csv
import io
import re

import pytest

from sms_gateway.pages.district import chart
from tests.district.scenario import OFFICIAL_A, TDO, november, sign_in_by_phone
from tests.pages.test_dashboard import KEEPER, OFFICIAL, _worker, sign_in_admin  # noqa: F401 (_worker: fixture)


@pytest.fixture
def month_of_november(api, clock, dispatch, world):
    november(api, clock, dispatch)


def rows_of(response) -> list[list[str]]:
    assert response.status_code == 200 and response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


def cells(page: str, village: str) -> dict[str, str]:
    """The figures of one row of the page's tables, by figure name."""
    found = {}
    for row in re.findall(rf'<tr data-village="{village}">(.*?)</tr>', page, re.S):
        found.update(re.findall(r'data-figure="(\w+)">([^<]*)</td>', row))
    return found


def test_nobody_signed_in_is_sent_to_sign_in(client, world):
    response = client.get("/district")
    assert response.status_code == 302 and "/signin" in response.headers["Location"]


def test_an_official_of_a_village_is_refused_in_his_language(client, session, world):
    sign_in_by_phone(client, session, OFFICIAL)   # Meena Desai reads Gujarati
    response = client.get("/district")
    assert response.status_code == 403
    page = response.get_data(as_text=True)
    assert '<html lang="gu">' in page and "તમે ફક્ત તમારું જ ખોલી શકો." in page


def test_a_keeper_is_refused(client, session, world):
    sign_in_by_phone(client, session, KEEPER)
    assert client.get("/district").status_code == 403


def test_the_dashboard_links_the_district_view_for_the_administrator_only(client, session, world):
    sign_in_admin(client)
    assert 'id="nav-district"' in client.get("/?lang=en").get_data(as_text=True)
    client.post("/signout", data={"csrf_token": re.search(r'name="csrf_token" value="([^"]+)"',
                                                           client.get("/").get_data(as_text=True)).group(1)})
    sign_in_by_phone(client, session, OFFICIAL)
    assert 'id="nav-district"' not in client.get("/").get_data(as_text=True)


def test_a_taluka_officer_reads_only_his_taluka(month_of_november, client, session):
    sign_in_by_phone(client, session, TDO)
    page = client.get("/district?month=2026-11").get_data(as_text=True)
    assert 'data-village="VILA"' in page and 'data-village="VILB"' in page
    assert 'data-village="VILC"' not in page and 'data-village="AMBA"' not in page
    assert client.get("/district?taluka=Vadgam").status_code == 403
    assert client.get("/district?taluka=palanpur").status_code == 200


def test_a_taluka_officer_opens_no_other_page(month_of_november, client, session):
    sign_in_by_phone(client, session, TDO)
    for path in ("/books", "/costs", "/records", "/books/VILA-1/register"):
        assert client.get(path).status_code == 403, path


def test_the_administrator_reads_every_taluka(month_of_november, client):
    sign_in_admin(client)
    page = client.get("/district?month=2026-11&lang=en").get_data(as_text=True)
    for taluka in ("Palanpur", "Vadgam", "Sanand"):
        assert f'data-taluka="{taluka}"' in page
    assert 'data-taluka="Vadgam"' not in client.get("/district?month=2026-11&taluka=Palanpur").get_data(as_text=True)


def test_the_page_shows_the_hand_worked_figures_in_the_reader_s_words(month_of_november, client):
    """VILA in November: 5, 3, 1, 2; 75%; 3 days; Rs 1,430, Rs 630, Rs 0. Palanpur's total: 7, 4, 2,
    2; 67%; 3; Rs 2,160, Rs 630, Rs 230."""
    sign_in_admin(client)
    page = client.get("/district?month=2026-11&lang=en").get_data(as_text=True)
    a = cells(page, "VILA")
    assert [a[name] for name in ("seized", "claimed", "sold", "still_held", "share_reclaimed", "median_days")] == [
        "5", "3", "1", "2", "75%", "3"]
    assert [a[name] for name in ("collected", "paid_out", "to_fund")] == ["Rs 1,430", "Rs 630", "Rs 0"]
    palanpur = cells(page.split('data-taluka="Palanpur"')[1].split("</section>")[0], "total")
    assert [palanpur[name] for name in ("seized", "claimed", "sold", "still_held", "share_reclaimed", "median_days",
                                     "collected", "paid_out", "to_fund")] == [
        "7", "4", "2", "2", "67%", "3", "Rs 2,160", "Rs 630", "Rs 230"]
    assert cells(page, "VILB")["median_days"] == "5" and "November 2026" in page


def test_each_figure_is_an_svg_bar_chart_named_in_the_reader_s_language(month_of_november, client):
    sign_in_admin(client)
    page = client.get("/district?month=2026-11&taluka=Palanpur&lang=gu").get_data(as_text=True)
    charts = re.findall(r'<svg class="chart" role="img" aria-labelledby="([\w-]+)-title"', page)
    assert len(charts) == 14
    assert '<title id="chart-0-seized-title">નવેમ્બર 2026માં જપ્ત થયેલાં ઢોર, Palanpur, ગામવાર</title>' in page
    seized = page.split('id="chart-0-seized-title"')[1].split("</svg>")[0]
    widths = [float(w) for w in re.findall(r'class="chart-bar" x="0" y="[\d.]+" width="([\d.]+)"', seized)]
    room = chart.WIDTH - chart.VALUE_ROOM
    assert widths == [room, round(room * 2 / 5, 1)]   # VILA's 5 the longest, VILB's 2 two fifths of it
    assert "<script" not in page


def test_the_spreadsheet_has_headers_in_the_reader_s_language(month_of_november, client):
    sign_in_admin(client)
    rows = rows_of(client.get("/district?month=2026-11&taluka=Palanpur&format=csv&lang=hi"))
    assert rows[0][:5] == ["तालुका", "गाँव", "गाँव का कोड", "महीना", "पकड़े गए"]
    assert rows[0][6:8] == ["नीलामी में बिके", "गौशाला को सौंपे"] and rows[0][11] == "प्राप्त राशि (रु.)"
    village_a = rows[1]
    assert village_a[:11] == ["Palanpur", "Village A", "VILA", "नवंबर 2026", "5", "3", "1", "0", "2", "75", "3"]
    assert village_a[11:14] == ["1430.00", "630.00", "0.00"]
    assert rows[3][1] == "पूरा Palanpur" and rows[3][4] == "7" and len(rows) == 4


def test_the_spreadsheet_for_software_has_english_names_paise_and_the_month_as_yyyy_mm(month_of_november, client):
    sign_in_admin(client)
    rows = rows_of(client.get("/district?month=2026-11&taluka=Palanpur&format=csv&headers=en&lang=gu"))
    assert rows[0] == ["taluka", "village", "village_code", "month", "seized", "claimed", "sold", "handed_over",
                       "still_held", "share_reclaimed", "median_days", "collected_paise", "paid_out_paise", "to_fund_paise",
                       "sent", "delivered", "failed", "cost_paise"]
    assert rows[1][:14] == ["Palanpur", "Village A", "VILA", "2026-11", "5", "3", "1", "0", "2", "0.7500", "3",
                            "143000", "63000", "0"]
    assert rows[2][10] == "5" and rows[3][:4] == ["Palanpur", "", "", "2026-11"] and rows[3][13] == "23000"


@pytest.mark.parametrize("lang", ["gu", "hi"])
def test_no_english_sentence_reaches_a_gujarati_or_hindi_reader(client, world, lang):
    from tests.pages.test_language_sweep import ENGLISH_SENTENCE, ISO_TIMESTAMP, shown
    sign_in_admin(client)
    html = client.get(f"/district?lang={lang}").get_data(as_text=True)
    text = shown(html, lang)
    assert [part for part in text if ENGLISH_SENTENCE.search(part) or ISO_TIMESTAMP.search(part)] == []
    assert 'data-village="AMBA"' in html
