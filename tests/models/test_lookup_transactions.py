"""A lookup's reads run outside a transaction (models.db.lookup_reads); whatever
writes or locks opens one first, so what a step writes still commits together;
a lookup's audit row is then its own one-statement transaction.

World: the demo district; John D'Souza (+919825000006, en) owns the cow
345678901234, in the AMBA pound; +919825000004 is an owner speaking Gujarati.
"""
from __future__ import annotations

import psycopg
import pytest
from sqlalchemy import event, func, select

from models.db import DescribingLazily
from models.tables import InboundMessage, Person, Watch

OWNER, OWNER_GU, STRANGER = "+919825000006", "+919825000004", "+919825099999"
TAG = "345678901234"


@pytest.fixture
def statements(app):
    """(statement, whether it ran inside a transaction) for each one sent."""
    seen: list[tuple[str, bool]] = []

    def _seen(conn, _cursor, statement, *_args):
        seen.append((statement, not conn.connection.dbapi_connection.autocommit))

    event.listen(app.extensions["dabbo"].engine, "before_cursor_execute", _seen)
    return seen


def _writes(statements):
    return [(s, inside) for s, inside in statements
            if s.lstrip().upper().startswith(("INSERT", "UPDATE", "WITH", "DELETE"))]


def test_a_ussd_find_sends_no_begin_and_stores_its_audit_row_and_watch(world, ussd, session, statements):
    screen = ussd(OWNER, "1", TAG)
    assert screen.startswith("END ") and TAG in screen
    find = [inside for s, inside in statements]
    assert find and not any(find)   # every statement in autocommit: no BEGIN, no COMMIT
    session.expire_all()
    stored = session.scalars(select(InboundMessage).where(InboundMessage.phone == OWNER)).all()
    assert [m.text for m in stored] == ["", "1", f"1*{TAG}"]
    assert stored[-1].reply_text == screen
    john = session.scalar(select(Person).where(Person.phone == OWNER))
    assert session.scalar(select(func.count(Watch.id)).where(Watch.person_id == john.id)) >= 1


def test_a_strangers_ussd_find_registers_him_and_stores_the_step_in_one_transaction(world, ussd, session,
                                                                                 statements):
    ussd.post(STRANGER, "", "ATUid_stranger")
    ussd.post(STRANGER, "1", "ATUid_stranger")
    statements.clear()
    assert ussd.post(STRANGER, f"1*{TAG}", "ATUid_stranger").get_data(as_text=True).startswith("END ")
    writes = _writes(statements)
    assert any("people" in s for s, _ in writes)
    assert all(inside for _, inside in writes)   # the Person, the watch and the audit row together
    session.expire_all()
    assert session.scalar(select(Person.role).where(Person.phone == STRANGER)) == "owner"


def test_a_ussd_confirm_step_runs_in_a_transaction(world, ussd, session, statements):
    ussd.post(OWNER_GU, "", "ATUid_language")
    ussd.post(OWNER_GU, "5", "ATUid_language")
    statements.clear()
    assert ussd.post(OWNER_GU, "5*3", "ATUid_language").get_data(as_text=True).startswith("END ")   # English
    writes = _writes(statements)
    assert any("UPDATE people" in s for s, _ in writes) and all(inside for _, inside in writes)
    session.expire_all()
    assert session.scalar(select(Person.language).where(Person.phone == OWNER_GU)) == "en"


def test_an_sms_lookup_sends_no_begin_and_stores_its_audit_row(world, send_twilio, session, statements):
    response = send_twilio(OWNER, f"FEES {TAG}", sid="SMnobegin")
    assert TAG in response.reply
    assert statements and not any(inside for _, inside in statements)
    session.expire_all()
    stored = session.scalar(select(InboundMessage).where(InboundMessage.provider_id == "SMnobegin"))
    assert (stored.reply_text, stored.outcome) == (response.reply, "fees")


def test_a_lazily_made_description_names_the_columns_psycopg_names(database_url):
    url = database_url.replace("postgresql+psycopg://", "postgresql://")
    query = "SELECT 1 AS one, now() AS at, 'x'::text AS word"
    with psycopg.connect(url) as plain, psycopg.connect(url, cursor_factory=DescribingLazily) as lazy:
        expected = [(c.name, c.type_code) for c in plain.execute(query).description]
        described = lazy.execute(query).description
        assert len(described) == 3 and [(c.name, c.type_code) for c in described] == expected
        assert lazy.execute("SET search_path TO public").description is None
