"""SPEC section 4, a pound keeper's commands: SEIZE, RELEASE, SOLD, LIST.

Ambaji keeper +919825000001 (gu), Bhavpur keeper +919825000002 (hi); clock
Mon 30-11-2026 10:00 IST. A seizure now: claim deadline 07-12 10:00, auction
07-12 11:00 (Ambaji's auction hour). Demo receipts are 100001-100003, so the
next ones are 100004, 100005…
"""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from models.tables import Event, Impoundment, OutboundMessage, Release, Sale, Seizure
from sms_gateway.worker import queues

AMBA_KEEPER, BHAV_KEEPER, OFFICIAL, EN_OWNER = "+919825000001", "+919825000002", "+919825000003", "+919825000006"



def count(session, table) -> int:
    return session.scalar(select(func.count()).select_from(table))


def by_tag(session, tag):
    session.expire_all()
    return session.scalars(select(Impoundment).where(Impoundment.tag == tag).order_by(Impoundment.id.desc())).first()


def test_seize_with_several_tags_records_one_seizure_and_replies_with_receipts(world, send, session):
    # each tag beside its receipt number.
    reply = send(AMBA_KEEPER, "SEIZE 111111111111, 222222222222 gay loose on the highway")
    assert reply == ("ડબ્બે પૂરેલ 2 ગાય: 111111111111 → પહોંચ 100004,222222222222 → પહોંચ 100005. "
                     "છોડાવવાની મુદત 07-12 સવારે 10, હરાજી 07-12 સવારે 11.")
    first, second = by_tag(session, "111111111111"), by_tag(session, "222222222222")
    assert first.seizure_id == second.seizure_id
    assert (first.kind, first.pound.code, first.keeper.phone, first.note) == (
        "cow", "AMBA-1", AMBA_KEEPER, "loose on the highway")


def test_seize_of_a_registered_tag_links_the_owner(world, send, session):
    send(AMBA_KEEPER, "SEIZE 345678901235 bakri")
    assert by_tag(session, "345678901235").owner.phone == EN_OWNER


def test_seize_without_a_tag_gives_one_receipt(world, send, session):
    assert send(AMBA_KEEPER, "SEIZE ભેંસ") == (
        "ડબ્બે પૂરેલ 1 ભેંસ: 100004. છોડાવવાની મુદત 07-12 સવારે 10, હરાજી 07-12 સવારે 11.")
    untagged = session.scalars(select(Impoundment).where(Impoundment.receipt == "100004")).one()
    assert (untagged.tag, untagged.kind) == (None, "buffalo")


def test_seize_in_hindi_and_in_english(world, send):
    # Bhavpur keeper: seized now, auction at the village's 11:00 after the deadline.
    assert send(BHAV_KEEPER, "SEIZE 555555555555 बकरी") == (
        "कांजी हाउस में बंद 1 बकरी: 555555555555 → रसीद 100004. छुड़ाने की अंतिम तिथि 07-12 सुबह 10, नीलामी 07-12 सुबह 11.")
    send(AMBA_KEEPER, "LANG EN")
    assert send(AMBA_KEEPER, "SEIZE 666666666666 cow") == (
        "Seized 1 cow: 666666666666 -> receipt 100005. Claim by 07-12 10am, auction 07-12 11am.")


def test_seize_of_a_tag_already_in_a_pound_changes_nothing(world, send, session):
    before = count(session, Impoundment), count(session, Seizure), count(session, Event)
    assert send(AMBA_KEEPER, "SEIZE 777777777777, 123456789012 cow") == (
        "ટેગ 123456789012 29-11 સવારે 8થી અંબાજી નં.1માં છે જ. કંઈ નોંધાયું નથી.")
    assert (count(session, Impoundment), count(session, Seizure), count(session, Event)) == before


def test_many_receipts_are_paged_within_the_budget(world, send):
    tags = ", ".join(f"9000000000{n:02d}" for n in range(40))
    reply = send(AMBA_KEEPER, f"SEIZE {tags} cow")
    assert reply.startswith("ડબ્બે પૂરેલ 40 ગાય: 900000000000 → પહોંચ 100004,900000000001 → પહોંચ 100005,")
    assert "વધુ" in reply
    from handlers.text import segments
    assert segments(reply) <= 4


def test_release_collects_the_dues_as_computed_now(world, send, session):
    # Cow: fee Rs 50 + 2 days Rs 80 + security Rs 200 = Rs 330.
    assert send(AMBA_KEEPER, "RELEASE 123456789012") == (
        "123456789012 છોડાવ્યું. લેવાના રૂ. 330: ફી રૂ. 50 + 2 દિવસ ખર્ચ રૂ. 80 + ડિપોઝિટ રૂ. 200.")
    release = session.scalars(select(Release)).one()
    assert (release.total_paise, release.under_protest) == (33000, False)
    assert by_tag(session, "123456789012").status == "released"


def test_release_in_hindi(world, send):
    # Buffalo at Bhavpur: Rs 75 + 6 days x Rs 50 = Rs 300, no security: Rs 375.
    assert send(BHAV_KEEPER, "RELEASE 234567890123") == (
        "234567890123 छोड़ा. लेना है रु. 375: शुल्क रु. 75 + 6 दिन खर्च रु. 300 + जमानत रु. 0.")


