"""surplus_notice, surplus_reminder, protest_reminder, deposit_forfeited and
deposit_refundable (SPEC section 7), each sent once at its moment by a real RQ
worker. Same world and goat as tests/notices/test_notices_seizure.py."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from sqlalchemy import select

from models.tables import Deposit
from tests.notices.test_notices_seizure import GOAT, OWNER, messages, seize_goat


def at(clock, moment, dispatch, run_worker):
    clock.set(moment)
    dispatch()
    run_worker()


def sell_goat(api, clock, proceeds_paise=200000) -> dict:
    impoundment = seize_goat(api, seized_at=(clock() - timedelta(days=8)).isoformat())
    response = api.post(f"/impoundments/{impoundment['id']}/sale", {"proceeds_paise": proceeds_paise})
    assert response.status_code == 200, response.get_json()
    return impoundment


def test_the_owner_hears_of_the_sale_and_the_fifteen_days_to_claim_the_surplus(app, api, world, clock, run_worker):
    sell_goat(api, clock)
    run_worker()

    [notice] = messages(app, "surplus_notice")
    # Seized 22-11 10:00, sold 30-11: 9 local days x Rs 10 + fee Rs 10 = Rs 100; Rs 2000 - Rs 100 = Rs 1900.
    # 30-11 + 15 days = 15-12.
    assert notice.text == ("Goat 345678901235 was sold at auction on 30-11 for Rs 2,000. After fee and "
                           "expenses Rs 1,900 is the owner's: prove ownership to the panchayat by 15-12 (s.186(1)).")
    assert notice.status == "sent"


def test_a_sale_that_leaves_nothing_says_so_and_sends_no_reminder(app, api, world, clock, run_worker, dispatch):
    sell_goat(api, clock, proceeds_paise=5000)  # Rs 50 < Rs 100 due
    run_worker()
    [notice] = messages(app, "surplus_notice")
    assert "nothing is left over" in notice.text

    at(clock, datetime(2026, 12, 12, 2, 30, tzinfo=timezone.utc), dispatch, run_worker)
    assert messages(app, "surplus_reminder") == []


def test_the_surplus_reminder_goes_three_days_before_the_deadline_once(app, api, world, clock, run_worker, dispatch):
    sell_goat(api, clock)
    run_worker()

    at(clock, datetime(2026, 12, 12, 2, 29, tzinfo=timezone.utc), dispatch, run_worker)
    assert messages(app, "surplus_reminder") == []
    at(clock, datetime(2026, 12, 12, 2, 30, tzinfo=timezone.utc), dispatch, run_worker)  # 12-12 08:00 local
    at(clock, datetime(2026, 12, 13, 2, 30, tzinfo=timezone.utc), dispatch, run_worker)

    [reminder] = messages(app, "surplus_reminder")
    assert reminder.status == "sent"
    assert reminder.text == ("Rs 1,900 from the sale of goat 345678901235 is the owner's until "
                             "15-12. Prove ownership to the panchayat by then, or it goes to the village fund "
                             "(s.186(1)).")


def test_the_protest_reminder_goes_seven_days_before_the_28_day_deadline(app, api, world, clock, run_worker,
                                                                         dispatch):
    impoundment = seize_goat(api)
    api.post(f"/impoundments/{impoundment['id']}/release", {"under_protest": True})
    run_worker()

    at(clock, datetime(2026, 12, 21, 2, 29, tzinfo=timezone.utc), dispatch, run_worker)
    assert messages(app, "protest_reminder") == []
    at(clock, datetime(2026, 12, 21, 2, 30, tzinfo=timezone.utc), dispatch, run_worker)  # 28-12 minus 7 days
    at(clock, datetime(2026, 12, 22, 2, 30, tzinfo=timezone.utc), dispatch, run_worker)

    [reminder] = messages(app, "protest_reminder")
    assert (reminder.status, reminder.text) == ("sent", (
        "Goat 345678901235 (taken back under protest): if you complained, tell the panchayat; otherwise a "
        "security deposit is due from 28-12 (s.185(3))."))


def test_a_deposit_becomes_refundable_after_six_months_and_the_owner_is_told_once(app, api, world, clock, session,
                                                                                  run_worker, dispatch):
    impoundment = seize_goat(api)
    api.post(f"/impoundments/{impoundment['id']}/release", {})
    run_worker()

    at(clock, datetime(2027, 5, 29, 4, 30, tzinfo=timezone.utc), dispatch, run_worker)
    assert messages(app, "deposit_refundable") == []
    at(clock, datetime(2027, 5, 30, 4, 30, tzinfo=timezone.utc), dispatch, run_worker)  # 30-11 + 6 months
    at(clock, datetime(2027, 5, 30, 5, 30, tzinfo=timezone.utc), dispatch, run_worker)

    [notice] = messages(app, "deposit_refundable")
    assert (notice.status, notice.text) == ("sent", "Your security deposit of Rs 500 (paid 30-11-2026) can now be "
                                                    "refunded on application to the panchayat (s.189(2)).")
    deposit = session.scalars(select(Deposit).where(Deposit.impoundment_id == impoundment["id"])).one()
    assert deposit.status == "refundable"


def test_re_impoundment_within_six_months_forfeits_the_deposit_and_tells_the_owner(app, api, world, clock,
                                                                                   run_worker, dispatch):
    impoundment = seize_goat(api)
    api.post(f"/impoundments/{impoundment['id']}/release", {})
    clock.set(clock() + timedelta(days=30))
    seize_goat(api)
    run_worker()
    assert messages(app, "deposit_forfeited") == []  # forfeit_pending: the §188(1) ten days run
    clock.set(clock() + timedelta(days=11))
    dispatch()
    run_worker()

    [notice] = messages(app, "deposit_forfeited")
    assert notice.status == "sent"
    assert notice.text == ("Rs 500 of your security deposit of Rs 500 (paid 30-11-2026) is forfeited: your cattle "
                           "were impounded again within six months (s.189(2)).")
    assert GOAT in messages(app, "seizure_alert", to=OWNER)[-1].text
