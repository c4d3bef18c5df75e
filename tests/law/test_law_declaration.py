"""§185(3), SPEC 12.5: after a release under protest, the declaration and security; the notice
that they are due (at once on a dismissal, the morning after the four weeks if no complaint);
and the re-seizure for want of them, which asks for the security alone and starts no new fee or
auction clock. Village DHOL: tests/money_support.py."""
from __future__ import annotations

import html

import pytest

from tests.law.money_support import COW1, KEEPER, OWNER, deposits, impound, ist, make_dhol, outbox, sms
from tests.pages.test_dashboard import _worker, sign_in_official  # noqa: F401 (autouse fixture)

TALATI = "+919825000500"


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    return api


def test_api_reseizure_for_want_of_the_declaration_asks_rs_200_and_starts_no_clock(dhol, app, clock, dispatch):
    """Cow 1 seized by API 30-11 10:00 naming no keeper, released under protest the same day:
    fee Rs 50 + 1 day Rs 40 = Rs 90 deposited; four weeks end 30-11 + 28 = 28-12. No complaint.
    On 28-12 a re-seizure is refused (not due yet). On 29-12 08:00 the dispatcher tells the owner
    AND the pound's keeper (the impoundment names none) that security Rs 200 is due (1 head, 1st
    time). Re-seized 29-12 10:00 (reason s185_3): dues fee Rs 0 + expenses Rs 0 + security Rs 200
    = Rs 200 (not a new impoundment's Rs 50 + Rs 40 + Rs 500 as a 2nd occasion = Rs 590); no new
    claim window (claim deadline = the re-seizure), and no sale until an official fixes an auction."""
    cow = impound(dhol, tag=COW1)
    dhol.post(f"/impoundments/{cow['id']}/release", {"under_protest": True})
    clock.set(ist(2026, 12, 28))
    early = dhol.post("/impoundments", {"pound": "DHOL-1", "kind": "cow", "tag": COW1, "reason": "s185_3"})
    assert (early.status_code, early.json["code"]) == (409, "security_not_due")
    clock.set(ist(2026, 12, 29, 8, 0))
    dispatch()
    [owner_notice] = outbox(app, "security_due", OWNER)
    assert "security Rs 200" in owner_notice.text
    [keeper_notice] = outbox(app, "security_due", KEEPER)
    assert keeper_notice.text == (f"Cow {COW1} (receipt {cow['receipt']}) was released under protest; 4 weeks ended "
                                  "28-12-2026. Require declaration and security Rs 200, or seize it again (s.185(3)).")
    clock.set(ist(2026, 12, 29, 10, 0))
    again = dhol.post("/impoundments", {"pound": "DHOL-1", "kind": "cow", "tag": COW1, "reason": "s185_3"})
    assert again.status_code == 201
    body = again.json
    assert (body["reason"], body["reseizure_of"], body["claim_deadline"]) == ("s185_3", cow["id"], body["seized_at"])
    dues = dhol.get(f"/impoundments/{body['id']}/dues").json
    assert (dues["pound_fee_paise"], dues["expenses_paise"], dues["security_paise"], dues["total_paise"]) == (
        0, 0, 20000, 20000)
    clock.set(ist(2027, 1, 10, 11, 0))
    sale = dhol.post(f"/impoundments/{body['id']}/sale", {"proceeds_paise": 300000})
    assert (sale.status_code, sale.json["code"]) == (409, "no_auction_fixed")
    assert outbox(app, "claim_reminder", OWNER) == []


def test_sms_reseizure_and_release_record_the_declaration_and_the_rs_200_deposit(dhol, app, send_twilio, clock, api):
    """SMS: SEIZE and RELEASE … PROTEST on 30-11 (Rs 90). On 29-12 10:00 the keeper sends
    `SEIZE <tag> cow DECLARATION`: seized again for the declaration; collect security Rs 200.
    RELEASE the same day: Collect Rs 200: security Rs 200 (no fee, no feeding days). A Rs 200
    held deposit; the first release now carries the declaration (29-12-2026)."""
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    sms(send_twilio, KEEPER, f"RELEASE {COW1} PROTEST")
    clock.set(ist(2026, 12, 29, 10, 0))
    reply = sms(send_twilio, KEEPER, f"SEIZE {COW1} cow DECLARATION")
    assert reply.startswith(f"Seized {COW1} again for the declaration (s.185(3)), receipt ")
    assert "collect security Rs 200 and the declaration" in reply
    assert sms(send_twilio, KEEPER, f"RELEASE {COW1}") == (
        f"Released {COW1}. Collect Rs 200: security Rs 200, declaration made (s.185(3)).")
    [deposit] = deposits(app)
    assert (deposit.amount_paise, deposit.status) == (20000, "held")
    first = [i for i in api.get("/impoundments", query_string={"tag": COW1}).json["impoundments"] if not i["reason"]][0]
    assert api.get(f"/impoundments/{first['id']}").json["release"]["declared_on"] == "2026-12-29"


