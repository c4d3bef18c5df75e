"""USSD in Mani Majra (the demo's village under the Cattle-trespass Act, 1871, Chandigarh schedule)
beside Bhavpur (Gujarat's Act) in the same district: each animal's screens answer by its own
village's law, through the real webhook, in every language, within the page budgets.

The test clock is Monday 30-11-2026 10:00 IST. The demo seized, in MANI-1:
* buffalo 456789012345 on 27-11 08:00 (3 days 2 hours before): days 27, 28, 29, 30-11 = 4 (any
  part of a day, the schedule's setting); fine (s.12, large: "large cattle") Rs 20,000 + 4 x Rs 500 feeding =
  Rs 22,000; tomorrow 5 days: Rs 22,500. Police report due 27-11 08:00 + 168 h = 04-12 08:00;
  the auction not before 168 h after a notice posted then: 11-12 08:00 (s.14).
* goat 456789012346 on 21-11 08:00: days 21-11..30-11 = 10; Rs 1,400 (small: "sheep or goat") + 10 x Rs 300 =
  Rs 4,400; tomorrow Rs 4,700. Report was due 28-11 08:00; auction not before 05-12 08:00.
The s.15 deposit of an owner disputing the seizure is the same fine and charges due.
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update

from handlers.text import fits_ussd_page
from models.tables import Person
from sms_gateway import demo

OWNER, KEEPER = "+919825000008", "+919825000007"      # Harjit Kaur, Gurpreet Singh (MANI-1)
BHAV_OWNER = "+919825000005"                          # Sita Devi, Bhavpur (Gujarat's Act)
BUFFALO, GOAT = "456789012345", "456789012346"


@pytest.fixture
def mani(world, session, clock):
    demo.load_trespass_village(session, clock())
    session.commit()
    return demo


def speaks(session, phone: str, language: str) -> None:
    session.execute(update(Person).where(Person.phone == phone).values(language=language))
    session.commit()


def pages(ussd, phone: str, *inputs: str) -> list[str]:
    """Every page of a text of facts, paged on with 9 until its END; each within one USSD page."""
    shown = [ussd(phone, *inputs)]
    while shown[-1].startswith("CON "):
        shown.append(ussd(phone, *inputs, *["9"] * len(shown)))
    assert all(fits_ussd_page(page) for page in shown), shown
    return shown


def test_find_tells_the_police_report_and_the_auction_not_before_seven_days_after_the_notice(mani, session, ussd):
    speaks(session, OWNER, "en")
    assert pages(ussd, OWNER, "1", BUFFALO) == [
        "CON buffalo 456789012345 in Mani Majra pound since 27-11 8am\nDue today Rs 22,000\n"
        "Claim by 04-12 8am, or it is reported to the police (s.14)\n9 More\n0 Back",
        "END Auction 7 days after the police notice, not before 11-12 8am (s.14)"]


def test_find_after_the_report_fell_due_says_it_was_due_and_the_owner_may_still_claim(mani, session, ussd):
    speaks(session, OWNER, "en")
    assert pages(ussd, OWNER, "1", GOAT) == [
        "CON goat 456789012346 in Mani Majra pound since 21-11 8am\nDue today Rs 4,400\n"
        "Police report was due 28-11 8am (s.14)\n9 More\n0 Back",
        "END Auction 7 days after the police notice, not before 05-12 8am (s.14)"]


def test_fees_are_the_s12_fine_and_the_feeding_with_the_s15_deposit_and_no_security(mani, session, ussd):
    speaks(session, OWNER, "en")
    assert pages(ussd, OWNER, "2", BUFFALO) == [
        "END buffalo 456789012345\nFine (s.12, large cattle) Rs 20,000\nFeeding 4 days x Rs 500 = Rs 2,000\nTotal Rs 22,000\n"
        "Tomorrow Rs 22,500\nTo dispute the seizure: deposit Rs 22,000 (s.15)"]


def test_fees_name_the_category_of_the_scale_the_fine_is_from(mani, session, ussd):
    """The goat is in the schedule's sheep-or-goat category: Rs 1,400 + 10 x Rs 300 = Rs 3,000;
    Rs 4,400, tomorrow Rs 4,700; the s.15 deposit Rs 4,400. One page (182 GSM-7 characters)."""
    speaks(session, OWNER, "en")
    assert pages(ussd, OWNER, "2", GOAT) == [
        "END goat 456789012346\nFine (s.12, sheep or goat) Rs 1,400\nFeeding 10 days x Rs 300 = Rs 3,000\n"
        "Total Rs 4,400\nTomorrow Rs 4,700\nTo dispute the seizure: deposit Rs 4,400 (s.15)"]


@pytest.mark.parametrize("language, find, fees", [
    ("gu", ["CON ભેંસ મની માજરા નં.1માં\nઆજે રૂ.22,000\n9 વધુ\n0 પાછા",
            "CON 04-12 સવારે 8 સુધી છોડાવો, નહીં તો પોલીસને જાણ (કલમ 14)\n9 વધુ\n0 પાછા",
            "END હરાજી પોલીસની જાહેરાતના 7 દિવસ પછી, 11-12 સવારે 8 પહેલાં નહીં (કલમ 14)"],
           ["CON ભેંસ 456789012345\nદંડ (કલમ 12, મોટાં ઢોર) રૂ. 20,000\n9 વધુ\n0 પાછા",
            "CON ખોરાક-પાણી 4 દિવસ x રૂ. 500 = રૂ. 2,000\nકુલ રૂ. 22,000\n9 વધુ\n0 પાછા",
            "END આવતીકાલે રૂ. 22,500\nજપ્તી સામે વાંધો હોય તો રૂ. 22,000 જમા કરો (કલમ 15)"]),
    ("hi", ["CON भैंस मनी माजरा नं.1 में\nआज रु.22,000\n9 और\n0 पीछे",
            "CON 04-12 सुबह 8 तक छुड़ाएं, नहीं तो पुलिस को सूचना (धारा 14)\n9 और\n0 पीछे",
            "END नीलामी पुलिस की सूचना के 7 दिन बाद, 11-12 सुबह 8 से पहले नहीं (धारा 14)"],
           ["CON भैंस 456789012345\nजुर्माना (धारा 12, बड़े पशु) रु. 20,000\n9 और\n0 पीछे",
            "CON चारा-पानी 4 दिन x रु. 500 = रु. 2,000\nकुल रु. 22,000\n9 और\n0 पीछे",
            "END कल रु. 22,500\nजब्ती पर आपत्ति हो तो रु. 22,000 जमा करें (धारा 15)"]),
    ("gul", ["CON bhens 456789012345 Mani Majra poundma 27-11 savare 8thi\nAaje Rs 22,000\n"
             "Chhodavo 04-12 savare 8 sudhi, nahi to police ne jaan (kalam 14)\n9 Aagal\n0 Pachhal",
             "END Haraji police ni jaherat pachhi 7 divas, 11-12 savare 8 pahela nahi (kalam 14)"],
            ["END bhens 456789012345\nDand (kalam 12, mota dhor) Rs 20,000\nCharo 4 divas x Rs 500 = Rs 2,000\nKul Rs 22,000\n"
             "Kale Rs 22,500\nJapti same vandho hoy to Rs 22,000 jama karo (kalam 15)"]),
])
def test_find_and_fees_give_the_1871_answer_in_every_language_within_the_page(mani, session, ussd, language,
                                                                             find, fees):
    """The same buffalo, Rs 20,000 + 4 x Rs 500 = Rs 22,000, in Gujarati, Hindi and Gujarati in
    Latin letters (80 UCS-2 / 182 GSM-7 characters a page)."""
    speaks(session, OWNER, language)
    assert pages(ussd, OWNER, "1", BUFFALO) == find
    assert pages(ussd, OWNER, "2", BUFFALO) == fees


def test_a_bhavpur_animal_beside_it_still_answers_by_gujarats_act(mani, session, ussd):
    """Bhavpur's buffalo (Gujarat's Act, seized 5 days before, on 25-11 08:00): the claim window
    and the pound fee of §§186-187, never the 1871 words; the Mani Majra buffalo, asked by the
    same caller, the 1871 Act's."""
    speaks(session, BHAV_OWNER, "en")
    gujarat = "\n".join(pages(ussd, BHAV_OWNER, "1", "234567890123") + pages(ussd, BHAV_OWNER, "2", "234567890123"))
    assert "Claim by 02-12 8am" in gujarat and "Pound fee" in gujarat
    assert "police" not in gujarat and "s.12" not in gujarat
    trespass_act = "\n".join(pages(ussd, BHAV_OWNER, "1", BUFFALO) + pages(ussd, BHAV_OWNER, "2", BUFFALO))
    assert "reported to the police (s.14)" in trespass_act and "Fine (s.12, large cattle) Rs 20,000" in trespass_act
    assert "Pound fee" not in trespass_act and "Claim by 04-12 8am\n" not in trespass_act


