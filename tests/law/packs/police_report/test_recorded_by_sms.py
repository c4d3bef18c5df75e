"""SPEC 13.4, 1871 s.14: a keeper records his report to the police station by SMS, `POLICE <tag>`
(`પોલીસ`, `पुलिस`), in Mani Majra (tests/law/packs/trespass_support.py); the replies in the
keeper's language, each refusal in its own words.

The goat 500000000004 is seized Monday 30-11-2026 10:00 IST (the test clock): unclaimed 7 days
(168 h), its report falls due 07-12 10:00."""
from __future__ import annotations

from handlers.sms.commands import Command, parse
from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    GOAT, GUJARAT_KEEPER, KEEPER, OWNER, ist, mani, sms)


def test_the_police_keyword_is_read_in_english_gujarati_and_hindi():
    """POLICE, પોલીસ and पुलिस all record the report of the tag after them."""
    assert {parse(f"{word} {GOAT}") for word in ("POLICE", "police", "પોલીસ", "पुलिस")} == {
        Command("police", tags=(GOAT,))}


def test_a_keeper_records_the_report_by_sms(mani, send_twilio, clock):
    """SEIZE 30-11 10:00 → due 07-12 10:00; POLICE 07-12 12:00: recorded at 12pm, shown on the
    impoundment."""
    sms(send_twilio, KEEPER, f"SEIZE {GOAT} goat")
    clock.set(ist(7, 12))
    assert sms(send_twilio, KEEPER, f"POLICE {GOAT}") == (
        f"Recorded: tag {GOAT} reported to the police station 07-12 12pm (s.14). "
        "The officer posts the notice; auction 7 days after it.")
    [goat] = mani.get("/impoundments").get_json()["impoundments"]
    assert goat["police_reported_at"] == "2026-12-07T12:00:00+05:30"


def test_a_gujarati_keeper_records_the_report_with_the_gujarati_word(mani, send_twilio, clock):
    """The keeper switches to Gujarati; પોલીસ 07-12 12:00 → the Gujarati reply, 07-12 12pm said
    the Gujarati way."""
    sms(send_twilio, KEEPER, f"SEIZE {GOAT} goat")
    sms(send_twilio, KEEPER, "LANG GU")
    clock.set(ist(7, 12))
    assert sms(send_twilio, KEEPER, f"પોલીસ {GOAT}") == (
        f"નોંધ્યું: ટેગ {GOAT}ની પોલીસ સ્ટેશને જાણ 07-12 બપોરે 12 (કલમ 14). "
        "અધિકારી જાહેરાત મૂકશે; તેના 7 દિવસ પછી હરાજી.")


def test_a_report_by_sms_before_it_falls_due_is_refused_naming_when(mani, send_twilio, clock):
    """SEIZE 30-11 10:00 → due 07-12 10:00; POLICE 07-12 09:59 is refused, naming 07-12 10am."""
    sms(send_twilio, KEEPER, f"SEIZE {GOAT} goat")
    clock.set(ist(7, 9, 59))
    assert sms(send_twilio, KEEPER, f"POLICE {GOAT}") == (
        f"Tag {GOAT} is not unclaimed 7 days yet: report it to the police from 07-12 10am (s.14). "
        "Nothing recorded.")


def test_a_second_report_by_sms_is_refused_naming_the_first(mani, send_twilio, clock):
    """POLICE 07-12 12:00 recorded; POLICE again 08-12 10:00 is refused, naming 07-12 12pm."""
    sms(send_twilio, KEEPER, f"SEIZE {GOAT} goat")
    clock.set(ist(7, 12))
    sms(send_twilio, KEEPER, f"POLICE {GOAT}")
    clock.set(ist(8))
    assert sms(send_twilio, KEEPER, f"POLICE {GOAT}") == (
        f"Tag {GOAT} was already reported to the police 07-12 12pm (s.14). Nothing new recorded.")


def test_only_a_keeper_may_record_the_report(mani, send_twilio, clock):
    """The owner sends POLICE for his goat on 07-12 12:00: refused as a keeper's command."""
    sms(send_twilio, KEEPER, f"SEIZE {GOAT} goat")
    clock.set(ist(7, 12))
    assert sms(send_twilio, OWNER, f"POLICE {GOAT}") == (
        "Only a registered pound keeper can do that. Send HELP for your commands.")


def test_a_gujarat_keeper_is_told_his_village_has_no_police_report(mani, send_twilio, clock):
    """KHAR's keeper seizes an untagged cow 30-11 10:00 (receipt); POLICE on it 08-12 is refused:
    Gujarat's Act has no report to the police."""
    sms(send_twilio, GUJARAT_KEEPER, "SEIZE cow")
    [receipt] = [i["receipt"] for i in mani.get("/impoundments").json["impoundments"]]
    clock.set(ist(8))
    assert sms(send_twilio, GUJARAT_KEEPER, f"POLICE {receipt}") == (
        "Your village's law has no report to the police and no police notice. Nothing recorded.")


def test_police_without_a_tag_says_how_to_send_it(mani, send_twilio):
    """POLICE alone: the tag is missing, and the reply says how to send it."""
    assert sms(send_twilio, KEEPER, "POLICE").endswith(
        "After reporting the animal to the police station, send POLICE <tag>, e.g. POLICE 123456789012.")
