"""§183(2)(b) and §186(1), SPEC 12.5: cattle forfeited to the State on a conviction leave the
pound as such; a surplus is paid on the proof of ownership an authorised officer accepted.
Village DHOL: tests/law/money_support.py."""
from __future__ import annotations

import html

import pytest

from tests.law.money_support import COW1, KEEPER, OWNER, impound, ist, make_dhol, sms
from tests.pages.test_dashboard import _worker, sign_in_official  # noqa: F401 (autouse fixture)

TALATI = "+919825000500"


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    api.post("/people", {"phone": TALATI, "name": "Talati", "role": "official", "village": "DHOL", "language": "en"})
    return api


def test_conviction_forfeits_the_held_animal_to_the_state(dhol, send_twilio, clock):
    """Cow 1 seized 30-11 10:00 by SMS; on 04-12 the magistrate convicts the owner and forfeits
    the cow (§183(2)(b)): it leaves the pound as forfeited_on_conviction, nothing is collected (Form
    B 04-12 empty), it cannot be released or sold, and FIND says where it went. A conviction dated
    before the seizure is refused (422, convicted_on)."""
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    cow = dhol.get("/impoundments", query_string={"tag": COW1}).json["impoundments"][0]
    clock.set(ist(2026, 12, 4))
    early = dhol.post(f"/impoundments/{cow['id']}/conviction", {"convicted_on": "2026-11-29"})
    assert (early.status_code, early.json["field"]) == (422, "convicted_on")
    made = dhol.post(f"/impoundments/{cow['id']}/conviction", {"convicted_on": "2026-12-04", "court": "JMFC Dhol"})
    assert (made.status_code, made.json["status"]) == (201, "forfeited_on_conviction")
    assert sms(send_twilio, KEEPER, f"RELEASE {COW1}") == f"Tag {COW1} is not in the pound now. Nothing recorded."
    assert sms(send_twilio, OWNER, f"FIND {COW1}") == (
        f"Tag {COW1} (cow) was forfeited to the State on a conviction on 04-12 10am (s.183(2)(b)): it is no "
        "longer held.")
    books = dhol.get("/pounds/DHOL-1/accounts", query_string={"from": "2026-12-04", "to": "2026-12-04"}).json
    assert books["days"] == []
    listed = dhol.get("/impoundments", query_string={"status": "forfeited_on_conviction"}).json["impoundments"]
    assert [i["tag"] for i in listed] == [COW1]


def test_surplus_payment_names_the_officer_who_accepted_the_proof(dhol, clock):
    """Cow 1 seized 30-11 10:00, sold at its auction 07-12 11:00 for Rs 3000: fee Rs 50 + 8 days
    x Rs 40 = Rs 370, surplus Rs 2630. On 08-12 it is paid to the owner on the proof the talati
    accepted (§186(1)); a keeper named as the accepting officer is refused (422, accepted_by)."""
    cow = impound(dhol, tag=COW1)
    clock.set(ist(2026, 12, 7, 11, 0))
    dhol.post(f"/impoundments/{cow['id']}/sale", {"proceeds_paise": 300000})
    clock.set(ist(2026, 12, 8))
    keeper = dhol.post(f"/impoundments/{cow['id']}/surplus-payment", {"to_phone": OWNER, "accepted_by": KEEPER})
    assert (keeper.status_code, keeper.json["field"]) == (422, "accepted_by")
    paid = dhol.post(f"/impoundments/{cow['id']}/surplus-payment", {"to_phone": OWNER, "accepted_by": TALATI})
    assert (paid.status_code, paid.json["surplus_paise"], paid.json["surplus_accepted_by"]) == (200, 263000, TALATI)


def test_conviction_form_forfeits_the_held_cow_to_the_state_with_nothing_collected(dhol, client, session, clock):
    """Cow 1 seized 30-11 10:00. On 04-12 her release would ask fee Rs 50 + 5 days (30-11 to 04-12)
    x Rs 40 = Rs 250, + security Rs 200 (1 head, 1st occasion) = Rs 450; the magistrate instead
    convicts the owner and forfeits her (§183(2)(b)). In the browser a
    conviction dated 29-11 (before the seizure) is refused beside its date, nothing saved; dated
    04-12 at "JMFC Dhol" she leaves the pound as forfeited_on_conviction, Rs 0 collected: Form B of
    04-12 has no entry."""
    cow = impound(dhol, tag=COW1, keeper_phone=KEEPER)
    clock.set(ist(2026, 12, 4))
    assert dhol.get(f"/impoundments/{cow['id']}/dues").json["total_paise"] == 25000 + 20000  # with security Rs 200
    token = sign_in_official(client, session, TALATI)
    status, page = post_form(client, token, "conviction", tag=COW1, convicted_on="2026-11-29")
    assert status == 422
    assert '<span class="field-error" id="convicted_on-error">The conviction date must lie between the seizure and ' \
        'today.' in page
    assert dhol.get(f"/impoundments/{cow['id']}").json["status"] == "impounded"
    status, page = post_form(client, token, "conviction", tag=COW1, convicted_on="2026-12-04", court="JMFC Dhol")
    assert status == 200, page
    assert f"Forfeited to the State on the conviction; it has left the pound (receipt {cow['receipt']})." in page
    assert dhol.get(f"/impoundments/{cow['id']}").json["status"] == "forfeited_on_conviction"
    books = dhol.get("/pounds/DHOL-1/accounts", query_string={"from": "2026-12-04", "to": "2026-12-04"}).json
    assert books["days"] == []


def post_form(client, token: str, slug: str, **values):
    """A staff form posted as the browser posts it; the status and the page's text."""
    response = client.post(f"/records/{slug}?lang=en", data={"csrf_token": token, **values})
    return response.status_code, html.unescape(response.get_data(as_text=True))
