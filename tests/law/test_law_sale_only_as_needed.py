"""§185(4), SPEC 12.5: the owner appeared and refused to pay, so "the cattle or as many of them as
may be necessary shall be sold": once the proceeds cover what the owner's animals owe, no more
are sold and the keeper is told how many to release. Village DHOL: tests/law/money_support.py."""
from __future__ import annotations

import pytest

from tests.law.money_support import COW1, COW2, COW3, KEEPER, deposits, ist, make_dhol, sms


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    return api


def test_refused_sales_stop_once_the_proceeds_cover_the_rest(dhol, app, send_twilio, clock):
    """Cows 1-3 of one owner seized together 30-11 10:00: one occasion of 3 head, security Rs 150
    a head. At the auction 07-12 11:00 each owes fee Rs 50 + 8 days x Rs 40 = Rs 370, + Rs 150
    security = Rs 520. Cow 1 sold (API, refused) for Rs 600: Rs 600 - 370 - 150 = Rs 80, short of
    the Rs 1040 the other two owe: surplus Rs 0, Rs 80 held back, 2 still held. Cow 2 sold (SMS,
    REFUSED) for Rs 1500: Rs 1500 - 520 = Rs 980, + the Rs 80 held back = Rs 1060, which covers
    cow 3's Rs 520: cow 3 is released paid from the sale, the surplus is Rs 1060 - 520 = Rs 540,
    and the keeper is told to release 1. A third sale is refused (not in the pound). Form B 07-12:
    proceeds Rs 2100 in, no release receipt for cow 3 (its Rs 520 is inside the proceeds); three
    deposits of Rs 150 held."""
    sms(send_twilio, KEEPER, f"SEIZE {COW1}, {COW2}, {COW3} cow")
    ids = {i["tag"]: i["id"] for i in dhol.get("/impoundments").json["impoundments"]}
    clock.set(ist(2026, 12, 7, 11, 0))
    first = dhol.post(f"/impoundments/{ids[COW1]}/sale", {"proceeds_paise": 60000, "refused": True}).json
    assert (first["surplus_paise"], first["held_back_paise"], first["still_held"], first["released_with_sale"]) == (
        0, 8000, 2, [])
    assert sms(send_twilio, KEEPER, f"SOLD {COW2} 1500 REFUSED") == (
        f"Sold {COW2} for Rs 1,500, owner refused to pay. Less fee and expenses Rs 370 and security Rs 150 "
        "(s.185(4)): surplus Rs 540 for the owner to claim by 22-12-2026. The proceeds also paid Rs 520 for the "
        "owner's other 1 held: release them now (s.185(4)).")
    third = dhol.get(f"/impoundments/{ids[COW3]}").json
    assert (third["status"], third["release"]["total_paise"]) == ("released", 52000)
    assert sms(send_twilio, KEEPER, f"SOLD {COW3} 900 REFUSED") == f"Tag {COW3} is not in the pound now. Nothing recorded."
    books = dhol.get("/pounds/DHOL-1/accounts", query_string={"from": "2026-12-07", "to": "2026-12-07"}).json
    assert (books["receipts"]["sale_proceeds"], books["receipts"]["pound_fees"], books["closing_balance_paise"]) == (
        210000, 0, 210000)
    assert sorted(d.amount_paise for d in deposits(app)) == [15000, 15000, 15000]
    assert dhol.get(f"/impoundments/{ids[COW1]}").json["sale"]["surplus_paise"] == 0
