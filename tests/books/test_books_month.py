"""earlier, done means: the register (Form A) and the accounts (Form B) are
generated from the same records the SMS, USSD and API flows write. A month of
December 2026 at DHOL-1 (tests/law/money_support.py: cow fee Rs 50 + Rs 40 a day,
buffalo Rs 75 + Rs 50 a day; security per head 1 head 1st occasion Rs 200,
2nd+ occasion Rs 500; forfeiture 100 %), worked by hand:

Before the month
  20-05 09:00 SMS  SEIZE COW3 (Ramesh, 1st occasion)                      register 1/2026
  21-05 10:00 SMS  RELEASE COW3: 2 days: Rs 50 + 80 + security 200 = Rs 330; deposit Rs 200,
                   refundable from 21-11.                          opening balance 01-12: Rs 330
The month
  01-12 10:00 tick: the May deposit is refundable; API refund: payment Rs 200.   01-12: 330 - 200 = 130
  01-12 11:00 SMS  SEIZE COW1 cow BY 9825000099 near the tank (2nd occasion)    register 2/2026
  03-12 10:00 API  release COW1: 3 days: Rs 50 + 120 + security 500 = Rs 670.   03-12: 130 + 670 = 800
  04-12 09:00 API  impound an untagged buffalo, seizer 9825000098, place "market road"   3/2026
  04-12 09:30 API  impound cow 400000000009 (unregistered) by the keeper         4/2026
  05-12 10:00 SMS  SEIZE COW2 (3rd occasion): the 03-12 deposit (Rs 500) is forfeit_pending
                   until COW2's complaint deadline 15-12                          5/2026
  06-12 10:00 SMS  RELEASE COW2 PROTEST: 2 days: Rs 50 + 80 = Rs 130.           06-12: 800 + 130 = 930
  11-12 12:00 (auctions 11-12 11:00: claim deadlines 11-12 09:00 and 09:30)
              API  sale of the buffalo for Rs 3000, sale expenses Rs 100: 8 days (04..11) x 50 = 400
                   + fee 75: surplus 3000 - 475 - 100 = Rs 2425, claim by 26-12
              SMS  SOLD 400000000009 2000: 8 days x 40 = 320 + 50: surplus Rs 1630, by 26-12
                   11-12: 930 + 3000 + 2000 - 100 = 5830
  16-12 10:00 tick: COW2's complaint deadline has passed: Rs 500 forfeited.      16-12: 5830 - 500 = 5330
  20-12 10:00 API  surplus of the buffalo paid to +919825000401: Rs 2425.        20-12: 5330 - 2425 = 2905
  27-12 10:00 tick: the cow's surplus unclaimed after 26-12 goes to the village fund: Rs 1630.
                                                                                 27-12: 2905 - 1630 = 1275
Totals for December: receipts fees 100, expenses 200, security 500, sale proceeds 5000 = 5800;
payments refunds 200, surplus 2425, village fund 1630, State 500, sale expenses 100 = 4855;
330 + 5800 - 4855 = 1275, which is what the pound keeps: fees and expenses of May (130), of
December's releases (300) and out of the two sales (475 + 370).
"""
from __future__ import annotations

import csv
import io

import pytest

from tests.law.money_support import COW1, COW2, COW3, KEEPER, OWNER, ist, make_dhol, sms

SEIZER, SEIZER2, CLAIMANT, UNREGISTERED = "+919825000099", "+919825000098", "+919825000401", "400000000009"


def rs(rupees: int) -> int:
    return rupees * 100


@pytest.fixture
def december(api, app, clock, dispatch, send_twilio):
    """The month above, driven through SMS, the API and the dispatcher."""
    make_dhol(api)
    clock.set(ist(2026, 5, 20, 9, 0))
    sms(send_twilio, KEEPER, f"SEIZE {COW3} cow")
    clock.set(ist(2026, 5, 21, 10, 0))
    sms(send_twilio, KEEPER, f"RELEASE {COW3}")
    clock.set(ist(2026, 12, 1, 10, 0))
    dispatch()
    [may_deposit] = api.get("/deposits?status=refundable").get_json()["deposits"]
    assert api.post(f"/deposits/{may_deposit['id']}/refund", {"to_phone": OWNER}).status_code == 200
    clock.set(ist(2026, 12, 1, 11, 0))
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow BY 9825000099 near the tank")
    clock.set(ist(2026, 12, 3, 10, 0))
    cow1 = api.get(f"/impoundments?tag={COW1}").get_json()["impoundments"][0]
    assert api.post(f"/impoundments/{cow1['id']}/release", {"owner_phone": OWNER}).status_code == 200
    clock.set(ist(2026, 12, 4, 9, 0))
    buffalo = api.post("/impoundments", {"pound": "DHOL-1", "kind": "buffalo", "seizer_phone": "9825000098",
                                         "place": "market road"}).get_json()
    clock.set(ist(2026, 12, 4, 9, 30))
    api.post("/impoundments", {"pound": "DHOL-1", "kind": "cow", "tag": UNREGISTERED, "keeper_phone": KEEPER})
    clock.set(ist(2026, 12, 5, 10, 0))
    sms(send_twilio, KEEPER, f"SEIZE {COW2} cow")
    clock.set(ist(2026, 12, 6, 10, 0))
    sms(send_twilio, KEEPER, f"RELEASE {COW2} PROTEST")
    clock.set(ist(2026, 12, 11, 12, 0))
    assert api.post(f"/impoundments/{buffalo['id']}/sale", {"proceeds_paise": rs(3000),
                                                            "sale_expenses_paise": rs(100)}).status_code == 200
    sms(send_twilio, KEEPER, f"SOLD {UNREGISTERED} 2000")
    clock.set(ist(2026, 12, 16, 10, 0))
    dispatch()
    clock.set(ist(2026, 12, 20, 10, 0))
    assert api.post(f"/impoundments/{buffalo['id']}/surplus-payment", {"to_phone": CLAIMANT}).status_code == 200
    clock.set(ist(2026, 12, 27, 10, 0))
    dispatch()
    clock.set(ist(2026, 12, 31, 18, 0))
    return api


