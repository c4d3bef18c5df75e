"""item 1, the keeper's part ("keeper: own pound"), and the seizer on
the seizure form, through the Flask client.

A keeper signs in with the same one-time SMS code as an official (earlier's
properties kept: the same answer for every phone, the worker decides, the
generation moves on at sign-out) and then sees and records only his own
pound's animals: the dashboard, the impoundment pages and the seizure,
release and sale forms of his pound; everything else is 403.
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from handlers.pound import admin
from handlers.pound import records
from models import queries
from models.tables import OutboundMessage
from tests.pages.test_dashboard import (# noqa: F401 (_worker: the autouse fixture that drains the code's job)
    KEEPER, OWNER_GU, _worker, csrf_token, sign_in_admin, sign_in_official, without_token)

BHAV_KEEPER = "+919825000002"
SEIZER = "+919825077777"


def impoundment_id(session, tag: str) -> int:
    return queries.impoundment_by_tag(session, tag).id


@pytest.fixture
def second_amba_pound(session, world, clock):
    """AMBA-2, another pound of the same village, holding one cow."""
    village = queries.village_by_code(session, "AMBA")
    pound = admin.create_pound(session, village, code="AMBA-2", name="Ambaji second pound")
    session.flush()
    records.seize(session, pound=pound, kind="cow", tags=["555566667777"], now=clock(),
                  seized_at=clock() - timedelta(hours=3))
    session.commit()
    return pound


def test_a_keeper_signs_in_with_the_same_one_time_code_as_an_official(client, session, world):
    sign_in_official(client, session, KEEPER)
    page = client.get("/?lang=en")
    assert page.status_code == 200
    assert "રમેશ પટેલ" in page.get_data(as_text=True)


def test_the_code_form_answers_a_keeper_and_a_stranger_alike(client, session, world):
    answers = []
    for phone in (KEEPER, "+919811100000"):
        response = client.post("/signin/code", data={"csrf_token": csrf_token(client), "phone": phone})
        answers.append((response.status_code, without_token(response.get_data(as_text=True)).replace(phone, "")))
    assert answers[0] == answers[1]


def test_a_keepers_dashboard_shows_his_pound_only_and_no_outbox_nor_broadcast(client, session, world,
                                                                                second_amba_pound):
    sign_in_official(client, session, KEEPER)
    html = client.get("/?lang=en").get_data(as_text=True)
    assert 'data-tag="123456789012"' in html and 'data-tag="345678901234"' in html  # AMBA-1's cow and bullock
    assert 'data-tag="555566667777"' not in html  # AMBA-2, same village, not his pound
    assert 'data-tag="234567890123"' not in html  # BHAV's buffalo
    assert 'id="outbox"' not in html and 'id="broadcast"' not in html


def test_a_keeper_opens_his_own_pounds_impoundment_and_not_another_pounds(client, session, world,
                                                                          second_amba_pound):
    sign_in_official(client, session, KEEPER)
    assert client.get(f"/impoundments/{impoundment_id(session, '123456789012')}").status_code == 200
    assert client.get(f"/impoundments/{impoundment_id(session, '555566667777')}").status_code == 403
    assert client.get(f"/impoundments/{impoundment_id(session, '234567890123')}").status_code == 403


@pytest.mark.parametrize("path", ["/records/owner", "/records/animal", "/records/staff", "/records/village",
                                  "/records/pound", "/records/pound-fee", "/records/daily-rate",
                                  "/records/security-scale", "/records/surplus-payment", "/records/deposit-refund",
                                  "/records/complaint", "/records/complaint-outcome", "/broadcast", "/costs",
                                  "/books", "/books/AMBA-1/register", "/simulator"])
def test_a_keeper_is_refused_every_page_that_is_not_his_pounds_records(client, session, world, path):
    sign_in_official(client, session, KEEPER)
    assert client.get(path).status_code == 403


def test_a_keeper_may_use_the_seizure_release_and_sale_forms_only(client, session, world):
    token = sign_in_official(client, session, KEEPER)
    html = client.get("/records?lang=en").get_data(as_text=True)
    links = {slug for slug in ("seizure", "release", "sale", "refused-sale", "owner", "daily-rate", "complaint")
             if f'href="/records/{slug}"' in html}
    assert links == {"seizure", "release", "sale", "refused-sale"}
    assert client.post("/broadcast", data={"csrf_token": token, "text": "hello"}).status_code == 403


def test_a_keepers_seizure_form_offers_only_his_pound_and_refuses_another(client, session, world):
    token = sign_in_official(client, session, KEEPER)
    html = client.get("/records/seizure").get_data(as_text=True)
    assert 'value="AMBA-1"' in html and 'value="BHAV-1"' not in html
    response = client.post("/records/seizure", data={"csrf_token": token, "pound": "BHAV-1", "kind": "cow",
                                                      "tag": "888877776666"})
    assert response.status_code == 403
    session.rollback()
    assert queries.impoundment_by_tag(session, "888877776666") is None


def test_a_keeper_cannot_release_another_pounds_animal_from_the_form(client, session, world):
    token = sign_in_official(client, session, KEEPER)
    response = client.post("/records/release", data={"csrf_token": token, "tag": "234567890123", "mode": "normal"})
    assert response.status_code == 403
    session.rollback()
    assert queries.impoundment_by_tag(session, "234567890123").status == "impounded"


def test_a_keepers_seizure_is_his_at_his_pound_and_the_seizer_gets_the_register_copy(client, session, world):
    token = sign_in_official(client, session, KEEPER)
    response = client.post("/records/seizure?lang=en", data={
        "csrf_token": token, "pound": "AMBA-1", "kind": "cow", "tag": "888877776666",
        "seizer": "98250 77777", "place": "by the tank"})
    assert response.status_code == 200
    session.rollback()
    made = queries.impoundment_by_tag(session, "888877776666")
    keeper = queries.person_by_phone(session, KEEPER)
    assert (made.pound.code, made.keeper_id, made.seizure.seizer_phone, made.seizure.place) == (
        "AMBA-1", keeper.id, SEIZER, "by the tank")
    copy = session.scalars(select(OutboundMessage).where(OutboundMessage.to_phone == SEIZER)).one()
    assert copy.kind == "register_copy" and made.register_serial is not None
    assert f"{made.register_serial}/{made.register_year}" in copy.text


def test_a_seizer_phone_that_is_not_a_phone_stands_beside_its_field_and_nothing_is_recorded(client, session, world):
    token = sign_in_admin(client)
    response = client.post("/records/seizure?lang=en", data={
        "csrf_token": token, "pound": "AMBA-1", "kind": "cow", "tag": "888877776666",
        "seizer": "12345", "place": "by the tank"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Not a phone number, so the seizer could not get the register copy" in html
    assert 'value="12345"' in html and 'value="by the tank"' in html and 'value="888877776666"' in html
    session.rollback()
    assert queries.impoundment_by_tag(session, "888877776666") is None


def test_the_impoundment_page_shows_the_register_entry_the_seizer_and_the_place(client, session, world):
    token = sign_in_admin(client)
    client.post("/records/seizure", data={"csrf_token": token, "pound": "AMBA-1", "kind": "cow",
                                          "tag": "888877776666", "seizer": SEIZER, "place": "Ambaji bus stand"})
    session.rollback()
    made = queries.impoundment_by_tag(session, "888877776666")
    html = client.get(f"/impoundments/{made.id}?lang=en").get_data(as_text=True)
    assert f"Register entry {made.register_serial}/{made.register_year}" in html
    assert SEIZER in html and "Ambaji bus stand" in html


def test_a_keeper_moved_to_another_pound_loses_his_session(client, session, world):
    sign_in_official(client, session, KEEPER)
    keeper = queries.person_by_phone(session, KEEPER)
    keeper.pound_id = admin.require_pound(session, "BHAV-1").id
    session.commit()
    assert client.get("/").status_code == 302


def test_a_copied_keeper_cookie_stops_working_at_sign_out(app, client, session, world):
    token = sign_in_official(client, session, KEEPER)
    stolen = app.test_client()
    stolen.set_cookie("session", client.get_cookie("session").value)
    assert stolen.get("/").status_code == 200
    client.post("/signout", data={"csrf_token": token})
    assert stolen.get("/").status_code == 302


def test_an_owner_still_gets_no_code_and_no_session(client, session, world, run_worker):
    token = csrf_token(client)
    client.post("/signin/code", data={"csrf_token": token, "phone": OWNER_GU})
    run_worker()
    session.rollback()
    assert session.scalars(select(OutboundMessage).where(OutboundMessage.to_phone == OWNER_GU,
                                                         OutboundMessage.kind == "reply")).all() == []
    assert client.get("/").status_code == 302
