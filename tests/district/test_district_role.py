"""The Taluka Development Officer (SPEC 13.3): a read-only role `taluka`, registered through the
admin API with his taluka, signed in by phone like an official, at home on the district view."""
from __future__ import annotations

from sqlalchemy import select

from models.tables import Person
from tests.district.scenario import sign_in_by_phone
from tests.pages.test_dashboard import _worker  # noqa: F401 (the worker that sends the sign-in code)

TDO = "+919825000501"


def test_a_taluka_officer_is_registered_with_his_taluka(api, world):
    response = api.post("/people", {"phone": "9825000501", "name": "TDO Sanand", "role": "taluka",
                                    "taluka": " Sanand ", "language": "en"})
    assert response.status_code == 201
    body = response.get_json()
    assert (body["role"], body["taluka"], body["village"], body["phone"]) == ("taluka", "Sanand", None, TDO)


def test_a_taluka_officer_without_a_taluka_is_refused_naming_the_field(api, world, session):
    response = api.post("/people", {"phone": TDO, "name": "TDO", "role": "taluka", "language": "en"})
    assert response.status_code == 422
    assert response.get_json()["field"] == "taluka"
    assert session.scalars(select(Person).where(Person.phone == TDO)).first() is None


def test_a_taluka_officer_is_not_bound_to_a_village(api, world):
    response = api.post("/people", {"phone": TDO, "role": "taluka", "taluka": "Sanand", "village": "BHAV"})
    assert response.status_code == 422
    assert response.get_json()["field"] == "village"


def test_the_refusal_says_what_to_write_in_the_reader_s_language(api, world):
    response = api.client.post("/api/v1/people", json={"phone": TDO, "role": "taluka"},
                               headers={**api.headers, "Accept-Language": "gu"})
    assert response.status_code == 422
    assert response.get_json()["message"] == "તાલુકા વિકાસ અધિકારીનો તાલુકો લખો."


def test_a_taluka_officer_signs_in_by_phone_and_lands_on_the_district_view(api, client, session, world):
    api.post("/people", {"phone": TDO, "name": "TDO Sanand", "role": "taluka", "taluka": "Sanand", "language": "en"})
    sign_in_by_phone(client, session, TDO)
    response = client.get("/")
    assert response.status_code == 302 and response.headers["Location"].endswith("/district")
    page = client.get("/district").get_data(as_text=True)
    assert "TDO Sanand" in page and 'data-taluka="Sanand"' in page and 'data-taluka="Danta"' not in page


def test_a_taluka_officer_moved_to_another_taluka_is_signed_out(api, client, session, world):
    api.post("/people", {"phone": TDO, "name": "TDO", "role": "taluka", "taluka": "Sanand", "language": "en"})
    sign_in_by_phone(client, session, TDO)
    person = session.scalars(select(Person).where(Person.phone == TDO)).one()
    person.taluka = "Danta"
    session.commit()
    response = client.get("/district")
    assert response.status_code == 302 and "/signin" in response.headers["Location"]


def test_the_demo_s_taluka_officer_reads_sanand_s_two_villages(client, session, world, clock):
    """`flask demo` loads the Sanand officer (safe twice), who sees Bhavpur and Mani Majra."""
    for _ in range(2):
        world.load_trespass_village(session, clock())
        world.load_taluka_officer(session, clock())
    session.commit()
    phone = world.TALUKA_OFFICER[0]
    assert len(session.scalars(select(Person).where(Person.phone == phone)).all()) == 1
    sign_in_by_phone(client, session, phone)
    page = client.get("/district").get_data(as_text=True)
    assert 'data-village="BHAV"' in page and 'data-village="MANI"' in page and 'data-village="AMBA"' not in page
