"""Numbers for the ear (handlers/menus/speech.py): what a voice says must be what a person says."""
from __future__ import annotations

import pytest

from handlers.menus.speech import spoken


@pytest.mark.parametrize("language,written,said", [
    ("en", "Rs 590", "five hundred and ninety rupees"),
    ("gu", "રૂ. 590", "પાંચ સો નેવું રૂપિયા"),
    ("hi", "रु. 590", "पाँच सौ नब्बे रुपये"),
    ("en", "Rs 12345", "twelve thousand three hundred and forty five rupees"),
])
def test_money_is_said_as_a_sum_of_rupees(language, written, said):
    assert spoken(written, language) == said


@pytest.mark.parametrize("language,said", [
    ("en", "three four five six, seven eight nine zero, one two three four"),
    ("gu", "ત્રણ ચાર પાંચ છ, સાત આઠ નવ શૂન્ય, એક બે ત્રણ ચાર"),
    ("hi", "तीन चार पाँच छः, सात आठ नौ शून्य, एक दो तीन चार"),
])
def test_a_12_digit_tag_is_read_in_groups_of_four(language, said):
    assert spoken("345678901234", language) == said


def test_a_receipt_number_is_read_digit_by_digit():
    assert spoken("receipt 100234", "en") == "receipt one zero zero two, three four"


@pytest.mark.parametrize("language,said", [
    ("en", "seven December eleven o'clock"),
    ("gu", "સાત ડિસેમ્બર અગિયાર વાગ્યે"),
    ("hi", "सात दिसंबर ग्यारह बजे"),
])
def test_a_date_and_time_are_said_with_the_month(language, said):
    assert spoken("07-12 11:00", language) == said


def test_a_deadline_with_its_year_and_a_time_with_minutes():
    assert spoken("10-12-2026", "en") == "ten December two thousand and twenty six"
    assert spoken("11:30", "gu") == "અગિયાર વાગીને ત્રીસ મિનિટે"


def test_small_numbers_are_said_as_numbers_and_words_stay():
    assert spoken("3 days x Rs 40 = Rs 120", "en") == \
        "three days x forty rupees = one hundred and twenty rupees"


def test_an_hour_as_people_write_it_is_said_with_a_space():
    """writes times as people say them ("4pm", "સાંજે 4"); the ear hears "four pm", and after a
    period word the hour with its o'clock ("સાંજે ચાર વાગ્યે", WORDING.md, section 3, rule 14)."""
    assert spoken("Auction 28-11 11am", "en") == "Auction twenty eight November eleven am"
    assert spoken("સાંજે 4", "gu") == "સાંજે ચાર વાગ્યે"
    assert spoken("सुबह 8:44", "hi") == "सुबह आठ बजकर चौंतालीस मिनट"
