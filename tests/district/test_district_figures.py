"""The district's figures (SPEC 13.3), read from the records by models/queries/district.py,
against the taluka's November worked by hand in tests/district/scenario.py."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from fractions import Fraction

import pytest

from models.queries import district
from models.tables import OutboundMessage, Village
from tests.district.scenario import make_villages, november, rs
from tests.law.money_support import ist

NOVEMBER, OCTOBER = date(2026, 11, 1), date(2026, 10, 1)


@pytest.fixture
def month_of_november(api, clock, dispatch):
    november(api, clock, dispatch)


def by_village(session, month: date, taluka: str | None = None) -> dict[str, district.Figures]:
    return {village.code: figures for group in district.talukas(session, month, None, taluka)
            for village, figures in group.villages}


def test_a_village_s_animals_in_november(month_of_november, session):
    """VILA: 5 seized, 3 claimed (one of them seized in October), 1 sold, 2 still held; 3 of
    the 4 that left were reclaimed; days held 1, 3, 3, 8: median 3."""
    a = by_village(session, NOVEMBER)["VILA"]
    assert (a.seized, a.claimed, a.sold, a.still_held) == (5, 3, 1, 2)
    assert a.share_reclaimed == Fraction(3, 4)
    assert a.days_held == [1, 3, 3, 8] and a.median_days == 3


def test_a_village_s_money_in_november_is_form_b_s(month_of_november, session):
    """VILA: collected 170 + 170 + 90 + 1000 = Rs 1430; paid out sale expenses 100 + surplus 530
    = Rs 630; nothing to the village fund. VILB: collected 600 + 130 = Rs 730, its surplus of
    Rs 230 sent to the village fund."""
    found = by_village(session, NOVEMBER)
    a, b = found["VILA"], found["VILB"]
    assert (a.collected_paise, a.paid_out_paise, a.to_fund_paise) == (rs(1430), rs(630), 0)
    assert (b.collected_paise, b.paid_out_paise, b.to_fund_paise) == (rs(730), 0, rs(230))


def test_the_second_village_has_a_median_between_two_animals(month_of_november, session):
    """VILB: 2 seized, 1 claimed, 1 sold, none held; days 2 and 8: median 5."""
    b = by_village(session, NOVEMBER)["VILB"]
    assert (b.seized, b.claimed, b.sold, b.still_held) == (2, 1, 1, 0)
    assert b.share_reclaimed == Fraction(1, 2) and b.median_days == 5


def test_the_taluka_total_adds_the_villages_and_takes_the_median_of_every_animal(month_of_november, session):
    """Palanpur: 7 seized, 4 claimed, 2 sold, 2 held; 4 of 6 reclaimed; days 1, 2, 3, 3, 8, 8:
    median 3 (not the median of the villages' medians); Rs 2160 in, Rs 630 out, Rs 230 to funds."""
    [palanpur] = district.talukas(session, NOVEMBER, None, "Palanpur")
    total = palanpur.total
    assert palanpur.name == "Palanpur" and [v.code for v, _ in palanpur.villages] == ["VILA", "VILB"]
    assert (total.seized, total.claimed, total.sold, total.still_held) == (7, 4, 2, 2)
    assert total.share_reclaimed == Fraction(4, 6) and total.median_days == 3
    assert (total.collected_paise, total.paid_out_paise, total.to_fund_paise) == (rs(2160), rs(630), rs(230))


def test_october_holds_the_animal_seized_in_october_and_still_held_at_its_end(month_of_november, session):
    a = by_village(session, OCTOBER)["VILA"]
    assert (a.seized, a.claimed, a.sold, a.still_held, a.left) == (1, 0, 0, 1, 0)
    assert a.share_reclaimed is None and a.median_days is None and a.collected_paise == 0


def test_talukas_come_one_by_one_and_a_taluka_officer_s_villages_are_only_his(month_of_november, session):
    groups = district.talukas(session, NOVEMBER, None)
    assert [group.name for group in groups] == ["Palanpur", "Vadgam"]
    palanpur_ids = [v.id for v in session.query(Village).filter(Village.taluka == "Palanpur")]
    assert [g.name for g in district.talukas(session, NOVEMBER, palanpur_ids)] == ["Palanpur"]
    assert district.talukas(session, NOVEMBER, palanpur_ids, "Vadgam") == []
    c = by_village(session, NOVEMBER)["VILC"]
    assert (c.seized, c.still_held) == (1, 1)


def message(session, village_phone_person, status: str, segments: int, at: datetime, provider_id: str | None):
    session.add(OutboundMessage(
        to_phone=village_phone_person.phone, person_id=village_phone_person.id, text="x", language="en",
        kind="broadcast", idempotency_key=f"test:{status}:{at.isoformat()}:{segments}:{provider_id}", status=status,
        provider_id=provider_id, segments=segments, encoding="GSM7", send_after=at, created_at=at, updated_at=at))


def test_messages_are_counted_by_what_became_of_them_in_the_village_s_month(api, session, clock):
    """VILA, November (local): delivered 2 segments, sent (not yet reported) 1, failed after the
    provider took it 3, failed before any provider took it 1, queued 1, and one delivered at
    00:30 on 01-11 IST (19:00 UTC on 31-10) and one at 23:30 on 31-10 IST (October's).
    Sent (reached the provider) = 4: the delivered two, the sent one, the failed-with-an-id one;
    delivered 2; failed 2; billed segments 2 + 1 + 3 + 1 = 7."""
    make_villages(api)
    from models.queries import person_by_phone
    from tests.district.scenario import OFFICIAL_A
    person = person_by_phone(session, OFFICIAL_A)
    message(session, person, "delivered", 2, ist(2026, 11, 5, 10), "p1")
    message(session, person, "sent", 1, ist(2026, 11, 6, 10), "p2")
    message(session, person, "failed", 3, ist(2026, 11, 7, 10), "p3")
    message(session, person, "failed", 1, ist(2026, 11, 8, 10), None)
    message(session, person, "queued", 1, ist(2026, 11, 9, 10), None)
    message(session, person, "delivered", 1, datetime(2026, 10, 31, 19, 0, tzinfo=timezone.utc), "p4")
    message(session, person, "delivered", 5, ist(2026, 10, 31, 23, 30), "p5")
    session.commit()
    a = by_village(session, NOVEMBER)["VILA"]
    assert (a.sent, a.delivered, a.failed, a.segments) == (4, 2, 2, 7)
    assert a.cost_paise(25) == 175
    october = by_village(session, OCTOBER)["VILA"]
    assert (october.sent, october.delivered, october.segments) == (1, 1, 5)


def test_a_seizure_belongs_to_the_month_of_the_village_s_own_calendar(api, session, clock):
    """Seized 31-10 20:00 UTC = 01-11 01:30 IST: a November seizure in an Indian village."""
    make_villages(api)
    clock.set(datetime(2026, 10, 31, 20, 0, tzinfo=timezone.utc))
    api.post("/impoundments", {"pound": "VILA-1", "kind": "cow"})
    clock.set(clock() + timedelta(days=1))
    assert by_village(session, NOVEMBER)["VILA"].seized == 1
    assert by_village(session, OCTOBER)["VILA"].seized == 0


def test_a_keeper_s_sms_and_a_conviction_count_like_the_api_s_records(api, session, clock, send_twilio):
    """VILA, December 2026 (fee Rs 50, Rs 40 a day): the keeper texts SEIZE 400000000011 cow on
    01-12 10:00 and RELEASE 400000000011 on 02-12 10:00 (2 days: Rs 130 collected); an animal
    seized through the API on 03-12 10:00 is forfeited on conviction on 04-12 10:00 (2 days,
    nothing collected). December: seized 2, claimed 1, forfeited 1, none held; 1 of the 2 that
    left reclaimed (50 %); days 2 and 2: median 2; Rs 130 collected."""
    from tests.law.money_support import sms
    make_villages(api)
    keeper = "+919825000505"
    api.post("/people", {"phone": keeper, "name": "Keeper A", "role": "keeper", "village": "VILA", "pound": "VILA-1",
                         "language": "en", "approved_on": "2026-01-01", "approval_ref": "TDO/VILA/1"})
    clock.set(ist(2026, 12, 1, 10))
    sms(send_twilio, keeper, "SEIZE 400000000011 cow")
    clock.set(ist(2026, 12, 2, 10))
    sms(send_twilio, keeper, "RELEASE 400000000011")
    clock.set(ist(2026, 12, 3, 10))
    convicted = api.post("/impoundments", {"pound": "VILA-1", "kind": "cow"}).get_json()["id"]
    clock.set(ist(2026, 12, 4, 10))
    assert api.post(f"/impoundments/{convicted}/conviction", {"convicted_on": "2026-12-04"}).status_code == 201
    a = by_village(session, date(2026, 12, 1))["VILA"]
    assert (a.seized, a.claimed, a.sold, a.forfeited, a.still_held) == (2, 1, 0, 1, 0)
    assert a.share_reclaimed == Fraction(1, 2) and a.median_days == 2
    assert (a.collected_paise, a.paid_out_paise, a.to_fund_paise) == (rs(130), 0, 0)
