"""earlier, §190 removal orders, §182 keeper approval and the police
(SPEC 11.3). Demo district: AMBA lies in Danta taluka, BHAV in Sanand; clock
Mon 30-11-2026 10:00 IST. An order with deadline 10-12-2026 reminds each
owner on 07-12 and 09-12 at 08:00 IST (02:30 UTC).
"""
from __future__ import annotations

from datetime import datetime, timezone

import pytest
from sqlalchemy import func, select

from models.tables import OutboundMessage, Person, RemovalOrder

MAMLATDAR, POLICE = "+919825000050", "+919825000051"
OWNER_GU, OWNER_EN = "+919825000004", "+919825000006"


@pytest.fixture
def officers(world, api):
    assert api.post("/people", json={"phone": MAMLATDAR, "name": "Mamlatdar Danta", "role": "mamlatdar",
                                     "taluka": "Danta"}).status_code == 201
    assert api.post("/people", json={"phone": POLICE, "name": "HC Solanki", "role": "police",
                                     "village": "AMBA"}).status_code == 201


def order_body(**changes) -> dict:
    body = {"taluka": "Danta", "villages": ["AMBA"], "kind": "non_resident", "owners": [OWNER_GU, OWNER_EN],
            "place": "Gauchar, Hadad", "deadline": "2026-12-10", "mamlatdar_phone": MAMLATDAR,
            # SPEC 12.5: the State's notification of the area; a non-resident owns more than 20 head.
            "notification_ref": "GN/AGR/190/2026", "head_counts": {OWNER_GU: 25, OWNER_EN: 40}}
    return body | changes


def count(session, table) -> int:
    session.expire_all()
    return session.scalar(select(func.count()).select_from(table))


def test_an_order_tells_each_owner_and_schedules_two_reminders(officers, api, session):
    response = api.post("/removal-orders", json=order_body())
    assert response.status_code == 201, response.get_json()
    order = response.get_json()
    assert order["villages"] == ["AMBA"] and [o["phone"] for o in order["owners"]] == [OWNER_GU, OWNER_EN]
    sent = session.scalars(select(OutboundMessage).where(OutboundMessage.to_phone == OWNER_EN,
                                                         OutboundMessage.kind.like("removal%"))
                           .order_by(OutboundMessage.send_after)).all()
    assert [(m.kind, m.send_after) for m in sent] == [
        ("removal_order", datetime(2026, 11, 30, 4, 30, tzinfo=timezone.utc)),
        ("removal_reminder", datetime(2026, 12, 7, 2, 30, tzinfo=timezone.utc)),
        ("removal_reminder", datetime(2026, 12, 9, 2, 30, tzinfo=timezone.utc))]
    assert sent[0].text == (f"Order of the Mamlatdar, Danta (s.190): remove your cattle to Gauchar, Hadad by "
                            f"10-12-2026. Order no. {order['id']}.")
    assert "1 day(s) left" in sent[2].text


def test_compliance_is_recorded_and_cancels_the_owners_reminders(officers, api, session, clock):
    """Deadline 10-12: on 12-12 the police removal of 11-12 (by a Head-Constable) and a fine are
    recorded after it (SPEC 12.5)."""
    order = api.post("/removal-orders", json=order_body()).get_json()
    clock.set(datetime(2026, 12, 12, 4, 30, tzinfo=timezone.utc))
    response = api.put(f"/removal-orders/{order['id']}", json={"owners": [
        {"phone": OWNER_EN, "complied_on": "2026-12-05"},
        {"phone": OWNER_GU, "police_removed_on": "2026-12-11", "police_phone": POLICE, "rank": "head_constable",
         "fine_paise": 500000}]})
    assert response.status_code == 200, response.get_json()
    owners = {o["phone"]: o for o in response.get_json()["owners"]}
    assert owners[OWNER_EN]["complied_on"] == "2026-12-05"
    assert (owners[OWNER_GU]["police_phone"], owners[OWNER_GU]["fine_paise"]) == (POLICE, 500000)
    statuses = session.scalars(select(OutboundMessage.status).where(
        OutboundMessage.kind == "removal_reminder", OutboundMessage.to_phone == OWNER_EN)).all()
    assert statuses == ["cancelled", "cancelled"]


