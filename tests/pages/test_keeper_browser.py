"""item 1 for a pound keeper, in a real browser (headless Chromium,
Playwright), at a phone's 390 px and an office PC's 1280 px, with axe-core:
the keeper signs in with the SMS code, records a seizure with its seizer and
place at his pound, sees the register entry on the impoundment's page, gets
the seizer-phone error beside its field, and is refused what is not his.
"""
from __future__ import annotations

import pytest
from sqlalchemy import select

from models import queries
from models.tables import OutboundMessage
from tests.pages.test_browser import (# noqa: F401 (fixtures)
    CHROMIUM_ARGS,
    browser,
    live_url,
    pytestmark,
    shoot,
)
from tests.pages.test_staff_browser import (
    WIDTHS,
    assert_accessible,
    fill,
    new_page,
    no_sideways_scroll,
    sign_in_as_official,
    submit,
)

KEEPER = "+919825000001"  # Ramesh Patel, AMBA-1
SEIZER = "+919825077777"
SEIZURE = {"pound": "AMBA-1", "kind": "cow", "tag": "888877776666", "seizer": "98250 77777",
           "place": "by the Ambaji tank"}


@pytest.fixture
def keeper_page(browser, live_url, world, session, run_worker, request):
    context, page = new_page(browser, live_url, request.param)
    sign_in_as_official(page, session, run_worker, KEEPER)
    yield page
    context.close()


@pytest.mark.parametrize("keeper_page", WIDTHS, indirect=True)
def test_a_keeper_records_a_seizure_with_its_seizer_and_sees_the_register_entry(keeper_page, session):
    page = keeper_page
    page.goto("/records/seizure?lang=en")
    assert page.locator("#pound option").all_inner_texts() == ["Ambaji panchayat pound (AMBA-1)"]
    assert_accessible(page)
    fill(page, SEIZURE)
    submit(page)
    result = page.locator("main > .flash.info")
    assert result.count() == 1, page.inner_text("main")
    assert result.first.bounding_box()["y"] < 300
    assert no_sideways_scroll(page)
    session.rollback()
    made = queries.impoundment_by_tag(session, "888877776666")
    assert session.scalars(select(OutboundMessage.kind).where(OutboundMessage.to_phone == SEIZER)).all() == [
        "register_copy"]

    page.goto("/?lang=en")
    assert page.locator("#outbox").count() == 0 and page.locator("#broadcast").count() == 0
    assert page.locator("tr[data-tag='234567890123']").count() == 0  # BHAV's buffalo is not his
    assert_accessible(page)
    page.click("tr[data-tag='888877776666'] a.open")
    assert page.inner_text("#register-entry").startswith(f"Register entry {made.register_serial}/{made.register_year}")
    assert page.inner_text("#seizer") == SEIZER and page.inner_text("#place") == "by the Ambaji tank"
    assert no_sideways_scroll(page)
    assert_accessible(page)
    shoot(page, f"keeper-impoundment-{page.viewport_size['width']}.png", for_docs=True)


@pytest.mark.parametrize("keeper_page", WIDTHS, indirect=True)
def test_a_seizer_phone_that_is_not_a_phone_stands_beside_its_field_with_the_values_kept(keeper_page, session):
    page = keeper_page
    page.goto("/records/seizure?lang=en")
    fill(page, {**SEIZURE, "seizer": "12345"})
    submit(page)
    error = page.locator("[data-field=seizer] .field-error")
    assert error.inner_text().startswith("Not a phone number, so the seizer could not get the register copy")
    assert page.get_attribute("#seizer", "aria-invalid") == "true"
    for name, value in {**SEIZURE, "seizer": "12345"}.items():
        assert page.input_value(f"#{name}") == value, name
    assert_accessible(page)
    session.rollback()
    assert queries.impoundment_by_tag(session, "888877776666") is None


@pytest.mark.parametrize("keeper_page", WIDTHS, indirect=True)
def test_a_keeper_is_refused_the_setup_forms_the_costs_and_another_pounds_animal(keeper_page, session):
    page = keeper_page
    for path in ("/records/owner", "/records/daily-rate", "/records/village", "/costs", "/broadcast", "/books"):
        assert page.goto(path).status == 403, path
    bhav_buffalo = queries.impoundment_by_tag(session, "234567890123").id
    assert page.goto(f"/impoundments/{bhav_buffalo}").status == 403
    page.goto("/records?lang=en")
    titles = page.locator("main a[href^='/records/']").all_inner_texts()
    assert len(titles) == 4, titles  # seizure, release, sale, sale refused
    assert_accessible(page)
