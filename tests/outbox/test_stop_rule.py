"""The STOP rule (models.outbox.stop), the one place that says whether a person
who sent STOP still gets a message: what they asked for reaches them (the reply
to their own text, the receipt of the release they came for, the call back to
their missed call); no notice, reminder, digest or broadcast does."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import select

from handlers.notices import common
from handlers.outbox import delivery, queue_message
from models.outbox.stop import is_unsolicited, reaches, reaches_sql
from models.tables import OutboundMessage, Person

ASKED_FOR = ["reply", "release_receipt", "voice_callback"]
NOT_ASKED_FOR = [common.SEIZURE_ALERT, common.CLAIM_REMINDER, common.AUCTION_NOTICE, common.SURPLUS_NOTICE,
                 common.SURPLUS_REMINDER, common.PROTEST_REMINDER, common.DEPOSIT_FORFEITED,
                 common.DEPOSIT_REFUNDABLE, common.KEEPER_DIGEST, common.SECURITY_DUE, common.SURPLUS_PAID,
                 common.DEPOSIT_REFUNDED, common.COMPLAINT_OUTCOME, "broadcast"]
NOW = datetime(2026, 12, 4, 6, 0, tzinfo=timezone.utc)   # 11:30 in Gujarat: no quiet hours


def test_stop_leaves_an_opted_out_person_only_the_three_kinds_they_asked_for():
    assert [kind for kind in ASKED_FOR + NOT_ASKED_FOR if reaches(True, is_unsolicited(kind))] == ASKED_FOR
    assert [kind for kind in ASKED_FOR + NOT_ASKED_FOR if reaches(False, is_unsolicited(kind))] == \
        ASKED_FOR + NOT_ASKED_FOR


def test_every_path_that_writes_or_sends_a_message_follows_the_stop_rule(world, session):
    """queue_message (one row), wants (the notices' probe) and the send-time
    verdict say what `reaches` says, for each kind; the SQL form picks as
    recipients of an unsolicited message exactly the people it lets through."""
    kanu = session.scalar(select(Person).where(Person.phone == "+919825000004"))
    kanu.opted_out = True
    session.flush()
    for n, kind in enumerate(ASKED_FOR + NOT_ASKED_FOR):
        expected = reaches(True, is_unsolicited(kind))
        row = queue_message(session, to_phone=kanu.phone, text="x", language="gu", kind=kind,
                            idempotency_key=f"stop-rule:{n}", now=NOW, person=kanu)
        assert (row is not None, common.wants(kanu, kind)) == (expected, expected), kind
        waiting = OutboundMessage(kind=kind, unsolicited=is_unsolicited(kind), expires_at=None,
                                  impoundment_id=None, idempotency_key=f"stop-rule:{n}")
        decided = delivery.verdict(session, waiting, kanu, "Asia/Kolkata", NOW, (21, 8))
        assert decided.action == (delivery.SEND if expected else delivery.CANCEL), kind
    people = list(session.scalars(select(Person).order_by(Person.id)))
    picked = list(session.scalars(select(Person.id).where(reaches_sql(Person.opted_out)).order_by(Person.id)))
    assert picked == [p.id for p in people if reaches(p.opted_out, True)]
    assert kanu.id not in picked and len(picked) == len(people) - 1
    session.rollback()
