"""Digits in every script a phone sends: Gujarati ૦-૯, Devanagari ०-९ and ASCII read alike.

Why here, in the text kernel: an SMS, a USSD answer, a voice keypress and a staff form field all
carry digits typed on a Gujarati or Hindi keypad, and each must read them the same way (SPEC
section 4). Pure: no I/O, no settings, nothing of the project imported.
"""
from __future__ import annotations

import unicodedata


class _DigitMap(dict):
    """`str.translate` table mapping every Unicode decimal digit (category Nd) to ASCII.

    Built on demand rather than by walking all 1.1 million code points at import.
    """

    def __missing__(self, codepoint: int) -> str:
        value = unicodedata.decimal(chr(codepoint), None)
        if value is None:
            raise LookupError(codepoint)
        self[codepoint] = str(value)
        return self[codepoint]


_DIGITS = _DigitMap()


def normalise_digits(text: str) -> str:
    """Gujarati ૦-૯, Devanagari ०-९ and every other decimal digit -> ASCII 0-9; nothing else changes."""
    return text.translate(_DIGITS)
