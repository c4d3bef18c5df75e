"""A taluka's November 2026, built through the admin API with the clock moved day by day, for
the district view's figures (models/queries/district.py). Every number worked by hand here.

Taluka Palanpur: villages VILA and VILB; taluka Vadgam: VILC. Not §189-notified (no security).
Pound fee cow Rs 50; daily rate cow Rs 40 (every village); auction hour 11; all in Asia/Kolkata.
Days are the Act's (§187(2)): every local date from seizure to release, both included.

VILA (pound VILA-1)
  a0  seized 30-10 10:00, released 01-11 10:00: 3 days (30, 31, 1): 50 + 120 = Rs 170
  a1  seized 02-11 10:00, released 04-11 10:00: 3 days: Rs 170
  a2  seized 03-11 10:00, released 03-11 18:00: 1 day: 50 + 40 = Rs 90
  a3  seized 05-11 09:00 (claim deadline 12-11 09:00, auction 12-11 11:00), sold 12-11 12:00 for
      Rs 1000 with Rs 100 sale expenses: 8 days (5..12): 50 + 320 = 370; surplus 1000 - 370 - 100
      = Rs 530, paid to its owner 20-11 10:00
  a4  seized 20-11 10:00, held
  a5  seized 28-11 10:00, held
  November: seized 5 (a1..a5; a0 is October's), claimed 3 (a0, a1, a2), sold 1 (a3), still held
  at the end 2 (a4, a5); 4 left, share reclaimed 3/4 = 75 %; days held 3, 3, 1, 8 -> median of
  1, 3, 3, 8 = 3. Collected (Form B receipts) 170 + 170 + 90 + 1000 = Rs 1430; paid out: sale
  expenses 100 + surplus 530 = Rs 630; to the village fund Rs 0.
  October: seized 1 (a0), nothing left, still held at the end 1.

VILB (pound VILB-1)
  b1  seized 01-11 10:00 (auction 08-11 11:00), sold 08-11 12:00 for Rs 600, no expenses: 8 days:
      370; surplus Rs 230 unclaimed by 23-11, sent to the village fund by the dispatcher on 24-11
  b2  seized 10-11 10:00, released 11-11 10:00: 2 days: 50 + 80 = Rs 130
  November: seized 2, claimed 1, sold 1, held 0; share 1/2 = 50 %; days 8, 2 -> median 5.
  Collected 600 + 130 = Rs 730; paid out Rs 0; to the village fund Rs 230.

Palanpur in November: seized 7, claimed 4, sold 2, held 2; share 4/6 = 67 %; days 1, 2, 3, 3, 8, 8
-> median 3. Collected Rs 2160, paid out Rs 630, to the village fund Rs 230.

VILC (Vadgam): c1 seized 15-11 10:00, held: seized 1, still held 1.
"""
from __future__ import annotations

from tests.law.money_support import ist

TDO, OTHER_TDO, OFFICIAL_A, OWNER_A = "+919825000501", "+919825000502", "+919825000503", "+919825000504"


def rs(rupees: int) -> int:
    return rupees * 100


def make_villages(api) -> None:
    api.put("/kinds/cow/pound-fee", {"amount_paise": rs(50), "effective_from": "2026-01-01"})
    for code, taluka in (("VILA", "Palanpur"), ("VILB", "Palanpur"), ("VILC", "Vadgam")):
        assert api.post("/villages", {"code": code, "name": f"Village {code[-1]}", "taluka": taluka,
                                      "district": "Banaskantha", "language": "en"}).status_code == 201
        api.post(f"/villages/{code}/pounds", {"code": f"{code}-1", "name": f"Pound {code[-1]}"})
        api.put(f"/villages/{code}/daily-rates", {"rates": {"cow": rs(40)}, "effective_from": "2026-01-01",
                                                 "approval_ref": f"DP/{code}/1"})
    api.post("/people", {"phone": OFFICIAL_A, "name": "Official A", "role": "official", "village": "VILA",
                         "language": "en"})
    api.post("/people", {"phone": OWNER_A, "name": "Owner A", "role": "owner", "village": "VILA", "language": "en"})
    assert api.post("/people", {"phone": TDO, "name": "TDO Palanpur", "role": "taluka", "taluka": "Palanpur",
                                "language": "en"}).status_code == 201


def seize(api, clock, pound: str, at) -> int:
    clock.set(at)
    response = api.post("/impoundments", {"pound": pound, "kind": "cow"})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def release(api, clock, impoundment: int, at) -> None:
    clock.set(at)
    response = api.post(f"/impoundments/{impoundment}/release", {})
    assert response.status_code == 200, response.get_json()


def sell(api, clock, impoundment: int, at, proceeds: int, expenses: int = 0) -> None:
    clock.set(at)
    response = api.post(f"/impoundments/{impoundment}/sale", {"proceeds_paise": rs(proceeds),
                                                              "sale_expenses_paise": rs(expenses)})
    assert response.status_code == 200, response.get_json()


def november(api, clock, dispatch) -> None:
    """The month above, in the order it happened."""
    make_villages(api)
    a0 = seize(api, clock, "VILA-1", ist(2026, 10, 30, 10))
    release(api, clock, a0, ist(2026, 11, 1, 10))
    b1 = seize(api, clock, "VILB-1", ist(2026, 11, 1, 10))
    a1 = seize(api, clock, "VILA-1", ist(2026, 11, 2, 10))
    a2 = seize(api, clock, "VILA-1", ist(2026, 11, 3, 10))
    release(api, clock, a2, ist(2026, 11, 3, 18))
    release(api, clock, a1, ist(2026, 11, 4, 10))
    a3 = seize(api, clock, "VILA-1", ist(2026, 11, 5, 9))
    sell(api, clock, b1, ist(2026, 11, 8, 12), 600)
    b2 = seize(api, clock, "VILB-1", ist(2026, 11, 10, 10))
    release(api, clock, b2, ist(2026, 11, 11, 10))
    sell(api, clock, a3, ist(2026, 11, 12, 12), 1000, 100)
    seize(api, clock, "VILC-1", ist(2026, 11, 15, 10))
    seize(api, clock, "VILA-1", ist(2026, 11, 20, 10))
    assert api.post(f"/impoundments/{a3}/surplus-payment", {"to_phone": OWNER_A}).status_code == 200
    clock.set(ist(2026, 11, 24, 10))
    dispatch()   # VILB's unclaimed surplus goes to the village fund (§186(1))
    seize(api, clock, "VILA-1", ist(2026, 11, 28, 10))
    clock.set(ist(2026, 11, 30, 10))


def sign_in_by_phone(client, session, phone: str) -> None:
    """An official's, keeper's or taluka officer's sign-in: the code the worker sends by SMS."""
    from tests.pages.test_dashboard import code_sent_to, csrf_token
    token = csrf_token(client)
    client.post("/signin/code", data={"csrf_token": token, "phone": phone, "next": "/"})
    response = client.post("/signin/verify", data={"csrf_token": token, "phone": phone,
                                                   "code": code_sent_to(session, phone), "next": "/"})
    assert response.status_code == 302
