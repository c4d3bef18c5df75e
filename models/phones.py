"""Phone numbers: one stored form (E.164) for every way a number is typed or delivered.

Why: providers deliver the sender as `+9198…`, keepers type a buyer's number as `98250 12345`,
`09825012345` or in Gujarati digits, and the admin API receives whatever the panchayat's
software holds. A person is found by phone, so every number is normalised with the village's
country (default IN, SPEC §1) before it is stored or compared. Validation is `phonenumbers`'
metadata (Google's libphonenumber), not a home-made regex that would age with the numbering plan.

Pure functions: no database, no settings.
"""
from __future__ import annotations

import functools
import unicodedata

import phonenumbers

# Characters a person may put in a phone number besides digits (any script's digits count).
# Letters are refused outright: phonenumbers would read "1-800-FLOWERS" as a vanity number and
# "abc9825012345" as 9825012345, and a number with letters in it is a typing error here.
_PHONE_PUNCTUATION = frozenset(" +-.()/\u00a0\u2010\u2011\u2012\u2013\u2014\u2212\uff0b")

_MAX_RAW_LENGTH = 64


def _looks_like_a_phone(raw: str) -> bool:
    if not raw or len(raw) > _MAX_RAW_LENGTH:
        return False
    has_digit = False
    for ch in raw:
        if unicodedata.decimal(ch, None) is not None:
            has_digit = True
        elif ch not in _PHONE_PUNCTUATION:
            return False
    return has_digit


def _ascii_digits(raw: str) -> str:
    return "".join(str(unicodedata.decimal(ch)) for ch in raw if unicodedata.decimal(ch, None) is not None)


def _parse_valid(raw: str, region: str) -> phonenumbers.PhoneNumber | None:
    try:
        number = phonenumbers.parse(raw, region)
    except phonenumbers.NumberParseException:
        return None
    return number if phonenumbers.is_valid_number(number) else None


def normalise_phone(raw: str, region: str = "IN") -> str | None:
    """Return the number in E.164 (`+919825012345`), or None when it is not a valid number.

    Accepts every common Indian form: `9825012345`, `09825012345`, `+91 98250 12345`,
    `91-98250-12345`, `0091 9825012345`, `+91 (0) 98250 12345`, the old `091 98250 12345`, and
    the same in Gujarati, Devanagari or full-width digits. A number written with `+` or an
    international prefix keeps its own country; `region` only fills in a missing one.
    """
    if not isinstance(raw, str):
        return None
    return _normalised(raw, region)


# A pure function of its text (the numbering plan is the library's, fixed for the process), asked
# on every message and USSD step, and a caller sends many: remembered per process (a few hundred kB).
@functools.lru_cache(maxsize=4096)
def _normalised(raw: str, region: str | None) -> str | None:
    raw = raw.strip()
    if not _looks_like_a_phone(raw):
        return None
    region = (region or "IN").upper()
    number = _parse_valid(raw, region)
    if number is None:
        # "091 98250 12345": a trunk 0 written before the country code, still seen in India.
        digits = _ascii_digits(raw)
        country = str(phonenumbers.country_code_for_region(region))
        if not raw.lstrip().startswith("+") and digits.startswith("0" + country) and not digits.startswith("00"):
            number = _parse_valid("+" + digits[1:], region)
    if number is None:
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def mask_phone(e164: str) -> str:
    """Hide all but the country code and the last four digits: `+91******2345`.

    For replies and logs that must show *which* number without disclosing it (an owner's
    number to a buyer, a buyer's to an owner). Never raises: a value that is not a number is
    masked entirely.
    """
    if not isinstance(e164, str):
        return "****"
    try:
        number = phonenumbers.parse(e164, None)
        country, national = f"+{number.country_code}", phonenumbers.national_significant_number(number)
    except phonenumbers.NumberParseException:
        country, national = ("+" if e164.strip().startswith("+") else ""), _ascii_digits(e164)
    if len(national) <= 4:
        return country + "*" * max(len(national), 4)
    return country + "*" * (len(national) - 4) + national[-4:]


# What a missed call may be answered to (a call back or an SMS costs the panchayat money): a
# number of the deployment's own country that the numbering plan types as a mobile or a fixed
# line. Never premium-rate, shared-cost, toll-free, UAN, VoIP, personal or pager numbers, nor a
# number abroad: a prankster's missed call from one of those would make us pay to reach it.
ANSWERABLE_TYPES = frozenset({phonenumbers.PhoneNumberType.MOBILE, phonenumbers.PhoneNumberType.FIXED_LINE,
                              phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE})


def answerable(e164: str, regions) -> bool:
    """Whether `e164` is a number of one of `regions` (ISO codes: {"IN"}) that `phonenumbers`'
    metadata types as mobile or fixed line."""
    if not isinstance(e164, str):
        return False
    try:
        number = phonenumbers.parse(e164, None)
    except phonenumbers.NumberParseException:
        return False
    if phonenumbers.region_code_for_number(number) not in {region.upper() for region in regions}:
        return False
    return phonenumbers.number_type(number) in ANSWERABLE_TYPES
