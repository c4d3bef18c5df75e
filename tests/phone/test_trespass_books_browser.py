"""SPEC 13.4 in a real browser: the 1871 village's official reads the s.7 register and the s.16
account of a sale on a phone (390 px, one labelled card per entry) and on the office PC
(1280 px, the account's items (a)-(f) one under the other), headless Chromium with axe-core finding nothing serious, and finds them from the
books page. The scenario is tests/law/packs/test_trespass_1871_book_pages.py's, worked by hand
there: two buffaloes brought together, one sold under s.16 for Rs 60,000, Rs 4,000 to the owner.

Photographed to tests/screenshots/ and, for the docs, docs/screenshots/register-1871-390.png and
docs/screenshots/sale-account-1871-1280.png (when missing, or with UPDATE_SCREENSHOTS=1)."""
from __future__ import annotations

import pytest

from tests.law.packs.test_trespass_1871_book_pages import OFFICIAL, sell_one_of_two, set_up_mani
from tests.law.packs.trespass_support import BUFFALO1
from tests.pages.test_browser import browser, live_url, pytestmark, shoot  # noqa: F401 (fixtures)
from tests.pages.test_clerk_browser import nothing_serious
from tests.pages.test_staff_browser import new_page, no_sideways_scroll, sign_in_as_official

WIDTHS = [390, 1280]
PERIOD = "from=2026-11-01&to=2026-12-31"


@pytest.fixture
def sold(api, clock):
    set_up_mani(api, language="hi")
    sell_one_of_two(api, clock)


def cards_fit(page, table: str, width: int) -> bool:
    """At a phone's width the header row is gone and every cell of every card is inside the screen."""
    if not page.locator(f"{table} thead").is_hidden():
        return False
    boxes = [cell.bounding_box() for cell in page.locator(f"{table} tbody td[data-label]").all()]
    return all(box["x"] >= 0 and box["x"] + box["width"] <= width for box in boxes)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_official_finds_and_reads_the_s7_register(browser, live_url, sold, session, run_worker, width):
    context, page = new_page(browser, live_url, width)
    try:
        sign_in_as_official(page, session, run_worker, OFFICIAL)
        page.goto("/books?lang=hi")
        with page.expect_navigation():
            page.click("a[href='/books/MANI-1/register']")
        page.goto(f"/books/MANI-1/register?{PERIOD}")
        assert page.locator("h1").inner_text().startswith("पकड़े गए पशुओं का रजिस्टर (धारा 7)")
        entry = page.locator("#register-1871 tbody tr")
        assert entry.count() == 1
        assert "1-2/2026" in entry.inner_text() and "Gurpreet, Mani Majra" in entry.inner_text()
        assert page.locator("#print-book").is_visible() and page.locator("#csv-book").is_visible()
        assert no_sideways_scroll(page)
        if width == 390:
            assert cards_fit(page, "#register-1871", width)
        nothing_serious(page)
        shoot(page, f"register-1871-{width}.png", for_docs=width == 390)
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_official_finds_and_reads_the_s16_account(browser, live_url, sold, session, run_worker, width):
    context, page = new_page(browser, live_url, width)
    try:
        sign_in_as_official(page, session, run_worker, OFFICIAL)
        page.goto("/books?lang=en")
        with page.expect_navigation():
            page.click("a[href='/books/MANI-1/sale-accounts']")
        page.goto(f"/books/MANI-1/sale-accounts?{PERIOD}")
        account = page.locator("#sale-accounts section.sale-account")
        assert account.count() == 1
        assert account.locator("h2").inner_text() == f"buffalo {BUFFALO1} (receipt 100001), sold 14-12-2026 10am"
        assert page.locator("td[data-item=e]").inner_text() == "Rs 60000.00"
        assert page.locator("td[data-item=balance]").inner_text() == "Rs 4000.00"
        assert no_sideways_scroll(page)
        box = account.locator("table.account").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width   # every item and figure in view
        nothing_serious(page)
        shoot(page, f"sale-account-1871-{width}.png", for_docs=width == 1280)
    finally:
        context.close()


def test_the_s16_account_prints_without_the_page_tools(browser, live_url, sold, session, run_worker):
    context, page = new_page(browser, live_url, 1280)
    try:
        sign_in_as_official(page, session, run_worker, OFFICIAL)
        page.goto(f"/books/MANI-1/sale-accounts?{PERIOD}&lang=en")
        page.emulate_media(media="print")
        assert page.locator("#sale-accounts table.account").is_visible()
        assert page.locator("#print-book").is_hidden() and page.locator("form.period").is_hidden()
    finally:
        context.close()
