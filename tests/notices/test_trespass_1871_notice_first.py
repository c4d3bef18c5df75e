"""1871 s.14: no notice, no auction. In Mani Majra (tests/law/packs/trespass_support.py) an
animal is announced for auction (the village's eve notice, which reaches its owner too, the
AUCTIONS answer, the official's auction list, the keeper's digest) only once the police officer's
notice is recorded, at notice + the pack's auction stage (168 h), never before; and the keeper's
digest counts the police reports falling due that day.

The goat 500000000004, seized Monday 30-11-2026 10:00 IST (the test clock): unclaimed 7 days
(168 h), its police report falls due 07-12 10:00. Until a notice is recorded its `auction_at`
holds only the earliest possible auction, a notice posted at the report's instant: 14-12 10:00
(whose eve would be 13-12 at the morning hour; a Gujarat-style week's window would have had it on
06-12). The notice posted 08-12 09:00 puts the auction at 15-12 09:00 (08-12 09:00 + 168 h); the
village hears of it on its eve, 14-12 at the dispatcher's morning hour 08:00, once. A report
not followed by a notice on its day is counted overdue on every later digest until the notice
is recorded or the animal leaves.
"""
from __future__ import annotations

from sqlalchemy import select

from models.tables import OutboundMessage
from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    GOAT, KEEPER, OWNER, impound, ist, mani, owner_texts, post_notice, sms)

EVE_TEXT = ("Public auction 15-12 9am at Mani Majra pound: 1 goat, unclaimed 7 days after the police notice "
            "(s.14). Owners can take an animal back until then: send FEES <tag>.")


def keeper_digests(app) -> list[str]:
    with app.extensions["dabbo"].sessions() as session:
        return list(session.scalars(select(OutboundMessage.text).where(
            OutboundMessage.kind == "keeper_digest", OutboundMessage.to_phone == KEEPER).order_by(OutboundMessage.id)))


def auction_notices(app) -> list[str]:
    with app.extensions["dabbo"].sessions() as session:
        return list(session.scalars(select(OutboundMessage.text).where(OutboundMessage.kind == "auction_notice")))


def digest(pound_day: str, reports: int, today: int, tomorrow: int, overdue: int = 0) -> str:
    return (f"Mani Majra pound {pound_day}: 1 held (1 goat). Police reports due today: {reports}, "
            f"overdue: {overdue} (s.14). "
            f"For auction after the police notice: {today} today, {tomorrow} tomorrow. Send LIST for tags.")


def test_no_auction_notice_goes_out_for_an_animal_without_a_police_notice(mani, app, clock, dispatch):
    """Seized 30-11 10:00, no notice recorded: the mornings of 06-12 (a week's window's eve), 13-12
    (the eve of the earliest auction, 14-12 10:00) and 14-12 pass with no auction notice to anyone."""
    impound(mani, kind="goat", tag=GOAT)
    for day in (6, 13, 14):
        clock.set(ist(day, 8))
        dispatch()
    assert auction_notices(app) == []


def test_a_notice_recorded_later_announces_the_auction_on_the_eve_of_notice_plus_seven_days(
        mani, app, clock, dispatch):
    """Notice 08-12 09:00 → auction 15-12 09:00; eve 14-12 08:00: nothing at 14-12 07:59, the
    owner told at 08:00, and no second notice at 08:01 or on 15-12 08:00 (the key is the auction's)."""
    impound(mani, kind="goat", tag=GOAT)
    clock.set(ist(8, 9))
    assert post_notice(mani, impound_id(mani), ist(8, 9))["auction_at"] == "2026-12-15T09:00:00+05:30"
    clock.set(ist(14, 7, 59))
    dispatch()
    assert owner_texts(app, "auction_notice") == []
    for moment in (ist(14, 8), ist(14, 8, 1), ist(15, 8)):
        clock.set(moment)
        dispatch()
    assert owner_texts(app, "auction_notice") == [EVE_TEXT]


def test_the_auctions_answer_names_an_1871_animal_only_once_its_notice_is_recorded(mani, app, clock, send_twilio):
    """On 08-12 08:00 (report due since 07-12 10:00, no notice) AUCTIONS says none are due; the
    notice posted 08-12 09:00 → the auction 15-12 09:00 is listed."""
    impound(mani, kind="goat", tag=GOAT)
    clock.set(ist(8, 8))
    assert sms(send_twilio, OWNER, "AUCTIONS") == "No auctions are due in Mani Majra."
    clock.set(ist(8, 9))
    post_notice(mani, impound_id(mani), ist(8, 9))
    assert sms(send_twilio, OWNER, "AUCTIONS") == "Auctions in Mani Majra: 15-12 9am at Mani Majra, 1 animal"


def test_the_officials_auction_leaves_out_an_animal_without_a_notice(mani, app, clock):
    """On 08-12 10:00 the official fixes an auction for 20-12: the goat (report due 07-12 10:00, no
    notice) is not in it, and no village notice is written."""
    impound(mani, kind="goat", tag=GOAT)
    clock.set(ist(8, 10))
    response = mani.post("/villages/MANI/auction", {"day": "2026-12-20"})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["impoundments"] == []
    assert auction_notices(app) == []