def test_every_register_line_of_the_month(december):
    entries = december.get("/pounds/DHOL-1/register?from=2026-12-01&to=2026-12-31").get_json()["entries"]
    lines = [(e["serial"], e["tag"], e["kind"], e["seizer_phone"], e["place"], e["marks"], e["owner_phone"],
              e["disposal"], e["disposed_at"], e["pound_fee_paise"], e["expenses_paise"], e["deposit_paise"],
              e["sale_proceeds_paise"], e["sale_expenses_paise"], e["surplus_paise"], e["money_taken_paise"])
             for e in entries]
    assert lines == [
        (2, COW1, "cow", SEIZER, None, "near the tank", OWNER, "released", "2026-12-03T10:00:00+05:30",
         rs(50), rs(120), rs(500), 0, 0, 0, rs(670)),
        # The claimant who proved ownership for the surplus (§186(1)) is the owner now known.
        (3, None, "buffalo", SEIZER2, "market road", None, CLAIMANT, "sold", "2026-12-11T12:00:00+05:30",
         rs(75), rs(400), 0, rs(3000), rs(100), rs(2425), rs(3000)),
        (4, UNREGISTERED, "cow", KEEPER, None, None, None, "sold", "2026-12-11T12:00:00+05:30",
         rs(50), rs(320), 0, rs(2000), 0, rs(1630), rs(2000)),
        (5, COW2, "cow", KEEPER, None, None, OWNER, "released_under_protest", "2026-12-06T10:00:00+05:30",
         rs(50), rs(80), 0, 0, 0, 0, rs(130)),
    ]
    may = december.get("/pounds/DHOL-1/register?from=2026-05-01&to=2026-05-31").get_json()["entries"]
    assert [(e["serial"], e["tag"], e["money_taken_paise"]) for e in may] == [(1, COW3, rs(330))]


def test_every_account_total_of_the_month(december):
    accounts = december.get("/pounds/DHOL-1/accounts?from=2026-12-01&to=2026-12-31").get_json()
    assert accounts["opening_balance_paise"] == rs(330)
    assert accounts["receipts"] == {"pound_fees": rs(100), "expenses": rs(200), "security_deposits": rs(500),
                                    "sale_proceeds": rs(5000)}
    assert accounts["payments"] == {"deposit_refunds": rs(200), "surplus_paid": rs(2425),
                                    "village_fund_transfers": rs(1630), "forfeitures_to_state": rs(500),
                                    "sale_expenses": rs(100)}
    assert (accounts["receipts_paise"], accounts["payments_paise"]) == (rs(5800), rs(4855))
    assert accounts["closing_balance_paise"] == rs(1275)
    days = [(d["date"], d["brought_forward_paise"], d["receipts_paise"], d["payments_paise"],
             d["carried_forward_paise"]) for d in accounts["days"]]
    assert days == [
        ("2026-12-01", rs(330), 0, rs(200), rs(130)),
        ("2026-12-03", rs(130), rs(670), 0, rs(800)),
        ("2026-12-06", rs(800), rs(130), 0, rs(930)),
        ("2026-12-11", rs(930), rs(5000), rs(100), rs(5830)),
        ("2026-12-16", rs(5830), 0, rs(500), rs(5330)),
        ("2026-12-20", rs(5330), 0, rs(2425), rs(2905)),
        ("2026-12-27", rs(2905), 0, rs(1630), rs(1275)),
    ]


def test_the_accounts_csv_carries_the_same_days(december):
    response = december.get("/pounds/DHOL-1/accounts?from=2026-12-01&to=2026-12-31&format=csv")
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [(r["date"], r["carried_forward_paise"]) for r in rows][-1] == ("2026-12-27", str(rs(1275)))
    assert rows[3]["sale_proceeds_paise"] == str(rs(5000)) and rows[3]["sale_expenses_paise"] == str(rs(100))


def test_a_later_period_opens_with_the_months_closing_balance(december):
    january = december.get("/pounds/DHOL-1/accounts?from=2027-01-01&to=2027-01-31").get_json()
    assert (january["opening_balance_paise"], january["closing_balance_paise"], january["days"]) == (
        rs(1275), rs(1275), [])
