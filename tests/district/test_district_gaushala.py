"""The district's figures (SPEC 13.3) count a cow handed to a gaushala (1871 s.14 proviso) as an
animal that left the pound, in a figure of its own beside claimed and sold, never as still held.

Mani Majra (MANI, pound MANI-1, the 1871 Act with Chandigarh's schedule:
tests/law/packs/trespass_support.py; no taluka), December 2026, worked by hand (IST):
  cow     500000000003 seized 01-12 10:00, police notice 08-12 10:00, handed to the gaushala
          15-12 10:00 (the notice's 7 days over): 15 days held (01..15, any part of a day);
          nothing collected.
  buffalo 500000000001 seized 08-12 10:00, released 10-12 10:00: 3 days (08, 09, 10);
          Rs 20,000 fine (s.12, large) + 3 x Rs 500 feeding = Rs 21,500 collected.
December (read 16-12): seized 2, claimed 1, sold 0, handed to a gaushala 1, still held 0; 1 of
the 2 that left reclaimed (50 %); days held 3 and 15: median 9; collected Rs 21,500."""
from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from models.queries import district
from tests.district.test_district_page import cells, rows_of
from tests.law.gaushala.gaushala_support import COW, GAUSHALA, noticed_cow
from tests.law.packs.trespass_support import BUFFALO1, KEEPER, impound, ist, make_mani, sms
from tests.pages.test_dashboard import _worker, sign_in_admin  # noqa: F401 (_worker: fixture)

DECEMBER = date(2026, 12, 1)


@pytest.fixture
def handed_over_in_december(api, clock, send_twilio):
    make_mani(api)
    cow = noticed_cow(api, clock)                    # the clock left at 08-12 10:00
    impound(api, kind="buffalo", tag=BUFFALO1)
    clock.set(ist(10))
    sms(send_twilio, KEEPER, f"RELEASE {BUFFALO1}")
    clock.set(ist(15))
    assert api.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA}).status_code == 200
    clock.set(ist(16))


def mani_figures(session) -> district.Figures:
    return next(figures for group in district.talukas(session, DECEMBER, None)
                for village, figures in group.villages if village.code == "MANI")


def test_a_cow_handed_to_a_gaushala_has_left_the_pound_and_is_not_still_held(handed_over_in_december, session):
    mani = mani_figures(session)
    assert (mani.seized, mani.claimed, mani.sold, mani.handed_over, mani.still_held) == (2, 1, 0, 1, 0)
    assert mani.share_reclaimed == Fraction(1, 2)
    assert mani.days_held == [3, 15] and mani.median_days == 9
    assert mani.collected_paise == 21_500_00


def test_the_district_page_shows_handed_to_a_gaushala_beside_claimed_and_sold(handed_over_in_december, client):
    sign_in_admin(client)
    page = client.get("/district?month=2026-12&lang=en").get_data(as_text=True)
    mani = cells(page, "MANI")
    assert [mani[name] for name in ("seized", "claimed", "sold", "handed_over", "still_held", "share_reclaimed",
                                    "median_days")] == ["2", "1", "0", "1", "0", "50%", "9"]
    assert '<th scope="col" class="num">Handed to a gaushala</th>' in page
    assert "Animals handed to a gaushala in December 2026" in page


def test_the_figure_is_named_in_gujarati_for_a_gujarati_reader(handed_over_in_december, client):
    sign_in_admin(client)
    page = client.get("/district?month=2026-12&lang=gu").get_data(as_text=True)
    assert '<th scope="col" class="num">ગૌશાળાને સોંપ્યાં</th>' in page
    assert cells(page, "MANI")["handed_over"] == "1"


def test_the_spreadsheet_has_the_handed_over_figure_after_sold(handed_over_in_december, client):
    sign_in_admin(client)
    rows = rows_of(client.get("/district?month=2026-12&format=csv&headers=en&lang=en"))
    header = rows[0]
    assert header[6:9] == ["sold", "handed_over", "still_held"]
    mani = next(row for row in rows if row[2] == "MANI")
    assert mani[4:12] == ["2", "1", "0", "1", "0", "0.5000", "9", "2150000"]
    hindi = rows_of(client.get("/district?month=2026-12&format=csv&lang=hi"))
    assert hindi[0][7] == "गौशाला को सौंपे"
