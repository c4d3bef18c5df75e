"""1871 s.14 proviso, what the owner hears by SMS (tests/law/gaushala/gaushala_support.py: cow
seized 01-12-2026 10:00, report due 08-12 10:00, notice 08-12 10:00, the gaushala not before
15-12 10:00). Before then FIND and FEES say she goes to a gaushala, not to auction, after that
moment; once handed over the owner is told once, and FIND says where she went.
FEES 10-12 09:00: 10 days (01-12 to 10-12, any part of a day); Rs 20,000 (s.12) + 10 x Rs 500
= Rs 5,000; total Rs 25,000, tomorrow Rs 25,500."""
from __future__ import annotations

from tests.law.gaushala.gaushala_support import COW, GAUSHALA, noticed_cow
from tests.law.packs.trespass_support import KEEPER, OWNER, ist, mani, owner_texts, sms  # noqa: F401


def test_fees_before_the_end_says_the_cow_goes_to_a_gaushala_not_to_auction(mani, send_twilio, clock):
    noticed_cow(mani, clock)
    clock.set(ist(10, 9))
    assert sms(send_twilio, OWNER, f"FEES {COW}") == (
        f"Tag {COW}: fine Rs 20,000 (s.12, large cattle) + feeding 10 days x Rs 500 = Rs 5,000. Total today Rs 25,000. "
        "Tomorrow Rs 25,500. Unclaimed, it goes to a gaushala from 15-12 10am, not to auction (s.14).")


def test_find_before_the_end_says_the_cow_goes_to_a_gaushala_not_to_auction(mani, send_twilio, clock):
    noticed_cow(mani, clock)
    clock.set(ist(10, 9))
    reply = sms(send_twilio, OWNER, f"FIND {COW}")
    assert reply.startswith(f"Tag {COW} (cow) is in Mani Majra pound, Mani Majra since 01-12 10am. "
                            "Due today Rs 25,000. Unclaimed, it goes to a gaushala from 15-12 10am, "
                            "not to auction (s.14).")
    assert "auctioned" not in reply


def test_the_owner_is_told_once_of_the_handover(mani, clock, app):
    """Handed over 15-12 10:00; asked again it is refused (409): one SMS, naming the gaushala."""
    cow = noticed_cow(mani, clock)
    clock.set(ist(15))
    mani.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA})
    mani.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA})
    assert owner_texts(app, "handed_over") == [
        f"Cow {COW} was not claimed and went to the gaushala {GAUSHALA} on 15-12-2026 (s.14). It is not "
        "auctioned; nothing is collected at the pound."]


def test_find_after_the_handover_says_where_the_cow_went(mani, send_twilio, clock):
    cow = noticed_cow(mani, clock)
    clock.set(ist(15))
    mani.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA})
    clock.set(ist(16))
    assert sms(send_twilio, OWNER, f"FIND {COW}") == (
        f"Tag {COW} (cow) was not claimed and went to the gaushala {GAUSHALA} on 15-12 10am (s.14): "
        "it is no longer held.")


def test_the_keepers_list_still_shows_the_cow_until_the_handover(mani, send_twilio, clock):
    """LIST on 10-12 names the cow held; after the handover 15-12 she is gone from it."""
    cow = noticed_cow(mani, clock)
    clock.set(ist(10))
    assert COW in sms(send_twilio, KEEPER, "LIST")
    clock.set(ist(15))
    mani.post(f"/impoundments/{cow}/handover", {"to": GAUSHALA})
    assert COW not in sms(send_twilio, KEEPER, "LIST")
