"""SPEC §5, keeper menu: 1 record seizure (tag or "no tag", kind from a
numbered list, confirm), 2 release (tag, normal or under protest, confirm),
3 animals in pound, 4 find animal by tag, 5 record a sale (tests/menus/test_ussd_sale.py).
Through the real webhook; the test clock is 30-11-2026 10:00 IST."""
from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import func, select

from handlers.sms.inbound import Inbound, handle_sms
from models import queries
from models.tables import Event, Impoundment, OutboundMessage, Release

KEEPER_AMBA, KEEPER_BHAV, OWNER_GU, OWNER_EN = "+919825000001", "+919825000002", "+919825000004", "+919825000006"
ROOT_EN = ("CON Dabbo pound keeper\n1 Record seizure\n2 Release\n3 Animals in pound\n4 Find animal by tag\n"
           "5 Record sale")
NOW = datetime(2026, 11, 30, 4, 30, tzinfo=UTC)


@pytest.fixture
def english_keeper(world, session):
    keeper = queries.person_by_phone(session, KEEPER_AMBA)
    keeper.language = "en"
    session.commit()
    return keeper


def impoundments(session) -> int:
    return session.scalar(select(func.count(Impoundment.id)))


def test_a_keeper_gets_the_keeper_menu(english_keeper, ussd):
    assert ussd(KEEPER_AMBA) == ROOT_EN
    assert ussd(KEEPER_BHAV) == ("CON कांजी हाउस रक्षक\n1 पशु पकड़ा\n2 छुड़ाना\n3 कांजी हाउस के पशु\n"
                                 "4 पशु खोजें\n9 और")


def test_seizure_asks_tag_then_kind_from_a_paged_list_then_confirms(english_keeper, ussd):
    assert ussd(KEEPER_AMBA, "1") == "CON Ear tag no.:\n1 No tag\n0 Back"
    assert ussd(KEEPER_AMBA, "1", "123456789013") == (
        "CON Kind of animal:\n1 cow\n2 bull\n3 bullock\n4 calf\n5 buffalo\n6 camel\n7 horse\n8 pony\n9 More\n0 Back")
    assert ussd(KEEPER_AMBA, "1", "123456789013", "9") == (
        "CON Kind of animal:\n1 mule\n2 donkey\n3 pig\n4 sheep\n5 goat\n6 elephant\n0 Back")
    assert ussd(KEEPER_AMBA, "1", "123456789013", "5") == (
        "CON Record seizure now: buffalo, tag 123456789013?\n1 Confirm\n2 Brought by someone else\n0 Back")
    assert ussd(KEEPER_AMBA, "1", "123456789013", "9", "6") == (
        "CON Record seizure now: elephant, tag 123456789013?\n1 Confirm\n2 Brought by someone else\n0 Back")


def test_confirmed_seizure_records_an_impoundment_with_receipt_and_deadlines(english_keeper, ussd, session):
    answer = ussd(KEEPER_AMBA, "1", "123456789013", "5", "1")
    impoundment = queries.impoundment_by_tag(session, "123456789013")
    # Seized now (30-11 10:00 IST): claim deadline 7 x 24 h later, 07-12 10:00; auction 07-12 11:00,
    # said as the alerts say them.
    assert answer == f"END Recorded. Receipt {impoundment.receipt}. Claim by 07-12 10am. Auction 07-12 11am."
    assert (impoundment.status, impoundment.kind, impoundment.pound.code) == ("impounded", "buffalo", "AMBA-1")
    assert impoundment.seized_at == NOW
    assert impoundment.claim_deadline == NOW + timedelta(days=7)
    assert impoundment.complaint_deadline == date(2026, 12, 10)
    assert impoundment.keeper.phone == KEEPER_AMBA
    assert impoundment.owner.phone == OWNER_GU       # found from the registered tag


