"""earlier, the register of impounded cattle (Form A, Cattle Pounds Rules
r.3; SPEC 11.2): serial numbers per pound per year, the seizer recorded by
`SEIZE <tag> <kind> BY <phone> [note]` (SMS) and `seizer_phone` (API), the
seizer's copy by SMS (`register_copy`), and the register as JSON and CSV.

Demo district, clock Mon 30-11-2026 10:00 IST. The demo put two animals in
AMBA-1 (entries 1/2026 and 2/2026), so the next entry is 3/2026.
"""
from __future__ import annotations

import csv
import io

from sqlalchemy import func, select

from models.tables import Impoundment, OutboundMessage, Seizure

AMBA_KEEPER, EN_OWNER = "+919825000001", "+919825000006"
SEIZER = "+919825000099"


def count(session, table) -> int:
    return session.scalar(select(func.count()).select_from(table))


def test_seize_by_phone_records_the_seizer_and_sends_the_register_copy(world, send, session):
    send(AMBA_KEEPER, "SEIZE 111111111111 gay BY 98250 00099 near the bus stand")
    session.expire_all()
    impoundment = session.scalars(select(Impoundment).where(Impoundment.tag == "111111111111")).one()
    assert (impoundment.register_serial, impoundment.register_year) == (3, 2026)
    assert impoundment.seizure.seizer_phone == SEIZER
    assert impoundment.note == "near the bus stand"
    copy = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "register_copy")).one()
    assert copy.to_phone == SEIZER
    # A stranger seizer is answered in the village's language (AMBA: gu).
    assert "3/2026" in copy.text and "111111111111" in copy.text and copy.language == "gu"
    assert "અંબાજી નં.1" in copy.text   # the pound as a Gujarati reader names it, not its registered English name


def test_a_by_phone_that_is_not_a_phone_is_refused_and_changes_nothing(world, send, session):
    not_replies = select(func.count()).select_from(OutboundMessage).where(OutboundMessage.kind != "reply")
    before, messages = count(session, Impoundment), session.scalar(not_replies)
    reply = send(AMBA_KEEPER, "SEIZE 111111111111 cow BY 98250abc")
    assert reply.startswith("BY પછીનો નંબર ફોન નંબર નથી") and "કંઈ નોંધાયું નથી" in reply
    session.expire_all()
    assert count(session, Impoundment) == before
    assert session.scalar(not_replies) == messages


def test_by_and_words_is_an_ordinary_note(world, send, session):
    send(AMBA_KEEPER, "SEIZE 111111111111 cow by the well")
    session.expire_all()
    impoundment = session.scalars(select(Impoundment).where(Impoundment.tag == "111111111111")).one()
    assert (impoundment.note, impoundment.seizure.seizer_phone) == ("by the well", None)


def test_the_api_records_seizer_and_place_and_numbers_entries_per_pound_per_year(world, api, session):
    made = api.post("/impoundments", json={"pound": "AMBA-1", "kind": "goat", "tag": "555555555555",
                                           "seizer_phone": "9825000099", "place": "Ambaji temple road"})
    assert made.status_code == 201, made.get_json()
    assert (made.get_json()["register_serial"], made.get_json()["register_year"]) == (3, 2026)
    # A paper register entered late, for last year: serial 1 of 2025.
    late = api.post("/impoundments", json={"pound": "AMBA-1", "kind": "cow", "seized_at": "2025-12-30T09:00:00+05:30"})
    assert (late.get_json()["register_serial"], late.get_json()["register_year"]) == (1, 2025)
    # Another pound has its own numbers: BHAV-1 had one demo entry.
    other = api.post("/impoundments", json={"pound": "BHAV-1", "kind": "cow"})
    assert other.get_json()["register_serial"] == 2
    copy = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "register_copy")).one()
    assert copy.to_phone == SEIZER and "Ambaji temple road" in copy.text


def test_the_api_refuses_a_seizer_phone_that_is_not_a_phone(world, api, session):
    before = count(session, Seizure)
    response = api.post("/impoundments", json={"pound": "AMBA-1", "kind": "goat", "seizer_phone": "not-a-phone"})
    assert response.status_code == 422 and response.get_json()["field"] == "seizer_phone"
    assert count(session, Seizure) == before


def test_register_json_lists_every_entry_with_disposal_and_money(world, api, send, clock):
    send(AMBA_KEEPER, "SEIZE 111111111111 gay BY 9825000099 field of Kanu")
    send(AMBA_KEEPER, "RELEASE 111111111111")  # the same day: fee Rs 50 + 1 day x Rs 40 + security
    body = api.get("/pounds/AMBA-1/register?from=2026-11-01&to=2026-11-30").get_json()
    assert [(e["serial"], e["tag"]) for e in body["entries"]] == [
        (1, "123456789012"), (2, "345678901234"), (3, "111111111111")]
    entry = body["entries"][2]
    assert entry["seizer_phone"] == SEIZER and entry["marks"] == "field of Kanu"
    assert entry["disposal"] == "released" and entry["owner_phone"] is None
    # AMBA is §189-notified; an unknown owner is charged as one head, first time: Rs 200.
    assert (entry["pound_fee_paise"], entry["expenses_paise"], entry["deposit_paise"]) == (5000, 4000, 20000)
    assert entry["money_taken_paise"] == 29000
    held = body["entries"][0]
    assert held["disposal"] is None and held["seizer_phone"] == AMBA_KEEPER


def test_register_csv_has_the_same_lines(world, api):
    response = api.get("/pounds/AMBA-1/register?from=2026-01-01&to=2026-12-31&format=csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [(r["serial"], r["tag"], r["kind"]) for r in rows] == [
        ("1", "123456789012", "cow"), ("2", "345678901234", "bullock")]


def test_register_refuses_a_period_that_ends_before_it_starts(world, api):
    response = api.get("/pounds/AMBA-1/register?from=2026-12-01&to=2026-11-01")
    assert response.status_code == 422 and response.get_json()["field"] == "to"
    assert api.get("/pounds/NOPE/register").status_code == 404


def test_several_animals_brought_at_once_are_consecutive_entries_in_one_copy(world, send, session):
    send(AMBA_KEEPER, "SEIZE 111111111111, 222222222222, 333333333333, 444444444444 cow BY 9825000099")
    copy = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "register_copy")).one()
    assert "3-6/2026" in copy.text and "111111111111, 222222222222, 333333333333 +1" in copy.text
