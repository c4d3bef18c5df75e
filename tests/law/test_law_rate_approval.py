"""§187(2), SPEC 12.5: expenses are charged "at such rates ... as shall from time to time be fixed
by the panchayat with previous approval of the District Panchayat". A daily-rate version without
that approval is not charged; the approved rate before it applies, and the fee list says so.
Village DHOL: tests/law/money_support.py (cow Rs 40 a day, approved DP/DHOL/1)."""
from __future__ import annotations

import pytest

from tests.law.money_support import COW1, COW2, KEEPER, OWNER, ist, make_dhol, sms


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    return api


def test_an_unapproved_rate_is_not_charged_until_approved(dhol, send_twilio, clock, client):
    """The panchayat raises the cow's rate to Rs 60 from 15-11-2026 without the District
    Panchayat's approval. Cow 1 seized 30-11 10:00, released 01-12: fee Rs 50 + 2 days x Rs 40
    (the approved rate) + security Rs 200 = Rs 330, not 2 x Rs 60. The public fee list shows
    Rs 40 and says the new rate is not charged. Approved (DP/DHOL/7) for rates from 02-12: cow 2
    seized 02-12 and released the same day pays 1 day x Rs 60: Rs 50 + 60 + Rs 500 (2nd
    occasion) = Rs 610."""
    dhol.put("/villages/DHOL/daily-rates", {"rates": {"cow": 6000}, "effective_from": "2026-11-15"})
    sms(send_twilio, KEEPER, f"SEIZE {COW1} cow")
    clock.set(ist(2026, 12, 1))
    assert sms(send_twilio, KEEPER, f"RELEASE {COW1}") == (
        f"Released {COW1}. Collect Rs 330: fee Rs 50 + feeding 2 days Rs 80 + security Rs 200.")
    page = client.get("/v/DHOL?lang=en").get_data(as_text=True)
    assert "Not charged until the District Panchayat approves (s.187(2)): new daily rate for cow" in page
    assert "cow Rs 50+Rs 40" in sms(send_twilio, OWNER, "RATES DHOL")
    dhol.put("/villages/DHOL/daily-rates", {"rates": {"cow": 6000}, "effective_from": "2026-12-02",
                                            "approval_ref": "DP/DHOL/7"})
    clock.set(ist(2026, 12, 2))
    sms(send_twilio, KEEPER, f"SEIZE {COW2} cow")
    assert sms(send_twilio, KEEPER, f"RELEASE {COW2}") == (
        f"Released {COW2}. Collect Rs 610: fee Rs 50 + feeding 1 day Rs 60 + security Rs 500.")
