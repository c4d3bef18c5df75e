"""The pound fee and daily rate read with an impoundment (models.queries,
earlier: two more columns of the impoundment's own query) hold only while
nothing has changed them: a fee or rate written in the same transaction,
flushed or not, or by anyone before a new transaction, is what the dues use.

World: the demo district (tests/conftest.py `world`): the cow 123456789012 in
AMBA-1, seized after the demo's schedules took effect (2026-04-01): cow fee
Rs 50 (5000 paise), AMBA's cow rate Rs 40 (4000 paise) a day.
"""
from __future__ import annotations

from sqlalchemy import event, text

from handlers.pound import admin
from models import queries

COW = "123456789012"


def _dues(session, clock):
    impoundment = queries.impoundment_by_tag(session, COW)
    return impoundment, queries.dues_for(session, impoundment, clock())


def test_the_dues_use_the_fee_and_rate_read_with_the_impoundment(world, session, clock, app):
    statements = []
    event.listen(app.extensions["dabbo"].engine, "before_cursor_execute",
                 lambda *args: statements.append(args[2]))
    _, dues = _dues(session, clock)
    assert (dues.pound_fee_paise, dues.daily_rate_paise) == (5000, 4000)
    assert not any("pound_fees.kind" in s or "daily_rates.village_id =" in s for s in statements[1:])


def test_a_fee_changed_in_the_same_transaction_counts_before_it_is_flushed(world, session, clock):
    impoundment, _ = _dues(session, clock)
    admin.set_pound_fee(session, "cow", 6000, world.SCHEDULES_FROM)
    assert queries.dues_for(session, impoundment, clock()).pound_fee_paise == 6000


def test_a_rate_changed_and_flushed_in_the_same_transaction_counts(world, session, clock):
    impoundment, _ = _dues(session, clock)
    admin.set_daily_rates(session, impoundment.village, {"cow": 4500}, world.SCHEDULES_FROM, approval_ref="DP/2")
    session.flush()
    assert queries.dues_for(session, impoundment, clock()).daily_rate_paise == 4500


def test_a_new_transaction_reads_the_schedules_anew(world, session, clock, app):
    impoundment, _ = _dues(session, clock)
    session.commit()
    with app.extensions["dabbo"].engine.begin() as other:   # another process changes the fee
        other.execute(text("UPDATE pound_fees SET amount_paise = 7000 WHERE kind = 'cow'"))
    assert queries.dues_for(session, impoundment, clock()).pound_fee_paise == 7000


def test_a_scale_replaced_in_the_same_transaction_counts(world, session, clock):
    amba = queries.village_by_code(session, "AMBA")
    on = clock().date()
    first = queries.security_scale_on(session, amba.id, on)
    admin.set_security_scale(session, amba, [], world.SCHEDULES_FROM)   # the version in force, deleted
    assert first and queries.security_scale_on(session, amba.id, on) == []
