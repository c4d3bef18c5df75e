"""The dashboard finds an animal (SPEC 13.3): `/?q=` by tag, receipt, owner's name or phone;
filters by pound, state and the day seized, typed dd-mm-yyyy in any digits; pages of 25."""
from __future__ import annotations

import re

import pytest

from models import queries
from tests.pages.test_dashboard import _worker, sign_in_admin, sign_in_official  # noqa: F401 (_worker sends the code)
from tests.phone.test_phone_width_browser import HELD, hold_animals

COW = "123456789012"


@pytest.fixture
def admin_client(client, world):
    sign_in_admin(client)
    return client


def tags_on(html: str) -> list[str]:
    return re.findall(r'<tr data-tag="([^"]+)"', html)


def test_a_tag_finds_its_animal(admin_client, world):
    html = admin_client.get(f"/?lang=en&q={COW}").get_data(as_text=True)
    assert tags_on(html) == [COW]


def test_a_receipt_finds_its_animal(admin_client, world, session):
    receipt = queries.impoundment_by_tag(session, COW).receipt
    assert tags_on(admin_client.get(f"/?lang=en&q={receipt}").get_data(as_text=True)) == [COW]


def test_the_owners_name_and_phone_find_the_animal(admin_client, world, session):
    owner = queries.impoundment_by_tag(session, COW).owner
    by_name = tags_on(admin_client.get(f"/?lang=en&q={owner.name.split()[0]}").get_data(as_text=True))
    by_phone = tags_on(admin_client.get(f"/?lang=en&q={owner.phone[-10:]}").get_data(as_text=True))
    assert COW in by_name and COW in by_phone


def test_thirty_seven_more_held_come_25_to_a_page(admin_client, world, session, clock):
    hold_animals(session, clock)
    total = len(tags_on(admin_client.get("/?lang=en&page=1").get_data(as_text=True)))
    second = admin_client.get("/?lang=en&page=2").get_data(as_text=True)
    assert total == 25
    assert "Animals 26 to" in second and f"of {HELD + 3}" in second   # the demo holds 3 already


def test_the_day_seized_is_typed_dd_mm_yyyy_in_gujarati_digits(admin_client, world, session, clock):
    hold_animals(session, clock, 5)   # seized 0 to 4 days before 30-11-2026
    html = admin_client.get("/?lang=gu&pound=AMBA-1&from=૩૦-૧૧-૨૦૨૬&to=૩૦-૧૧-૨૦૨૬").get_data(as_text=True)
    assert tags_on(html) == ["500000000001"]


def test_the_auction_form_refuses_a_day_beyond_the_sms_horizon(client, world, session, _worker):
    # 15-03-2027 is 31 + 31 + 28 + 15 = 105 days after 30-11-2026 (the test clock); SMS AUCTION's
    # horizon is 60 days, and nothing is recorded.
    token = sign_in_official(client, session)
    response = client.post("/records/auction?lang=en", data={"csrf_token": token, "village": "AMBA", "day": "15-03-2027"})
    assert response.status_code == 422
    errors = re.findall(r"class=\"field-error\" id=\"([a-z_]+)-error\">([^<]+)<", response.get_data(as_text=True))
    assert errors == [("day", "15-03-2027 is 105 days away: an auction is fixed within 60 days, as by SMS (s.186(1)). "
                               "Nothing recorded.")]
