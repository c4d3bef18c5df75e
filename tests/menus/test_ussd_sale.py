"""SPEC 13.3: keepers record a sale by USSD (keeper menu 5: tag, price in whole rupees, confirm),
the same record as SMS `SOLD` (§186(1)). Demo district, Ambaji keeper +919825000001 (set to
English), test clock Monday 30-11-2026 10:00 IST.

The bullock 345678901234 was seized 21-11 08:00 (9 days and 2 hours before): claim deadline
28-11 08:00, auction 28-11 11:00, gone by. Its dues today: fee Rs 75 + 10 days (21-11..30-11,
any part of a day) x Rs 50 = Rs 575. The cow 123456789012 was seized 29-11 08:00: auction
06-12 11:00, still ahead."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from models import queries
from models.tables import OutboundMessage, Sale
from tests.menus.test_ussd_keeper import KEEPER_AMBA, english_keeper  # noqa: F401 (fixture)

BULLOCK, COW = "345678901234", "123456789012"


def test_the_keeper_menu_offers_a_sale(english_keeper, ussd):
    assert ussd(KEEPER_AMBA).endswith("\n4 Find animal by tag\n5 Record sale")


def test_the_sale_is_on_the_first_screen_in_gujarati_and_on_the_next_in_hindi(world, ussd):
    """80 UCS-2 characters a screen: Gujarati's five options fit, Hindi's fifth pages on (9)."""
    assert ussd(KEEPER_AMBA) == "CON ડબ્બાનો રખેવાળ\n1 ઢોર પકડ્યું\n2 છોડાવવું\n3 ડબ્બામાં ઢોર\n4 ઢોર શોધો\n5 વેચાણ"
    assert ussd("+919825000002", "9") == "CON कांजी हाउस रक्षक\n1 बिक्री दर्ज करें\n0 पीछे"


def test_a_sale_asks_the_tag_then_the_price_then_confirms_what_it_meets(english_keeper, ussd):
    assert ussd(KEEPER_AMBA, "5") == "CON Enter ear tag or receipt no.:\n0 Back"
    assert ussd(KEEPER_AMBA, "5", BULLOCK) == "CON Sale price in whole rupees:\n0 Back"
    assert ussd(KEEPER_AMBA, "5", BULLOCK, "20x0") == "CON Not an amount. Whole rupees:\n0 Back"
    assert ussd(KEEPER_AMBA, "5", BULLOCK, "2000") == (
        f"CON Sold bullock {BULLOCK} for Rs 2,000? Fee and expenses Rs 575 come off it.\n1 Confirm\n0 Back")


def test_a_confirmed_sale_is_recorded_as_by_sms_with_the_owners_surplus(english_keeper, ussd, session):
    """Sold for Rs 2,000: surplus Rs 2,000 - Rs 575 = Rs 1,425, the owner's to claim for 15 days
    after the sale (§186(1)): by 15-12-2026. The owner (John, en) is told by SMS."""
    assert ussd(KEEPER_AMBA, "5", BULLOCK, "2000", "1") == (
        "END Recorded: sold for Rs 2,000. Surplus Rs 1,425 for the owner to claim by 15-12-2026.")
    sale = session.scalars(select(Sale)).one()
    assert (sale.proceeds_paise, sale.pound_fee_paise, sale.expenses_paise, sale.surplus_paise) == (
        200000, 7500, 50000, 142500)
    assert queries.impoundment_by_tag(session, BULLOCK).status == "sold"
    told = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "surplus_notice")).all()
    assert [m.to_phone for m in told] == ["+919825000006"]


@pytest.mark.parametrize("steps", [("5", COW, "2000", "1")])
def test_a_sale_before_the_auction_is_refused_with_its_time_and_records_nothing(english_keeper, ussd, session, steps):
    assert ussd(KEEPER_AMBA, *steps) == "END Not recorded: the sale is the auction, at 06-12 11am (s.186(1))."
    assert session.scalars(select(Sale)).all() == []