def test_a_fine_over_rs_5000_is_refused_and_changes_nothing(officers, api, session, clock):
    order = api.post("/removal-orders", json=order_body()).get_json()
    clock.set(datetime(2026, 12, 12, 4, 30, tzinfo=timezone.utc))
    response = api.put(f"/removal-orders/{order['id']}", json={"owners": [
        {"phone": OWNER_EN, "complied_on": "2026-12-05"}, {"phone": OWNER_GU, "fine_paise": 500001}]})
    assert response.status_code == 422
    assert response.get_json()["field"] == "owners.1.fine_paise"
    assert all(o["complied_on"] is None and o["fine_paise"] is None
               for o in api.get(f"/removal-orders/{order['id']}").get_json()["owners"])


def test_an_order_for_a_village_outside_the_mamlatdars_taluka_is_refused(officers, api, session):
    before = count(session, OutboundMessage), count(session, RemovalOrder), count(session, Person)
    response = api.post("/removal-orders", json=order_body(villages=["AMBA", "BHAV"], owners=["+919825000088"]))
    assert response.status_code == 422
    assert response.get_json() == {"error": "village BHAV is not in taluka Danta", "field": "villages.1",
                                   "code": "village_outside_taluka",
                                   "message": "આ ગામ એ તાલુકામાં નથી."}   # no Accept-Language: Gujarati
    assert (count(session, OutboundMessage), count(session, RemovalOrder), count(session, Person)) == before


def test_an_order_in_another_talukas_name_is_refused(officers, api):
    response = api.post("/removal-orders", json=order_body(taluka="Sanand", villages=["BHAV"]))
    assert response.status_code == 422 and response.get_json()["field"] == "taluka"


def test_an_order_without_a_mamlatdar_is_the_talukas_or_refused(officers, api):
    body = order_body()
    del body["mamlatdar_phone"]
    assert api.post("/removal-orders", json=body).get_json()["mamlatdar_phone"] == MAMLATDAR
    response = api.post("/removal-orders", json=body | {"taluka": "Sanand", "villages": ["BHAV"]})
    assert response.status_code == 422 and response.get_json()["code"] == "no_mamlatdar"


def test_a_mamlatdar_needs_a_taluka(world, api):
    response = api.post("/people", json={"phone": MAMLATDAR, "role": "mamlatdar"})
    assert response.status_code == 422 and response.get_json()["field"] == "taluka"


def test_the_police_may_not_buy_at_the_auction(officers, api, clock):
    held = api.get("/impoundments?tag=345678901234").get_json()["impoundments"][0]  # seized 9 days ago
    response = api.post(f"/impoundments/{held['id']}/sale", json={"proceeds_paise": 500000,
                                                                   "buyer_phone": POLICE})
    assert response.status_code == 422 and response.get_json()["field"] == "buyer_phone"
    assert api.get(f"/impoundments/{held['id']}").get_json()["status"] == "impounded"


def test_keepers_without_the_tdos_approval_are_flagged_in_get_people(world, api):
    for phone in ("+919825000061", "+919825000062"):
        api.post("/people", json={"phone": phone, "role": "keeper", "village": "AMBA", "pound": "AMBA-1"})
    keepers = {p["phone"]: p for p in api.get("/people?role=keeper").get_json()["people"]}
    assert keepers["+919825000061"]["approved"] is False
    assert keepers["+919825000001"]["approved"] is True   # the demo's sample approval
    response = api.put("/people/+919825000061/approval", json={"approved_on": "2026-04-02",
                                                               "approval_ref": "TDO/DANTA/14"})
    assert response.status_code == 200
    keepers = {p["phone"]: p for p in api.get("/people?role=keeper").get_json()["people"]}
    assert (keepers["+919825000061"]["approved"], keepers["+919825000061"]["approval_ref"]) == (True, "TDO/DANTA/14")
    assert keepers["+919825000062"]["approved"] is False


def test_only_a_keeper_is_approved_by_the_tdo(world, api):
    response = api.put("/people/+919825000003/approval", json={"approved_on": "2026-04-02", "approval_ref": "X"})
    assert response.status_code == 422 and response.get_json()["field"] == "phone"


