"""A cow of Gurpreet's in Mani Majra (MANI, pound MANI-1, the 1871 Act with Chandigarh's
schedule: tests/law/packs/trespass_support.py), whose schedule sends cows and heifers to a
gaushala instead of the auction (s.14 proviso).

The dates, by hand (IST): the cow is seized 01-12-2026 10:00. Unclaimed 7 days (168 hours), the
keeper's report to the police falls due 08-12 10:00 (s.14); the police notice is posted that
same instant, 08-12 10:00; unclaimed 7 more days from the notice, the stage the auction would
end is over 15-12 10:00: the cow goes to the gaushala from then, never before.
At 15-12 10:00 she has been held 15 days (any part of a day): fine Rs 20,000 (large, s.12) +
15 x Rs 500 feeding = Rs 27,500 owed, which the handover does not collect.
"""
from __future__ import annotations

from tests.law.packs.trespass_support import COW, OWNER, impound, ist, post_notice  # noqa: F401

GAUSHALA = "Shri Krishna Gaushala, Sector 45"


def noticed_cow(api, clock) -> int:
    """The cow seized 01-12 10:00 and noticed 08-12 10:00; the clock left at the notice."""
    clock.set(ist(1))
    cow = impound(api, kind="cow", tag=COW)
    clock.set(ist(8))
    post_notice(api, cow["id"], ist(8))
    return cow["id"]


def in_language(api, language: str, method: str, path: str, json=None):
    """The admin API asked with Accept-Language: the refusal's `message` in that reader's words."""
    headers = {**api.headers, "Accept-Language": language}
    return getattr(api.client, method)("/api/v1" + path, json=json, headers=headers)
