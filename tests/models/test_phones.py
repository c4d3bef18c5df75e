"""Phone numbers (models/phones.py): every common Indian form -> one E.164 number."""
import pytest

from models.phones import mask_phone, normalise_phone

E164 = "+919825012345"


@pytest.mark.parametrize("raw", [
    "09825012345",
    "9825012345",
    "+91 98250 12345",
    "+919825012345",
    "91-98250-12345",
    "919825012345",
    "0091 9825012345",
    "+91-98250-12345",
    "(+91) 98250-12345",
    "+91 (0) 98250 12345",
    "+91 0 98250 12345",
    "091 98250 12345",
    "  98250 12345  ",
    "98250.12345",
])
def test_common_indian_forms_normalise_to_e164(raw):
    assert normalise_phone(raw) == E164


def test_gujarati_digits_normalise():
    assert normalise_phone("૦૯૮૨૫૦૧૨૩૪૫") == E164
    assert normalise_phone("+૯૧ ૯૮૨૫૦ ૧૨૩૪૫") == E164


def test_devanagari_digits_normalise():
    assert normalise_phone("९८२५० १२३४५") == E164


def test_fullwidth_digits_normalise():
    assert normalise_phone("＋９１９８２５０１２３４５") == E164


def test_landline_with_std_code_is_valid():
    assert normalise_phone("079 2630 1234") == "+917926301234"


def test_a_number_with_its_own_country_code_keeps_it():
    assert normalise_phone("+254 712 345678") == "+254712345678"
    assert normalise_phone("+44 20 7946 0018", "IN") == "+442079460018"


def test_region_fills_in_a_missing_country():
    assert normalise_phone("0712 345678", "KE") == "+254712345678"


@pytest.mark.parametrize("raw", [
    "",
    "   ",
    "abc",
    "98250",
    "98250123456",        # 11 digits
    "5550123",
    "0",
    "+",
    "1-800-FLOWERS",      # letters are never read as digits
    "abc9825012345",      # nor is a number pulled out of text
    "9825012345 ext 12",
    "9" * 300,
    "\x00\x01",
    "98250\u202e12345",
])
def test_garbage_and_invalid_numbers_are_none(raw):
    assert normalise_phone(raw) is None


def test_non_string_is_none():
    assert normalise_phone(None) is None
    assert normalise_phone(9825012345) is None


def test_mask_keeps_country_code_and_last_four_digits():
    assert mask_phone("+919825012345") == "+91******2345"


def test_mask_of_another_country():
    assert mask_phone("+254712345678") == "+254*****5678"


def test_mask_never_shows_a_short_or_broken_value():
    assert mask_phone("123") == "****"
    assert mask_phone("") == "****"
    assert mask_phone(None) == "****"
    assert "12345" not in mask_phone("garbage 9825012345")
