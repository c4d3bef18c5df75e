"""SPEC 13.4: the demo data holds a Gujarat village and a Chandigarh-schedule village side by side
in Ahmedabad district (sms_gateway/demo.py): BHAV under Gujarat's Act, MANI under the 1871 Act.
Each answers by its own law, through the API and through SMS (both owners read Hindi). The
clock: 30-11-2026 10:00 IST; the demo seizes each animal its days ago less two hours."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from models.tables import Village
from sms_gateway import demo
from tests.law.packs.trespass_support import ist, sms

MANI_OWNER, BHAV_OWNER = "+919825000008", "+919825000005"
MANI_GOAT, MANI_BUFFALO, BHAV_BUFFALO = "456789012346", "456789012345", "234567890123"


@pytest.fixture
def district(world, session, clock):
    demo.load_trespass_village(session, clock())
    session.commit()
    return world


def held(api) -> dict[str, dict]:
    return {i["tag"]: i for i in api.get("/impoundments").json["impoundments"]}


def test_the_demo_has_both_villages_in_one_district(district, session):
    villages = {v.code: v for v in session.scalars(select(Village))}
    assert (villages["MANI"].law, villages["MANI"].law_schedule, villages["MANI"].district) == (
        "cattle_trespass_1871", "chandigarh", "Ahmedabad")
    assert (villages["BHAV"].law, villages["BHAV"].district) == ("gujarat_panchayats_1993", "Ahmedabad")


def test_loading_the_1871_village_twice_changes_nothing(district, session, clock, api):
    demo.load_trespass_village(session, clock())
    session.commit()
    assert sum(1 for i in api.get("/impoundments").json["impoundments"] if i["pound"] == "MANI-1") == 2


def test_the_1871_goat_past_its_police_report_owes_the_chandigarh_scale(district, api):
    """Seized 21-11 08:00 (9 days 2 hours before 30-11 10:00): 21-11 to 30-11 = 10 days.
    Rs 1,400 + 10 x Rs 300 = Rs 4,400; the police report fell due 28-11 08:00."""
    goat = held(api)[MANI_GOAT]
    dues = api.get(f"/impoundments/{goat['id']}/dues", query_string={"at": ist(30, month=11).isoformat()}).json
    assert (dues["days"], dues["total_paise"], dues["police_report_due"]) == (
        10, 4_400_00, "2026-11-28T08:00:00+05:30")


def test_each_village_answers_fees_by_its_own_law(district, send_twilio):
    """MANI buffalo seized 27-11 08:00: 27-11 to 30-11 = 4 days; Rs 20,000 (s.12) + 4 x Rs 500 =
    Rs 2,000; Rs 22,000; tomorrow Rs 22,500. BHAV buffalo seized 25-11 08:00: 6 days; SAMPLE
    §187 fee Rs 75 + 6 x Rs 50 = Rs 300, not notified: Rs 375; tomorrow Rs 425."""
    assert sms(send_twilio, MANI_OWNER, f"FEES {MANI_BUFFALO}") == (
        f"टैग {MANI_BUFFALO}: जुर्माना रु. 20,000 (धारा 12, बड़े पशु) + चारा-पानी 4 दिन x रु. 500 = रु. 2,000. "
        "आज कुल रु. 22,000. कल रु. 22,500.")
    assert sms(send_twilio, BHAV_OWNER, f"FEES {BHAV_BUFFALO}") == (
        f"टैग {BHAV_BUFFALO}: कांजी शुल्क रु. 75 + 6 दिन x रु. 50 = रु. 300 + जमानत रु. 0. "
        "आज कुल रु. 375. कल रु. 425.")
