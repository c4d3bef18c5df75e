"""1871 s.14 proviso through the admin API: `POST /impoundments/{id}/handover` records the cow
handed to a gaushala once her stages are over (tests/law/gaushala/gaushala_support.py: seized
01-12-2026 10:00, police report due 08-12 10:00, notice posted 08-12 10:00, the handover not
before 15-12 10:00, the moment the auction could have been). The impoundment closes and the
Rs 27,500 she owed by then (Rs 20,000 + 15 x Rs 500) is not collected."""
from __future__ import annotations

from tests.law.gaushala.gaushala_support import COW, GAUSHALA, in_language, noticed_cow
from tests.law.packs.trespass_support import BUFFALO1, impound, ist, mani, post_notice  # noqa: F401


def test_the_cow_is_handed_to_the_gaushala_seven_days_after_the_notice(mani, clock):
    """Handed over 15-12 10:00 exactly: closed, status handed_over, the gaushala named."""
    cow = noticed_cow(mani, clock)
    clock.set(ist(15))
    response = mani.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA})
    assert response.status_code == 200, response.json
    assert (response.json["status"], response.json["handed_to"], response.json["handed_at"]) == (
        "handed_over", GAUSHALA, "2026-12-15T10:00:00+05:30")
    assert response.json["disposal"] == "gaushala" and response.json["section"].startswith("s.14")
    record = mani.get(f"/impoundments/{cow}").json
    assert (record["status"], record["closed_at"], record["handed_to"]) == (
        "handed_over", "2026-12-15T10:00:00+05:30", GAUSHALA)


def test_the_handover_collects_nothing_of_what_the_owner_owed(mani, clock):
    """At 15-12 10:00 she owed Rs 20,000 + 15 x Rs 500 = Rs 27,500: the timeline keeps it as not
    collected; no release, no sale, no deposit."""
    cow = noticed_cow(mani, clock)
    clock.set(ist(15))
    mani.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA})
    record = mani.get(f"/impoundments/{cow}").json
    [event] = [e for e in record["timeline"] if e["type"] == "handed_over"]
    assert (event["detail"]["not_collected_paise"], event["detail"]["to"]) == (27_500_00, GAUSHALA)
    assert ("release" not in record, "sale" not in record, record["deposits"]) == (True, True, [])


def test_a_handover_a_minute_before_the_notices_seven_days_is_refused(mani, clock):
    """Asked for 15-12 09:59: 422 before_notice_handover, naming 15-12 10:00; still impounded."""
    cow = noticed_cow(mani, clock)
    clock.set(ist(15, 9, 59))
    response = in_language(mani, "en", "post", f"/impoundments/{cow}/handover", {"to": GAUSHALA})
    assert (response.status_code, response.json["code"]) == (422, "before_notice_handover")
    assert response.json["message"] == (f"Tag {COW} cannot go to the gaushala before 15-12 10am, 7 days after the "
                                        "police notice (s.14).")
    assert mani.get(f"/impoundments/{cow}").json["status"] == "impounded"


def test_a_handover_without_a_notice_is_refused(mani, clock):
    """Seized 01-12 10:00, no notice recorded, asked 20-12: 422 no_notice_handover."""
    clock.set(ist(1))
    cow = impound(mani, kind="cow", tag=COW)
    clock.set(ist(20))
    response = in_language(mani, "hi", "post", f"/impoundments/{cow['id']}/handover", {"to": GAUSHALA})
    assert (response.status_code, response.json["code"]) == (422, "no_notice_handover")
    assert response.json["message"] == (f"टैग {COW} अभी गौशाला को नहीं सौंपा जा सकता: पुलिस नोटिस (धारा 14) दर्ज "
                                        "नहीं है, और सौंपना उसके 7 दिन बाद होता है.")


def test_a_buffalo_the_schedule_auctions_is_not_handed_over(mani, clock):
    """Buffalo seized 01-12 10:00, noticed 08-12 10:00, asked 15-12 10:00: 422 disposal_auction
    in the reader's language (Gujarati by default)."""
    clock.set(ist(1))
    buffalo = impound(mani, tag=BUFFALO1)
    clock.set(ist(8))
    post_notice(mani, buffalo["id"], ist(8))
    clock.set(ist(15))
    response = mani.post(f"/impoundments/{buffalo['id']}/handover", {"to": GAUSHALA})
    assert (response.status_code, response.json["code"]) == (422, "disposal_auction")
    assert response.json["message"] == (f"ટેગ {BUFFALO1} ગૌશાળાને સોંપાય નહીં: આ કાયદો (કલમ 14) તેની જાતની હરાજી "
                                        "કરાવે છે. તેના બદલે તેનું વેચાણ નોંધો.")


def test_a_cow_already_handed_over_is_not_handed_over_again(mani, clock):
    """The second handover of the same cow: 409 not_impounded."""
    cow = noticed_cow(mani, clock)
    clock.set(ist(15))
    mani.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA})
    assert mani.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA}).status_code == 409


def test_a_handover_dated_back_to_the_first_moment_is_recorded_then(mani, clock):
    """Recorded 16-12 12:00 with handed_at 15-12 10:00: closed at 15-12 10:00."""
    cow = noticed_cow(mani, clock)
    clock.set(ist(16, 12))
    response = mani.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA, "handed_at": ist(15).isoformat()})
    assert (response.status_code, response.json["handed_at"]) == (200, "2026-12-15T10:00:00+05:30")
