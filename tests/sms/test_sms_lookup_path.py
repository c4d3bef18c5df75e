"""A registered sender's plain lookup by SMS (handlers.sms.inbound._answer_lookup,
earlier) is answered without a savepoint, its audit row written once, last,
with the answer and the asker's watch; a retry, a refusal, a failure and a
stranger are answered as before.

World: the demo district; John D'Souza (+919825000006, en) owns the cow
345678901234, in the AMBA pound.
"""
from __future__ import annotations

from sqlalchemy import func, select

from handlers.pound import lookup
from models.tables import InboundMessage, Person, Watch

OWNER, STRANGER = "+919825000006", "+919898012345"
TAG = "345678901234"


def _stored(session) -> list[InboundMessage]:
    session.expire_all()
    return list(session.scalars(select(InboundMessage).order_by(InboundMessage.id)))


def test_a_lookup_writes_its_audit_row_once_with_answer_and_watch(world, send_twilio, session, statements):
    """John's bullock, seized 21-11-2026 08:00 IST in AMBA (§189-notified); the clock is
    30-11 10:00 IST. Fee (§187(1)) bullock Rs 75; feeding (§187(2)) 21-11 to 30-11 is 10 days
    x Rs 50 = Rs 500; security (§189(1), John's first occasion, 1 head) Rs 200: Rs 775 today,
    and tomorrow one more day, Rs 825. The §189 counts come with the animal's row: no
    statement of their own."""
    response = send_twilio(OWNER, f"FEES {TAG}", sid="SMfast")
    assert response.reply == (f"Tag {TAG}: pound fee Rs 75 + 10 days x Rs 50 = Rs 500 + security Rs 200. "
                              "Total today Rs 775. Tomorrow Rs 825.")
    writes = [s for s in statements if s.lstrip().upper().startswith(("INSERT", "UPDATE", "WITH", "SAVEPOINT"))]
    assert len(writes) == 1 and "inbound_messages" in writes[0] and "new_watch" in writes[0]
    assert not any("count(" in s and "%(owner_id)s" in s for s in statements)   # no counts of their own
    (stored,) = _stored(session)
    assert (stored.provider_id, stored.reply_text, stored.outcome) == ("SMfast", response.reply, "fees")
    owner = session.scalar(select(Person).where(Person.phone == OWNER))
    assert session.scalar(select(func.count(Watch.id)).where(Watch.person_id == owner.id)) >= 1


def test_a_retried_lookup_is_answered_from_storage_and_stored_once(world, send_twilio, session):
    first = send_twilio(OWNER, f"FIND {TAG}", sid="SMagain")
    again = send_twilio(OWNER, f"FIND {TAG}", sid="SMagain")
    assert first.reply == again.reply
    assert [m.provider_id for m in _stored(session)] == ["SMagain"]


def test_a_refused_lookup_is_answered_and_stored_as_refused(world, send_twilio, session):
    response = send_twilio(OWNER, "FEES 999999999999", sid="SMnone")
    (stored,) = _stored(session)
    assert stored.outcome.startswith("refused:") and stored.reply_text == response.reply


def test_a_lookup_that_fails_is_answered_with_the_generic_error_and_stored(world, send_twilio, session,
                                                                           monkeypatch):
    def broken(*_args):
        raise RuntimeError("a bug")

    monkeypatch.setitem(__import__("handlers.sms.inbound", fromlist=["COMMANDS"]).COMMANDS, "fees", (broken, None))
    response = send_twilio(OWNER, f"FEES {TAG}", sid="SMbug")
    assert response.status_code == 200 and response.reply
    (stored,) = _stored(session)
    assert stored.outcome == "error"


def test_a_strangers_lookup_registers_the_stranger(world, send_twilio, session):
    send_twilio(STRANGER, f"FIND {TAG}", sid="SMstranger")
    assert session.scalar(select(Person.role).where(Person.phone == STRANGER)) == "owner"
    assert [m.outcome for m in _stored(session)] == ["find"]


def test_the_lookup_handlers_are_the_ones_the_careful_path_runs():
    from handlers.sms.inbound import COMMANDS, LOOKUPS
    assert COMMANDS["fees"][0] is lookup.fees and "fees" in LOOKUPS and "list" in LOOKUPS
