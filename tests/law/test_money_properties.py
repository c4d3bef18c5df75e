"""the invariants, for every case hypothesis can think of:

* money collected = the sum of its parts (dues; a sale's proceeds);
* a sale surplus is never negative;
* no sale before `auction_at`, and `auction_at` is after the claim deadline;
* a deposit ends in exactly one of: refunded; forfeited (+ its refundable remainder, the
  two summing to the deposit); or still held (held, forfeit_pending, refundable), whatever
  happens after it: re-impoundment or not, any forfeit percent, a complaint pending,
  upheld or dismissed, ticks of the dispatcher at any time, a refund asked for.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from hypothesis import HealthCheck, given, settings, strategies as st
from sqlalchemy import select

from handlers import notices
from handlers.pound import admin
from handlers.pound import money
from handlers.pound import records
from handlers.errors import Refused
from models import law
from models.tables import Deposit

ZONES = ["Asia/Kolkata", "Asia/Kathmandu", "Europe/London", "America/New_York", "Pacific/Chatham", "UTC"]
moments = st.datetimes(min_value=datetime(2001, 1, 1), max_value=datetime(2039, 1, 1), timezones=st.just(timezone.utc))
spans = st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=90))
paise = st.integers(min_value=0, max_value=10_000_00)
zones = st.sampled_from(ZONES)


@settings(deadline=None)
@given(moments, spans, zones, paise, paise, paise, st.booleans())
def test_money_collected_at_release_is_the_sum_of_its_parts(seized, held_for, tz, fee, rate, security, protest):
    dues = law.dues(seized_at=seized, at=seized + held_for, tz=tz, pound_fee_paise=fee, daily_rate_paise=rate,
                    security_paise=security, under_protest=protest)
    assert dues.total_paise == dues.pound_fee_paise + dues.expenses_paise + dues.security_paise
    assert dues.expenses_paise == dues.days * rate
    assert dues.security_paise == (0 if protest else security)


@given(paise, paise, paise, paise, paise)
def test_a_sale_surplus_is_never_negative_and_the_proceeds_are_accounted_for(proceeds, fee, expenses, sale_costs,
                                                                             security):
    surplus = law.surplus_paise(proceeds, fee, expenses, sale_costs, security_paise=security)
    deductions = fee + expenses + sale_costs + security
    assert surplus >= 0
    assert surplus == proceeds - deductions if proceeds >= deductions else surplus == 0


@given(paise, st.integers(min_value=0, max_value=100))
def test_a_part_forfeiture_and_its_remainder_sum_to_the_deposit(deposit, percent):
    forfeited, remainder = law.split_forfeiture(deposit, percent)
    assert forfeited + remainder == deposit and forfeited >= 0 and remainder >= 0
    assert forfeited * 100 <= deposit * percent  # rounded down: a part paisa stays the owner's


@settings(deadline=None)
@given(moments, zones, st.integers(min_value=0, max_value=23), st.timedeltas(min_value=timedelta(days=-10),
                                                                             max_value=timedelta(days=10)))
def test_no_sale_before_the_auction(seized, tz, hour, offset):
    deadline = law.claim_deadline(seized)
    auction = law.auction_at(deadline, tz, hour)
    at = auction + offset
    assert auction > deadline
    assert law.sale_allowed(at, auction) == (at >= auction)
    if law.sale_allowed(at, auction):
        assert at > deadline


# ---------------------------------------------------------------- the deposit's life, on real records

START = datetime(2026, 11, 30, 4, 30, tzinfo=timezone.utc)  # 30-11-2026 10:00 IST
_serial = iter(range(10**6))


def _village(session, percent: int):
    n = next(_serial)
    village = admin.create_village(session, code=f"PROP{n}", name="Prop", security_notified=True,
                                   forfeit_percent=percent, now=START)
    admin.set_pound_fee(session, "cow", 5000, date(2026, 1, 1))
    admin.set_daily_rates(session, village, {"cow": 4000}, date(2026, 1, 1), approval_ref="DP/1")
    admin.set_security_scale(session, village, [{"min_head": 1, "max_head": None, "min_times": 1, "max_times": None,
                                                 "per_head_paise": 20000}], date(2026, 1, 1))
    pound = admin.create_pound(session, village, code=f"PROP{n}-1", name="Prop pound")
    owner = admin.create_person(session, phone=f"+9198{n:08d}", name=None, role="owner", village=village,
                                pound=None, language="en", now=START)
    return pound, owner, n


@settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(percent=st.integers(min_value=0, max_value=100),
       reseize_after=st.one_of(st.none(), st.integers(min_value=1, max_value=250)),
       complaint=st.sampled_from([None, "pending", "upheld", "dismissed"]),
       ticks=st.lists(st.integers(min_value=0, max_value=400), max_size=4),
       ask_refund=st.booleans())
def test_a_deposit_ends_in_exactly_one_state(session, percent, reseize_after, complaint, ticks, ask_refund):
    try:
        pound, owner, n = _village(session, percent)
        first, second = f"{n:06d}000001", f"{n:06d}000002"
        admin.register_animal(session, owner, tag=first, kind="cow")
        admin.register_animal(session, owner, tag=second, kind="cow")
        [cow] = records.seize(session, pound=pound, kind="cow", tags=[first], now=START)
        records.release(session, cow, now=START)
        [original] = session.scalars(select(Deposit).where(Deposit.impoundment_id == cow.id)).all()
        now = START
        if reseize_after is not None:
            now = START + timedelta(days=reseize_after)
            [again] = records.seize(session, pound=pound, kind="cow", tags=[second], now=now)
            if complaint is not None:
                money.file_complaint(session, again, filed_on=law.local_date(now, "Asia/Kolkata"), now=now)
            if complaint in ("upheld", "dismissed"):
                now += timedelta(days=3)
                money.decide_complaint(session, again, outcome=complaint,
                                       decided_on=law.local_date(now, "Asia/Kolkata"), now=now)
        for days in sorted(ticks):
            moment = max(now, START + timedelta(days=days))
            money.settle_pending_forfeitures(session, moment)
            notices.open_refund_windows(session, moment)
            now = moment
        if ask_refund:
            for deposit in session.scalars(select(Deposit).where(Deposit.status == "refundable",
                                                                 Deposit.owner_id == owner.id)).all():
                try:
                    money.refund_deposit(session, deposit, now=now)
                except Refused:
                    pass
        session.flush()
        _assert_one_end(session, original)
    finally:
        session.rollback()


def _assert_one_end(session, original: Deposit) -> None:
    session.refresh(original)
    remainders = session.scalars(select(Deposit).where(Deposit.parent_id == original.id)).all()
    ends = {
        "refunded": original.status == "refunded" and original.refunded_at is not None,
        "forfeited": original.status == "forfeited",
        "held": original.status in ("held", "forfeit_pending", "refundable"),
    }
    assert sum(ends.values()) == 1, original.status
    if ends["forfeited"]:
        assert original.forfeited_paise + sum(r.amount_paise for r in remainders) == original.amount_paise
        assert all(r.status in ("held", "refundable", "refunded") for r in remainders)
        assert len(remainders) == (1 if original.forfeited_paise < original.amount_paise else 0)
    else:
        assert original.forfeited_paise == 0 and remainders == []
