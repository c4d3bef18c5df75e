"""A notice held back says what is true when it goes (SPEC section 7, "checked at
send time"; handlers.notices.at_send): a seizure alert queued in quiet hours is
written again from the records the next morning.

Owner +919825000006 (en), AMBA (§189-notified). SAMPLE schedules: goat pound fee
Rs 10, goat feeding Rs 10 a day; security per head Rs 500 on the 2nd occasion
(1-2 head) and Rs 1000 from the 3rd. The owner's bullock was impounded on an earlier
occasion (21-11), so the goat seized tonight is the 2nd occasion.
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import select

from models.tables import OutboundMessage

OWNER = "+919825000006"
GOAT, SHEEP = "345678901235", "345678901299"


def goat_alert(app):
    with app.extensions["dabbo"].sessions() as session:
        return session.scalars(select(OutboundMessage).where(
            OutboundMessage.kind == "seizure_alert", OutboundMessage.to_phone == OWNER,
            OutboundMessage.text.contains(GOAT))).one()


def test_a_seizure_alert_held_overnight_is_sent_with_the_dues_of_the_morning_it_goes(
        app, api, world, clock, run_worker, dispatch):
    clock.set(datetime(2026, 11, 30, 17, 0, tzinfo=timezone.utc))  # Mon 30-11 22:30 IST: quiet hours
    assert api.post("/impoundments", {"pound": "AMBA-1", "kind": "goat", "tag": GOAT}).status_code == 201
    run_worker()
    written = goat_alert(app)
    # Fee Rs 10 + 1 day x Rs 10 + security Rs 500 (1 head, 2nd occasion) = Rs 520, said on 30-11.
    assert written.status == "queued"
    assert "Due today Rs 520." in written.text

    # 23:00 IST: the keeper copies in from the paper register a seizure of the owner's sheep on
    # 15-11 (back-dated): an earlier occasion, so tonight's is the owner's 3rd (§189(1) "times").
    clock.set(datetime(2026, 11, 30, 17, 30, tzinfo=timezone.utc))
    assert api.post(f"/people/{OWNER}/animals", {"tag": SHEEP, "kind": "sheep"}).status_code == 201
    response = api.post("/impoundments", {"pound": "AMBA-1", "kind": "sheep", "tag": SHEEP,
                                          "seized_at": "2026-11-15T10:00:00+05:30"})
    assert response.status_code == 201, response.get_json()

    clock.set(datetime(2026, 12, 1, 2, 30, tzinfo=timezone.utc))  # Tue 01-12 08:00 IST: the morning
    dispatch()
    run_worker()
    sent = goat_alert(app)
    # Fee Rs 10 + 2 days (30-11 and 01-12) x Rs 10 + security Rs 1000 (1 head, 3rd occasion) = Rs 1030.
    assert sent.status == "sent"
    assert sent.text == (
        "Goat 345678901235 in Ambaji pound. Due today Rs 1,030. Claim it by 07-12 10pm, then auction. "
        "Illegal seizure? Complain to a magistrate by 10-12 (s.188)")
    assert (sent.segments, sent.encoding) == (1, "GSM-7")


def test_an_alert_whose_facts_did_not_change_goes_as_written(app, api, world, run_worker):
    assert api.post("/impoundments", {"pound": "AMBA-1", "kind": "goat", "tag": GOAT}).status_code == 201
    run_worker()
    sent = goat_alert(app)
    assert sent.status == "sent"
    assert "Due today Rs 520." in sent.text
