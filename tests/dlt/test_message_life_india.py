"""One impoundment's messages in India (SPEC 12.3): the same life as tests/test_message_life.py,
sent as registered DLT templates through the fake Exotel, within the same ceilings (gu/hi 8,
en 5 SMS parts), and every message delivered past the operator's scrubber."""
from __future__ import annotations

import pytest

from tests.fakes.fixtures import deliver_callbacks, on_exotel
from tests.sms.test_message_life import CEILING, live_one_impoundment


@pytest.fixture
def settings(settings, exotel_settings):
    return on_exotel(settings, exotel_settings)


@pytest.mark.parametrize("language", ["gu", "hi", "en", "gul"])
def test_one_impoundments_life_in_india_costs_at_most_its_ceiling(app, api, client, world, clock, dispatch,
                                                                  run_worker, fake_exotel, language):
    life = live_one_impoundment(api, clock, dispatch, run_worker, language)
    assert sorted(m.kind for m in life) == sorted(
        ["seizure_alert", "claim_reminder", "claim_reminder", "auction_notice", "release_receipt"])
    assert all(m.text.startswith("Dabbo: ") for m in life)
    deliver_callbacks(client, fake_exotel)
    assert fake_exotel.scrubbed_failures == []
    total = sum(m.segments for m in life)
    assert total <= CEILING[language], [(m.kind, m.segments, m.text) for m in life]