def test_the_mani_majra_keepers_seize_menu_offers_the_schedules_heifer_ram_ewe_lamb_kid(mani, session, ussd):
    speaks(session, KEEPER, "en")
    assert ussd(KEEPER, "1", "1", "9", "9") == "CON Kind of animal:\n1 ram\n2 ewe\n3 heifer\n0 Back"
    assert ussd(KEEPER, "1", "1", "9") == ("CON Kind of animal:\n1 mule\n2 donkey\n3 pig\n4 sheep\n5 goat\n"
                                           "6 elephant\n7 lamb\n8 kid\n9 More\n0 Back")
    assert ussd(KEEPER, "1", "1", "9", "9", "3") == ("CON Record seizure now: heifer, no tag?\n1 Confirm\n"
                                                     "2 Brought by someone else\n0 Back")


def test_a_gujarat_keepers_seize_menu_offers_only_the_kinds_of_s181(mani, session, ussd):
    speaks(session, "+919825000001", "en")
    assert ussd("+919825000001", "1", "1", "9") == ("CON Kind of animal:\n1 mule\n2 donkey\n3 pig\n4 sheep\n"
                                                    "5 goat\n6 elephant\n0 Back")


def test_a_seizure_recorded_by_ussd_names_the_police_report_and_the_earliest_auction(mani, session, ussd):
    """Seized now, 30-11 10:00: the report is due 07-12 10:00, the auction not before 14-12 10:00."""
    speaks(session, KEEPER, "en")
    done = ussd(KEEPER, "1", "1", "9", "9", "3", "1")
    assert done == ("END Recorded. Receipt 100006. Unclaimed by 07-12 10am: report to the police. "
                    "Auction not before 14-12 10am (s.14).")
    speaks(session, KEEPER, "gu")
    done_gu = ussd(KEEPER, "1", "1", "9", "9", "3", "1")
    assert done_gu == "END નોંધ્યું. પહોંચ 100007 પોલીસ 07-12 સવારે 10 હરાજી 14-12 સવારે 10થી (ક.14)"
    assert fits_ussd_page(done_gu)


