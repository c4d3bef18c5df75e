"""The text kernel: which encoding a text travels in and what it costs, as SMS and USSD count it.

Every folder may use this package (sms, menus, notices, outbox, dlt, catalogue, the edges); it
imports nothing of the project, so it never ties two folders together.

Why this matters here: an owner on a basic phone pays nothing for our replies, but the
panchayat pays per SMS *segment*, and one character outside the GSM 7-bit alphabet (a `₹`, a
Gujarati letter, an emoji) switches the whole message to UCS-2 and cuts a segment from 160 to
70 characters. The outbox records `segments` and `encoding` for every message (SPEC §6, §7) and
the USSD screens must fit one page (SPEC §5), so both are computed here, in one place.

No PyPI package was used: the candidates (`gsm0338`, a codec; `smsutil`, last released 2020;
`sms-counter`, a 0.0.1) either do not count segments or are not maintained, and the whole of
GSM 03.38 is two short tables, kept below as data.

Pure functions: no I/O, no settings.
"""
from __future__ import annotations

import re

# GSM 03.38 default alphabet (3GPP TS 23.038 §6.2.1), in code order. 0x1B (ESC) is left out:
# it is the escape to the extension table, not a character anyone can type.
GSM7_BASIC = frozenset(
    "@£$¥èéùìòÇ\nØø\rÅå"
    "Δ_ΦΓΛΩΠΨΣΘΞ" "ÆæßÉ"
    " !\"#¤%&'()*+,-./"
    "0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNO"
    "PQRSTUVWXYZÄÖÑÜ§"
    "¿abcdefghijklmno"
    "pqrstuvwxyzäöñüà"
)

# GSM 03.38 extension table (3GPP TS 23.038 §6.2.1.1): each is sent as ESC + char, 2 septets.
GSM7_EXTENSION = frozenset("\f^{}\\[~]|€")

GSM7_ALL = GSM7_BASIC | GSM7_EXTENSION
# Characters outside the Basic Multilingual Plane: two UTF-16 code units each.
_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")

GSM7 = "GSM-7"
UCS2 = "UCS-2"

# Payload of one SMS (140 octets) and of one part of a concatenated SMS (the 6-octet user data
# header leaves 134 octets).
GSM7_SINGLE, GSM7_PART = 160, 153   # septets
UCS2_SINGLE, UCS2_PART = 70, 67     # UTF-16 code units

# One USSD page: 182 characters in the 7-bit alphabet, 80 otherwise (SPEC §5).
USSD_GSM7_LIMIT, USSD_UCS2_LIMIT = 182, 80


def is_gsm7(text: str) -> bool:
    """True when every character is in the GSM 7-bit default alphabet or its extension table."""
    # A set operation in C: the USSD pager asks this hundreds of times per screen.
    return GSM7_ALL.issuperset(text)


def encoding(text: str) -> str:
    """Return "GSM-7" or "UCS-2": the encoding a provider will pick for this text."""
    return GSM7 if is_gsm7(text) else UCS2


def _gsm7_cost(ch: str) -> int:
    return 2 if ch in GSM7_EXTENSION else 1


def _utf16_cost(ch: str) -> int:
    # Counted, not encoded, so that a lone surrogate in junk input cannot raise.
    return 2 if ord(ch) > 0xFFFF else 1


def septets(text: str) -> int:
    """Length of a GSM-7 text in septets (extension characters count 2)."""
    return len(text) + sum(text.count(ch) for ch in GSM7_EXTENSION)


def utf16_units(text: str) -> int:
    """Length in UTF-16 code units, as UCS-2 SMS count it (an emoji is 2)."""
    return len(text) + len(_ASTRAL.findall(text))


def _parts(costs: list[int], per_part: int) -> int:
    """Pack characters into parts of `per_part` units without splitting one character.

    Handsets and gateways never split an escape pair (ESC + `€`) or a surrogate pair across two
    parts, so a 2-unit character that does not fit in the last free unit opens a new part. This
    is `ceil(units / per_part)` except when such a character straddles the boundary, where it
    is one more: counting it the naive way would under-report what the panchayat pays.
    """
    parts, used = 1, 0
    for cost in costs:
        if used + cost > per_part:
            parts, used = parts + 1, 0
        used += cost
    return parts


def segments(text: str) -> int:
    """Number of SMS segments the text is billed as; an empty text is still one SMS."""
    gsm7 = is_gsm7(text)
    units = septets(text) if gsm7 else utf16_units(text)
    single, part = (GSM7_SINGLE, GSM7_PART) if gsm7 else (UCS2_SINGLE, UCS2_PART)
    if units <= single:
        return 1
    if units == len(text):
        # Every character one unit, so none can straddle a boundary: counted in C, not per
        # character (the dispatcher measures tens of thousands of notices in one tick).
        return -(-units // part)
    costs = [_gsm7_cost(ch) for ch in text] if gsm7 else [_utf16_cost(ch) for ch in text]
    return _parts(costs, part)


def ussd_limit(text: str) -> int:
    """Characters allowed on one USSD page for this text: 182 in GSM-7, 80 otherwise."""
    return USSD_GSM7_LIMIT if is_gsm7(text) else USSD_UCS2_LIMIT


def ussd_length(text: str) -> int:
    """Length of the text as it counts against `ussd_limit`.

    For ordinary text this is `len(text)`. An extension character (`[`, `€`…) counts 2, as it
    costs 2 septets on the air, and an emoji counts 2 UTF-16 units, so that a page measured here
    never overflows at the gateway.
    """
    return septets(text) if is_gsm7(text) else utf16_units(text)


def fits_ussd_page(text: str) -> bool:
    """True when the whole screen text (the caller includes its `CON `/`END ` prefix) fits one page."""
    return ussd_length(text) <= ussd_limit(text)
