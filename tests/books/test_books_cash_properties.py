"""SPEC 12.4 over generated months of traffic: hypothesis draws a season at a pound whose fees,
rates and security scale all have paise (Rs 25.50, Rs 37.50, Rs 175.25 ...). Seizures, releases
(some under protest), auction sales, surplus payments, refunds and dispatcher ticks, by SMS and
the API. Whatever the season:

* cash in = cash out + balance, day by day and over the season, and every figure is whole rupees;
* every message's parts add up to its total (FEES, RELEASE, the release receipt, SOLD);
* every figure a person is told equals what the books record: the keepers' "Collect Rs X" sum to
  Form B's release receipts, SOLD's proceeds to its sale proceeds, the surplus paid notices to
  its surplus paid.
"""
from __future__ import annotations

import itertools
import re
from datetime import timedelta

from hypothesis import HealthCheck, given, settings, strategies as st
from sqlalchemy import select

from models.tables import OutboundMessage
from tests.law.money_support import ist

_season = itertools.count(1)
RS = r"Rs (\d{1,3}(?:,\d{2,3})*)"  # grouped as the reader writes it: Rs 1,25,000
NUMBER = r"\d{1,3}(?:,\d{2,3})+|\d+"
steps = st.lists(st.tuples(st.integers(min_value=0, max_value=3),            # days to the next visit
                           st.sampled_from(("seize", "seize", "release", "protest", "sell", "pay", "fees")),
                           st.integers(min_value=0, max_value=9),            # which animal / tag
                           st.integers(min_value=200, max_value=5000)),      # rupees bid at an auction
                 min_size=10, max_size=40)


def _village(api, n: int) -> tuple[str, str, list[str]]:
    code, keeper, owner = f"CASH{n}", f"+91970{n:07d}", f"+91960{n:07d}"
    api.post("/villages", {"code": code, "name": "Cash", "security_notified": True, "forfeit_percent": 50,
                           "language": "en"})
    api.post(f"/villages/{code}/pounds", {"code": f"{code}-1", "name": "Cash pound"})
    api.put("/kinds/cow/pound-fee", {"amount_paise": 2550, "effective_from": "2026-01-01"})
    api.put(f"/villages/{code}/daily-rates", {"rates": {"cow": 3750}, "effective_from": "2026-01-01",
                                                 "approval_ref": "DP/1"})
    api.put(f"/villages/{code}/security-scale", {"effective_from": "2026-01-01", "rows": [
        {"min_head": 1, "max_head": 1, "min_times": 1, "max_times": 1, "per_head_paise": 17525},
        {"min_head": 2, "max_head": None, "min_times": 1, "max_times": 1, "per_head_paise": 15050},
        {"min_head": 1, "max_head": None, "min_times": 2, "max_times": None, "per_head_paise": 50075}]})
    api.post("/people", {"phone": owner, "name": "Owner", "role": "owner", "village": code, "language": "en"})
    tags = [f"{n:06d}{i:06d}" for i in range(6)]
    for tag in tags[:4]:
        api.post(f"/people/{owner}/animals", {"tag": tag, "kind": "cow"})
    api.post("/people", {"phone": keeper, "name": "Keeper", "role": "keeper", "village": code,
                         "pound": f"{code}-1", "language": "en", "approved_on": "2026-01-01",
                         "approval_ref": "TDO/1"})
    return keeper, owner, tags


def _rupees(text: str) -> list[int]:
    return [int(x.replace(",", "")) for x in re.findall(RS, text)]


def _reply(send_twilio, phone: str, text: str) -> str:
    response = send_twilio(phone, text)
    assert response.status_code == 200 and response.reply
    return response.reply


