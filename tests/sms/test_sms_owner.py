"""SPEC section 4, anyone's and an owner's commands, through both webhooks.

The demo district at the test clock (Mon 30-11-2026 10:00 IST):
- cow 123456789012 (owner +919825000004, gu) seized 29-11 08:00 at Ambaji (§189-notified):
  fee Rs 50 + 2 days x Rs 40 = Rs 80 + security Rs 200 (1 head, 1st time) = Rs 330;
  claim deadline 06-12 08:00, auction 06-12 11:00, receipt 100001.
- buffalo 234567890123 (owner +919825000005, hi) seized 25-11 08:00 at Bhavpur (not notified):
  fee Rs 75 + 6 days x Rs 50 = Rs 300 + security 0 = Rs 375; tomorrow 7 days: Rs 425.
- bullock 345678901234 (owner +919825000006, en) seized 21-11 08:00 at Ambaji:
  fee Rs 75 + 10 days x Rs 50 = Rs 500 + security Rs 200 = Rs 775; tomorrow Rs 825.
"""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from models.tables import Impoundment, Person, Watch

GU_OWNER, HI_OWNER, EN_OWNER = "+919825000004", "+919825000005", "+919825000006"
KEEPER, OFFICIAL = "+919825000001", "+919825000003"
STRANGER = "+919898012345"



def watchers(session, tag: str) -> list[str]:
    return list(session.scalars(
        select(Person.phone).join(Watch, Watch.person_id == Person.id)
        .join(Impoundment, Impoundment.id == Watch.impoundment_id).where(Impoundment.tag == tag)))


def test_a_bare_tag_tells_where_the_animal_is_and_what_is_due_today_in_gujarati(world, send):
    reply = send(GU_OWNER, "123456789012")
    assert reply == ("ટેગ 123456789012 (ગાય) 29-11 સવારે 8થી અંબાજી નં.1, અંબાજીમાં. "
                     "આજે રૂ. 330. 06-12 સવારે 8 સુધી છોડાવો, પછી 06-12 સવારે 11એ હરાજી. "
                     "પહોંચ 100001. વિગત: FEES 123456789012")


def test_find_in_english_names_pound_since_due_deadline_auction_and_receipt(world, send):
    # The cow's 7 days still run (the bullock's have passed: tests/sms/test_deadlines_passed.py).
    reply = send(EN_OWNER, "FIND 123456789012")
    assert reply == ("Tag 123456789012 (cow) is in Ambaji pound, Ambaji since 29-11 8am. "
                     "Due today Rs 330. Claim by 06-12 8am or it is auctioned 06-12 11am. Receipt 100001. "
                     "Details: FEES 123456789012")


@pytest.mark.parametrize("body", ["TAG 1234 5678 9012", "find 1234-5678-9012", "૧૨૩૪૫૬૭૮૯૦૧૨", "Tag: १२३४५६७८९०१२."])
def test_a_tag_is_found_however_it_is_typed(world, send, body):
    assert "રૂ. 330" in send(GU_OWNER, body)


def test_a_tag_lookup_subscribes_the_asker_to_its_reminders(world, send, session):
    send(STRANGER, "123456789012")
    assert STRANGER in watchers(session, "123456789012")


def test_a_stranger_who_asks_becomes_an_owner_answered_in_gujarati(world, send, session):
    reply = send(STRANGER, "FEES 123456789012")
    assert reply.startswith("ટેગ 123456789012: ડબ્બા ફી રૂ. 50")
    person = session.scalars(select(Person).where(Person.phone == STRANGER)).one()
    assert (person.role, person.language) == ("owner", "gu")


def test_a_lookup_never_discloses_the_owner(world, send):
    reply = send(STRANGER, "123456789012")
    assert "Kanu" not in reply and "9825000004" not in reply


def test_fees_breaks_the_dues_down_in_english(world, send):
    assert send(EN_OWNER, "FEES 345678901234") == (
        "Tag 345678901234: pound fee Rs 75 + 10 days x Rs 50 = Rs 500 + security Rs 200. "
        "Total today Rs 775. Tomorrow Rs 825.")


def test_fees_in_hindi_in_a_village_without_security(world, send):
    assert send(HI_OWNER, "FEES 234567890123") == (
        "टैग 234567890123: कांजी शुल्क रु. 75 + 6 दिन x रु. 50 = रु. 300 + जमानत रु. 0. आज कुल रु. 375. कल रु. 425.")


def test_a_released_animal_is_said_to_have_left_the_pound(world, send, send_twilio):
    send_twilio(KEEPER, "RELEASE 123456789012")
    assert send(EN_OWNER, "123456789012") == "Tag 123456789012 (cow) left the pound on 30-11 10am: it is no longer held."