def test_a_ussd_seizure_makes_the_same_records_as_an_sms_seize(english_keeper, ussd, session, settings):
    ussd(KEEPER_AMBA, "1", "123456789013", "5", "1")
    handle_sms(session, Inbound(KEEPER_AMBA, "SEIZE 345678901235 goat", "test", uuid.uuid4().hex),
               now=NOW, ussd_code=settings.ussd_service_code)
    by_ussd = queries.impoundment_by_tag(session, "123456789013")
    by_sms = queries.impoundment_by_tag(session, "345678901235")

    def shape(i: Impoundment):
        events = session.scalars(select(Event.type).where(Event.impoundment_id == i.id)).all()
        notices = session.scalars(select(OutboundMessage.kind).where(OutboundMessage.impoundment_id == i.id)
                                  .order_by(OutboundMessage.kind)).all()
        return (i.status, i.pound_id, i.keeper_id, i.seized_at, i.claim_deadline, i.auction_at,
                i.complaint_deadline, i.receipt.isdigit(), i.owner_id is not None, events, notices)

    assert shape(by_ussd) == shape(by_sms)


def test_seizure_without_tag_gives_the_receipt_to_write_down(english_keeper, ussd, session):
    assert ussd(KEEPER_AMBA, "1", "1", "1") == "CON Record seizure now: cow, no tag?\n1 Confirm\n2 Brought by someone else\n0 Back"
    answer = ussd(KEEPER_AMBA, "1", "1", "1", "1")
    untagged = session.scalars(select(Impoundment).where(Impoundment.tag.is_(None))).one()
    assert answer.startswith(f"END Recorded. Receipt {untagged.receipt}.")
    assert untagged.owner_id is None


def test_seizure_of_a_tag_already_in_a_pound_is_told_where_it_is_and_ends(english_keeper, ussd):
    """Where and since when, and the session ends: keys pressed after the tag (a kind, a
    confirm) must never turn into another seizure (an untagged one) on a replay."""
    assert ussd(KEEPER_AMBA, "1", "123456789012") == (
        "END Not recorded: that tag is already in Ambaji pound since 29-11 8am.")   # the pound's English name


def test_the_seizure_outbox_rows_are_enqueued_after_commit(english_keeper, ussd, session, monkeypatch):
    from sms_gateway.worker import queues

    enqueued = []
    monkeypatch.setattr(queues, "enqueue_messages", lambda runtime, ids: enqueued.extend(ids))
    ussd(KEEPER_AMBA, "1", "123456789013", "5", "1")
    impoundment = queries.impoundment_by_tag(session, "123456789013")
    written = session.scalars(select(OutboundMessage.id).where(OutboundMessage.impoundment_id == impoundment.id)).all()
    assert written                                    # the owner's seizure alert, at least
    assert sorted(enqueued) == sorted(written)


def test_inputs_after_a_confirm_never_record_twice(english_keeper, ussd, session):
    before = impoundments(session)
    assert ussd(KEEPER_AMBA, "1", "1", "1", "1", "1", "1") == "END Please dial again."
    assert impoundments(session) == before + 1


def test_a_retried_confirm_is_answered_the_same_and_records_once(english_keeper, ussd, session):
    before = impoundments(session)
    first = ussd.post(KEEPER_AMBA, "1*1*1*1", session_id="ATUid_retry").get_data(as_text=True)
    again = ussd.post(KEEPER_AMBA, "1*1*1*1", session_id="ATUid_retry").get_data(as_text=True)
    assert first.startswith("END Recorded. Receipt ") and again == first
    assert impoundments(session) == before + 1


def test_release_shows_both_amounts_then_confirms_the_amount_due(english_keeper, ussd):
    # Cow seized 29-11 08:00, 2 days: Rs 50 + 2 x Rs 40 + Rs 200 deposit = Rs 330;
    # under protest (§185(2)) no deposit: Rs 130.
    assert ussd(KEEPER_AMBA, "2") == "CON Enter ear tag or receipt no.:\n0 Back"
    assert ussd(KEEPER_AMBA, "2", "123456789012") == (
        "CON cow 123456789012\n1 Normal Rs 330\n2 Under protest Rs 130\n0 Back")
    assert ussd(KEEPER_AMBA, "2", "123456789012", "1") == (
        "CON Release cow 123456789012. Collect Rs 330?\n1 Confirm\n0 Back")
    assert ussd(KEEPER_AMBA, "2", "123456789012", "2") == (
        "CON Release cow 123456789012 under protest. Collect Rs 130?\n1 Confirm\n0 Back")


