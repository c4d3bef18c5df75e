"""SPEC 13.3 keepers: SEIZE takes a 12-digit ear tag or no tag (the receipt is Dabbo's to issue);
`SEIZE … AT <place>` fills the place of seizure, Form A's place column, not the note.

Ambaji keeper +919825000001 (gu); clock Mon 30-11-2026 10:00 IST; demo receipts 100001-100003.
"""
from __future__ import annotations

from sqlalchemy import func, select

from handlers.sms.commands import parse
from models.tables import Impoundment, Seizure

AMBA_KEEPER = "+919825000001"
NO_TAG_EN = ("A seizure takes a 12-digit ear tag, or no tag: then we issue the receipt number and tell it to "
             "you. Nothing recorded.")


def seizures(session) -> int:
    return session.scalar(select(func.count()).select_from(Seizure))


def test_seize_with_a_receipt_sized_number_is_refused_and_explains_receipts(world, send, session):
    before = seizures(session)
    reply = send(AMBA_KEEPER, "SEIZE 12345 COW")
    assert reply == ("પકડમાં 12 અંકનો કાનનો ટેગ લખો, કે ટેગ વગર લખો: પછી પહોંચ નંબર અમે આપીને જણાવીશું. "
                     "કંઈ નોંધાયું નથી. SEIZE <ટેગ> <ઢોર> [નોંધ] મોકલો, દા.ત. SEIZE 123456789012 ગાય.")
    assert seizures(session) == before
    send(AMBA_KEEPER, "LANG EN")
    reply = send(AMBA_KEEPER, "SEIZE 12345 COW")
    assert reply == NO_TAG_EN + " Send SEIZE <tag> <kind> [note], e.g. SEIZE 123456789012 cow."
    assert seizures(session) == before


def test_the_refusal_in_english_says_tag_or_no_tag():
    assert parse("SEIZE 12345 COW").code == "seize_not_a_tag"
    assert parse("SEIZE cow 1234567890").code == "seize_not_a_tag"


def test_a_seizure_without_a_tag_is_still_allowed():
    command = parse("SEIZE cow")
    assert (command.name, command.tags, command.kind) == ("seize", (), "cow")


def test_seize_at_a_place_fills_the_place_not_the_note(world, send, session):
    send(AMBA_KEEPER, "SEIZE 111111111111 cow sick leg AT Amba bus stand")
    impoundment = session.scalars(select(Impoundment).where(Impoundment.tag == "111111111111")).one()
    assert (impoundment.seizure.place, impoundment.note) == ("Amba bus stand", "sick leg")


def test_seize_at_a_place_ends_at_by_and_the_seizer_is_kept(world, send, session):
    command = parse("SEIZE 111111111111 cow AT Amba chowk BY 98250 00009")
    assert (command.place, command.seizer_phone, command.note) == ("Amba chowk", "98250 00009", None)
    command = parse("SEIZE 111111111111 cow BY 9825000009 AT Amba chowk")
    assert (command.place, command.seizer_phone, command.note) == ("Amba chowk", "9825000009", None)


def test_a_lower_case_at_inside_the_note_stays_in_the_note():
    command = parse("SEIZE 111111111111 cow, tied at gate")
    assert (command.note, command.place) == ("tied at gate", None)


def test_a_lower_case_at_right_after_the_kind_opens_the_place():
    command = parse("SEIZE 111111111111 cow at Amba chowk")
    assert (command.note, command.place) == (None, "Amba chowk")
