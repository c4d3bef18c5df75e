"""in a real browser (headless Chromium, Playwright): every staff
form's happy path, its field errors beside the fields with the values kept,
CSRF refused and the wrong role refused; the page of one impoundment, the
costs page and the broadcast composer; at a phone's 390 px and an office
PC's 1280 px, with an axe-core check (axe-playwright-python) of every page:
no serious or critical violation.

Screenshots for the README go to docs/screenshots/ (written when missing or
with UPDATE_SCREENSHOTS=1), as in tests/pages/test_browser.py.
"""
from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from sqlalchemy import select

from models.tables import Animal, Impoundment, OutboundMessage, Person, Pound, Village
from tests.pages.test_browser import (# noqa: F401 (fixtures)
    BROWSER_TIMEOUT_MS,
    CHROMIUM_ARGS,
    browser,
    live_url,
    pytestmark,
    shoot,
    sign_in_as_admin,
)

WIDTHS = [390, 1280]
OFFICIAL = "+919825000003"  # Meena Desai, AMBA
AXE = Axe()

# slug: (good values, a required field to leave empty, a field with a bad value and that value)
FORMS = {
    "owner": ({"phone": "98250 11111", "name": "Lakha Rabari", "village": "AMBA", "language": "gul"},
              "phone", ("phone", "12")),
    "animal": ({"owner_phone": "+919825000004", "tag": "111122223333", "kind": "camel"},
               "tag", ("owner_phone", "98250 99999")),
    "staff": ({"phone": "98250 22222", "name": "Gopal (keeper)", "role": "keeper", "village": "AMBA",
               "pound": "AMBA-1"}, "phone", ("phone", "abc")),
    "village": ({"code": "SUIG", "name": "Suigam", "name_gu": "સુઈગામ", "name_en": "Suigam", "auction_hour": "10"},
                "name", ("auction_hour", "25")),
    "pound": ({"village": "AMBA", "code": "AMBA-2", "name": "Ambaji second pound", "name_gu": "અંબાજી નં.2"},
              "code", ("code", "AMBA-1")),
    "pound-fee": ({"kind": "camel", "amount": "120", "effective_from": "2026-12-01"}, "amount", ("amount", "12.5")),
    "daily-rate": ({"village": "AMBA", "kind": "camel", "amount": "90", "effective_from": "2026-12-01"},
                   "amount", ("amount", "ninety")),
    "security-scale": ({"village": "AMBA", "rows": "1 1 1 1 200\n2 - 1 - 300", "effective_from": "2026-12-01"},
                       "rows", ("rows", "1 1 1")),
    "seizure": ({"pound": "AMBA-1", "kind": "buffalo", "tag": "123456789013", "seizer": "98250 77777",
                 "place": "Ambaji bus stand", "note": "near the tank"},
                None, ("tag", "123456789012")),
    "release": ({"tag": "123456789012", "mode": "normal"}, "tag", ("tag", "999999999999")),
    "sale": ({"tag": "345678901234", "proceeds": "6000", "sale_expenses": "100"}, "proceeds",
             ("buyer_phone", "+919825000001")),
    # the records (merged from s12).
    "refused-sale": ({"tag": "345678901234", "proceeds": "6000"}, "proceeds", ("proceeds", "6,000")),
    "surplus-payment": ({"tag": "345678901234", "to_phone": "+919825000006"}, "to_phone", ("tag", "999999999999")),
    "complaint": ({"tag": "123456789012", "by_phone": "+919825000004"}, "tag", ("filed_on", "2026-11-01")),
    "complaint-outcome": ({"tag": "123456789012", "outcome": "dismissed"}, "tag", ("compensation", "500")),
    # law forms: the cow released under protest (SETUP) declares with the scale's Rs 200, not Rs 150.
    "declaration": ({"tag": "123456789012", "security": "200"}, "security", ("security", "150")),
    "conviction": ({"tag": "123456789012", "court": "JMFC, Danta"}, "tag", ("convicted_on", "2026-01-01")),
    # 1871 s.14 proviso: Mani Majra's unclaimed cow (SETUP) handed to a gaushala
    "handover": ({"tag": "500000000009", "handed_to": "Shri Krishna Gaushala, Sector 45"}, "handed_to",
                 ("at", "noon")),
}
REQUIRED = {"owner": ["phone", "village"], "animal": ["owner_phone", "tag", "kind"], "staff": ["phone", "role", "village"],
            "village": ["code", "name"], "pound": ["village", "code", "name"], "pound-fee": ["kind", "amount"],
            "daily-rate": ["village", "kind", "amount"], "security-scale": ["village", "rows"],
            "seizure": ["pound", "kind"], "release": ["tag", "mode"], "sale": ["tag", "proceeds"],
            "refused-sale": ["tag", "proceeds"], "surplus-payment": ["tag", "to_phone"], "complaint": ["tag"],
            "complaint-outcome": ["tag", "outcome"], "declaration": ["tag", "security"], "conviction": ["tag"],
            "handover": ["tag", "handed_to"]}