def test_confirmed_release_records_the_dues_collected(english_keeper, ussd, session):
    assert ussd(KEEPER_AMBA, "2", "123456789012", "1", "1") == "END Released. Collected Rs 330."
    release = session.scalars(select(Release)).one()
    assert (release.total_paise, release.security_paise, release.under_protest) == (33000, 20000, False)
    assert release.impoundment.status == "released"


def test_release_under_protest_gives_the_complaint_deadline_and_the_four_weeks(english_keeper, ussd, session):
    # Seized 29-11: §188(1) complaint by 09-12-2026; released 30-11: §185(3) 4 weeks end 28-12-2026.
    assert ussd(KEEPER_AMBA, "2", "123456789012", "2", "1") == (
        "END Released under protest. Collected Rs 130. Complaint by 09-12-2026 (s.188). 4 weeks end 28-12-2026.")
    release = session.scalars(select(Release)).one()
    assert (release.total_paise, release.under_protest, release.protest_deadline) == (13000, True, date(2026, 12, 28))


def test_release_of_an_animal_in_another_pound_is_asked_again(english_keeper, ussd):
    assert ussd(KEEPER_AMBA, "2", "234567890123") == "CON Not in your pound. Enter again:\n0 Back"


def test_animals_in_pound_lists_tag_kind_days_and_auction(english_keeper, ussd):
    # Bullock 10 days (auction 28-11 11:00), cow 2 days (auction 06-12 11:00), soonest auction first.
    assert ussd(KEEPER_AMBA, "3") == ("END 345678901234 bullock day 10 auction 28-11 11am\n"
                                      "123456789012 cow day 2 auction 06-12 11am")


def test_find_from_the_keeper_menu_does_not_subscribe_the_keeper(english_keeper, ussd, session):
    assert ussd(KEEPER_AMBA, "4", "234567890123").startswith("END buffalo 234567890123 in Bhavpur")
    from models.tables import Watch
    assert session.scalar(select(func.count(Watch.id))) == 0


def test_back_and_home_in_the_keeper_menu(english_keeper, ussd):
    assert ussd(KEEPER_AMBA, "1", "123456789013", "9", "0") == ussd(KEEPER_AMBA, "1", "123456789013")
    assert ussd(KEEPER_AMBA, "1", "123456789013", "5", "00") == ROOT_EN
    assert ussd(KEEPER_AMBA, "1", "123456789013", "5", "0", "0", "0") == ROOT_EN


# --- the seizer (§184(1)) and the register copy (r.3) ------------------------


def test_a_seizure_brought_by_someone_else_records_the_seizer_who_gets_the_register_copy(english_keeper, ussd,
                                                                                           session):
    assert ussd(KEEPER_AMBA, "1", "123456789013", "5", "2") == "CON Phone of who brought it:\n0 Back"
    assert ussd(KEEPER_AMBA, "1", "123456789013", "5", "2", "12") == (
        "CON Not a phone number. Enter again:\n0 Back")
    assert ussd(KEEPER_AMBA, "1", "123456789013", "5", "2", "9825000099") == (
        "CON Record seizure now: buffalo, tag 123456789013, brought by +919825000099?\n1 Confirm\n0 Back")
    assert ussd(KEEPER_AMBA, "1", "123456789013", "5", "2", "9825000099", "1").startswith("END Recorded.")
    session.expire_all()
    held = session.scalars(select(Impoundment).where(Impoundment.tag == "123456789013")).one()
    assert held.seizure.seizer_phone == "+919825000099"
    copy = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "register_copy")).one()
    assert copy.to_phone == "+919825000099" and f"{held.register_serial}/2026" in copy.text