def test_a_keeper_registered_with_an_approval_keeps_it(world, api):
    response = api.post("/people", json={"phone": "+919825000060", "role": "keeper", "village": "AMBA",
                                         "pound": "AMBA-1", "approved_on": "2026-05-01", "approval_ref": "TDO/7"})
    assert response.status_code == 201
    person = next(p for p in api.get("/people?role=keeper").get_json()["people"] if p["phone"] == "+919825000060")
    assert person["approved_on"] == "2026-05-01"


# ---------------------------------------------------------------- SPEC 12.5: §190 completed


def test_an_order_needs_the_states_notification_of_the_area(officers, api, session):
    """§190(1) "in any local area to which the State Government may, by notification ... apply
    this section": no notification_ref, no order, and nobody is told anything."""
    before = count(session, OutboundMessage)
    body = order_body()
    del body["notification_ref"]
    response = api.post("/removal-orders", json=body)
    assert (response.status_code, response.get_json()["field"]) == (422, "notification_ref")
    assert count(session, OutboundMessage) == before
    assert api.post("/removal-orders", json=order_body()).get_json()["notification_ref"] == "GN/AGR/190/2026"


def test_non_residents_only_with_more_than_20_head_and_residents_never_with_none(officers, api, session):
    """§190(1)(ii): a non-resident owning 20 head is not reached (21 is). §190(1)(a): a resident
    with 0 head has no dry or useless cattle to remove: refused, and no SMS goes to anyone."""
    before = count(session, OutboundMessage)
    twenty = api.post("/removal-orders", json=order_body(head_counts={OWNER_GU: 20, OWNER_EN: 21}))
    assert (twenty.status_code, twenty.get_json()["field"], twenty.get_json()["code"]) == (
        422, "owners.0", "owner_not_reached")
    none = api.post("/removal-orders", json=order_body(kind="resident_dry", head_counts={OWNER_GU: 0, OWNER_EN: 2}))
    assert (none.status_code, none.get_json()["field"]) == (422, "owners.0")
    assert count(session, OutboundMessage) == before
    made = api.post("/removal-orders", json=order_body(kind="resident_dry", head_counts={OWNER_GU: 1, OWNER_EN: 2}))
    assert [o["head_count"] for o in made.get_json()["owners"]] == [1, 2]


def test_police_removal_and_fine_only_after_the_deadline_and_by_a_head_constable(officers, api, clock):
    """Deadline 10-12-2026. On 10-12 (the last day given to the owner) a police removal and a
    fine are refused (409, before_deadline). On 11-12 a removal by a constable is refused (422:
    §190(2) "not below the rank of Head-Constable"); by a sub-inspector it is recorded, and the
    Rs 5,000 fine with it."""
    order = api.post("/removal-orders", json=order_body()).get_json()
    clock.set(datetime(2026, 12, 10, 6, 0, tzinfo=timezone.utc))
    early = api.put(f"/removal-orders/{order['id']}", json={"owners": [
        {"phone": OWNER_GU, "police_removed_on": "2026-12-10", "police_phone": POLICE, "rank": "head_constable"}]})
    assert (early.status_code, early.get_json()["code"]) == (409, "before_deadline")
    fine = api.put(f"/removal-orders/{order['id']}", json={"owners": [{"phone": OWNER_GU, "fine_paise": 500000}]})
    assert (fine.status_code, fine.get_json()["field"]) == (409, "owners.0.fine_on")
    clock.set(datetime(2026, 12, 11, 6, 0, tzinfo=timezone.utc))
    constable = api.put(f"/removal-orders/{order['id']}", json={"owners": [
        {"phone": OWNER_GU, "police_removed_on": "2026-12-11", "police_phone": POLICE, "rank": "constable"}]})
    assert (constable.status_code, constable.get_json()["field"]) == (422, "owners.0.rank")
    done = api.put(f"/removal-orders/{order['id']}", json={"owners": [
        {"phone": OWNER_GU, "police_removed_on": "2026-12-11", "police_phone": POLICE, "rank": "sub_inspector",
         "fine_paise": 500000}]})
    owner = next(o for o in done.get_json()["owners"] if o["phone"] == OWNER_GU)
    assert (owner["rank"], owner["police_removed_on"], owner["fine_paise"], owner["fine_on"]) == (
        "sub_inspector", "2026-12-11", 500000, "2026-12-11")
