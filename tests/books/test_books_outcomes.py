"""The books tell every outcome (SPEC 13.3): a forfeiture on conviction (§183(2)(b)) in Form A and
its CSV, with the owner told; the protest receipt's four weeks (§185(3)) in every village; and
after a §188(3) finding while the animal is held, dues that say the seizer owes, not the owner.
Village DHOL: tests/law/money_support.py (cow: fee Rs 50, Rs 40 a day; 1 head, 1st occasion:
security Rs 200). The clock starts Monday 30-11-2026 10:00 IST."""
from __future__ import annotations

import csv
import io

import pytest

from tests.law.money_support import COW1, KEEPER, OWNER, impound, ist, make_dhol, outbox, sms
from tests.pages.test_dashboard import _worker, sign_in_official  # noqa: F401 (autouse fixture)

TALATI = "+919825000500"


def add_talati(api) -> None:
    api.post("/people", {"phone": TALATI, "name": "Talati", "role": "official", "village": "DHOL", "language": "en"})


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    add_talati(api)
    return api


def register_line(rows: list[dict], tag: str) -> dict:
    [line] = [row for row in rows if tag in row.values()]
    return line


def test_a_forfeiture_on_conviction_leaves_form_a_dated_with_no_money_and_the_owner_is_told(
        dhol, app, client, session, send_twilio, clock, run_worker):
    """Cow 1 seized by the keeper's SMS on 30-11 10:00 (entry 1/2026). Had she been released on
    04-12 it would have cost fee Rs 50 + 5 days x Rs 40 = Rs 250, + security Rs 200 = Rs 450.
    Instead the magistrate convicts the owner on 04-12, recorded 04-12 10:00, and forfeits her to
    the State (§183(2)(b)): Form A, its API CSV and the talati's CSV say "forfeited to the State
    on conviction" dated 04-12-2026 10:00 with Rs 0 fee, Rs 0 expenses, Rs 0 deposit, Rs 0
    taken; Form B of 04-12 moves nothing; the owner gets one SMS saying so."""
    assert "Seized" in sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    cow = dhol.get("/impoundments", query_string={"tag": COW1}).json["impoundments"][0]
    clock.set(ist(2026, 12, 4))
    assert dhol.get(f"/impoundments/{cow['id']}/dues").json["total_paise"] == 45000
    made = dhol.post(f"/impoundments/{cow['id']}/conviction", {"convicted_on": "2026-12-04", "court": "JMFC Dhol"})
    assert made.status_code == 201

    [entry] = dhol.get("/pounds/DHOL-1/register", query_string={"from": "2026-11-30", "to": "2026-12-04"}).json[
        "entries"]
    assert (entry["disposal"], entry["disposed_at"], entry["pound_fee_paise"], entry["expenses_paise"],
            entry["deposit_paise"], entry["money_taken_paise"]) == (
        "forfeited_on_conviction", "2026-12-04T10:00:00+05:30", 0, 0, 0, 0)
    software = dhol.get("/pounds/DHOL-1/register", query_string={"format": "csv"}).data.decode()
    line = register_line(list(csv.DictReader(io.StringIO(software))), COW1)
    assert (line["disposal"], line["disposed_at"], line["money_taken_paise"]) == (
        "forfeited_on_conviction", "2026-12-04T10:00:00+05:30", "0")
    assert dhol.get("/pounds/DHOL-1/accounts", query_string={"from": "2026-12-04", "to": "2026-12-04"}).json[
        "days"] == []

    sign_in_official(client, session, TALATI)
    read = client.get("/books/DHOL-1/register?lang=en&format=csv").get_data(as_text=True)
    line = register_line(list(csv.DictReader(io.StringIO(read))), COW1)
    assert "forfeited to the State on conviction" in line.values()
    assert "04-12-2026 10:00" in line.values()
    page = client.get("/books/DHOL-1/register?lang=en").get_data(as_text=True)
    assert "forfeited to the State on conviction" in page

    run_worker()
    [told] = outbox(app, "forfeited_on_conviction", OWNER)
    assert told.text == (f"Court order (s.183(2)(b)): cow {COW1} was forfeited to the State on 04-12-2026. "
                         "Nothing to pay at the pound; it is not given back or auctioned.")
    assert told.status == "sent"


def protest_receipt(app, api, send_twilio, clock, run_worker) -> str:
    """Cow 1 seized by SMS 30-11 10:00, taken back under protest by SMS on 02-12 10:00."""
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    clock.set(ist(2026, 12, 2))
    reply = sms(send_twilio, KEEPER, f"RELEASE {COW1} PROTEST")
    run_worker()
    [receipt] = outbox(app, "release_receipt", OWNER)
    return reply, receipt.text


