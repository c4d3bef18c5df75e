"""earlier, the fee list exhibited (r.6) in a real browser: the public page
/v/{code} passes an axe-core check (axe-playwright-python) in headless
Chromium in all three languages, and prints on one A4 page (Playwright
`page.pdf`) for a village with all 14 kinds and a §189 scale (the demo's
AMBA).
"""
from __future__ import annotations

import re

import pytest

# The same headless Chromium, markers and live server as the dashboard's browser tests.
from tests.pages.test_browser import BROWSER_TIMEOUT_MS, browser, live_url, pytestmark  # noqa: F401  (fixtures and marks reused)


@pytest.fixture
def page(browser, live_url, world):
    context = browser.new_context(base_url=live_url)
    page = context.new_page()
    page.set_default_timeout(BROWSER_TIMEOUT_MS)
    yield page
    context.close()


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.parametrize("lang", ["gu", "hi", "en"])
def test_the_public_fee_page_passes_axe(page, lang):
    from axe_playwright_python.sync_playwright import Axe

    page.goto(f"/v/AMBA?lang={lang}")
    assert page.locator("tbody tr").count() == 14 + 5  # every kind, and the five rows of the scale
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_the_unknown_village_page_passes_axe(page):
    from axe_playwright_python.sync_playwright import Axe

    response = page.goto("/v/NOWHERE?lang=en")
    assert response.status == 404
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


@pytest.mark.parametrize("lang", ["gu", "hi", "en"])
def test_the_public_fee_page_prints_on_one_a4_page(page, lang):
    page.goto(f"/v/AMBA?lang={lang}")
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", print_background=True)
    assert pdf.startswith(b"%PDF") and pdf_pages(pdf) == 1
