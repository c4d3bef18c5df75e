"""seizure_alert and release_receipt (SPEC section 7), sent by a real RQ
worker (in-process SimpleWorker on the test Redis) through the console provider.

The world's clock: Monday 30-11-2026 10:00 in Gujarat (04:30 UTC). Owner
+919825000006 (en) has a registered goat, tag 345678901235, and a bullock
already impounded in AMBA (§189-notified) from an earlier seizure.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from sqlalchemy import select

from models.tables import OutboundMessage

OWNER = "+919825000006"
GOAT = "345678901235"


def messages(app, kind, to=OWNER, status=None):
    with app.extensions["dabbo"].sessions() as session:
        query = select(OutboundMessage).where(OutboundMessage.kind == kind, OutboundMessage.to_phone == to)
        if status:
            query = query.where(OutboundMessage.status == status)
        return list(session.scalars(query.order_by(OutboundMessage.id)))


def seize_goat(api, **extra) -> dict:
    response = api.post("/impoundments", {"pound": "AMBA-1", "kind": "goat", "tag": GOAT, **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_seizing_a_registered_tag_alerts_the_owner_once_with_the_complaint_deadline(app, api, world, run_worker,
                                                                                      dispatch):
    seize_goat(api)
    run_worker()
    dispatch()
    run_worker()

    [alert] = [m for m in messages(app, "seizure_alert") if GOAT in m.text]
    assert alert.status == "sent"
    # Goat: fee Rs 10 + 1 day x Rs 10 + security Rs 500 (1 head, 2nd seizure of this owner in AMBA) = Rs 520.
    # The pound's English name (the demo gives AMBA-1 one), times as said, one SMS part.
    assert alert.text == (
        "Goat 345678901235 in Ambaji pound. Due today Rs 520. Claim it by 07-12 10am, then auction. "
        "Illegal seizure? Complain to a magistrate by 10-12 (s.188)")
    assert (alert.segments, alert.encoding) == (1, "GSM-7")


def test_an_untagged_animal_alerts_nobody(app, api, world, run_worker):
    before = len(messages(app, "seizure_alert"))
    response = api.post("/impoundments", {"pound": "AMBA-1", "kind": "cow"})
    assert response.status_code == 201
    run_worker()
    assert len(messages(app, "seizure_alert")) == before


def test_a_seizure_in_quiet_hours_alerts_the_owner_at_eight_next_morning(app, api, world, clock, run_worker,
                                                                         dispatch):
    clock.set(datetime(2026, 11, 30, 17, 0, tzinfo=timezone.utc))  # 22:30 in Gujarat
    seize_goat(api)
    run_worker()
    [alert] = [m for m in messages(app, "seizure_alert") if GOAT in m.text]
    assert alert.status == "queued"
    assert alert.send_after == datetime(2026, 12, 1, 2, 30, tzinfo=timezone.utc)  # 08:00 local

    clock.set(datetime(2026, 12, 1, 2, 29, tzinfo=timezone.utc))
    dispatch()
    run_worker()
    assert [m for m in messages(app, "seizure_alert", status="sent") if GOAT in m.text] == []

    clock.set(datetime(2026, 12, 1, 2, 30, tzinfo=timezone.utc))
    dispatch()
    run_worker()
    dispatch()
    run_worker()
    assert [m.id for m in messages(app, "seizure_alert", status="sent") if GOAT in m.text] == [alert.id]


def test_an_animal_released_overnight_gets_no_morning_alert_but_its_receipt_at_once(app, api, world, clock,
                                                                                    run_worker, dispatch):
    clock.set(datetime(2026, 11, 30, 17, 0, tzinfo=timezone.utc))  # 22:30
    impoundment = seize_goat(api)
    run_worker()
    clock.set(datetime(2026, 11, 30, 17, 30, tzinfo=timezone.utc))  # 23:00
    assert api.post(f"/impoundments/{impoundment['id']}/release", {}).status_code == 200
    run_worker()

    [receipt] = messages(app, "release_receipt")
    assert receipt.status == "sent"  # asked for: quiet hours do not hold it back
    clock.set(datetime(2026, 12, 1, 2, 30, tzinfo=timezone.utc))
    dispatch()
    run_worker()
    [alert] = [m for m in messages(app, "seizure_alert") if GOAT in m.text]
    assert (alert.status, alert.last_error) == ("cancelled", "no longer applies: the animal was released")


def test_the_release_receipt_lists_what_was_paid_and_when_the_deposit_is_refundable(app, api, world, run_worker):
    impoundment = seize_goat(api)
    api.post(f"/impoundments/{impoundment['id']}/release", {})
    run_worker()

    [receipt] = messages(app, "release_receipt")
    assert receipt.status == "sent"
    assert receipt.text == (
        f"Receipt {impoundment['receipt']}: goat 345678901235 returned. "
        "Paid Rs 520: fee 10, feeding 1 day 10, deposit 500 (refundable from 30-05-2027 if not impounded again)")


def test_a_release_under_protest_tells_the_complaint_deadline_and_the_four_weeks(app, api, world, run_worker):
    impoundment = seize_goat(api)
    api.post(f"/impoundments/{impoundment['id']}/release", {"under_protest": True})
    run_worker()

    [receipt] = messages(app, "release_receipt")
    # §185(2): fee and expenses, deposited. Seized 30-11: §188(1) complaint by 30-11 + 10 = 10-12;
    # AMBA is notified (§189), so the §185(3) four weeks: 30-11 + 28 = 28-12. No deposit item (none was taken).
    assert receipt.text.endswith("Deposited Rs 20: fee 10, feeding 1 day 10. Complain to a magistrate by 10-12 "
                                 "(s.188). If no complaint is made by 28-12, a security deposit becomes due "
                                 "(s.185(3)).")


def test_a_twice_committed_hook_writes_one_alert(app, api, world, session, clock, run_worker):
    from handlers import notices
    from models.tables import Impoundment

    seize_goat(api)
    impoundment = session.scalars(select(Impoundment).where(Impoundment.tag == GOAT)).one()
    notices.after_seizure(session, [impoundment], clock() + timedelta(minutes=1))
    session.commit()
    run_worker()
    assert len([m for m in messages(app, "seizure_alert") if GOAT in m.text]) == 1
