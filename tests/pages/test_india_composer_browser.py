"""In a real browser, a deployment in India (DLT_ENTITY_ID set, through Exotel; SPEC 12.3): the composer
offers the registered notices with their typed fields (meeting, auction, general), field
errors beside the fields in the viewer's language; the general notice's link is the village's
public notices page, which shows the official's words. At 390 and 1280 px, axe-clean."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from models.tables import Broadcast, OutboundMessage
from tests.fakes.fixtures import on_exotel
from tests.pages.test_browser import (# noqa: F401 (fixtures)
    browser,
    live_url,
    pytestmark,
    sign_in_as_admin,
)
from tests.pages.test_staff_browser import WIDTHS, assert_accessible, new_page, no_sideways_scroll


@pytest.fixture
def settings(settings, exotel_settings):
    return on_exotel(settings, exotel_settings)


@pytest.fixture
def india_page(browser, live_url, world, request):
    context, page = new_page(browser, live_url, request.param)
    sign_in_as_admin(page)
    yield page
    context.close()


def english_broadcasts(session) -> list[str]:
    session.rollback()
    return [row.text for row in session.scalars(select(OutboundMessage).where(
        OutboundMessage.kind == "broadcast", OutboundMessage.language == "en"))]


def send(page) -> None:
    with page.expect_navigation():
        page.click("#composer button[value=send]")


@pytest.mark.parametrize("india_page", WIDTHS, indirect=True)
def test_a_meeting_is_chosen_with_its_typed_fields_and_a_bad_date_is_refused_beside_it(india_page, session):
    page = india_page
    page.goto("/broadcast?lang=en")
    assert page.locator("input[name=shape][value=meeting]").is_checked()
    assert page.locator("#notice-date").is_visible() and not page.locator("#text").is_visible()
    page.fill("#notice-date", "2020-01-05")
    page.fill("#notice-place", "Panchayat office")
    send(page)
    assert page.inner_text("#notice-date-error") == "Choose a date from today on."
    assert page.input_value("#notice-place") == "Panchayat office"  # kept
    assert english_broadcasts(session) == []
    assert_accessible(page)
    page.fill("#notice-date", "2026-12-20")
    page.fill("#notice-time", "10:00")
    send(page)
    assert "queued for 4 people" in page.inner_text("main > .flash.info")
    # under DLT's strict values the place, the official's own words, is on the public page
    assert english_broadcasts(session) == ["Dabbo: gram sabha meeting of the village on 20Dec10am. The place and the "
                                           "agenda are on http://dabbo.test/n/AMBA"]
    assert session.scalars(select(Broadcast)).one().text == "MEETING 20-12 10:00 Panchayat office"  # as by SMS
    assert no_sideways_scroll(page)
    assert_accessible(page)


@pytest.mark.parametrize("india_page", WIDTHS, indirect=True)
def test_a_general_notice_links_to_the_village_s_notices_page_which_shows_the_words(india_page, session):
    page = india_page
    page.goto("/broadcast?lang=en")
    page.check("input[name=shape][value=general]")
    assert page.locator("#text").is_visible() and not page.locator("#notice-date").is_visible()
    page.fill("#text", "Vaccination camp on Sunday at the pound")
    send(page)
    assert "queued for 4 people" in page.inner_text("main > .flash.info")
    [sms] = english_broadcasts(session)
    assert sms == ("Dabbo: a new notice from your panchayat. Read it at http://dabbo.test/n/AMBA or ask at the "
                   "panchayat office.")
    page.goto("/n/AMBA?lang=en")
    assert page.url.endswith("/v/AMBA/notices?lang=en")
    assert page.locator("h1").inner_text() == "Notices of Ambaji Gram panchayat"
    assert "Vaccination camp on Sunday at the pound" in page.inner_text("ol.notices li:first-child")
    assert no_sideways_scroll(page)
    assert_accessible(page)
    page.goto("/v/AMBA?lang=en")
    page.click("text=Notices of Ambaji Gram panchayat (last 30 days)")
    assert "/v/AMBA/notices" in page.url
    assert_accessible(page)


@pytest.mark.parametrize("india_page", WIDTHS, indirect=True)
def test_an_auction_s_field_errors_are_in_the_viewer_s_language_beside_their_fields(india_page, session):
    page = india_page
    page.goto("/broadcast?lang=gu")
    page.check("input[name=shape][value=auction]")
    page.fill("#notice-date", "2026-11-01")
    page.fill("#notice-place", "Ambaji " * 7)
    send(page)
    assert page.inner_text("#notice-date-error") == "આજની કે પછીની તારીખ પસંદ કરો."
    assert page.inner_text("#notice-place-error") == "સ્થળ વધુમાં વધુ 40 અક્ષર, અંક અને જગ્યામાં લખો."
    assert page.locator("#notice-place").get_attribute("aria-describedby") == "notice-place-error"
    assert page.locator("input[name=shape][value=auction]").is_checked()
    assert_accessible(page)
    page.fill("#notice-date", "2026-12-15")
    page.fill("#notice-place", "Chowk")
    send(page)
    assert english_broadcasts(session)[0] == ("Dabbo: public auction of impounded cattle on 15Dec11am. The place, "
                                              "the list of animals and the terms are on http://dabbo.test/n/AMBA")