def _goat_id(api) -> int:
    [goat] = api.get(f"/impoundments?tag={GOAT}").get_json()["impoundments"]
    return goat["id"]


def test_the_keepers_sale_waits_for_the_police_notice_and_seven_days_after_it(mani, session, ussd, api, clock):
    """s.14: no notice recorded, no sale; the notice posted 30-11 10:00, the auction is not before
    07-12 10:00 (+168 h), and a sale typed before then is refused with that time."""
    speaks(session, KEEPER, "en")
    assert ussd(KEEPER, "5", GOAT, "10000", "1") == (
        "END Not recorded: no police notice is recorded yet (s.14); the auction is 7 days after it.")
    assert api.post(f"/impoundments/{_goat_id(api)}/notice", {"at": clock().isoformat()}).status_code == 200
    assert ussd(KEEPER, "5", GOAT, "10000", "1") == (
        "END Not recorded: no auction before 07-12 10am, 7 days after the police notice (s.14).")


def test_the_keepers_sale_after_the_notice_leaves_the_balance_at_the_pound_and_find_says_so(
        mani, session, ussd, api, clock):
    """Notice 30-11 10:00; sale at the auction, 07-12 10:00, for Rs 10,000. The goat held 21-11 to
    07-12: 10 + 7 = 17 days; Rs 1,400 fine + 17 x Rs 300 = Rs 5,100 feeding = Rs 6,500 off the
    proceeds (s.16); balance Rs 3,500 the owner's at the pound until 07-12 + 15 days = 22-12-2026,
    then the Government's (s.17)."""
    speaks(session, KEEPER, "en")
    speaks(session, OWNER, "en")
    assert api.post(f"/impoundments/{_goat_id(api)}/notice", {"at": clock().isoformat()}).status_code == 200
    clock.set(clock() + timedelta(days=7))
    assert ussd(KEEPER, "5", GOAT, "10000") == (
        "CON Sold goat 456789012346 for Rs 10,000? Fine and feeding Rs 6,500 come off it (s.16).\n1 Confirm\n0 Back")
    assert ussd(KEEPER, "5", GOAT, "10000", "1") == (
        "END Recorded: sold for Rs 10,000. Balance Rs 3,500 for the owner at the pound by 22-12-2026 (s.16), "
        "then to the Government (s.17).")
    assert pages(ussd, OWNER, "1", GOAT) == [
        "END goat 456789012346\nSold at auction 07-12 10am\n"
        "Balance Rs 3,500 for the owner at the pound by 22-12-2026 (s.16), then to the Government (s.17)"]