def test_the_officials_auction_takes_a_noticed_animal_not_before_notice_plus_seven_days(mani, app, clock):
    """Notice 08-12 09:00 (auction not before 15-12 09:00); on 08-12 10:00 the official fixes an
    auction for 20-12 at the village's hour: the goat is in it, its auction on 20-12."""
    goat = impound(mani, kind="goat", tag=GOAT)
    clock.set(ist(8, 9))
    post_notice(mani, goat["id"], ist(8, 9))
    clock.set(ist(8, 10))
    response = mani.post("/villages/MANI/auction", {"day": "2026-12-20"})
    assert response.get_json()["impoundments"] == [goat["id"]]
    assert mani.get(f"/impoundments/{goat['id']}").get_json()["auction_at"].startswith("2026-12-20T")


def test_the_keepers_digest_counts_the_police_report_due_today(mani, app, clock, dispatch):
    """Seized 30-11 10:00: the report falls due 07-12 10:00, so the digest of 07-12 08:00 counts 1
    report due; 06-12's counts none."""
    impound(mani, kind="goat", tag=GOAT)
    clock.set(ist(6, 8))
    dispatch()
    clock.set(ist(7, 8))
    dispatch()
    assert keeper_digests(app) == [digest("06-12", 0, 0, 0), digest("07-12", 1, 0, 0)]


def test_the_keepers_digest_counts_no_auction_without_a_notice(mani, app, clock, dispatch):
    """No notice: the earliest auction 14-12 10:00 is not counted on 13-12 (tomorrow) nor 14-12
    (today); the report due 07-12 is still overdue on both."""
    impound(mani, kind="goat", tag=GOAT)
    for day in (13, 14):
        clock.set(ist(day, 8))
        dispatch()
    assert keeper_digests(app) == [digest("13-12", 0, 0, 0, overdue=1), digest("14-12", 0, 0, 0, overdue=1)]


def test_a_police_report_not_recorded_on_its_day_is_counted_overdue_every_morning_until_the_notice(
        mani, app, clock, dispatch):
    """Seized 30-11 10:00: the report falls due 07-12 10:00 (+168 h). 07-12's digest (08:00)
    counts it due today, 0 overdue; no notice recorded that day, so 08-12's and 09-12's count
    0 due, 1 overdue; the police notice recorded 09-12 11:00 (the record that the report was
    made) ends it: 10-12's digest counts 0 and 0. The notice puts the auction at 16-12 11:00,
    not counted on 10-12."""
    goat = impound(mani, kind="goat", tag=GOAT)
    for day in (7, 8, 9):
        clock.set(ist(day, 8))
        dispatch()
    clock.set(ist(9, 11))
    post_notice(mani, goat["id"], ist(9, 11))
    clock.set(ist(10, 8))
    dispatch()
    assert keeper_digests(app) == [digest("07-12", 1, 0, 0, overdue=0), digest("08-12", 0, 0, 0, overdue=1),
                                   digest("09-12", 0, 0, 0, overdue=1), digest("10-12", 0, 0, 0, overdue=0)]


def test_an_overdue_report_is_no_longer_counted_once_the_animal_leaves_the_pound(mani, app, clock, dispatch):
    """Seized 30-11 10:00, report due 07-12 10:00, never reported: 08-12's digest counts it
    overdue; the goat claimed 08-12 12:00 (released), the pound is empty on 09-12: no digest."""
    goat = impound(mani, kind="goat", tag=GOAT)
    clock.set(ist(8, 8))
    dispatch()
    clock.set(ist(8, 12))
    assert mani.post(f"/impoundments/{goat['id']}/release", {}).status_code == 200
    clock.set(ist(9, 8))
    dispatch()
    assert keeper_digests(app) == [digest("08-12", 0, 0, 0, overdue=1)]


def test_the_keepers_digest_counts_the_auction_at_notice_plus_seven_days(mani, app, clock, dispatch):
    """Notice 08-12 09:00 → auction 15-12 09:00: 1 tomorrow on 14-12's digest, 1 today on 15-12's
    (the earliest auction's 14-12 counts nothing)."""
    goat = impound(mani, kind="goat", tag=GOAT)
    clock.set(ist(8, 9))
    post_notice(mani, goat["id"], ist(8, 9))
    for day in (14, 15):
        clock.set(ist(day, 8))
        dispatch()
    assert keeper_digests(app) == [digest("14-12", 0, 0, 1), digest("15-12", 0, 1, 0)]


def impound_id(api) -> int:
    [goat] = api.get(f"/impoundments?tag={GOAT}").get_json()["impoundments"]
    return goat["id"]


def test_the_dashboards_upcoming_auctions_name_an_1871_animal_only_once_its_notice_is_recorded(
        mani, app, client, clock):
    """On 08-12 08:00 the goat (report due 07-12 10:00, no notice) is in no upcoming auction on
    the dashboard, though its placeholder `auction_at` (14-12 10:00) is ahead; the notice posted
    08-12 09:00 lists it at 15-12 9am."""
    from tests.pages.test_dashboard import sign_in_admin

    impound(mani, kind="goat", tag=GOAT)
    sign_in_admin(client)
    clock.set(ist(8, 8))
    auctions = client.get("/?lang=en").get_data(as_text=True).split('<section id="auctions">')[1].split("</section>")[0]
    assert "No auctions coming up." in auctions and GOAT not in auctions
    clock.set(ist(8, 9))
    post_notice(mani, impound_id(mani), ist(8, 9))
    auctions = client.get("/?lang=en").get_data(as_text=True).split('<section id="auctions">')[1].split("</section>")[0]
    assert "<td>15-12-2026 9am</td><td>Mani Majra</td>" in auctions and GOAT in auctions
