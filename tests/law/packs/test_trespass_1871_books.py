"""SPEC 13.4: the 1871 pack's books through the admin API (village MANI,
tests/law/packs/trespass_support.py): the register under its s.7 columns, and the owner's
account of each sale, s.16(a)-(f), as JSON and CSV. Worked by hand."""
from __future__ import annotations


from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    BUFFALO1, BUFFALO2, impound, ist, mani, post_notice)


def sold_pair(api, clock) -> None:
    """Buffaloes 1 and 2 seized 30-11 10:00, noticed 07-12 10:00; at the auction 14-12 10:00 each
    owes Rs 20,000 + 15 x Rs 500 = Rs 27,500. Buffalo 1 sold, owner refusing, for Rs 60,000 with
    Rs 1,000 sale expenses: Rs 31,500 left covers buffalo 2, which goes back; Rs 4,000 to the owner."""
    first, second = impound(api, tag=BUFFALO1), impound(api, tag=BUFFALO2)
    clock.set(ist(7))
    for animal in (first, second):
        post_notice(api, animal["id"], ist(7))
    clock.set(ist(14))
    api.post(f"/impoundments/{first['id']}/sale", {"proceeds_paise": 60_000_00, "sale_expenses_paise": 1_000_00,
                                                   "refused": True})


def test_the_register_names_its_s7_columns(mani):
    register = mani.get("/pounds/MANI-1/register").json
    assert register["section"].startswith("s.7")
    assert register["columns"][:3] == ["number", "description", "brought_at"]


def test_the_sale_accounts_give_one_account_per_occasion(mani, clock):
    """(a) 2 seized, (b) 15 days, (c) Rs 55,000, (d) 1 sold, (e) Rs 60,000, (f) Rs 56,000 applied,
    Rs 4,000 to the owner: one row, though two animals left the pound."""
    sold_pair(mani, clock)
    accounts = mani.get("/pounds/MANI-1/sale-accounts", query_string={"from": "2026-12-01"}).json
    assert accounts["section"].startswith("s.16")
    [account] = accounts["accounts"]
    assert (account["tag"], account["number_seized"], account["time_impounded_days"],
            account["fines_and_charges_paise"], account["number_sold"], account["proceeds_paise"],
            account["applied_to_dues_paise"], account["balance_to_owner_paise"]) == (
        BUFFALO1, 2, 15, 55_000_00, 1, 60_000_00, 56_000_00, 4_000_00)


def test_the_sale_accounts_as_csv(mani, clock):
    sold_pair(mani, clock)
    response = mani.client.get("/api/v1/pounds/MANI-1/sale-accounts?from=2026-12-01&format=csv",
                               headers=mani.headers)
    header, row = response.get_data(as_text=True).strip().splitlines()
    assert header.split(",")[5:] == ["number_seized", "time_impounded_days", "fines_and_charges_paise",
                                     "number_sold", "proceeds_paise", "applied_to_dues_paise",
                                     "balance_to_owner_paise"]
    assert row.split(",")[5:] == ["2", "15", "5500000", "1", "6000000", "5600000", "400000"]


def test_a_gujarat_pound_has_no_s16_account(mani):
    response = mani.get("/pounds/KHAR-1/sale-accounts")
    assert (response.status_code, response.json["code"]) == (409, "no_sale_account")
