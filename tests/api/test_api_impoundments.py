"""SPEC sections 2 and 6: impoundments through the admin API, with the law's
figures computed by hand in each test's comment.

The district below: village KHED (Asia/Kolkata, auction hour 11), pound
KHED-1; cow pound fee Rs 50 and daily rate Rs 40; goat Rs 10 and Rs 10.
"""
from __future__ import annotations

from datetime import date

import pytest


@pytest.fixture
def khed(api):
    assert api.post("/villages", {"code": "KHED", "name": "Khed", "security_notified": True}).status_code == 201
    api.post("/villages/KHED/pounds", {"code": "KHED-1", "name": "Khed pound"})
    for kind, fee in (("cow", 5000), ("goat", 1000), ("elephant", 50000)):
        api.put(f"/kinds/{kind}/pound-fee", {"amount_paise": fee, "effective_from": "2026-01-01"})
    api.put("/villages/KHED/daily-rates", {"rates": {"cow": 4000, "goat": 1000, "elephant": 0}, "approval_ref": "DP/KHED/1",
                                           "effective_from": "2026-01-01"})
    api.put("/villages/KHED/security-scale", {"effective_from": "2026-01-01", "rows": [
        {"min_head": 1, "max_head": 2, "min_times": 1, "max_times": 1, "per_head_paise": 20000},
        {"min_head": 3, "max_head": None, "min_times": 1, "max_times": 1, "per_head_paise": 30000},
        {"min_head": 1, "max_head": None, "min_times": 2, "max_times": None, "per_head_paise": 50000}]})
    api.post("/people", {"phone": "9825000100", "name": "Kanu", "role": "owner", "village": "KHED"})
    api.post("/people/9825000100/animals", {"tag": "111122223333", "kind": "cow"})
    api.post("/people/9825000100/animals", {"tag": "111122224444", "kind": "cow"})
    api.post("/people/9825000100/animals", {"tag": "111122225555", "kind": "cow"})
    api.post("/people", {"phone": "9825000200", "name": "Keeper", "role": "keeper", "village": "KHED",
                         "pound": "KHED-1", "approved_on": "2026-01-01", "approval_ref": "TDO/KHED/1"})
    return api


def impound(api, **body):
    response = api.post("/impoundments", {"pound": "KHED-1", "kind": "cow", **body})
    assert response.status_code == 201, response.json
    return response.json


def test_impoundment_response_carries_every_deadline(khed):
    # Seized 30-11 10:00 IST (04:30 UTC). Claim deadline +168 h = 07-12 10:00 IST;
    # first 11:00 after it = 07-12 11:00 IST (05:30 UTC); complaint: 30-11 + 10 days = 10-12.
    body = impound(khed, tag="111122223333", seized_at="2026-11-30T10:00:00+05:30")
    assert body["claim_deadline"] == "2026-12-07T10:00:00+05:30"
    assert body["auction_at"] == "2026-12-07T11:00:00+05:30"
    assert body["complaint_deadline"] == "2026-12-10"
    assert body["receipt"].isdigit() and body["owner_phone"] == "+919825000100"


def test_dues_of_a_registered_cow_after_three_days(khed):
    # Seized 27-11 09:00 IST, asked 30-11 10:00 IST: dates 27, 28, 29, 30 = 4 days.
    # Fee Rs 50 + 4 x Rs 40 = Rs 210 + security (1 head, 1st time) Rs 200 = Rs 410.
    # Tomorrow: 5 days -> Rs 50 + Rs 200 + Rs 200 = Rs 450.
    body = impound(khed, tag="111122223333", seized_at="2026-11-27T09:00:00+05:30")
    dues = khed.get(f"/impoundments/{body['id']}/dues").json
    assert (dues["days"], dues["pound_fee_paise"], dues["expenses_paise"], dues["security_paise"],
            dues["total_paise"], dues["total_tomorrow_paise"]) == (4, 5000, 16000, 20000, 41000, 45000)


def test_dues_at_a_given_moment(khed):
    # Seized 29-11 23:50 IST, at 30-11 00:10 IST: two dates -> 2 x Rs 40 = Rs 80 (§187(2)).
    body = impound(khed, tag="111122223333", seized_at="2026-11-29T23:50:00+05:30")
    dues = khed.get(f"/impoundments/{body['id']}/dues", query_string={"at": "2026-11-30T00:10:00+05:30"}).json
    assert dues["days"] == 2 and dues["expenses_paise"] == 8000


def test_dues_before_the_seizure_are_refused(khed):
    body = impound(khed, tag="111122223333", seized_at="2026-11-29T23:50:00+05:30")
    response = khed.get(f"/impoundments/{body['id']}/dues", query_string={"at": "2026-11-01T00:00:00+05:30"})
    assert response.status_code == 422 and response.json["field"] == "at"


def test_a_reseizure_of_an_id_past_the_column_is_refused_naming_the_field(khed):
    response = khed.post("/impoundments", {"pound": "KHED-1", "kind": "cow", "reason": "s185_3",
                                           "reseizure_of": 2147483648})
    assert response.status_code == 422 and response.json["field"] == "reseizure_of"


