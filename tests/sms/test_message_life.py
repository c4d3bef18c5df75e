"""What one impoundment's messages cost the panchayat, from the outbox's own
segment counts: at most 8 SMS parts in Gujarati and Hindi, 5 in
English, for the owner's whole story.

The story, in AMBA (§189-notified, so a deposit is taken), for an owner who
reads each language: a buffalo with tag 456789012345 is seized through the
API on Monday 30-11-2026 at 10:00 local. Claim deadline 07-12 10:00, auction
07-12 11:00. The dispatcher writes the claim reminders at 08:00 on 04-12 and
06-12 (REMINDER_DAYS 3,1) and the auction's eve notice at 08:00 on 06-12;
the owner takes the buffalo back on 06-12 at 10:30. Five messages: seizure
alert, two reminders, auction notice, release receipt.
"""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from tests.notices.test_notices_seizure import messages

TAG = "456789012345"
LIFE_KINDS = ("seizure_alert", "claim_reminder", "auction_notice", "release_receipt")
PHONES = {"gu": "+919825000101", "hi": "+919825000102", "en": "+919825000103", "gul": "+919825000104"}
# The ceilings; Gujarati in Latin letters is GSM-7 but says more than English does.
AUCTION_STAMP = "20261207T053000Z"  # 07-12 11:00 local
CEILING = {"gu": 8, "hi": 8, "en": 5, "gul": 6}


def utc(day, hour, minute=0):
    return datetime(2026, 12, day, hour, minute, tzinfo=timezone.utc)


def live_one_impoundment(api, clock, dispatch, run_worker, language: str) -> list:
    phone = PHONES[language]
    assert api.post("/people", {"phone": phone, "name": "Owner", "role": "owner", "village": "AMBA",
                                "language": language}).status_code == 201
    assert api.post(f"/people/{phone}/animals", {"tag": TAG, "kind": "buffalo"}).status_code == 201
    seized = api.post("/impoundments", {"pound": "AMBA-1", "kind": "buffalo", "tag": TAG})
    assert seized.status_code == 201, seized.get_json()
    run_worker()
    for moment in (utc(4, 2, 30), utc(6, 2, 30)):  # 08:00 local on 04-12 and on 06-12
        clock.set(moment)
        dispatch()
        run_worker()
    clock.set(utc(6, 5, 0))  # 10:30 local
    released = api.post(f"/impoundments/{seized.get_json()['id']}/release", {})
    assert released.status_code in (200, 201), released.get_json()
    run_worker()
    mine = [m for kind in LIFE_KINDS for m in messages(api.client.application, kind, to=phone)]
    # The village also hears of other animals' auctions (the demo's cow, 06-12): not this life's cost.
    return [m for m in mine if m.kind != "auction_notice" or AUCTION_STAMP in m.idempotency_key]


@pytest.mark.parametrize("language", ["gu", "hi", "en", "gul"])
def test_one_impoundments_life_costs_at_most_its_ceiling(app, api, world, clock, dispatch, run_worker, language):
    life = live_one_impoundment(api, clock, dispatch, run_worker, language)
    assert sorted(m.kind for m in life) == sorted(
        ["seizure_alert", "claim_reminder", "claim_reminder", "auction_notice", "release_receipt"])
    assert {m.status for m in life} == {"sent"}
    total = sum(m.segments for m in life)
    assert total <= CEILING[language], [(m.kind, m.segments, m.text) for m in life]


@pytest.mark.parametrize("language", ["en", "gul"])
def test_latin_script_readers_never_get_a_ucs2_message_from_a_name(api, world, clock, dispatch, run_worker,
                                                                    language):
    life = live_one_impoundment(api, clock, dispatch, run_worker, language)
    assert {m.encoding for m in life} == {"GSM-7"}, [m.text for m in life if m.encoding != "GSM-7"]
