"""Digits in every script (handlers/text/digits.py): what every channel reads a typed number with."""
from handlers.text.digits import normalise_digits


def test_normalise_digits_maps_gujarati_and_devanagari_to_ascii():
    assert normalise_digits("૦૧૨૩૪૫૬૭૮૯ ०१२३४५६७८९") == "0123456789 0123456789"


def test_normalise_digits_leaves_other_characters_alone():
    assert normalise_digits("Rs ૩૪૦ ₹ ²") == "Rs 340 ₹ ²"