def bullock_id(api) -> int:
    return api.get("/impoundments?tag=345678901234").get_json()["impoundments"][0]["id"]


def noticed_cow_in_mani(api):
    """A cow in an 1871 village like the demo's Mani Majra (MANI-1, Chandigarh's schedule: a
    gaushala, not the auction), seized 10-11-2026 10:00 IST, the police notice 17-11 10:00: handed
    over from 24-11 10:00, before the test clock's 30-11 10:00."""
    api.post("/villages", {"code": "MANI", "name": "Mani Majra", "district": "Ahmedabad", "language": "en",
                           "law": "cattle_trespass_1871", "law_schedule": "chandigarh"})
    api.post("/villages/MANI/pounds", {"code": "MANI-1", "name": "Mani Majra pound"})
    cow = api.post("/impoundments", {"pound": "MANI-1", "kind": "cow", "tag": "500000000009",
                                     "seized_at": "2026-11-10T10:00:00+05:30"}).get_json()["id"]
    return api.post(f"/impoundments/{cow}/notice", {"at": "2026-11-17T10:00:00+05:30"})


# What must be on record before a form can be used: a sale to pay the surplus of, a complaint to decide.
SETUP = {
    "surplus-payment": lambda api: api.post(f"/impoundments/{bullock_id(api)}/sale", {"proceeds_paise": 600000}),
    "complaint-outcome": lambda api: api.post(
        f"/impoundments/{api.get('/impoundments?tag=123456789012').get_json()['impoundments'][0]['id']}/complaint",
        {"filed_on": "2026-11-30"}),
    # §185(3): a declaration follows a release under protest.
    "declaration": lambda api: api.post(
        f"/impoundments/{api.get('/impoundments?tag=123456789012').get_json()['impoundments'][0]['id']}/release",
        {"under_protest": True}),
    "handover": noticed_cow_in_mani,
}


def assert_accessible(page) -> None:
    results = AXE.run(page)
    serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]
               if v["impact"] in ("serious", "critical")]
    assert serious == [], serious


def new_page(browser, live_url, width: int):
    context = browser.new_context(base_url=live_url, viewport={"width": width, "height": 900}, locale="en-IN")
    page = context.new_page()
    page.set_default_timeout(BROWSER_TIMEOUT_MS)
    return context, page


def fill(page, values: dict) -> None:
    for name, value in values.items():
        field = page.locator(f"#staff-form [name={name}]")
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(value)
        elif field.get_attribute("type") == "checkbox":
            field.set_checked(value == "on")
        else:
            field.fill(value)


def submit(page):
    with page.expect_navigation():
        page.click("#staff-form button[type=submit]")


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.fixture
def staff_page(browser, live_url, world, request):
    context, page = new_page(browser, live_url, request.param)
    sign_in_as_admin(page)
    yield page
    context.close()