@pytest.mark.parametrize("seized_at", ["0001-01-01T00:00:00+05:30", "0001-01-01T00:00:00Z",
                                       "1992-12-31T23:59:00+05:30"])
def test_a_seizure_dated_before_the_act_came_into_force_is_refused(khed, seized_at):
    response = khed.post("/impoundments", {"pound": "KHED-1", "kind": "cow", "tag": "111122223333",
                                           "seized_at": seized_at})
    assert response.status_code == 422
    assert response.json["field"] == "seized_at"
    assert response.json["error"] == "seized_at lies before the Act came into force"


def test_a_seizure_on_the_first_day_the_act_could_be_in_force_is_recorded(khed):
    response = khed.post("/impoundments", {"pound": "KHED-1", "kind": "cow", "tag": "111122223333",
                                           "seized_at": "1993-01-01T09:00:00+05:30"})
    assert response.status_code == 201


def test_naive_time_is_refused(khed):
    response = khed.post("/impoundments", {"pound": "KHED-1", "kind": "cow", "seized_at": "2026-11-29T10:00:00"})
    assert response.status_code == 422 and response.json["field"] == "seized_at"


def test_three_head_in_one_seizure_take_the_three_head_security(khed):
    # One seizure, three of Kanu's cows: scale row 3+ head, 1st time = Rs 300 a head.
    first = impound(khed, tag="111122223333", seized_at="2026-11-30T09:00:00+05:30")
    impound(khed, tag="111122224444", seizure=first["seizure"])
    impound(khed, tag="111122225555", seizure=first["seizure"])
    dues = khed.get(f"/impoundments/{first['id']}/dues").json
    assert dues["security_paise"] == 30000


def test_second_seizure_of_the_same_owner_takes_the_second_time_row(khed, clock):
    # First seizure released; a second seizure: times = 2 -> Rs 500 a head.
    first = impound(khed, tag="111122223333", seized_at="2026-11-20T09:00:00+05:30")
    khed.post(f"/impoundments/{first['id']}/release", {"at": "2026-11-21T09:00:00+05:30"})
    second = impound(khed, tag="111122224444", seized_at="2026-11-30T09:00:00+05:30")
    dues = khed.get(f"/impoundments/{second['id']}/dues").json
    assert dues["security_paise"] == 50000
    assert dues["offence"]["subsequent"] is True and dues["offence"]["fine_max_paise"] == 50000


def test_release_collects_the_dues_and_holds_the_deposit(khed):
    # Seized 28-11 08:00 IST, released 30-11 09:00 IST: 3 days -> 50 + 120 + security 200 = Rs 370.
    body = impound(khed, tag="111122223333", seized_at="2026-11-28T08:00:00+05:30")
    response = khed.post(f"/impoundments/{body['id']}/release", {"at": "2026-11-30T09:00:00+05:30"})
    assert response.status_code == 200
    assert response.json["total_paise"] == 37000
    deposit = response.json["deposit"]
    assert (deposit["amount_paise"], deposit["refund_date"], deposit["status"]) == (20000, "2027-05-30", "held")
    # After release the day count stops.
    dues = khed.get(f"/impoundments/{body['id']}/dues", query_string={"at": "2026-12-05T09:00:00+05:30"}).json
    assert dues["days"] == 3 and dues["total_paise"] == 37000


def test_release_under_protest_collects_fee_and_expenses_only(khed):
    # 3 days: 50 + 120 = Rs 170, no security (§185(2)); complain by 30-11 + 28 days = 28-12.
    body = impound(khed, tag="111122223333", seized_at="2026-11-28T08:00:00+05:30")
    response = khed.post(f"/impoundments/{body['id']}/release", {"at": "2026-11-30T09:00:00+05:30",
                                                                 "under_protest": True})
    assert response.json["total_paise"] == 17000
    assert response.json["protest_deadline"] == "2026-12-28"
    assert response.json["deposit"] is None


def test_release_twice_is_409(khed):
    body = impound(khed, tag="111122223333")
    khed.post(f"/impoundments/{body['id']}/release", {})
    assert khed.post(f"/impoundments/{body['id']}/release", {}).status_code == 409


def test_owner_unknown_at_seizure_is_identified_at_claim(khed):
    # An untagged goat; at claim Kanu says it is his: security now applies
    # (1 head, first time, Rs 200): 50 -> goat fee Rs 10 + 1 day x Rs 10 + Rs 200 = Rs 220.
    body = impound(khed, kind="goat", seized_at="2026-11-30T08:00:00+05:30")
    assert body["tag"] is None and body["owner_phone"] is None
    response = khed.post(f"/impoundments/{body['id']}/release", {"owner_phone": "09825000100",
                                                                 "at": "2026-11-30T09:00:00+05:30"})
    assert response.json["total_paise"] == 22000
    assert khed.get(f"/impoundments/{body['id']}").json["owner_phone"] == "+919825000100"