def test_declaration_recorded_by_api_takes_the_security_and_stops_the_notice(dhol, app, clock, dispatch):
    """Released under protest 30-11 (Rs 90). On 10-12 the owner makes the declaration and
    deposits the security: Rs 200 (1 head, 1st time); Rs 150 is refused (422, names Rs 200).
    A deposit of Rs 200 is held from 10-12 (refund date 10-06-2027), Form B books it on 10-12
    as a security deposit, and on 29-12 no security_due notice goes out."""
    cow = impound(dhol, tag=COW1, keeper_phone=KEEPER)
    dhol.post(f"/impoundments/{cow['id']}/release", {"under_protest": True})
    clock.set(ist(2026, 12, 10))
    wrong = dhol.post(f"/impoundments/{cow['id']}/declaration", {"declared_on": "2026-12-10", "security_paise": 15000})
    assert (wrong.status_code, wrong.json["field"], wrong.json["error"]) == (
        422, "security_paise", "the security due is 20000 paise")
    made = dhol.post(f"/impoundments/{cow['id']}/declaration", {"declared_on": "2026-12-10", "security_paise": 20000})
    assert made.status_code == 201
    [deposit] = made.json["deposits"]
    assert (deposit["amount_paise"], deposit["status"], deposit["refund_date"]) == (20000, "held", "2027-06-10")
    again = dhol.post(f"/impoundments/{cow['id']}/declaration", {"declared_on": "2026-12-10", "security_paise": 20000})
    assert again.status_code == 409
    books = dhol.get("/pounds/DHOL-1/accounts", query_string={"from": "2026-12-10", "to": "2026-12-10"}).json
    assert books["receipts"]["security_deposits"] == 20000
    clock.set(ist(2026, 12, 29, 8, 0))
    dispatch()
    assert outbox(app, "security_due") == []


def test_a_dismissed_complaint_makes_the_security_due_at_once(dhol, app, clock):
    """Released under protest 30-11; complaint filed 02-12, dismissed 05-12 (before the four
    weeks end on 28-12): owner and keeper are told on 05-12 that the declaration and security
    Rs 200 are due now ("the seizure is declared to be lawful", §185(3))."""
    cow = impound(dhol, tag=COW1, keeper_phone=KEEPER)
    dhol.post(f"/impoundments/{cow['id']}/release", {"under_protest": True})
    clock.set(ist(2026, 12, 2))
    dhol.post(f"/impoundments/{cow['id']}/complaint", {"filed_on": "2026-12-02"})
    clock.set(ist(2026, 12, 5))
    dhol.put(f"/impoundments/{cow['id']}/complaint", {"outcome": "dismissed", "decided_on": "2026-12-05"})
    [owner_notice] = outbox(app, "security_due", OWNER)
    assert owner_notice.text == (f"Cow {COW1}: the court found the seizure lawful. Deposit security Rs 200 at the pound "
                                 "and make the declaration of ownership, or the animal may be seized again (s.185(3)).")
    assert len(outbox(app, "security_due", KEEPER)) == 1


def test_declaration_form_takes_the_scales_rs_200_and_holds_the_deposit(dhol, app, client, session, clock):
    """Cow 1 seized 30-11 10:00, released under protest the same day: fee Rs 50 + 1 day x Rs 40 =
    Rs 90 deposited (§185(2)). On 10-12 the talati records the declaration in the browser. The
    scale asks 1 head, 1st occasion: Rs 200 per head x 1 = Rs 200; Rs 150 typed is refused beside
    the security field naming Rs 200, nothing saved. Rs 200: recorded, a Rs 200 deposit held from
    10-12, refundable six months on, 10-06-2027 (§189(2)); the release carries declared_on 10-12."""
    cow = impound(dhol, tag=COW1, keeper_phone=KEEPER)
    assert dhol.post(f"/impoundments/{cow['id']}/release", {"under_protest": True}).json["total_paise"] == 9000
    clock.set(ist(2026, 12, 10))
    dhol.post("/people", {"phone": TALATI, "name": "Talati", "role": "official", "village": "DHOL",
                          "language": "en"})
    token = sign_in_official(client, session, TALATI)
    status, page = post_form(client, token, "declaration", tag=COW1, security="150", declared_on="2026-12-10")
    assert status == 422
    assert '<span class="field-error" id="security-error">The security due is Rs 200 (s.185(3) with s.189(1)).' \
        in page
    assert deposits(app) == []
    status, page = post_form(client, token, "declaration", tag=COW1, security="200", declared_on="2026-12-10")
    assert status == 200, page
    assert f"Declaration and security Rs 200 recorded (receipt {cow['receipt']})." in page
    [deposit] = deposits(app)
    assert (deposit.amount_paise, deposit.status, deposit.refund_date.isoformat()) == (20000, "held", "2027-06-10")
    assert dhol.get(f"/impoundments/{cow['id']}").json["release"]["declared_on"] == "2026-12-10"


def post_form(client, token: str, slug: str, **values):
    """A staff form posted as the browser posts it; the status and the page's text."""
    response = client.post(f"/records/{slug}?lang=en", data={"csrf_token": token, **values})
    return response.status_code, html.unescape(response.get_data(as_text=True))


@pytest.mark.parametrize("lang,words", [("gu", "ફક્ત વાંધા સાથે છોડાવેલા ઢોર માટે એકરારનામું થાય (કલમ 185(3))."),
                                        ("hi", "घोषणा-पत्र केवल आपत्ति के साथ छुड़ाए गए पशु का होता है (धारा 185(3)).")])
def test_declaration_form_for_a_cow_still_held_says_why_in_the_readers_language(dhol, app, client, session, lang,
                                                                                 words):
    """Cow 1 seized 30-11 and still held (no release under protest): the declaration form refuses
    it with the reason in the talati's language, the tag kept as typed, no deposit taken."""
    impound(dhol, tag=COW1, keeper_phone=KEEPER)
    dhol.post("/people", {"phone": TALATI, "name": "Talati", "role": "official", "village": "DHOL",
                          "language": "en"})
    token = sign_in_official(client, session, TALATI)
    response = client.post(f"/records/declaration?lang={lang}", data={"csrf_token": token, "tag": COW1,
                                                                        "security": "200"})
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422  # the form page answers every refusal so
    assert words in page and f'value="{COW1}"' in page
    assert deposits(app) == []
