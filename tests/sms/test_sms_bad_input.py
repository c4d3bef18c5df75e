"""Bad input gets a short, helpful reply in the sender's language, never a
500 and never silence; a rejected command changes nothing but the audit row
of the message (and, over Africa's Talking, the reply in the outbox)."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select, text

from handlers.pound import lookup
from handlers.text import segments
from models.db import Base
from models.tables import InboundMessage, OutboundMessage

GU_OWNER, HI_OWNER, EN_OWNER = "+919825000004", "+919825000005", "+919825000006"
KEEPER, OFFICIAL, STRANGER = "+919825000001", "+919825000003", "+919898012345"
AUDIT_TABLES = {InboundMessage.__tablename__, OutboundMessage.__tablename__}

LANGUAGE_OF = {GU_OWNER: "gu", HI_OWNER: "hi", EN_OWNER: "en"}
# (body, the reply in gu / hi / en)
BAD_INPUT = {
    "empty": ("", ("તમારો સંદેશ ખાલી હતો. આદેશો માટે HELP મોકલો.",
                   "आपका संदेश खाली था. आदेशों के लिए HELP भेजें.",
                   "Your message was empty. Send HELP for the commands.")),
    "2000 characters": ("FIND " + "1" * 1995, ("સંદેશ બહુ લાંબો છે. ટેગ નંબર મોકલો, દા.ત. 123456789012.",
                                               "संदेश बहुत लंबा है. टैग नंबर भेजें, जैसे 123456789012.",
                                               "Your message is too long. Send the tag number, e.g. 123456789012.")),
    "binary junk": ("\x00\x01\x02\x7f\ufffd\u202e\x1b[m\x80", ("માફ કરશો, સંદેશ સમજાયો નહીં. આદેશો માટે HELP મોકલો.",
                                                          "माफ़ कीजिए, संदेश समझ नहीं आया. आदेशों के लिए HELP भेजें.",
                                                          "Sorry, that was not understood. Send HELP for the commands.")),
    "unknown keyword": ("BUY 123456789012", ("માફ કરશો, સંદેશ સમજાયો નહીં. આદેશો માટે HELP મોકલો.",
                                             "माफ़ कीजिए, संदेश समझ नहीं आया. आदेशों के लिए HELP भेजें.",
                                             "Sorry, that was not understood. Send HELP for the commands.")),
    "wrong role": ("RELEASE 123456789012", (
        "આ ફક્ત નોંધાયેલ ડબ્બાનો રખેવાળ કરી શકે. તમારા આદેશો માટે HELP મોકલો.",
        "यह केवल दर्ज कांजी हाउस रक्षक कर सकता है. अपने आदेशों के लिए HELP भेजें.",
        "Only a registered pound keeper can do that. Send HELP for your commands.")),
    "unknown tag": ("FEES 999999999999", (
        "ટેગ 999999999999 વાળું કોઈ ઢોર નોંધમાં નથી. નંબર તપાસી ફરી મોકલો.",
        "टैग 999999999999 वाला कोई पशु रिकॉर्ड में नहीं है. नंबर जांचकर फिर भेजें.",
        "No animal with tag 999999999999 is in our records. Check the number and send it again.")),
    "a bad tag": ("FIND 12", ("ટેગ નંબર ખોટો છે: ટેગમાં 12 અંક, પહોંચમાં 4 થી 10. ટેગ નંબર મોકલો, દા.ત. 123456789012.",
                              "टैग नंबर गलत है: टैग में 12 अंक, रसीद में 4 से 10. टैग नंबर भेजें, जैसे 123456789012.",
                              "That tag number is not right: a tag has 12 digits, a receipt 4 to 10. "
                              "Send the tag number, e.g. 123456789012.")),
    "bad language": ("LANG FR", ("GU, HI, EN અથવા GUL (ગુજરાતી, અંગ્રેજી અક્ષરોમાં) પસંદ કરો. "
                                 "LANG GU, LANG HI, LANG EN અથવા LANG GUL મોકલો.",
                                 "GU, HI, EN या GUL चुनें. LANG GU, LANG HI, LANG EN या LANG GUL भेजें.",
                                 "Choose GU, HI, EN or GUL (Gujarati in English letters). "
                                 "Send LANG GU, LANG HI, LANG EN or LANG GUL.")),
}



def snapshot(session) -> dict[str, int]:
    """Row counts of every table but the audit of messages."""
    session.expire_all()
    return {table.name: session.scalar(select(func.count()).select_from(table))
            for table in Base.metadata.sorted_tables if table.name not in AUDIT_TABLES}


@pytest.mark.parametrize("case", sorted(BAD_INPUT))
@pytest.mark.parametrize("phone", [GU_OWNER, HI_OWNER, EN_OWNER])
def test_bad_input_gets_a_helpful_reply_in_the_senders_language_and_changes_nothing(world, send, session, case, phone):
    body, replies = BAD_INPUT[case]
    before = snapshot(session)
    reply = send(phone, body)
    assert reply == replies[("gu", "hi", "en").index(LANGUAGE_OF[phone])]
    assert snapshot(session) == before
    assert segments(reply) <= (2 if LANGUAGE_OF[phone] == "en" else 4)


@pytest.mark.parametrize("body, expected", [
    ("RELEASE 123456789012", "ટેગ 123456789012 હાલ ડબ્બામાં નથી. કંઈ નોંધાયું નથી."),  # released just before
    ("SOLD 345678901234", "વેચાણની રકમ નથી. SOLD <ટેગ> <રકમ> [ખરીદનારનો ફોન] મોકલો, દા.ત. SOLD 123456789012 4500."),
    ("SOLD 345678901234 45.50", "રકમ આખા રૂપિયામાં લખો, દા.ત. 4500. SOLD <ટેગ> <રકમ> [ખરીદનારનો ફોન] મોકલો, દા.ત. SOLD 123456789012 4500."),
    ("SOLD 345678901234 4500 12", "ખરીદનારનો ફોન નંબર ખોટો છે. SOLD <ટેગ> <રકમ> [ખરીદનારનો ફોન] મોકલો, દા.ત. SOLD 123456789012 4500."),
    ("SOLD 345678901234 4500 98250", "ખરીદનારનો ફોન નંબર ખોટો છે. SOLD <ટેગ> <રકમ> [ખરીદનારનો ફોન] મોકલો, દા.ત. SOLD 123456789012 4500."),
    ("SEIZE 123123123123 zebra", "આ ઢોરનો પ્રકાર ઓળખાયો નહીં. દા.ત. ગાય, ભેંસ, બકરી. SEIZE <ટેગ> <ઢોર> [નોંધ] મોકલો, દા.ત. SEIZE 123456789012 ગાય."),
    ("SEIZE 123123123123", "કયું ઢોર છે તે લખો (ગાય, ભેંસ, બકરી...). SEIZE <ટેગ> <ઢોર> [નોંધ] મોકલો, દા.ત. SEIZE 123456789012 ગાય."),
    ("SEIZE 123123123123, 123123123123 cow", "એક જ ટેગ બે વાર લખાયો છે. કંઈ નોંધાયું નથી."),
    ("RELEASE 999999999999", "ટેગ 999999999999 વાળું કોઈ ઢોર નોંધમાં નથી. નંબર તપાસી ફરી મોકલો."),
])
def test_a_keepers_rejected_command_changes_nothing(world, send, send_twilio, session, body, expected):
    send_twilio(KEEPER, "RELEASE 123456789012")
    before = snapshot(session)
    assert send(KEEPER, body) == expected
    assert snapshot(session) == before


def test_an_officials_impossible_date_in_english(world, send, send_twilio, session):
    send_twilio(OFFICIAL, "LANG EN")
    before = snapshot(session)
    assert send(OFFICIAL, "AUCTION 31-02 11:00") == (
        "That date does not exist. Send AUCTION dd-mm [hh:mm] [place], e.g. AUCTION 15-12 11:00.")
    assert send(OFFICIAL, "AUCTION 15-12 25:00") == (
        "That time is not right. Send AUCTION dd-mm [hh:mm] [place], e.g. AUCTION 15-12 11:00.")
    assert snapshot(session) == before


def test_a_stranger_whose_command_is_rejected_is_not_registered(world, send, session):
    before = snapshot(session)
    assert send(STRANGER, "hello there") == "માફ કરશો, સંદેશ સમજાયો નહીં. આદેશો માટે HELP મોકલો."
    assert snapshot(session) == before


def test_a_bug_in_a_handler_gets_an_apology_and_changes_nothing(world, send, session, monkeypatch):
    def broken(session_, context, command):
        lookup.records.watch(session_, lookup.find_impoundment(session_, command.tags[0]),
                             context.sender.person, context.now)
        raise RuntimeError("boom")

    monkeypatch.setitem(__import__("handlers.sms.inbound", fromlist=["COMMANDS"]).COMMANDS, "find", (broken, None))
    before = snapshot(session)
    assert send(EN_OWNER, "123456789012") == "Sorry, that could not be done now. Please try again, or send HELP."
    assert snapshot(session) == before
    stored = session.scalars(select(InboundMessage)).one()
    assert stored.outcome == "error"


def test_invalid_utf8_from_africas_talking_is_answered(world, client, session):
    response = client.post("/webhooks/africastalking/sms?token=test-at-token",
                           data=b"from=%2B919825000006&text=%FF%FE%00%C3&id=ATXbytes",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200
    assert session.scalar(select(OutboundMessage.text).where(OutboundMessage.kind == "reply")) == (
        "Sorry, that was not understood. Send HELP for the commands.")


@pytest.mark.parametrize("form", [{}, {"From": EN_OWNER}, {"Body": "HELP"}, {"From": "", "Body": "", "MessageSid": ""}])
def test_missing_twilio_fields_never_cause_a_500(world, send_twilio, client, form):
    signature = send_twilio.sign(form)
    response = client.post("/webhooks/twilio/sms", data=form, headers={"X-Twilio-Signature": signature})
    assert response.status_code == 200
    assert response.mimetype == "text/xml"


@pytest.mark.parametrize("form", [{}, {"from": EN_OWNER}, {"text": "HELP"}, {"from": "x" * 500, "text": "y" * 5000, "id": "z" * 500}])
def test_missing_or_huge_at_fields_never_cause_a_500(world, client, form):
    response = client.post("/webhooks/africastalking/sms?token=test-at-token", data=form)
    assert response.status_code == 200


def test_nul_characters_are_stored_safely(world, send_twilio, session):
    assert send_twilio(EN_OWNER, "FEES\x00 345678901234").status_code == 200
    assert session.execute(text("select count(*) from inbound_messages")).scalar() == 1


def test_a_lone_surrogate_reaching_the_handler_is_answered_and_stored(world, session, settings, clock):
    # No HTTP request can carry one, but a provider library or the simulator might hand one over.
    from handlers.sms.inbound import Inbound, handle_sms

    reply = handle_sms(session, Inbound(EN_OWNER, "FIND \udcff", "twilio", "SMsurrogate"), now=clock(),
                       ussd_code=settings.ussd_service_code)
    assert reply.text == "The tag number is missing. Send the tag number, e.g. 123456789012."
    assert session.scalar(select(InboundMessage.text)) == "FIND ?"
