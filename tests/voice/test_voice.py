"""Voice menus (SPEC 11.4): the USSD tree spoken and answered by keypad through TwiML (Twilio),
each answer parsed as XML, in Gujarati, Hindi and English. Exotel runs the same menus through its
applets: tests/voice/test_exotel_flow.py."""
from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from dataclasses import replace

import pytest
from sqlalchemy import select, update

from handlers.menus import speech
from handlers.catalogue import money, rupees, t
from models.tables import Impoundment, InboundMessage, Person
from tests.voice.voice_phone import VoicePhone

TOKEN = "exotel-test-token"
OWNERS = {"gu": "+919825000004", "hi": "+919825000005", "en": "+919825000006"}
OWNER_TAGS = {"gu": ("123456789012", "cow"), "hi": ("234567890123", "buffalo"), "en": ("345678901234", "bullock")}
KEEPER = "+919825000001"  # AMBA-1, holds 123456789012 (cow) and 345678901234 (bullock)
TWILIO_LANGUAGES = {"gu": "gu-IN", "hi": "hi-IN", "en": "en-IN"}


@pytest.fixture
def settings(settings):
    return replace(settings, exotel_webhook_token=TOKEN)


@pytest.fixture(params=["twilio"])
def provider(request):
    return request.param


@pytest.fixture
def phone(client, settings, provider):
    def make(number: str, **kwargs) -> VoicePhone:
        return VoicePhone(client, settings, provider, number, token=TOKEN, **kwargs)
    return make


def said_language(provider: str, language: str) -> str:
    return TWILIO_LANGUAGES[language] if provider == "twilio" else language


def sp(language: str, key: str, **values) -> str:
    """A catalogue text as it is spoken."""
    return speech.spoken(t(language, key, **values), language)


def set_language(session, number: str, language: str) -> None:
    session.execute(update(Person).where(Person.phone == number).values(language=language))
    session.commit()


def dues_paise(api, tag: str) -> int:
    [impoundment] = api.get(f"/impoundments?tag={tag}").get_json()["impoundments"]
    return api.get(f"/impoundments/{impoundment['id']}/dues").get_json()["total_paise"]


# --------------------------------------------------------------------- the first screen

# The owner's first screen, each option its own sentence as a person says it.
OWNER_MENU = {
    "gu": ["ઢોર ડબ્બાની સેવામાં આપનું સ્વાગત છે.",
           "કાનની ટેગથી ઢોર શોધવા માટે એક દબાવો.",
           "ડબ્બા ફી અને ડિપોઝિટ જાણવા માટે બે દબાવો.",
           "આવનારી હરાજી જાણવા માટે ત્રણ દબાવો.",
           "તમારાં ઢોરની માહિતી માટે ચાર દબાવો.",
           "ભાષા બદલવા માટે પાંચ દબાવો.",
           "ફીનું પત્રક સાંભળવા માટે છ દબાવો."],
    "hi": ["कांजी हाउस सेवा में आपका स्वागत है.",
           "कान के टैग से पशु खोजने के लिए एक दबाइए.",
           "कांजी शुल्क और जमानत राशि जानने के लिए दो दबाइए.",
           "आने वाली नीलामी जानने के लिए तीन दबाइए.",
           "अपने पशुओं की जानकारी के लिए चार दबाइए.",
           "भाषा बदलने के लिए पाँच दबाइए.",
           "शुल्क सूची सुनने के लिए छः दबाइए."],
    "en": ["Welcome to Dabbo, the cattle pound service.",
           "To find an animal by its ear tag, press one.",
           "To hear the pound fee and the security deposit, press two.",
           "To hear the coming auctions, press three.",
           "To hear about your own animals, press four.",
           "To change the language, press five.",
           "To hear the list of fees, press six."],
}


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_the_owner_menu_is_spoken_as_whole_sentences_in_the_callers_language(world, phone, provider, language):
    document = phone(OWNERS[language]).call()

    [first, repeat] = document.gathers
    assert first.get("numDigits") == "1" and first.get("finishOnKey") == "#"
    if provider == "twilio":
        assert first.get("input") == "dtmf"
    assert document.said(upto_gather=0) == OWNER_MENU[language]
    assert document.languages == {said_language(provider, language)}


