"""Issue 13, the fee list exhibited (r.6) in a real browser: the public page
/v/{code} passes an axe-core check (axe-playwright-python) in headless
Chromium in all three languages, and prints on one A4 page (Playwright
`page.pdf`) for a village with all 14 kinds and a §189 scale (the demo's
AMBA).
"""
from __future__ import annotations

import os
import re
import threading

import pytest
from werkzeug.serving import make_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM),
                       reason=f"{CHROMIUM} is missing: apt-get install -y chromium (CI installs it)"),
]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, app, world):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    context = browser.new_context(base_url=f"http://127.0.0.1:{server.server_port}")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
    server.shutdown()
    thread.join(timeout=5)


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