@pytest.mark.parametrize("staff_page", WIDTHS, indirect=True)
@pytest.mark.parametrize("slug", list(FORMS))
def test_each_form_saves_and_shows_the_result_at_the_top(staff_page, slug, session, api):
    page = staff_page
    if slug in SETUP:
        assert SETUP[slug](api).status_code in (200, 201)
    page.goto(f"/records/{slug}?lang=en")
    assert_accessible(page)
    fill(page, FORMS[slug][0])
    submit(page)
    result = page.locator("main > .flash.info")
    assert result.count() == 1, page.inner_text("main")
    assert result.first.bounding_box()["y"] < 300  # at the top of the page, not thousands of pixels down
    assert page.locator(".field-error").count() == 0
    assert no_sideways_scroll(page)
    assert_accessible(page)
    if slug == "seizure":
        shoot(page, f"form-seizure-{page.viewport_size['width']}.png", for_docs=True)


@pytest.mark.parametrize("staff_page", [390], indirect=True)
@pytest.mark.parametrize("slug", list(FORMS))
def test_each_forms_errors_stand_beside_their_fields_and_keep_the_values(staff_page, slug, session, api):
    page = staff_page
    if slug in SETUP:
        assert SETUP[slug](api).status_code in (200, 201)
    good, _, (bad_field, bad_value) = FORMS[slug]
    page.goto(f"/records/{slug}?lang=en")
    for name in REQUIRED[slug]:  # empty every required field: one error beside each
        field = page.locator(f"#staff-form [name={name}]")
        if field.evaluate("el => el.tagName") == "SELECT":
            field.evaluate("el => { el.required = false; el.add(new Option('-', ''), 0); el.value = ''; }")
        else:
            field.fill("")
    submit(page)
    for name in REQUIRED[slug]:
        error = page.locator(f"[data-field={name}] .field-error")
        assert error.inner_text() == "Fill this in.", name
        assert page.get_attribute(f"#{name}", "aria-invalid") == "true"
    assert page.locator("#form-errors").is_visible()
    assert_accessible(page)

    fill(page, {**good, bad_field: bad_value})  # a bad value: its own error, every value kept
    submit(page)
    assert page.locator(f"[data-field={bad_field}] .field-error").count() == 1 or \
        page.locator("main > .flash.error").count() == 1, page.inner_text("main")
    for name, value in good.items():
        if name != bad_field and page.locator(f"#{name}").get_attribute("type") not in ("checkbox",):
            assert page.input_value(f"#{name}") == value, name
    assert page.input_value(f"#{bad_field}") == bad_value
    shoot(page, f"form-{slug}-errors.png")


@pytest.mark.parametrize("staff_page", [1280], indirect=True)
def test_a_form_posted_without_the_sessions_csrf_token_is_refused(staff_page, session):
    page = staff_page
    page.goto("/records/owner?lang=en")
    fill(page, FORMS["owner"][0])
    page.evaluate("document.querySelector('#staff-form input[name=csrf_token]').value = 'forged'")
    with page.expect_navigation():
        page.click("#staff-form button[type=submit]")
    assert "This form has expired" in page.content()
    session.rollback()
    assert session.scalars(select(Person).where(Person.phone == "+919825011111")).first() is None


def sign_in_as_official(page, session, run_worker, phone: str = OFFICIAL) -> None:
    """The one-time code sign-in, for an official or a keeper."""
    page.goto("/signin?lang=en")
    page.fill("#phone", phone)
    page.click("#official button[type=submit]")
    page.wait_for_selector("#code")
    run_worker()  # the worker writes the code's SMS (sms_gateway.pages.signin.send_code_job)
    session.rollback()
    code_sms = session.scalars(select(OutboundMessage).where(
        OutboundMessage.to_phone == phone, OutboundMessage.kind == "reply").order_by(OutboundMessage.id)).all()[-1]
    page.fill("#code", re.search(r"\b(\d{6})\b", code_sms.text).group(1))
    page.click("#official button[type=submit]")
    page.wait_for_url(lambda url: "/signin" not in url)


