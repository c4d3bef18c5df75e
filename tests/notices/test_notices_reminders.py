"""claim_reminder, auction_notice, keeper_digest and broadcast (SPEC section 7),
written by the dispatcher's tick at their moment and sent by a real RQ worker.

The goat (tag 345678901235, owner +919825000006, en) is seized through the API
on Monday 30-11-2026 at 10:00 Gujarat time: claim deadline 07-12 10:00, auction
07-12 11:00. Reminders (REMINDER_DAYS 3,1) fall at 08:00 local (02:30 UTC) on
04-12 and 06-12; the auction's eve notice at 08:00 on 06-12.
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import select

from handlers.pound import records
from handlers.catalogue import t
from models import queries
from models.tables import Impoundment, OutboundMessage
from tests.notices.test_notices_seizure import GOAT, OWNER, messages, seize_goat

WATCHER = "+919825000004"  # Kanu Bharwad, gu


def utc(day, hour, minute=0):
    return datetime(2026, 12, day, hour, minute, tzinfo=timezone.utc)


def tick_and_work(clock, at, dispatch, run_worker):
    clock.set(at)
    dispatch()
    run_worker()


def goat_messages(app, kind, to=OWNER, status=None):
    return [m for m in messages(app, kind, to, status) if GOAT in m.text]


def test_claim_reminders_go_three_and_one_days_before_the_deadline_at_eight_once_each(app, api, world, clock,
                                                                                       dispatch, run_worker):
    seize_goat(api)
    run_worker()

    tick_and_work(clock, utc(4, 2, 29), dispatch, run_worker)
    assert goat_messages(app, "claim_reminder") == []
    tick_and_work(clock, utc(4, 2, 30), dispatch, run_worker)
    tick_and_work(clock, utc(4, 2, 31), dispatch, run_worker)
    [first] = goat_messages(app, "claim_reminder")
    # 30-11 to 04-12 is 5 local days: Rs 10 fee + 5 x Rs 10 + Rs 500 security = Rs 560.
    assert first.text == ("Goat 345678901235: due today Rs 560. Claim it by 07-12 10am, or it will be "
                          "auctioned.")
    assert first.status == "sent"

    tick_and_work(clock, utc(6, 2, 30), dispatch, run_worker)
    tick_and_work(clock, utc(6, 3, 30), dispatch, run_worker)
    reminders = goat_messages(app, "claim_reminder")
    assert [m.status for m in reminders] == ["sent", "sent"]
    assert "due today Rs 580." in reminders[1].text  # 7 days
    assert reminders[1].idempotency_key.endswith(":1")


def test_a_watcher_gets_the_reminder_in_their_own_language(app, api, world, session, clock, dispatch, run_worker):
    impoundment = session.get(Impoundment, seize_goat(api)["id"])
    records.watch(session, impoundment, queries.person_by_phone(session, WATCHER), clock())
    session.commit()

    tick_and_work(clock, utc(4, 2, 30), dispatch, run_worker)

    [reminder] = goat_messages(app, "claim_reminder", to=WATCHER)
    assert reminder.status == "sent" and reminder.language == "gu"
    assert reminder.text.startswith("બકરી 345678901235 આજે રૂ.")


def test_a_released_animal_gets_no_claim_reminder_even_one_already_queued(app, api, world, clock, dispatch,
                                                                          run_worker, session):
    impoundment = seize_goat(api)
    clock.set(utc(4, 2, 30))
    dispatch()  # written and enqueued, not yet sent
    assert api.post(f"/impoundments/{impoundment['id']}/release", {}).status_code == 200
    run_worker()

    [reminder] = goat_messages(app, "claim_reminder")
    assert (reminder.status, reminder.last_error) == ("cancelled", "no longer applies: the animal was released")
    tick_and_work(clock, utc(6, 2, 30), dispatch, run_worker)
    assert len(goat_messages(app, "claim_reminder")) == 1


def test_a_reminder_still_queued_after_the_claim_deadline_is_dropped(app, api, world, clock, dispatch, app_redis_down):
    seize_goat(api)
    with app_redis_down():  # the worker never gets it
        clock.set(utc(6, 2, 30))
        dispatch()
    clock.set(utc(7, 4, 31))  # 10:01 on 07-12: the claim deadline has passed
    dispatch()

    [reminder] = goat_messages(app, "claim_reminder")
    assert (reminder.status, reminder.last_error) == ("cancelled", "expired: its moment has passed")


def test_the_village_hears_of_the_auction_on_its_eve_once(app, api, world, clock, dispatch, run_worker):
    seize_goat(api)
    prefix = "auction_notice:eve:"

    tick_and_work(clock, utc(6, 2, 30), dispatch, run_worker)
    tick_and_work(clock, utc(6, 2, 31), dispatch, run_worker)

    with app.extensions["dabbo"].sessions() as session:
        rows = list(session.scalars(select(OutboundMessage).where(
            OutboundMessage.idempotency_key.like(prefix + "%20261207T053000Z:%"))))
    # AMBA's four people: keeper, official and two owners.
    assert sorted(m.to_phone for m in rows) == ["+919825000001", "+919825000003", "+919825000004", OWNER]
    assert {m.status for m in rows} == {"sent"}
    english = next(m for m in rows if m.to_phone == OWNER)
    assert english.text == ("Auction 07-12 11am at Ambaji pound: 1 goat. "
                            "Owners can take an animal back until then: send FEES <tag>.")


def test_an_auction_fixed_by_an_official_is_announced_at_once(app, api, world, session, clock, run_worker):
    village = queries.village_by_code(session, "AMBA")
    fixed = datetime(2026, 12, 10, 6, 30, tzinfo=timezone.utc)  # 10-12 12:00 local
    records.fix_auction(session, village, auction_at=fixed, now=clock(), place="Ambaji chowk")
    session.commit()
    run_worker()

    [notice] = [m for m in messages(app, "auction_notice") if ":fixed:" in m.idempotency_key]
    # AMBA animals whose claim window closes before 10-12: the demo's cow (06-12) and bullock (28-11).
    assert notice.text == ("Auction 10-12 12pm at Ambaji chowk: 1 cow, 1 bullock. "
                           "Owners can take an animal back until then: send FEES <tag>.")
    assert notice.status == "sent"


def test_each_keeper_gets_a_morning_digest_once(app, world, clock, dispatch, run_worker):
    tick_and_work(clock, utc(1, 2, 29), dispatch, run_worker)
    assert messages(app, "keeper_digest", to="+919825000001") == []

    tick_and_work(clock, utc(1, 2, 30), dispatch, run_worker)
    tick_and_work(clock, utc(1, 3, 0), dispatch, run_worker)

    [amba] = messages(app, "keeper_digest", to="+919825000001")
    [bhav] = messages(app, "keeper_digest", to="+919825000002")
    # AMBA holds the demo's cow (auction 06-12) and bullock (auction 28-11, overdue).
    assert amba.text == t("gu", "notice.keeper_digest", pound="અંબાજી નં.1", day="01-12", count=2,
                          animals="1 ગાય, 1 બળદ", today=0, tomorrow=0)
    # BHAV's buffalo, seized 25-11 08:00, is auctioned 02-12 11:00: tomorrow.
    assert bhav.text == t("hi", "notice.keeper_digest", pound="भावपुर नं.1", day="01-12", count=1,
                          animals="1 भैंस", today=0, tomorrow=1)
    assert (amba.status, bhav.status) == ("sent", "sent")


def test_a_broadcast_reaches_every_opted_in_villager_in_their_language(app, api, world, session, run_worker):
    kanu = queries.person_by_phone(session, WATCHER)
    kanu.opted_out = True
    session.commit()

    response = api.post("/broadcasts", {"village": "AMBA", "text": "Gram sabha Sunday 10:00"})
    assert response.status_code == 201
    assert response.get_json()["recipient_count"] == 3
    run_worker()

    rows = messages(app, "broadcast", to=OWNER, status="sent") + \
        messages(app, "broadcast", to="+919825000001", status="sent")
    # Each reader gets the village's name in their own script (demo names).
    assert [m.text for m in rows] == ["Ambaji panchayat: Gram sabha Sunday 10:00",
                                      "અંબાજી ગ્રામ પંચાયત: Gram sabha Sunday 10:00"]
    assert messages(app, "broadcast", to=WATCHER) == []
