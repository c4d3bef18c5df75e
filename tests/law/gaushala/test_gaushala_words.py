"""1871 s.14 proviso: a cow held in Mani Majra (MANI-1, Chandigarh's schedule) is never spoken of
as going to auction. The keeper's SEIZE reply, the owner's seizure alert and claim reminder, the
keeper's LIST and the staff overview say that, unclaimed, she goes to a gaushala not before the
moment the auction could have been (tests/law/packs/trespass_support.py).

The dates, by hand (IST): seized Monday 30-11-2026 10:00; the police report due 07-12 10:00
(7 days, s.14); the notice at the earliest that instant, so the gaushala not before 14-12 10:00
(7 more days). Due at the seizure: Rs 20,000 (s.12, large) + 1 day x Rs 500 = Rs 20,500; on 06-12
10:00, 7 days: Rs 20,000 + Rs 3,500 = Rs 23,500. The complaint to a magistrate by 10-12 (s.20).
With the notice recorded 08-12 10:00 (gaushala_support.py) the moment is 15-12 10:00; on 10-12
the cow has been held 10 days (01-12 to 10-12)."""
from __future__ import annotations

import html

from handlers.notices import texts as notice_texts
from models import queries
from tests.law.gaushala.gaushala_support import COW, noticed_cow
from tests.law.packs.test_trespass_1871_book_pages import OFFICIAL, set_up_mani
from tests.law.packs.trespass_support import BUFFALO1, KEEPER, impound, ist, mani, owner_texts, sms  # noqa: F401
from tests.pages.test_dashboard import _worker, sign_in_official  # noqa: F401 (autouse fixture)


def test_the_keepers_seize_reply_says_the_cow_goes_to_a_gaushala_not_before_the_moment(mani, send_twilio):
    reply = sms(send_twilio, KEEPER, f"SEIZE {COW} cow")
    assert reply.startswith(f"Seized 1 cow: {COW} -> receipt ")
    assert reply.endswith("Unclaimed by 07-12 10am: report to the police (s.14). Still unclaimed, each goes to a "
                          "gaushala not before 14-12 10am, not to auction (s.14).")
    assert "auction not before" not in reply


def test_a_buffalo_seized_there_is_still_for_auction(mani, send_twilio):
    reply = sms(send_twilio, KEEPER, f"SEIZE {BUFFALO1} buffalo")
    assert reply.endswith("auction not before 14-12 10am.")


def test_the_owners_seizure_alert_says_the_cow_goes_to_a_gaushala(mani, app, send_twilio):
    sms(send_twilio, KEEPER, f"SEIZE {COW} cow")
    assert owner_texts(app, "seizure_alert") == [
        f"Cow {COW} in Mani Majra pound. Due today Rs 20,500. Unclaimed by 07-12 10am, the police are told and "
        "post a notice; still unclaimed, it goes to a gaushala not before 14-12 10am, not to auction (s.14). "
        "Illegal seizure? Complain to a magistrate by 10-12 (s.20)"]


def test_the_claim_reminder_says_the_cow_goes_to_a_gaushala(mani, send_twilio, session):
    sms(send_twilio, KEEPER, f"SEIZE {COW} cow")
    cow = queries.impoundment_by_tag(session, COW)
    assert notice_texts.claim_reminder_text(session, cow, "en", ist(6)) == (
        f"cow {COW}: due today Rs 23,500. Unclaimed by 07-12 10am, the police are told; still unclaimed, it goes "
        "to a gaushala not before 14-12 10am, not to auction (s.14).")


def test_the_claim_reminder_in_gujarati_names_the_gaushala_not_the_auction(mani, send_twilio, session):
    sms(send_twilio, KEEPER, f"SEIZE {COW} cow")
    cow = queries.impoundment_by_tag(session, COW)
    text = notice_texts.claim_reminder_text(session, cow, "gu", ist(6))
    assert "ગૌશાળામાં જશે" in text and "હરાજીમાં નહીં" in text
    assert text.startswith(f"ગાય {COW}: આજે લેણા રૂ. 23,500.")


def test_the_keepers_list_gives_the_gaushala_day_not_an_auction(mani, send_twilio, clock):
    noticed_cow(mani, clock)
    clock.set(ist(10))
    assert sms(send_twilio, KEEPER, "LIST") == f"1 in pound: {COW} cow 10d gaushala 15-12"


def test_the_overview_lists_the_cow_as_going_to_a_gaushala_not_among_the_auctions(api, client, session, clock):
    set_up_mani(api)
    noticed_cow(api, clock)
    clock.set(ist(10))
    sign_in_official(client, session, OFFICIAL)
    page = html.unescape(client.get("/?lang=en").get_data(as_text=True))
    auctions, gaushala = page.split('<section id="auctions">')[1].split("</section>")[0].split('<h3 id="gaushala">')
    assert "No auctions coming up." in auctions and COW not in auctions
    assert gaushala.startswith("Not auctioned: unclaimed, these go to a gaushala, not before the time shown (s.14)")
    assert f"<tr><td>15-12-2026 10am</td><td>Mani Majra</td>" in gaushala and f"cow {COW}</a>" in gaushala


def test_the_overview_animal_row_says_gaushala_where_the_auction_would_be(api, client, session, clock):
    set_up_mani(api)
    noticed_cow(api, clock)
    clock.set(ist(10))
    sign_in_official(client, session, OFFICIAL)
    page = html.unescape(client.get("/?lang=en").get_data(as_text=True))
    assert ('<td data-label="Auction">Unclaimed, it goes to a gaushala not before 15-12-2026 10am, '
            "not to auction (s.14).</td>") in page



def test_in_india_the_alert_and_reminder_go_as_the_held_template_that_names_no_auction():
    """The registered seizure_alert and claim_reminder words say "or it is auctioned": a cow the
    schedule sends to a gaushala is told with `missed_held` (tag, today's total, the public page)."""
    from tests.dlt.test_dlt import CONTEXT
    from handlers.dlt import wording
    values = {"tag": COW, "amount": "20,500", "total": "20,500", "pound": "Mani Majra pound"}
    for key in ("notice.seizure_alert_gaushala", "notice.claim_reminder_gaushala"):
        assert wording.render("en", key, values, CONTEXT) == (
            f"Dabbo: your animal with tag {COW} is held in a pound, Rs 20500 due today. All your animals and "
            "dues: https://dabbo.example.org")