def test_zero_rate_kind_costs_only_its_fee(khed):
    body = impound(khed, kind="elephant", seized_at="2026-11-25T08:00:00+05:30")
    dues = khed.get(f"/impoundments/{body['id']}/dues").json
    # 6 days x Rs 0 + fee Rs 500; owner unknown -> 1 head first time security Rs 200.
    assert dues["expenses_paise"] == 0 and dues["pound_fee_paise"] == 50000


def test_sale_before_the_claim_deadline_is_refused(khed):
    body = impound(khed, tag="111122223333", seized_at="2026-11-28T08:00:00+05:30")
    response = khed.post(f"/impoundments/{body['id']}/sale", {"proceeds_paise": 500000})
    assert response.status_code == 409


def test_sale_computes_surplus_and_its_deadline(khed):
    # Seized 20-11 08:00 IST, sold 30-11 09:00 IST: 11 days x Rs 40 = 440 + fee 50 = Rs 490;
    # proceeds Rs 5000 - 490 - sale expenses Rs 100 = Rs 4410; claim by 30-11 + 15 = 15-12.
    body = impound(khed, tag="111122223333", seized_at="2026-11-20T08:00:00+05:30")
    response = khed.post(f"/impoundments/{body['id']}/sale", {
        "proceeds_paise": 500000, "sale_expenses_paise": 10000, "at": "2026-11-30T09:00:00+05:30"})
    assert response.status_code == 200
    assert response.json["surplus_paise"] == 441000
    assert response.json["surplus_deadline"] == "2026-12-15"


def test_sale_for_less_than_the_dues_leaves_no_surplus(khed):
    body = impound(khed, tag="111122223333", seized_at="2026-11-20T08:00:00+05:30")
    response = khed.post(f"/impoundments/{body['id']}/sale", {"proceeds_paise": 20000})
    assert response.json["surplus_paise"] == 0


def test_keeper_may_not_buy_at_the_sale(khed):
    body = impound(khed, tag="111122223333", seized_at="2026-11-20T08:00:00+05:30")
    response = khed.post(f"/impoundments/{body['id']}/sale", {"proceeds_paise": 500000,
                                                              "buyer_phone": "9825000200"})
    assert response.status_code == 422
    assert response.json["field"] == "buyer_phone"
    assert khed.get(f"/impoundments/{body['id']}").json["status"] == "impounded"


def test_tag_already_in_a_pound_is_409(khed):
    impound(khed, tag="111122223333")
    response = khed.post("/impoundments", {"pound": "KHED-1", "kind": "cow", "tag": "1111-2222-3333"})
    assert response.status_code == 409


def test_unknown_pound_is_404(khed):
    assert khed.post("/impoundments", {"pound": "NOPE", "kind": "cow"}).status_code == 404


def test_unknown_impoundment_is_404(khed):
    assert khed.get("/impoundments/999999/dues").status_code == 404
    assert khed.get("/impoundments/abc").status_code == 404


def test_keeper_phone_must_be_this_pounds_keeper(khed):
    response = khed.post("/impoundments", {"pound": "KHED-1", "kind": "cow", "keeper_phone": "9825000100"})
    assert response.status_code == 422 and response.json["field"] == "keeper_phone"


def test_impoundment_timeline_lists_seizure_and_release(khed):
    body = impound(khed, tag="111122223333", seized_at="2026-11-28T08:00:00+05:30")
    khed.post(f"/impoundments/{body['id']}/release", {})
    detail = khed.get(f"/impoundments/{body['id']}").json
    assert [event["type"] for event in detail["timeline"]] == ["seized", "released"]
    assert detail["release"]["days"] == 3


def test_list_impoundments_filters_by_status_and_tag(khed):
    impound(khed, tag="111122223333")
    second = impound(khed, tag="111122224444")
    khed.post(f"/impoundments/{second['id']}/release", {})
    held = khed.get("/impoundments", query_string={"status": "impounded"}).json["impoundments"]
    assert [i["tag"] for i in held] == ["111122223333"]
    by_tag = khed.get("/impoundments", query_string={"tag": "1111 2222 4444"}).json["impoundments"]
    assert [i["status"] for i in by_tag] == ["released"]


def test_reimpounded_within_six_months_makes_the_deposit_forfeit_pending(khed, session):
    # Deposit on 01-06; seized again 29-11 (5 months 28 days): forfeit_pending until the
    # re-seizure's §188(1) complaint deadline, 29-11 + 10 = 09-12 (settled in test_money_*).
    from models.tables import Deposit

    first = impound(khed, tag="111122223333", seized_at="2026-05-31T08:00:00+05:30")
    khed.post(f"/impoundments/{first['id']}/release", {"at": "2026-06-01T09:00:00+05:30"})
    impound(khed, tag="111122224444", seized_at="2026-11-29T08:00:00+05:30")
    deposit = session.query(Deposit).one()
    assert (deposit.status, deposit.forfeited_paise, deposit.forfeit_pending_until) == (
        "forfeit_pending", 0, date(2026, 12, 9))