def test_release_under_protest_takes_fee_and_expenses_and_gives_both_deadlines(world, send, session):
    # Rs 50 + Rs 80 deposited, no security (§185(2)). Seized 29-11: §188(1) complaint by
    # 29-11 + 10 = 09-12-2026; released 30-11: §185(3) four weeks end 30-11 + 28 = 28-12-2026.
    send(AMBA_KEEPER, "LANG EN")
    assert send(AMBA_KEEPER, "RELEASE 123456789012 PROTEST") == (
        "Released 123456789012 under protest. Deposited Rs 130: fee Rs 50 + expenses Rs 80, no security. "
        "Owner's complaint deadline 09-12-2026 (s.188). Four weeks end 28-12-2026 (s.185(3)).")
    assert session.scalars(select(Release)).one().under_protest is True


def test_a_keeper_cannot_release_another_pounds_animal(world, send, session):
    assert send(BHAV_KEEPER, "RELEASE 123456789012") == (
        "टैग 123456789012 आपके कांजी हाउस में नहीं है. कुछ दर्ज नहीं हुआ.")
    assert by_tag(session, "123456789012").status == "impounded"
    assert count(session, Release) == 0


def test_releasing_an_animal_no_longer_held_is_refused(world, send):
    send(AMBA_KEEPER, "RELEASE 123456789012")
    assert send(AMBA_KEEPER, "RELEASE 123456789012") == "ટેગ 123456789012 હાલ ડબ્બામાં નથી. કંઈ નોંધાયું નથી."


def test_sold_computes_the_surplus_and_the_15_day_deadline(world, send, session):
    # Bullock, claim deadline 28-11 08:00 passed. Rs 9000 - (Rs 75 + 10 x Rs 50) = Rs 8425.
    assert send(AMBA_KEEPER, "SOLD 345678901234 Rs 9,000 buyer 98250 12345") == (
        "345678901234 રૂ. 9,000માં વેચાયું. ફી અને ખર્ચ રૂ. 575 બાદ, વધારાની રકમ રૂ. 8,425 માલિક 15-12-2026 સુધી લઈ શકે.")
    sale = session.scalars(select(Sale)).one()
    assert (sale.proceeds_paise, sale.surplus_paise, sale.buyer_phone) == (900000, 842500, "+919825012345")


def test_sold_to_a_keeper_or_official_is_refused_under_section_186_2(world, send, session):
    send(AMBA_KEEPER, "LANG EN")
    assert send(AMBA_KEEPER, "SOLD 345678901234 9000 09825000003") == (
        "Not recorded: a pound keeper or panchayat official may not buy at the auction (section 186(2)).")
    assert count(session, Sale) == 0
    assert by_tag(session, "345678901234").status == "impounded"


def test_sold_inside_the_claim_window_is_refused(world, send, session):
    # the reply names the auction time (claim deadline 06-12 08:00, auction 06-12 11:00).
    assert send(AMBA_KEEPER, "SOLD 123456789012 5000") == (
        "ટેગ 123456789012 તેની હરાજી 06-12 સવારે 11 પહેલાં વેચી ન શકાય: વેચાણ હરાજીમાં જ (કલમ 186(1)). "
        "કંઈ નોંધાયું નથી.")
    assert count(session, Sale) == 0


def test_list_shows_tag_kind_day_count_and_auction_date(world, send):
    # Bullock: 21-11 to 30-11 = 10 days, auction 28-11; cow: 2 days, auction 06-12.
    assert send(AMBA_KEEPER, "LIST") == "ડબ્બામાં 2: 345678901234 બળદ 10દિ હરાજી 28-11; 123456789012 ગાય 2દિ હરાજી 06-12"
    send(AMBA_KEEPER, "LANG EN")
    assert send(AMBA_KEEPER, "LIST") == (
        "2 in pound: 345678901234 bullock 10d auction 28-11; 123456789012 cow 2d auction 06-12")


def test_a_long_list_shows_what_fits_and_how_many_more(world, send, send_twilio):
    send_twilio(AMBA_KEEPER, "SEIZE " + ", ".join(f"9000000000{n:02d}" for n in range(30)) + " goat")
    send(AMBA_KEEPER, "LANG EN")
    reply = send(AMBA_KEEPER, "LIST")
    from handlers.text import segments
    assert reply.startswith("32 in pound: 345678901234 bullock 10d auction 28-11; ")
    assert reply.endswith(" more") and segments(reply) == 2


def test_an_empty_pound(world, send):
    send(AMBA_KEEPER, "RELEASE 123456789012")
    send(AMBA_KEEPER, "RELEASE 345678901234")
    assert send(AMBA_KEEPER, "LIST") == "હાલ તમારા ડબ્બામાં કોઈ ઢોર નથી."


@pytest.mark.parametrize("body", ["SEIZE 123123123123 cow", "RELEASE 123456789012", "SOLD 345678901234 9000", "LIST"])
def test_keeper_commands_from_an_owner_or_official_change_nothing(world, send, session, body):
    before = count(session, Impoundment), count(session, Release), count(session, Sale)
    assert send(EN_OWNER, body) == "Only a registered pound keeper can do that. Send HELP for your commands."
    assert send(OFFICIAL, body).startswith("આ ફક્ત નોંધાયેલ ડબ્બાનો રખેવાળ")
    assert (count(session, Impoundment), count(session, Release), count(session, Sale)) == before


def test_outbox_rows_written_by_a_command_are_enqueued_once_after_commit(world, send_at, session, monkeypatch):
    enqueued = []
    monkeypatch.setattr(queues, "enqueue_messages", lambda runtime, ids: enqueued.extend(ids))
    last_before = session.scalar(select(func.max(OutboundMessage.id))) or 0
    send_at(AMBA_KEEPER, "SEIZE 345678901235 goat")
    written = session.scalars(select(OutboundMessage.id).where(OutboundMessage.id > last_before)).all()
    # At least the reply itself; the seizure alert too once notices write it.
    assert written and sorted(enqueued) == sorted(written)
