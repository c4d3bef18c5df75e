"""The district's view (SPEC 13.3) in a real browser, headless Chromium at 390 px and 1280 px with
axe-core finding nothing serious: the taluka officer signs in by phone, lands on /district, and
reads his taluka's November as tables (one card per village on a phone) beside SVG bar charts.

The first screen goes to docs/screenshots/district-{390,1280}.png (when missing, or with
UPDATE_SCREENSHOTS=1); the whole page to tests/screenshots/."""
from __future__ import annotations

import pytest

from tests.district.scenario import TDO, november
from tests.pages.test_browser import browser, live_url, pytestmark  # noqa: F401 (fixtures)
from tests.pages.test_clerk_browser import nothing_serious
from tests.pages.test_staff_browser import new_page, no_sideways_scroll, sign_in_as_official
from tests.phone.test_phone_width_browser import shoot_first_screen

WIDTHS = [390, 1280]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_taluka_officer_reads_his_taluka_s_month_as_charts_and_tables(browser, live_url, world, api, clock,
                                                                          dispatch, session, run_worker, width):
    november(api, clock, dispatch)
    context, page = new_page(browser, live_url, width)
    try:
        sign_in_as_official(page, session, run_worker, TDO)
        assert page.url.endswith("/district")
        page.goto("/district?month=2026-11&lang=gu")
        assert page.locator("h2").all_inner_texts() == ["Palanpur"]
        assert page.locator("svg.chart[role=img]").count() == 14
        title = page.locator("svg.chart title").first.text_content()
        assert title == "નવેમ્બર 2026માં જપ્ત થયેલાં ઢોર, Palanpur, ગામવાર"
        seized = page.locator('table[data-section=animals] tr[data-village=VILA] td[data-figure=seized]')
        assert seized.inner_text().strip().endswith("5")
        assert page.locator("#nav-district").is_visible() and page.locator("a[href='/books']").count() == 0
        assert no_sideways_scroll(page)
        if width == 390:   # one card per village, each value under its label, inside the screen
            assert page.locator("table.district thead").first.is_hidden()
            box = seized.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width
            chart = page.locator("svg.chart").first.bounding_box()
            assert chart["x"] >= 0 and chart["x"] + chart["width"] <= width
        else:              # the table and its charts side by side in the wide screen's rows
            assert page.locator("table.district thead").first.is_visible()
        nothing_serious(page)
        shoot_first_screen(page, f"district-{width}.png")
    finally:
        context.close()


def test_the_spreadsheet_downloads_from_the_page(browser, live_url, world, api, clock, dispatch):
    november(api, clock, dispatch)
    context, page = new_page(browser, live_url, 1280)
    try:
        from tests.pages.test_browser import sign_in_as_admin
        sign_in_as_admin(page)
        page.goto("/district?month=2026-11&taluka=Palanpur&lang=en")
        with page.expect_download() as download:
            page.click("#csv-district")
        assert download.value.suggested_filename == "district-2026-11.csv"
        first_line = open(download.value.path(), encoding="utf-8").readline().strip()
        assert first_line.startswith("Taluka,Village,Village code,Month,Seized,Claimed")
    finally:
        context.close()
