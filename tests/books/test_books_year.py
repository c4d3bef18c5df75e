"""earlier, done means: the accounts reconcile to the paisa with the
releases, sales and deposits. A year (2026) of generated traffic at DHOL-1
(tests/law/money_support.py), seeded so it is the same every run: every four
days the dispatcher ticks, refundable deposits are refunded, one or two
animals are seized (the owner Ramesh's tags or strangers'), held animals are
released (some under protest, some by SMS) or sold after their auction (some
by SMS), and some surpluses are paid. Then the year's Form B is summed one way
(the accounts API: movements by head and day) and the other (the release,
sale and deposit rows themselves), and the two must agree exactly; so must the
register's money taken.
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select

from models.tables import Deposit, Release, Sale
from tests.law.money_support import COW1, COW2, COW3, BUFFALO, KEEPER, OWNER, ist, make_dhol, sms

RAMESH_TAGS = {COW1: "cow", COW2: "cow", COW3: "cow", BUFFALO: "buffalo"}


def step(api, send_twilio, rng: random.Random, moment: datetime, held: dict[int, dict]) -> None:
    """One visit to the pound: seizures, then releases and sales of what is held."""
    for deposit in api.get("/deposits?status=refundable").get_json()["deposits"]:
        assert api.post(f"/deposits/{deposit['id']}/refund", {"to_phone": OWNER}).status_code == 200
    held_tags = {a["tag"] for a in held.values()}
    for _ in range(rng.choice((1, 1, 2))):
        free = [tag for tag in RAMESH_TAGS if tag not in held_tags]
        tag = rng.choice(free) if free and rng.random() < 0.35 else (
            None if rng.random() < 0.3 else str(rng.randrange(5 * 10**11, 6 * 10**11)))
        kind = RAMESH_TAGS.get(tag) or rng.choice(("cow", "buffalo"))
        made = api.post("/impoundments", {"pound": "DHOL-1", "kind": kind, "tag": tag, "keeper_phone": KEEPER})
        assert made.status_code == 201, made.get_json()
        held[made.get_json()["id"]] = made.get_json()
        held_tags.add(tag)
    for impoundment_id, animal in list(held.items()):
        if datetime.fromisoformat(animal["seized_at"]) >= moment:
            continue
        auction_due = datetime.fromisoformat(animal["auction_at"]) <= moment
        if auction_due and rng.random() < 0.7:
            sell(api, send_twilio, rng, animal)
            del held[impoundment_id]
        elif rng.random() < 0.35:
            release(api, send_twilio, rng, animal)
            del held[impoundment_id]


def sell(api, send_twilio, rng: random.Random, animal: dict) -> None:
    rupees = rng.randrange(300, 6000)
    if animal["tag"] and rng.random() < 0.3:
        assert sms(send_twilio, KEEPER, f"SOLD {animal['tag']} {rupees}").startswith("Sold")
    else:
        sold = api.post(f"/impoundments/{animal['id']}/sale", {"proceeds_paise": rupees * 100 + rng.randrange(100),
                                                               "sale_expenses_paise": rng.randrange(0, 20000)})
        assert sold.status_code == 200, sold.get_json()
    if rng.random() < 0.5:
        paid = api.post(f"/impoundments/{animal['id']}/surplus-payment", {"to_phone": OWNER})
        assert paid.status_code in (200, 409)  # 409: the sale left no surplus


def release(api, send_twilio, rng: random.Random, animal: dict) -> None:
    protest = rng.random() < 0.3
    if animal["tag"] and rng.random() < 0.3:
        assert sms(send_twilio, KEEPER, f"RELEASE {animal['tag']}" + (" PROTEST" if protest else "")).startswith(
            "Released")
    else:
        body = {"under_protest": protest} | ({"owner_phone": OWNER} if animal["tag"] in RAMESH_TAGS else {})
        assert api.post(f"/impoundments/{animal['id']}/release", body).status_code == 200


@pytest.fixture
def year(api, app, clock, dispatch, send_twilio, session):
    make_dhol(api)
    rng, held = random.Random(13), {}
    moment = ist(2026, 1, 2, 10, 0)
    while moment < ist(2026, 12, 31):
        clock.set(moment)
        dispatch()
        step(api, send_twilio, rng, moment, held)
        moment += timedelta(days=4, hours=rng.choice((-1, 0, 2)))
    clock.set(ist(2026, 12, 31, 20, 0))
    dispatch()
    return api


def test_a_year_of_accounts_sums_both_ways_to_the_paisa(year, session):
    accounts = year.get("/pounds/DHOL-1/accounts?from=2026-01-01&to=2026-12-31").get_json()
    releases = session.execute(select(func.sum(Release.pound_fee_paise), func.sum(Release.expenses_paise),
                                      func.sum(Release.security_paise), func.sum(Release.total_paise),
                                      func.count(Release.id))).one()
    sales = session.execute(select(func.sum(Sale.proceeds_paise), func.sum(Sale.sale_expenses_paise),
                                   func.count(Sale.id))).one()
    # SPEC 12.4: a surplus is paid out in whole rupees, rounded up; the paise beyond it (and the
    # paise a release left uncollected) are the accounts' rounded-off line, outside the balance.
    sold = session.scalars(select(Sale)).all()
    paid = sum(s.surplus_cash_paise for s in sold if s.surplus_paid_at is not None)
    to_fund = sum(s.surplus_cash_paise for s in sold if s.surplus_to_fund_at is not None)
    rounded = sum(s.surplus_cash_paise - s.surplus_paise for s in sold if s.surplus_paid_at or s.surplus_to_fund_at)
    rounded += session.scalar(select(func.coalesce(func.sum(Release.rounded_off_paise), 0)))
    assert accounts["rounded_off_paise"] == rounded
    refunded = session.scalar(select(func.coalesce(func.sum(Deposit.amount_paise), 0))
                              .where(Deposit.status == "refunded"))
    forfeited = session.scalar(select(func.coalesce(func.sum(Deposit.forfeited_paise), 0))
                               .where(Deposit.status == "forfeited"))
    # The year really exercised every head.
    assert releases[4] > 10 and sales[2] > 10 and min(paid, to_fund, refunded, forfeited, releases[2]) > 0
    assert accounts["receipts"] == {"pound_fees": releases[0], "expenses": releases[1],
                                    "security_deposits": releases[2], "sale_proceeds": sales[0]}
    assert accounts["payments"] == {"deposit_refunds": refunded, "surplus_paid": paid,
                                    "village_fund_transfers": to_fund, "forfeitures_to_state": forfeited,
                                    "sale_expenses": sales[1]}
    assert accounts["opening_balance_paise"] == 0
    assert accounts["closing_balance_paise"] == (
        releases[3] + sales[0] - sales[1] - paid - to_fund - refunded - forfeited)
    # Day by day, the balance carried forward is the next day's brought forward.
    balance = 0
    for day in accounts["days"]:
        assert day["brought_forward_paise"] == balance
        assert day["receipts_paise"] == sum(day["receipts"].values())
        assert day["payments_paise"] == sum(day["payments"].values())
        balance = day["carried_forward_paise"]
        assert balance == day["brought_forward_paise"] + day["receipts_paise"] - day["payments_paise"]
    assert balance == accounts["closing_balance_paise"]
    # Month by month, the twelve statements chain into the year's.
    opening = 0
    for month in range(1, 13):
        end = f"2026-{month:02d}-{[31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]}"
        part = year.get(f"/pounds/DHOL-1/accounts?from=2026-{month:02d}-01&to={end}").get_json()
        assert part["opening_balance_paise"] == opening
        opening = part["closing_balance_paise"]
    assert opening == accounts["closing_balance_paise"]


def test_a_year_of_register_lines_takes_what_the_accounts_received(year, session):
    entries = year.get("/pounds/DHOL-1/register?from=2026-01-01&to=2026-12-31").get_json()["entries"]
    assert [e["serial"] for e in entries] == list(range(1, len(entries) + 1))
    releases_total = session.scalar(select(func.sum(Release.total_paise)))
    proceeds = session.scalar(select(func.sum(Sale.proceeds_paise)))
    assert sum(e["money_taken_paise"] for e in entries) == releases_total + proceeds
