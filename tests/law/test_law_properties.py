"""Properties of the dues arithmetic that must hold for every seizure, in every timezone."""
from datetime import datetime, timedelta, timezone

from hypothesis import given, settings, strategies as st

from models import law

ZONES = ["Asia/Kolkata", "Asia/Dubai", "Asia/Kathmandu", "Europe/London", "America/New_York",
         "Australia/Lord_Howe", "Pacific/Chatham", "UTC"]

moments = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2040, 1, 1),
                       timezones=st.just(timezone.utc))
spans = st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=60))
money = st.integers(min_value=0, max_value=10_000_00)
zones = st.sampled_from(ZONES)
animal = st.tuples(money, money, money)   # pound fee, daily rate, security per head


def _dues(seized_at, at, tz, fee=50_00, rate=30_00, security=0, released_at=None, protest=False):
    return law.dues(seized_at=seized_at, at=at, tz=tz, pound_fee_paise=fee, daily_rate_paise=rate,
                    security_paise=security, released_at=released_at, under_protest=protest)


@settings(deadline=None)
@given(moments, spans, spans, zones, animal, st.booleans())
def test_dues_never_decrease_as_time_passes(seized, first, extra, tz, amounts, protest):
    fee, rate, security = amounts
    earlier = _dues(seized, seized + first, tz, fee, rate, security, protest=protest)
    later = _dues(seized, seized + first + extra, tz, fee, rate, security, protest=protest)
    assert later.days >= earlier.days
    assert later.total_paise >= earlier.total_paise


@settings(deadline=None)
@given(moments, spans, spans, spans, zones, animal)
def test_dues_never_decrease_with_a_release_either(seized, to_release, first, extra, tz, amounts):
    fee, rate, security = amounts
    released = seized + to_release
    earlier = _dues(seized, seized + first, tz, fee, rate, security, released_at=released)
    later = _dues(seized, seized + first + extra, tz, fee, rate, security, released_at=released)
    assert later.total_paise >= earlier.total_paise


@settings(deadline=None)
@given(moments, spans, zones, animal, st.booleans())
def test_dues_never_negative_and_at_least_one_day(seized, span, tz, amounts, protest):
    d = _dues(seized, seized + span, tz, *amounts, protest=protest)
    assert d.days >= 1
    assert min(d.pound_fee_paise, d.expenses_paise, d.security_paise, d.total_paise) >= 0
    assert d.total_paise == d.pound_fee_paise + d.expenses_paise + d.security_paise


@settings(deadline=None)
@given(moments, spans, zones, animal, st.booleans())
def test_total_tomorrow_is_one_more_day_while_held(seized, span, tz, amounts, protest):
    d = _dues(seized, seized + span, tz, *amounts, protest=protest)
    assert d.total_tomorrow_paise >= d.total_paise
    assert d.days_tomorrow == d.days + 1
    assert d.total_tomorrow_paise - d.total_paise == d.daily_rate_paise


@settings(deadline=None)
@given(moments, spans, spans, zones, animal)
def test_after_release_tomorrow_equals_today(seized, to_release, after, tz, amounts):
    released = seized + to_release
    d = _dues(seized, released + after, tz, *amounts, released_at=released)
    assert (d.days_tomorrow, d.total_tomorrow_paise) == (d.days, d.total_paise)


@settings(deadline=None)
@given(moments, spans, zones, st.lists(animal, min_size=1, max_size=8))
def test_dues_are_additive_over_animals(seized, span, tz, animals):
    # A seizure of N animals owes the sum of each animal's dues, each at its own fee and rate:
    # the same as one computation with the fees, rates and securities added up.
    at = seized + span
    each = [_dues(seized, at, tz, fee, rate, sec) for fee, rate, sec in animals]
    together = _dues(seized, at, tz, *(sum(column) for column in zip(*animals)))
    assert sum(d.total_paise for d in each) == together.total_paise
    assert sum(d.total_tomorrow_paise for d in each) == together.total_tomorrow_paise


@settings(deadline=None)
@given(moments, zones, st.integers(min_value=0, max_value=23))
def test_auction_is_after_the_claim_deadline_at_the_village_hour(seized, tz, hour):
    deadline = law.claim_deadline(seized)
    assert deadline - seized == timedelta(hours=168)
    auction = law.auction_at(deadline, tz, auction_hour=hour)
    assert auction > deadline
    assert auction - deadline <= timedelta(hours=26)   # at most a day later (+ a DST hour)


@settings(deadline=None)
@given(moments, spans, spans, zones)
def test_deposit_forfeited_exactly_before_the_refund_date(deposited, a, b, tz):
    again = deposited + a + b + b + b   # anywhere from 0 to ~8 months later
    refund = law.deposit_refund_date(deposited, tz)
    assert law.deposit_forfeited(deposited, again, tz) == (law.local_date(again, tz) < refund)