@pytest.mark.parametrize("width", WIDTHS)
def test_an_official_may_not_use_the_administrators_forms_nor_another_village(browser, live_url, world, session,
                                                                             width, run_worker):
    context, page = new_page(browser, live_url, width)
    try:
        sign_in_as_official(page, session, run_worker)
        for slug in ("village", "pound-fee"):
            assert page.goto(f"/records/{slug}").status == 403
        page.goto("/records/release?lang=en")
        fill(page, {"tag": "234567890123", "mode": "normal"})  # BHAV's buffalo: another village
        submit(page)
        assert page.locator("h1").inner_text() != "Record a release (s.185)" or \
            page.locator(".field-error, .flash.error").count() >= 1 or "Forbidden" in page.content()
        session.rollback()
        assert session.scalars(select(Impoundment).where(Impoundment.tag == "234567890123")).one().status == "impounded"
        page.goto("/records/pound?lang=en")
        assert [o for o in page.locator("#village option").all_inner_texts()] == ["Ambaji Gram (AMBA)"]
        assert_accessible(page)
    finally:
        context.close()


@pytest.mark.parametrize("staff_page", WIDTHS, indirect=True)
def test_one_impoundments_page_has_its_deadlines_dues_deposit_and_timeline(staff_page, session):
    page = staff_page
    page.goto("/?lang=en")
    page.click("tr[data-tag='123456789012'] a.open")
    assert re.search(r"/impoundments/\d+$", page.url)
    assert "Rs 330" in page.inner_text("#due-today")   # as the owner is told (tests/sms/test_sms_owner.py)
    assert "tomorrow" in page.inner_text("#due-tomorrow")
    for section in ("#people", "#deadlines", "#deposit", "#register", "#timeline"):
        assert page.locator(section).is_visible()
    assert page.locator("#timeline li.event[data-type=seized]").count() == 1
    assert no_sideways_scroll(page)
    assert_accessible(page)
    shoot(page, f"impoundment-{page.viewport_size['width']}.png", for_docs=True)


@pytest.mark.parametrize("staff_page", WIDTHS, indirect=True)
def test_the_composer_counts_as_you_type_keeps_the_text_and_shows_the_result_at_the_top(staff_page, session):
    page = staff_page
    page.goto("/broadcast?lang=en")
    page.fill("#text", "Gram sabha Sunday")
    meter = page.inner_text("#composer-meter")
    # AMBA: 4 people, each sent the panchayat's notice in their language, counted as the server counts it
    assert "17 characters, GSM-7, 1 of 4 SMS parts" in meter
    assert "Sent to 4 people as 4 SMS parts in all" in meter and "Rs 1.00" in meter
    page.fill("#text", "ગ્રામ સભા રવિવારે " * 20)
    assert "UCS-2" in page.inner_text("#composer-meter") and "Too long" in page.inner_text("#composer-meter")
    with page.expect_navigation():
        page.click("#composer button[value=send]")
    assert "keep it within 4 SMS parts" in page.inner_text("main > .flash.error")
    assert page.input_value("#text").startswith("ગ્રામ સભા")  # the text is kept
    assert page.locator("#text-error").is_visible()
    page.fill("#text", "Gram sabha Sunday 10:00")
    with page.expect_navigation():
        page.click("#composer button[value=preview]")
    assert "Sent to 4 people" in page.inner_text("#composer-meter")
    with page.expect_navigation():
        page.click("#composer button[value=send]")
    assert "queued for 4 people" in page.inner_text("main > .flash.info")
    assert page.locator("main > .flash.info").bounding_box()["y"] < 300
    assert_accessible(page)
    shoot(page, f"composer-{page.viewport_size['width']}.png", for_docs=True)


@pytest.mark.parametrize("staff_page", WIDTHS, indirect=True)
def test_the_costs_and_dashboard_pages_are_accessible_and_name_kinds_in_words(staff_page, run_worker):
    page = staff_page
    run_worker()  # the demo's seizure alerts reach the provider: they now cost something
    page.goto("/costs?lang=en")
    assert page.locator("h1").inner_text() == "What the SMS cost"
    assert no_sideways_scroll(page)
    assert_accessible(page)
    page.goto("/?lang=en")
    kinds = page.locator("#outbox td[data-label='Message']").all_inner_texts()
    assert kinds and not any("_" in k for k in kinds), kinds
    assert no_sideways_scroll(page)
    assert_accessible(page)
    shoot(page, f"costs-{page.viewport_size['width']}.png")