def test_the_keeper_menu_is_spoken_as_whole_sentences(world, phone):
    document = phone(KEEPER).call()
    assert document.said(upto_gather=0) == [
        "નમસ્તે, ડબ્બાના રખેવાળ.",
        "ડબ્બામાં આવેલું ઢોર નોંધવા માટે એક દબાવો.",
        "ઢોર માલિકને સોંપવા માટે બે દબાવો.",
        "ડબ્બામાં કયાં ઢોર છે તે સાંભળવા માટે ત્રણ દબાવો.",
        "કાનની ટેગથી ઢોર શોધવા માટે ચાર દબાવો.",
        "હરાજીમાં વેચાણ નોંધવા માટે પાંચ દબાવો.",
    ]


def test_a_stranger_hears_gujarati(world, phone, provider):
    document = phone("+919825077777").call()
    assert document.said()[0] == t("gu", "voice.menu.owner")
    assert document.languages == {said_language(provider, "gu")}


# --------------------------------------------------------------------- every owner path, gu/hi/en

@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_find_by_a_12_digit_tag_typed_on_the_keypad(world, phone, api, language):
    tag, kind = OWNER_TAGS[language]
    caller = phone(OWNERS[language])
    caller.call()
    prompt = caller.press("1")
    assert prompt.gathers[0].get("numDigits") is None and prompt.gathers[0].get("finishOnKey") == "#"
    assert prompt.said(upto_gather=0) == [sp(language, "voice.menu.tag"), sp(language, "voice.then_hash"),
                                          sp(language, "voice.back")]

    found = caller.press(tag)

    assert found.ends
    said = " ".join(found.said())
    # The animal found, where it is (the find screen no longer repeats the tag the caller
    # typed: made room for the essentials; the tag is read in fours elsewhere, below).
    assert t(language, f"kind.{kind}").lower() in said.lower()
    due = speech.spoken(money(language, dues_paise(api, tag)), language)
    assert sp(language, "ussd.find.due", amount=rupees(dues_paise(api, tag))) in found.said()
    assert speech.number_words(-(-dues_paise(api, tag) // 100), language) in due
    assert found.said()[-1] == sp(language, "voice.goodbye")


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_fees_says_the_total_in_rupees_words(world, phone, api, language):
    tag, _ = OWNER_TAGS[language]
    document = phone(OWNERS[language]).call() and None
    caller = phone(OWNERS[language])
    caller.call()
    document = caller.keys("2", tag)
    assert document.ends
    total = money(language, dues_paise(api, tag))
    assert sp(language, "ussd.fees.total", amount=total) in document.said()
    assert t(language, "voice.rupees", amount=speech.number_words(-(-dues_paise(api, tag) // 100), language)) \
        in " ".join(document.said())


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_upcoming_auctions_are_read(world, phone, language):
    caller = phone(OWNERS[language])
    caller.call()
    document = caller.press("3")
    assert document.ends and len(document.said()) >= 2


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_my_animals_are_read(world, phone, language):
    tag, _ = OWNER_TAGS[language]
    caller = phone(OWNERS[language])
    caller.call()
    document = caller.press("4")
    assert document.ends
    assert speech.digit_words(tag, language) in " ".join(document.said())


@pytest.mark.parametrize("language,choice,new", [("gu", "3", "en"), ("hi", "1", "gu"), ("en", "2", "hi")])
def test_the_language_menu_changes_the_callers_language(world, phone, session, language, choice, new):
    caller = phone(OWNERS[language])
    caller.call()
    caller.press("5")
    document = caller.press(choice)
    assert document.ends and document.said()[0] == sp(new, "ussd.lang.done")
    session.expire_all()
    assert session.scalar(select(Person.language).where(Person.phone == OWNERS[language])) == new


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_the_fee_list_is_read(world, phone, language):
    caller = phone(OWNERS[language])
    caller.call()
    document = caller.press("6")
    assert document.ends and len(document.said()) >= 2


# --------------------------------------------------------------------- keeper paths, gu/hi/en

@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_a_keeper_records_a_seizure_by_keypad(world, phone, session, language):
    set_language(session, KEEPER, language)
    caller = phone(KEEPER)
    caller.call()
    caller.keys("1", "999988887777")
    kinds_page = caller.document
    assert kinds_page.said(upto_gather=0)[-2] == sp(language, "voice.more")  # 14 kinds: 8 a page
    confirm = caller.press("1")  # cow
    assert "999988887777" not in confirm.text and speech.digit_words("999988887777", language) in confirm.text
    done = caller.press("1")
    assert done.ends
    held = session.scalars(select(Impoundment).where(Impoundment.tag == "999988887777")).one()
    assert held.kind == "cow" and held.status == "impounded"
    assert speech.digit_words(held.receipt, language) in " ".join(done.said())


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_a_keeper_releases_by_keypad(world, phone, session, language):
    set_language(session, KEEPER, language)
    caller = phone(KEEPER)
    caller.call()
    done = caller.keys("2", "123456789012", "1", "1")
    assert done.ends
    assert session.scalars(select(Impoundment.status).where(Impoundment.tag == "123456789012")).one() == "released"


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_a_keeper_hears_the_animals_in_the_pound(world, phone, session, language):
    set_language(session, KEEPER, language)
    caller = phone(KEEPER)
    caller.call()
    document = caller.press("3")
    assert document.ends
    assert speech.digit_words("345678901234", language) in " ".join(document.said())


def test_a_kind_on_the_second_page_is_chosen_after_9(world, phone, session):
    caller = phone(KEEPER)
    caller.call()
    caller.keys("1", "999988887777", "9")
    caller.press("5")  # the 13th kind: goat
    caller.press("1")
    assert session.scalars(select(Impoundment.kind).where(Impoundment.tag == "999988887777")).one() == "goat"


def test_a_retried_confirm_never_seizes_twice(world, phone, session, provider):
    caller = phone(KEEPER)
    caller.call()
    caller.keys("1", "999988887777", "1")
    gather = caller.document.gathers[0]
    caller.press("1")
    first = caller.document.said()
    caller.document.root.clear()
    caller.document.root.append(gather)
    again = caller.press("1")  # the provider retries the same request
    assert again.said() == first
    assert len(session.scalars(select(Impoundment).where(Impoundment.tag == "999988887777")).all()) == 1


# --------------------------------------------------------------------- silence, wrong keys, back

def test_silence_repeats_the_prompt_once_then_ends_politely(world, phone):
    caller = phone(OWNERS["en"])
    document = caller.call()
    prompt = document.said(upto_gather=0)
    assert [verb.tag for verb in document.verbs] == ["Gather", "Say", "Gather", "Say", "Hangup"]
    again = caller.silence()
    assert again == " ".join([t("en", "voice.not_heard"), *prompt])
    assert caller.silence() == t("en", "voice.goodbye")


def test_a_wrong_key_repeats_the_prompt_with_the_error_then_a_second_ends_politely(world, phone):
    caller = phone(OWNERS["en"])
    caller.call()
    wrong = caller.press("7")
    assert wrong.said(upto_gather=0)[0] == t("en", "ussd.invalid")
    assert wrong.said(upto_gather=0)[1] == t("en", "voice.menu.owner")
    assert [verb.tag for verb in wrong.verbs] == ["Gather", "Say", "Hangup"]  # no second repeat
    end = caller.press("8")
    assert end.ends and end.said() == [t("en", "ussd.invalid"), t("en", "voice.goodbye")]


def test_a_right_key_after_a_wrong_one_starts_afresh(world, phone):
    caller = phone(OWNERS["en"])
    caller.call()
    caller.press("7")
    prompt = caller.press("1")
    assert prompt.said(upto_gather=0)[0] == t("en", "voice.menu.tag")
    assert len(prompt.gathers) == 2  # silence would be forgiven once more


def test_a_wrong_tag_is_explained_and_asked_again(world, phone):
    caller = phone(OWNERS["en"])
    caller.call()
    caller.press("1")
    document = caller.press("12345")
    assert document.said(upto_gather=0)[0] == sp("en", "ussd.tag.unknown")


def test_0_goes_back_to_the_first_screen(world, phone):
    caller = phone(OWNERS["en"])
    caller.call()
    caller.press("1")
    document = caller.press("0")
    assert document.said(upto_gather=0)[0] == t("en", "voice.menu.owner")


# --------------------------------------------------------------------- the gates

def test_a_twilio_voice_request_with_a_forged_signature_is_refused(world, client, settings):
    caller = VoicePhone(client, settings, "twilio", OWNERS["en"])
    assert caller.call(signature="forged").status_code == 403


def test_every_step_is_stored_for_audit(world, phone, session):
    caller = phone(OWNERS["en"])
    caller.call()
    caller.keys("1", "345678901234")
    steps = session.scalars(select(InboundMessage).where(InboundMessage.channel == "voice")
                            .order_by(InboundMessage.id)).all()
    assert [s.text for s in steps] == ["", "1", "1*345678901234"]


# --------------------------------------------------------------------- a call back

def test_a_call_back_reads_its_message_first_then_offers_the_menu(world, app, client, settings, session, provider):
    from handlers.outbox import queue_message

    row = queue_message(session, to_phone=OWNERS["en"], text="This is Dabbo, calling back.", language="en",
                        kind="voice_callback", idempotency_key="missed:test", now=app.extensions["dabbo"].clock())
    session.commit()
    caller = VoicePhone(client, settings, provider, OWNERS["en"], token=TOKEN, callback=str(row.id),
                        outbound=True)
    document = caller.call()
    assert document.verbs[0].tag == "Say" and document.verbs[0].text == "This is Dabbo, calling back."
    assert document.said(upto_gather=0)[1] == t("en", "voice.menu.owner")


def test_a_call_back_never_reads_someone_elses_message(world, app, client, settings, session, provider):
    from handlers.outbox import queue_message

    row = queue_message(session, to_phone=OWNERS["gu"], text="Private", language="gu", kind="voice_callback",
                        idempotency_key="missed:other", now=app.extensions["dabbo"].clock())
    session.commit()
    caller = VoicePhone(client, settings, provider, OWNERS["en"], token=TOKEN, callback=str(row.id),
                        outbound=True)
    assert "Private" not in caller.call().said()


def test_the_dues_are_said_in_rupees_as_a_person_says_them(world, phone):
    """John's bullock, seized 21-11 08:00, today 30-11: 10 days (§187(2), each date counts).
    Pound fee Rs 75 + 10 x Rs 50 + AMBA's deposit (1 head, first time) Rs 200 = Rs 775:
    "seven hundred and seventy five rupees"; the tag as "three four five six, seven eight
    nine zero, one two three four"."""
    caller = phone(OWNERS["en"])
    caller.call()
    said = " ".join(caller.keys("2", "345678901234").said())
    assert "Total seven hundred and seventy five rupees" in said
    assert "bullock three four five six, seven eight nine zero, one two three four" in said


def test_a_live_call_sid_from_another_number_never_hears_the_first_callers_step(world, phone):
    keeper = phone(KEEPER)
    keeper.call()
    keeper.press("1")
    gather = keeper.document.gathers[0]
    heard_by_keeper = keeper.press("999988887777").said()
    other = phone(OWNERS["en"])
    other.call_sid = keeper.call_sid  # the same request, from another number
    other.document = type(keeper.document)(ElementTree.Element("Response"))
    other.document.root.append(gather)
    heard_by_other = other.press("999988887777").said()
    assert heard_by_other != heard_by_keeper
    assert keeper.document.said() == heard_by_keeper
