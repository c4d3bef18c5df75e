"""The §189 seizure counts read with an impoundment (models.queries, earlier:
two more columns of one animal's query, beside the fee and rate) are the
counts the rule gives, and hold only while no impoundment has changed since.

Village DHOL (tests/law/money_support.py): §189-notified, owner Ramesh, scale per
head 1 head 1st occasion Rs 200, 2-5 head 1st occasion Rs 150, 2nd+ occasion
Rs 500.
"""
from __future__ import annotations

import pytest
from sqlalchemy import event

from models import queries
from models.queries import occasions
from models.tables import Impoundment
from tests.law.money_support import BUFFALO, COW1, COW2, COW3, impound, make_dhol


@pytest.fixture
def dhol(api, app):
    make_dhol(api)
    return api


def _counted_alone(session, impoundment) -> tuple[int, int]:
    """The counts by the bound-parameter statement, as ."""
    session.info.pop(occasions._READ, None)
    return queries.seizure_counts(session, impoundment)


def test_the_counts_read_with_an_impoundment_are_the_rules_counts(dhol, session):
    """Cow 1 and buffalo on 29-11 (one occasion, 2 head), cow 3 on 30-11 (a 2nd occasion,
    1 head), cow 2 on 30-11 at another hour (the same 2nd occasion: 2 head)."""
    impound(dhol, tag=COW1, seized_at="2026-11-29T08:00:00+05:30")
    impound(dhol, tag=BUFFALO, kind="buffalo", seized_at="2026-11-29T09:30:00+05:30")
    impound(dhol, tag=COW3, seized_at="2026-11-30T08:00:00+05:30")
    impound(dhol, tag=COW2, seized_at="2026-11-30T09:00:00+05:30")
    expected = {COW1: (0, 2), BUFFALO: (0, 2), COW3: (1, 2), COW2: (1, 2)}
    for tag, counts in expected.items():
        impoundment = queries.impoundment_by_tag(session, tag)
        assert queries.seizure_counts(session, impoundment) == counts
        assert _counted_alone(session, impoundment) == counts
        session.rollback()


def test_dues_by_id_need_no_statement_for_the_counts(dhol, session, app, clock):
    body = impound(dhol, tag=COW1, seized_at="2026-11-29T08:00:00+05:30")
    statements = []
    event.listen(app.extensions["dabbo"].engine, "before_cursor_execute",
                 lambda *args: statements.append(args[2]))
    impoundment = queries.impoundment_by_id(session, body["id"])
    dues = queries.dues_for(session, impoundment, clock())
    assert dues.security_paise == 20000   # 1 head, 1st occasion
    assert queries.earlier_seizure_count(session, impoundment) == 0
    assert not any("other_seizure" in s for s in statements[1:])


def test_an_impoundment_added_in_the_same_transaction_is_counted(dhol, session):
    """Cow 1 alone on 29-11: 1 head. A second cow of the same owner, pound and day,
    added in the same transaction (not flushed yet): 2 head."""
    impound(dhol, tag=COW1, seized_at="2026-11-29T08:00:00+05:30")
    cow = queries.impoundment_by_tag(session, COW1)
    assert queries.seizure_counts(session, cow) == (0, 1)
    twin = Impoundment(**{column: getattr(cow, column) for column in (
        "seizure_id", "pound_id", "village_id", "kind", "keeper_id", "owner_id", "seized_at", "seized_on", "status",
        "claim_deadline", "auction_at", "complaint_deadline")}, receipt="TWIN-1", tag=COW2)
    session.add(twin)
    assert queries.seizure_counts(session, cow) == (0, 2)


def test_an_owner_changed_in_the_same_transaction_is_counted(dhol, session):
    """Cow 1 and cow 2 on 29-11: 2 head. Cow 2 given no owner (flushed): 1 head."""
    impound(dhol, tag=COW1, seized_at="2026-11-29T08:00:00+05:30")
    impound(dhol, tag=COW2, seized_at="2026-11-29T08:30:00+05:30")
    cow = queries.impoundment_by_tag(session, COW1)
    assert queries.head_count(session, cow) == 2
    other = queries.impoundment_by_tag(session, COW2)
    other.owner_id = None
    session.flush()
    assert queries.head_count(session, cow) == 1