def test_a_sold_animal_shows_the_surplus_and_its_deadline(world, send, send_twilio):
    # Rs 9000 - (Rs 75 fee + Rs 500 expenses) = Rs 8425; 30-11 + 15 days = 15-12-2026.
    send_twilio(KEEPER, "SOLD 345678901234 9000")
    assert send(EN_OWNER, "FEES 345678901234") == (
        "Tag 345678901234 (bullock) was sold at auction on 30-11 10am. The owner can claim the surplus "
        "of Rs 8,425 at the panchayat until 15-12-2026.")


def test_an_unknown_tag_is_answered_helpfully_and_watches_nothing(world, send, session):
    assert send(EN_OWNER, "999999999999") == (
        "No animal with tag 999999999999 is in our records. Check the number and send it again.")
    assert session.scalar(select(func.count(Watch.id))) == 0


def test_auctions_lists_the_senders_village(world, send):
    assert send(EN_OWNER, "AUCTIONS") == "Auctions in Ambaji: 06-12 11am at Ambaji, 1 animal"


def test_auctions_with_a_village_code_lists_that_village_in_hindi(world, send):
    # Buffalo seized 25-11 08:00: claim deadline 02-12 08:00, auction 02-12 11:00.
    # The village's name in the reader's script.
    assert send(HI_OWNER, "AUCTIONS amba") == "अंबाजी में नीलामी: 06-12 सुबह 11 अंबाजी, 1 पशु"
    assert send(HI_OWNER, "AUCTIONS") == "भावपुर में नीलामी: 02-12 सुबह 11 भावपुर, 1 पशु"


def test_auctions_from_a_stranger_asks_which_village(world, send):
    assert send(STRANGER, "AUCTIONS") == "કયું ગામ? AUCTIONS <ગામ કોડ> મોકલો."
    assert send(STRANGER, "AUCTIONS XYZ") == "આ કોડનું કોઈ ગામ નથી. AUCTIONS <ગામ કોડ> મોકલો."


def test_my_lists_the_owners_animals_those_in_a_pound_first(world, send):
    assert send(EN_OWNER, "MY") == (
        "Your animals: 345678901234 bullock IN POUND (Ambaji pound), due Rs 775; "
        "345678901235 goat not in a pound")
    assert send(GU_OWNER, "MY") == (
        "તમારા ઢોર: 123456789012 ગાય ડબ્બામાં (અંબાજી નં.1), ભરવાના રૂ. 330; 123456789013 ભેંસ ડબ્બામાં નથી")


def test_my_for_a_phone_without_animals(world, send):
    assert send(STRANGER, "MY") == "આ ફોન પર કોઈ ઢોર નોંધાયેલ નથી. પંચાયત કચેરી નોંધણી કરે છે."


@pytest.mark.parametrize("phone, start", [
    (EN_OWNER, "Dabbo: send an animal's tag number"),
    (HI_OWNER, "पशु खोजने के लिए टैग नंबर भेजें."),
    (GU_OWNER, "ઢોર શોધવા ટેગ નંબર મોકલો."),
    (KEEPER, "રખેવાળ: SEIZE"),
    (OFFICIAL, "અધિકારી: NOTICE"),
])
def test_help_shows_the_commands_of_the_senders_role_in_their_language(world, send, phone, start):
    reply = send(phone, "HELP")
    assert reply.startswith(start)
    assert reply.endswith("*384*1#") or reply.endswith("*384*1# ડાયલ કરો.") or reply.endswith("*384*1# डायल करें.")


@pytest.mark.parametrize("body", ["?", "મદદ", "मदद", "help me"])
def test_help_has_local_words(world, send, body):
    assert send(EN_OWNER, body).startswith("Dabbo:")


def test_lang_confirms_in_the_new_language_and_later_replies_follow(world, send, session):
    assert send(GU_OWNER, "LANG EN") == "Replies will now be in English."
    assert send(GU_OWNER, "FEES 123456789012").startswith("Tag 123456789012: pound fee Rs 50")
    assert send(GU_OWNER, "LANG HI") == "अब से जवाब हिंदी में आएंगे."
    assert send(GU_OWNER, "LANG GU") == "હવેથી જવાબ ગુજરાતીમાં આવશે."
    assert session.scalar(select(Person.language).where(Person.phone == GU_OWNER)) == "gu"


def test_stop_and_start_switch_unsolicited_messages(world, send, session):
    assert send(EN_OWNER, "STOP") == ("You will get no more reminders or notices. Replies to your messages "
                                      "still come. Send START to restart.")
    assert session.scalar(select(Person.opted_out).where(Person.phone == EN_OWNER)) is True
    assert send(EN_OWNER, "START") == "Reminders and notices are on again. Send STOP to stop them."
    session.expire_all()
    assert session.scalar(select(Person.opted_out).where(Person.phone == EN_OWNER)) is False


def test_several_tags_answer_the_first_and_ask_for_one_at_a_time(world, send):
    reply = send(GU_OWNER, "FIND 123456789012, 345678901234")
    assert "રૂ. 330" in reply and reply.endswith("બીજા 1 ટેગ અલગ SMSમાં મોકલો.")