def test_a_protest_receipt_names_the_end_of_the_four_weeks_in_a_village_not_notified(
        api, app, send_twilio, clock, run_worker):
    """DHOL notified under §189 only from 01-01-2027, so a seizure of 30-11-2026 takes no security.
    Released under protest 02-12: fee Rs 50 + 3 days (30-11, 01-12, 02-12) x Rs 40 = Rs 170
    deposited (§185(2)); complaint by 30-11 + 10 = 10-12 (§188(1)); the four weeks end
    02-12 + 28 = 30-12 (§185(3)), said on the owner's receipt and the keeper's reply."""
    make_dhol(api, notified_from="2027-01-01")
    reply, receipt = protest_receipt(app, api, send_twilio, clock, run_worker)
    assert receipt.endswith("Deposited Rs 170: fee 50, feeding 3 days 120. Complain to a magistrate by 10-12 "
                            "(s.188). The four weeks after the release end 30-12 (s.185(3)).")
    assert "Four weeks end 30-12-2026 (s.185(3))" in reply


def test_a_protest_receipt_in_a_notified_village_names_the_four_weeks_with_the_security(
        dhol, app, send_twilio, clock, run_worker):
    """DHOL notified: the same release (Rs 170 deposited on 02-12) says the security falls due if
    no complaint is made by 02-12 + 28 = 30-12."""
    _, receipt = protest_receipt(app, dhol, send_twilio, clock, run_worker)
    assert receipt.endswith("Complain to a magistrate by 10-12 (s.188). If no complaint is made by 30-12, a "
                            "security deposit becomes due (s.185(3)).")


def test_after_an_illegal_seizure_while_held_the_dues_say_the_seizer_owes_not_the_owner(
        dhol, client, session, send_twilio, clock):
    """Cow 1 seized by the keeper's SMS 30-11 10:00. Complaint filed 02-12, upheld 04-12 while she
    is held (§188(3)): she goes back free. Days 30-11..04-12 = 5 x Rs 40 = Rs 200 + fee Rs 50 =
    Rs 250: the dues answer keeps total_paise 25000 and says the owner owes 0, the seizer 25000;
    FEES by SMS tells the owner the same, and her page says the Rs 250 is the seizer's. Before the finding the owner owed the total, Rs 450
    with the Rs 200 security on 04-12."""
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    cow = dhol.get("/impoundments", query_string={"tag": COW1}).json["impoundments"][0]
    clock.set(ist(2026, 12, 2))
    dhol.post(f"/impoundments/{cow['id']}/complaint", {"filed_on": "2026-12-02", "by_phone": OWNER})
    clock.set(ist(2026, 12, 4))
    before = dhol.get(f"/impoundments/{cow['id']}/dues").json
    assert (before["total_paise"], before["owner_owes_paise"], before["seizer_owes_paise"],
            before["released_by_court"]) == (45000, 45000, 0, False)
    upheld = dhol.put(f"/impoundments/{cow['id']}/complaint", {"outcome": "upheld", "decided_on": "2026-12-04"})
    assert upheld.status_code == 200
    dues = dhol.get(f"/impoundments/{cow['id']}/dues").json
    assert (dues["total_paise"], dues["pound_fee_paise"], dues["expenses_paise"], dues["security_paise"],
            dues["owner_owes_paise"], dues["seizer_owes_paise"], dues["released_by_court"]) == (
        25000, 5000, 20000, 0, 0, 25000, True)
    assert sms(send_twilio, OWNER, f"FEES {COW1}") == (
        f"Tag {COW1} (cow) was released on the court's order on 04-12 10am (s.188(3)): the owner owes nothing, "
        "the seizer owes Rs 250.")
    sign_in_official(client, session, TALATI)
    page = client.get(f"/impoundments/{cow['id']}?lang=en").get_data(as_text=True)
    section = page[page.index('<section id="dues">'):page.index('<section id="deposit">')]
    assert "Owed by the seizer, not the owner (s.188(3))" in section and "Rs 250" in section


def test_a_sold_animals_page_shows_what_the_sale_met_and_no_security_nobody_deposited(dhol, client, session, clock):
    """Cow 1 seized 30-11 10:00, sold at its auction 07-12 11:00 for Rs 3000: the proceeds met fee
    Rs 50 + 8 days (30-11..07-12) x Rs 40 = Rs 370, surplus Rs 2630 (Form A's figures). Her page
    says Rs 370 met from the sale, fee and days only, beside "No deposit." (no Rs 200 security
    that nobody deposited); the dues answer says the same."""
    cow = impound(dhol, tag=COW1, keeper_phone=KEEPER)
    clock.set(ist(2026, 12, 7, 11, 0))
    assert dhol.post(f"/impoundments/{cow['id']}/sale", {"proceeds_paise": 300000}).json["surplus_paise"] == 263000
    dues = dhol.get(f"/impoundments/{cow['id']}/dues").json
    assert (dues["total_paise"], dues["days"], dues["security_paise"]) == (37000, 8, 0)
    sign_in_official(client, session, TALATI)
    page = client.get(f"/impoundments/{cow['id']}?lang=en").get_data(as_text=True)
    section = page[page.index('<section id="dues">'):page.index('<section id="deposit">')]
    assert "Met from the sale" in section and "Rs 370" in section
    assert "fee Rs 50 + 8 days x Rs 40</span>" in section and "deposit" not in section
    assert "No deposit." in page