def _visit(api, send_twilio, keeper, owner, tags, action, which, bid, held, sold, told) -> None:
    if action == "seize":
        tag = tags[which % len(tags)]
        if tag not in held and tag not in sold:
            if _reply(send_twilio, keeper, f"SEIZE {tag} cow").startswith("Seized"):
                held[tag] = api.get("/impoundments", query_string={"tag": tag}).json["impoundments"][0]
        return
    if not held and action != "pay":
        return
    tag = sorted(held)[which % len(held)] if held else None
    if action == "fees":
        reply = _reply(send_twilio, owner, f"FEES {tag}")
        parts = re.search(rf"pound fee {RS} \+ .* = {RS} \+ security {RS}\. Total today {RS}", reply)
        fee, expenses, security, total = (int(x.replace(",", "")) for x in parts.groups())
        assert fee + expenses + security == total, reply
    elif action in ("release", "protest"):
        reply = _reply(send_twilio, keeper, f"RELEASE {tag}" + (" PROTEST" if action == "protest" else ""))
        numbers = _rupees(reply)
        assert numbers[0] == sum(numbers[1:]), reply        # Collect X: fee + feeding (+ security)
        told["collected"] += numbers[0] * 100
        del held[tag]
    elif action == "sell":
        reply = _reply(send_twilio, keeper, f"SOLD {tag} {bid}")
        if reply.startswith("Sold"):
            proceeds, dues, surplus = _rupees(reply)
            assert surplus == max(proceeds - dues, 0), reply
            told["proceeds"] += proceeds * 100
            sold[tag] = held.pop(tag)
    elif action == "pay":
        for tag, animal in list(sold.items()):
            if api.post(f"/impoundments/{animal['id']}/surplus-payment", {"to_phone": owner}).status_code == 200:
                del sold[tag]
                return


@settings(deadline=None, max_examples=8, suppress_health_check=list(HealthCheck))
@given(steps)
def test_a_season_of_traffic_books_exactly_what_people_are_told(api, app, clock, send_twilio, dispatch, plan):
    n = next(_season)
    keeper, owner, tags = _village(api, n)
    moment = ist(2026, 3, 2, 10, 0)
    held, sold, told = {}, {}, {"collected": 0, "proceeds": 0}
    for gap, action, which, bid in plan:
        moment += timedelta(days=gap, hours=1)
        clock.set(moment)
        dispatch()
        for deposit in api.get("/deposits", query_string={"status": "refundable", "village": f"CASH{n}"}).json[
                "deposits"]:
            api.post(f"/deposits/{deposit['id']}/refund", {})
        _visit(api, send_twilio, keeper, owner, tags, action, which, bid, held, sold, told)
    clock.set(moment + timedelta(days=20))
    dispatch()
    books = api.get(f"/pounds/CASH{n}-1/accounts", query_string={"from": "2026-01-01", "to": "2026-12-31"}).json
    # Cash in = cash out + balance, in whole rupees, day by day and over the season.
    assert books["closing_balance_paise"] == books["opening_balance_paise"] + books["receipts_paise"] - books[
        "payments_paise"]
    balance = books["opening_balance_paise"]
    for day in books["days"]:
        assert day["brought_forward_paise"] == balance
        assert all(v % 100 == 0 for v in [*day["receipts"].values(), *day["payments"].values()]), day
        balance = day["carried_forward_paise"]
    assert balance == books["closing_balance_paise"]
    # What the keeper was told to collect and what the buyers paid is what the books received.
    receipts = books["receipts"]
    assert receipts["pound_fees"] + receipts["expenses"] + receipts["security_deposits"] == told["collected"]
    assert receipts["sale_proceeds"] == told["proceeds"]
    with app.extensions["dabbo"].sessions() as session:
        texts = session.scalars(select(OutboundMessage).where(OutboundMessage.to_phone == owner)).all()
        paid_told = sum(_rupees(m.text)[0] * 100 for m in texts if m.kind == "surplus_paid")
        refunds_told = sum(_rupees(m.text)[0] * 100 for m in texts if m.kind == "deposit_refunded")
        for m in texts:
            if m.kind == "release_receipt" and "Paid Rs" in m.text:
                paid = m.text.split("Paid ", 1)[1]
                total, fee, days, expenses, *deposit = [int(x.replace(",", "")) for x in re.findall(NUMBER, paid)][:5]
                assert total == fee + expenses + (deposit[0] if deposit and "deposit" in m.text else 0), m.text
    assert books["payments"]["surplus_paid"] == paid_told
    assert books["payments"]["deposit_refunds"] == refunds_told