@pytest.mark.parametrize("language", ["gu", "hi", "gul"])
def test_the_keepers_sale_screens_fit_their_page_in_every_language(mani, session, ussd, api, clock, language):
    """The same sale (Rs 10,000 less Rs 6,500) in Gujarati, Hindi and gul: whole, never clipped.
    (Hindi's keeper menu has "Record sale" on its second page: 9, then 1.)"""
    speaks(session, KEEPER, language)
    sale = ("9", "1") if language == "hi" else ("5",)
    assert api.post(f"/impoundments/{_goat_id(api)}/notice", {"at": clock().isoformat()}).status_code == 200
    early = ussd(KEEPER, *sale, GOAT, "10000", "1")
    clock.set(clock() + timedelta(days=7))
    confirm, done = ussd(KEEPER, *sale, GOAT, "10000"), ussd(KEEPER, *sale, GOAT, "10000", "1")
    for screen in (early, confirm, done):
        assert fits_ussd_page(screen) and ".." not in screen, screen
    assert "07-12" in early and "10,000" in confirm and "6,500" in confirm and "3,500" in done and "22-12-2026" in done


@pytest.mark.parametrize("proceeds_paise, expected", [
    (1_000_000, "Tag 456789012346 (goat) was sold at auction on 07-12 10am. The owner can take the balance of "
                "Rs 3,500 at the pound until 22-12-2026 (s.16); then it goes to the Government (s.17)."),
    (500_000, "Tag 456789012346 (goat) was sold at auction on 07-12 10am. The fine, feeding and expenses took "
              "the whole price: nothing is left to claim (s.16)."),
])
def test_sms_find_of_a_sold_animal_names_the_pound_and_the_government_never_the_panchayat(
        mani, session, api, clock, send_twilio, proceeds_paise, expected):
    """The goat sold at its auction, 07-12 10:00 (notice 30-11 10:00 + 168 h), the dues then Rs 6,500
    (Rs 1,400 + 17 days x Rs 300): for Rs 10,000 the balance Rs 3,500 is the owner's at the pound until
    07-12 + 15 days = 22-12-2026 (s.16), then the Government's (s.17); for Rs 5,000 nothing is left."""
    speaks(session, OWNER, "en")
    assert api.post(f"/impoundments/{_goat_id(api)}/notice", {"at": clock().isoformat()}).status_code == 200
    clock.set(clock() + timedelta(days=7))
    assert api.post(f"/impoundments/{_goat_id(api)}/sale", {"proceeds_paise": proceeds_paise}).status_code == 200
    reply = send_twilio(OWNER, f"FIND {GOAT}").reply
    assert reply == expected and "panchayat" not in reply
