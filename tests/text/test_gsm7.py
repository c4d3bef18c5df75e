"""SMS encoding and segment arithmetic (handlers/text, the text kernel): what the panchayat is billed for."""
from handlers.text import (
    encoding,
    fits_ussd_page,
    is_gsm7,
    segments,
    septets,
    ussd_length,
    ussd_limit,
    utf16_units,
)

GUJARATI = "તમારી ગાય ડબ્બામાં છે"
EMOJI = "\U0001F404"  # cow face: outside the BMP, 2 UTF-16 code units


def test_plain_english_is_gsm7():
    assert is_gsm7("FEES 123456789012: Rs 340 due today @ Navagam pound.")
    assert encoding("Rs 340") == "GSM-7"


def test_empty_text_is_gsm7_and_one_segment():
    assert is_gsm7("")
    assert encoding("") == "GSM-7"
    assert segments("") == 1


def test_gsm7_specials_in_the_basic_table_cost_one_septet():
    text = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà"
    assert is_gsm7(text)
    assert septets(text) == len(text)


def test_extension_characters_are_gsm7_but_cost_two_septets():
    for ch in "^{}\\[~]|€":
        assert is_gsm7(ch), ch
        assert septets(ch) == 2, ch


def test_rupee_sign_forces_ucs2():
    assert not is_gsm7("Rs 340 ₹")
    assert encoding("₹340") == "UCS-2"


def test_gujarati_text_is_ucs2():
    assert encoding(GUJARATI) == "UCS-2"
    assert encoding("मदद") == "UCS-2"


def test_lowercase_c_cedilla_and_curly_quotes_are_not_gsm7():
    # Only the capital Ç is in GSM 03.38; a smart quote from a phone's keyboard is not either.
    assert not is_gsm7("ç")
    assert not is_gsm7("“Rs 340”")


def test_escape_character_itself_is_not_counted_as_gsm7():
    assert not is_gsm7("\x1b")


def test_160_gsm7_characters_are_one_segment():
    assert segments("a" * 160) == 1


def test_161_gsm7_characters_are_two_segments():
    assert segments("a" * 161) == 2


def test_two_full_concatenated_gsm7_parts_are_two_segments():
    assert segments("a" * 153 * 2) == 2
    assert segments("a" * (153 * 2 + 1)) == 3


def test_extension_characters_push_past_160_septets():
    assert segments("a" * 158 + "€") == 1      # 160 septets
    assert segments("a" * 159 + "€") == 2      # 161 septets


def test_extension_character_is_not_split_across_parts():
    # 152 septets, then a 2-septet "€" that cannot straddle the 153 boundary: it opens part 2.
    text = "a" * 152 + "€" + "a" * 152
    assert septets(text) == 306            # ceil(306 / 153) would say 2
    assert segments(text) == 3


def test_70_ucs2_units_are_one_segment():
    assert segments("ગ" * 70) == 1


def test_71_ucs2_units_are_two_segments():
    assert segments("ગ" * 71) == 2


def test_two_full_concatenated_ucs2_parts_are_two_segments():
    assert segments("ગ" * 67 * 2) == 2
    assert segments("ગ" * (67 * 2 + 1)) == 3


def test_one_rupee_sign_makes_a_160_character_text_three_segments():
    assert segments("a" * 159 + "₹") == 3    # 160 UCS-2 units: ceil(160 / 67)


def test_emoji_counts_as_two_utf16_units():
    assert utf16_units(EMOJI) == 2
    assert segments("a" * 68 + EMOJI) == 1     # 70 units
    assert segments("a" * 69 + EMOJI) == 2     # 71 units


def test_emoji_is_not_split_across_ucs2_parts():
    text = "ગ" * 66 + EMOJI + "ગ" * 66           # 134 units, the emoji straddling unit 67
    assert utf16_units(text) == 134
    assert segments(text) == 3


def test_lone_surrogate_from_junk_input_does_not_raise():
    assert encoding("\ud800") == "UCS-2"
    assert segments("\ud800" * 71) == 2


def test_ussd_limit_is_182_in_gsm7_and_80_otherwise():
    assert ussd_limit("CON 1 Find animal") == 182
    assert ussd_limit("CON 1 પ્રાણી શોધો") == 80
    assert ussd_limit("CON Rs 340 ₹") == 80


def test_ussd_page_of_exactly_182_gsm7_characters_fits():
    assert fits_ussd_page("CON " + "a" * 178)
    assert not fits_ussd_page("CON " + "a" * 179)


def test_ussd_page_of_exactly_80_gujarati_characters_fits():
    assert fits_ussd_page("CON " + "ગ" * 76)
    assert not fits_ussd_page("CON " + "ગ" * 77)


def test_ussd_length_counts_extension_characters_twice():
    assert ussd_length("CON [1]") == 9
    assert not fits_ussd_page("CON " + "a" * 177 + "€")
