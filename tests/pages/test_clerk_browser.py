"""A clerk's day in a real browser (headless Chromium, 390 px and 1280 px, axe-core finds
nothing serious): the impoundment page's actions, a refused release kept with its reason
in Gujarati, the auction form refusing a day gone by, Form B on a phone with its print and
spreadsheet links, and the composer's live count equal to what the server will charge.

Each page is photographed to tests/screenshots/ and, as the "after" of the closing note,
to docs/screenshots/clerk-*.png (when missing, or with UPDATE_SCREENSHOTS=1)."""
from __future__ import annotations

import re

import pytest

from models import queries
from tests.pages.test_browser import (# noqa: F401 (fixtures)
    browser,
    live_url,
    pytestmark,
    shoot,
    sign_in_as_admin,
)
from tests.pages.test_staff_browser import AXE, new_page, no_sideways_scroll, sign_in_as_official

WIDTHS = [390, 1280]
KEEPER, OFFICIAL = "+919825000001", "+919825000003"
COW, BHAV_BUFFALO = "123456789012", "234567890123"


def nothing_serious(page) -> None:
    results = AXE.run(page)
    serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]
               if v["impact"] in ("serious", "critical")]
    assert serious == [], serious


@pytest.mark.parametrize("width", WIDTHS)
def test_the_impoundment_page_offers_release_and_sale_and_they_open_filled_in(browser, live_url, world, session,
                                                                             run_worker, width):
    context, page = new_page(browser, live_url, width)
    try:
        sign_in_as_official(page, session, run_worker, KEEPER)
        cow = queries.impoundment_by_tag(session, COW)
        page.goto(f"/impoundments/{cow.id}?lang=gu")
        actions = page.locator("#actions a")
        assert actions.count() >= 3
        assert no_sideways_scroll(page)
        nothing_serious(page)
        shoot(page, f"clerk-impoundment-actions-{width}.png", for_docs=True)
        page.click(f"#actions a[href='/records/release?tag={COW}&mode=protest']")
        assert page.input_value("#tag") == COW
        assert page.input_value("#mode") == "protest"
        page.select_option("#mode", "normal")
        with page.expect_navigation():
            page.click("#staff-form button[type=submit]")
        assert page.locator("#done-link").get_attribute("href") == f"/impoundments/{cow.id}"
        shoot(page, f"clerk-release-done-{width}.png", for_docs=True)
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_another_pounds_tag_keeps_the_form_and_says_why_in_gujarati(browser, live_url, world, session, run_worker,
                                                                    width):
    context, page = new_page(browser, live_url, width)
    try:
        sign_in_as_official(page, session, run_worker, KEEPER)
        page.goto("/records/release?lang=gu")
        page.fill("#tag", BHAV_BUFFALO)
        with page.expect_navigation():
            page.click("#staff-form button[type=submit]")
        assert page.input_value("#tag") == BHAV_BUFFALO
        assert page.inner_text("#tag-error") == (
            "આ નોંધ બીજા ડબ્બા કે ગામની છે: તમે ફક્ત તમારા ડબ્બા કે ગામની નોંધ કરી શકો. કંઈ સચવાયું નથી.")
        assert "Forbidden" not in page.content()
        assert no_sideways_scroll(page)
        nothing_serious(page)
        shoot(page, f"clerk-release-other-pound-{width}.png", for_docs=True)
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_auction_form_refuses_a_day_gone_by_with_its_year(browser, live_url, world, session, run_worker, width):
    context, page = new_page(browser, live_url, width)
    try:
        sign_in_as_official(page, session, run_worker, OFFICIAL)
        page.goto("/records/auction?lang=gu")
        assert page.inner_text("#place-limit") == "વધુમાં વધુ 40 અક્ષર."
        page.fill("#day", "2026-11-29")
        with page.expect_navigation():
            page.click("#staff-form button[type=submit]")
        assert page.inner_text("#day-error").startswith("29-11-2026 વીતી ગઈ")
        assert no_sideways_scroll(page)
        nothing_serious(page)
        shoot(page, f"clerk-auction-form-{width}.png", for_docs=True)
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_form_b_reads_on_a_phone_with_print_and_csv(browser, live_url, world, session, run_worker, width):
    context, page = new_page(browser, live_url, width)
    try:
        sign_in_as_official(page, session, run_worker, OFFICIAL)
        page.goto("/records/release?lang=gu")
        page.fill("#tag", COW)
        with page.expect_navigation():
            page.click("#staff-form button[type=submit]")
        page.goto("/books/AMBA-1/accounts?from=2026-11-29&to=2026-11-30&lang=gu")
        assert page.locator("#print-book").is_visible()
        assert page.locator("#csv-book").get_attribute("href").endswith("&format=csv")
        assert no_sideways_scroll(page)
        nothing_serious(page)
        shoot(page, f"clerk-form-b-{width}.png", for_docs=True)
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_composers_live_count_is_what_the_server_charges(browser, live_url, world, session, width):
    context, page = new_page(browser, live_url, width)
    try:
        sign_in_as_admin(page)
        page.goto("/broadcast?lang=en")
        page.select_option("#village", "AMBA")
        words = ("Gram sabha on Sunday at ten in the panchayat office, every owner please come. " * 9)[:698]
        page.fill("#text", words)
        live = page.inner_text("#composer-meter")
        with page.expect_navigation():
            page.click("button[value=preview]")
        checked = page.inner_text("#composer-meter")
        figure = re.compile(r"Sent to (\d+) (?:person|people) as (\d+) SMS parts? in all .*, (Rs [\d.]+)")
        assert figure.search(live) and figure.search(checked), (live, checked)
        assert figure.search(live).groups() == figure.search(checked).groups()
        nothing_serious(page)
        shoot(page, f"clerk-composer-{width}.png", for_docs=True)
    finally:
        context.close()
