"""SPEC 12.4: a Form B day, once ended, never changes (a later correction is an entry of the
day it is made), and a CSV export runs nothing when the talati opens it in a spreadsheet.
Village DHOL: tests/money_support.py."""
from __future__ import annotations

import csv
import io

import pytest

from tests.law.money_support import COW1, COW2, COW3, KEEPER, OWNER, impound, ist, make_dhol, sms


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    return api


def _books(api, start: str, end: str) -> tuple[bytes, dict]:
    query = {"from": start, "to": end}
    csv_bytes = api.get("/pounds/DHOL-1/accounts", query_string={**query, "format": "csv"}).data
    return csv_bytes, api.get("/pounds/DHOL-1/accounts", query_string=query).json


def test_form_b_days_already_closed_are_byte_identical_after_a_later_correction(dhol, send_twilio, clock, dispatch):
    """By SMS: 30-11 cow 1 seized and released: fee Rs 50 + 1 day Rs 40 + security Rs 200 = Rs 290.
    01-12 cow 2 (2nd occasion, within six months of the deposit): released the same day, Rs 50 +
    Rs 40 + Rs 500 = Rs 590; the Rs 200 deposit is pending until 01-12 + 10 = 11-12. 03-12 cow 3
    seized, released under protest 04-12: Rs 50 + 2 days Rs 80 = Rs 130. 12-12: the forfeiture
    settles, Rs 200 to the State. Balance 12-12: 290 + 590 + 130 - 200 = Rs 810.
    On 13-12 a late complaint about cow 2's seizure is recorded, upheld 14-12: Rs 200 goes back to
    the owner as an entry of 14-12. Form B 30-11..12-12 (CSV and JSON) is byte-identical before
    and after, and 14-12 shows the Rs 200 refund: balance Rs 610."""
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    sms(send_twilio, KEEPER, f"RELEASE {COW1}")
    clock.set(ist(2026, 12, 1))
    sms(send_twilio, KEEPER, f"SEIZE {COW2} cow")
    assert sms(send_twilio, KEEPER, f"RELEASE {COW2}").startswith(f"Released {COW2}. Collect Rs 590")
    clock.set(ist(2026, 12, 3))
    sms(send_twilio, KEEPER, f"SEIZE {COW3} cow")
    clock.set(ist(2026, 12, 4))
    sms(send_twilio, KEEPER, f"RELEASE {COW3} PROTEST")
    clock.set(ist(2026, 12, 12))
    dispatch()
    clock.set(ist(2026, 12, 13))
    before_csv, before = _books(dhol, "2026-11-30", "2026-12-12")
    assert (before["closing_balance_paise"], before["payments"]["forfeitures_to_state"]) == (81000, 20000)
    days_before = {day: _books(dhol, day, day)[0] for day in ("2026-11-30", "2026-12-01", "2026-12-04", "2026-12-12")}
    cow2 = dhol.get("/impoundments", query_string={"tag": COW2}).json["impoundments"][0]
    dhol.post(f"/impoundments/{cow2['id']}/complaint", {"filed_on": "2026-12-13", "by_phone": OWNER})
    clock.set(ist(2026, 12, 14))
    assert dhol.put(f"/impoundments/{cow2['id']}/complaint",
                    {"outcome": "upheld", "decided_on": "2026-12-14"}).status_code == 200
    after_csv, after = _books(dhol, "2026-11-30", "2026-12-12")
    assert after_csv == before_csv
    assert after == before
    assert {day: _books(dhol, day, day)[0] for day in days_before} == days_before
    _, correction = _books(dhol, "2026-12-14", "2026-12-14")
    assert (correction["payments"]["deposit_refunds"], correction["closing_balance_paise"]) == (20000, 61000)


def test_csv_exports_neutralise_every_cell_a_spreadsheet_would_run(dhol, api, clock):
    """A seizure whose owner's name, marks, place and seizer are formulas: `=HYPERLINK(...)`,
    `=cmd|' /C calc'!A0`, `@SUM(A1:A9)`, `+1+1`, `-2+3`, a leading tab and a leading carriage
    return. In the register CSV each such cell starts with `'`; a plain cell is as typed."""
    api.post("/people", {"phone": "+919825000777", "name": '=HYPERLINK("http://evil.example","click")',
                         "role": "owner", "village": "DHOL", "language": "en"})
    api.post("/people/9825000777/animals", {"tag": "777700001111", "kind": "cow"})
    cells = {"note": "=cmd|' /C calc'!A0", "place": "@SUM(A1:A9)"}
    impound(dhol, tag="777700001111", **cells)
    for tag, note in (("777700002222", "+1+1"), ("777700003333", "-2+3"), ("777700004444", "\tSUM"),
                      ("777700005555", "\rSUM"), ("777700006666", "near the well")):
        impound(dhol, tag=tag, note=note)
    text = api.get("/pounds/DHOL-1/register", query_string={"format": "csv"}).data.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    first = rows[0]
    assert first["owner_name"] == '\'=HYPERLINK("http://evil.example","click")'
    assert (first["marks"], first["place"]) == ("'=cmd|' /C calc'!A0", "'@SUM(A1:A9)")
    # A leading tab or carriage return is already trimmed off a note on the way in; either way it
    # never reaches the file at the start of a cell.
    assert [row["marks"].lstrip("'\t\r") for row in rows[1:]] == ["+1+1", "-2+3", "SUM", "SUM", "near the well"]
    assert [row["marks"] for row in rows[1:3]] == ["'+1+1", "'-2+3"]
    assert first["owner_phone"] == "'+919825000777"
    for row in rows:
        for value in row.values():
            assert not value.startswith(("=", "+", "-", "@", "\t", "\r"))


def test_the_cell_rule_itself_quotes_the_six_starts_and_nothing_else():
    """SPEC 12.4: `=`, `+`, `-`, `@`, tab and carriage return get a leading `'`; numbers too (a
    negative balance reads '-5000, as a spreadsheet would otherwise compute it); None stays empty."""
    from models.law.books import spreadsheet_safe

    assert [spreadsheet_safe(v) for v in ("=1+2", "+91", "-5", "@A1", "\tx", "\rx", -5000)] == [
        "'=1+2", "'+91", "'-5", "'@A1", "'\tx", "'\rx", "'-5000"]
    assert [spreadsheet_safe(v) for v in ("Ramesh", "", None, 0, 12500, "a=b")] == ["Ramesh", "", None, 0, 12500, "a=b"]
