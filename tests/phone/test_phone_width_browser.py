"""The talati's phone (SPEC 13.3) in a real browser, headless Chromium at 390 px and 1280 px
with axe-core finding nothing serious: Form A, the legal register, as one labelled card per
animal on a phone, with no word broken across lines at any width and A4 landscape on paper.

The pages are photographed to tests/screenshots/ and, as the "after" of the closing note, to
docs/screenshots/phone-*.png (when missing, or with UPDATE_SCREENSHOTS=1)."""
from __future__ import annotations

import os
from datetime import timedelta

import pytest
from sqlalchemy import select

from handlers.pound import admin, records
from models.tables import Person
from tests.pages.test_browser import (  # noqa: F401 (fixtures)
    BROWSER_TIMEOUT_MS,
    DOC_SHOTS,
    browser,
    live_url,
    pytestmark,
    shoot,
    sign_in_as_admin,
)
from tests.pages.test_clerk_browser import nothing_serious
from tests.pages.test_staff_browser import new_page, no_sideways_scroll

WIDTHS = [390, 1280]


def shoot_first_screen(page, name: str) -> None:
    """The whole page to tests/screenshots/; its first screen, small, to docs/screenshots/."""
    shoot(page, name)
    target = DOC_SHOTS / name
    if not target.exists() or os.environ.get("UPDATE_SCREENSHOTS") == "1":
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(target))
HELD = 37
PLACES = ["ગાયત્રી મંદિર પાસેનું ખેતર", "Ambaji bus stand, near the milk dairy", "નદી કિનારો"]
KINDS = ["cow", "buffalo", "bull", "calf"]


def hold_animals(session, clock, count: int = HELD) -> list[str]:
    """`count` more animals seized into AMBA-1 over the last days, with the places told in
    Gujarati and English; returns their tags."""
    pound = admin.require_pound(session, "AMBA-1")
    keeper = session.scalars(select(Person).where(Person.pound_id == pound.id)).first()
    now = clock()
    tags = [f"5{n:011d}" for n in range(1, count + 1)]
    for n, tag in enumerate(tags):
        records.seize(session, pound=pound, kind=KINDS[n % len(KINDS)], tags=[tag], keeper=keeper, now=now,
                      seized_at=now - timedelta(days=n % 9, hours=1 + n % 5), place=PLACES[n % len(PLACES)])
    session.commit()
    return tags


# Every word of every cell of the register: one line box per word (a word split over two
# lines has two) and inside its cell. Returns the words that fail, with their cell's label.
BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('table.register td')) {
    const box = cell.getBoundingClientRect();
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /\\S+/g; let m;
      while ((m = re.exec(node.data)) !== null) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter(r => r.width > 0);
        const right = Math.max(...rects.map(r => r.right));
        if (rects.length > 1 || right > box.right + 1) broken.push([cell.dataset.label, m[0], rects.length]);
      }
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_form_a_keeps_every_word_whole_and_reads_on_a_phone(browser, live_url, world, session, clock, width):
    hold_animals(session, clock)
    context, page = new_page(browser, live_url, width)
    try:
        sign_in_as_admin(page)
        page.goto("/books/AMBA-1/register?lang=gu")
        rows = page.locator("table.register tbody tr")
        assert rows.count() >= HELD
        broken = page.evaluate(BROKEN_WORDS)
        assert broken == [], sorted({(label, word) for label, word, _ in broken})
        # the period in dd-mm-yyyy as typed, not a date widget in the browser's locale
        assert page.locator("input[type=date]").count() == 0
        assert page.input_value("form.period input[name=from]") == "01-01-2026"
        assert no_sideways_scroll(page)
        if width == 390:   # one card per animal, each value under its label, the money in view
            assert page.locator("table.register thead").is_hidden()
            money = page.locator("table.register tbody tr:first-child td[data-label]").last
            box = money.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width
        nothing_serious(page)
        height = page.evaluate("document.documentElement.scrollHeight")
        print(f"Form A at {width} px with {rows.count()} entries: {height} px tall")
        shoot_first_screen(page, f"phone-form-a-{width}.png")
    finally:
        context.close()


def test_form_a_prints_on_a4_landscape(browser, live_url, world, session, clock):
    hold_animals(session, clock, 5)
    context, page = new_page(browser, live_url, 1280)
    try:
        sign_in_as_admin(page)
        page.goto("/books/AMBA-1/register?lang=gu")
        page.emulate_media(media="print")
        assert page.locator("table.register thead").is_visible()
        pdf = page.pdf(prefer_css_page_size=True, print_background=True)
        import re
        size = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
        width_pt, height_pt = float(size.group(1)), float(size.group(2))
        assert round(width_pt) == 842 and round(height_pt) == 595   # A4, landscape, in points
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_dashboard_shows_the_counts_and_the_search_first_and_25_animals_a_page(browser, live_url, world, session,
                                                                                   clock, width):
    hold_animals(session, clock)
    context = browser.new_context(base_url=live_url, viewport={"width": width, "height": 844}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        sign_in_as_admin(page)
        page.goto("/?lang=gu")
        held = int(page.locator(".summary li").first.locator("strong").inner_text())
        assert held >= HELD
        first_screen = 844
        for what in (".summary", "#find #q", "#find button[type=submit]"):
            box = page.locator(what).bounding_box()
            assert box["y"] + box["height"] <= first_screen, (what, box)
        assert page.locator("table.animals tbody tr").count() == 25
        assert page.locator("#pages a").count() == 1   # page 2 of 2
        assert no_sideways_scroll(page)
        nothing_serious(page)
        height = page.evaluate("document.documentElement.scrollHeight")
        print(f"dashboard at {width} px with {held} held: {height} px tall, page 1 of 2")
        shoot_first_screen(page, f"phone-dashboard-{width}.png")
        page.fill("#q", "500000000017")   # a tag typed whole
        with page.expect_navigation():
            page.click("#find button[type=submit]")
        assert page.locator("table.animals tbody tr").count() == 1
        assert page.locator("table.animals tbody tr").get_attribute("data-tag") == "500000000017"
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_auction_form_shows_who_will_be_told_and_the_cost_before_it_sends(browser, live_url, world, session,
                                                                              width):
    """The bullock's claim window closed 28-11: fixing Ambaji's auction for 05-12 first shows how
    many people will be told and what it costs, beside the values as typed; only "Confirm and
    send" records it and tells them."""
    context, page = new_page(browser, live_url, width)
    try:
        sign_in_as_admin(page)
        page.goto("/records/auction?lang=gu")
        page.select_option("#village", "AMBA")
        page.fill("#day", "05-12-2026")
        with page.expect_navigation():
            page.click("#staff-form button[type=submit]")
        told = page.inner_text("#confirm-text")
        assert told.startswith("હરાજી 05-12 સવારે 11એ, 1 ઢોર.") and "SMSથી જાણ થશે" in told, told
        assert page.input_value("#day") == "05-12-2026"
        assert no_sideways_scroll(page)
        nothing_serious(page)
        shoot_first_screen(page, f"phone-auction-confirm-{width}.png")
        with page.expect_navigation():
            page.click("#confirm-send")
        assert page.locator("#confirm-text").count() == 0
        assert "હરાજી 05-12 સવારે 11એ" in page.inner_text(".flash.info")
    finally:
        context.close()
