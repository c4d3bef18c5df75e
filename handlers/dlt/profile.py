"""The DLT profile (SPEC 12.3): what an Indian operator's DLT portal registers and its
scrubber lets through, as plain rules on plain values.

Every SMS sent in India fills a template registered on a DLT portal: fixed text (with the
brand), and at most `max_vars` typed variables that never touch. The rules and their sources
are in INDIA-CHANNELS.md section 6; the defaults are the strict profile (3 variables, values
under 30 characters, at least half of the message fixed text, at most 40 templates a
language). Pure: no I/O, no settings; the sms_gateway edge builds a `Profile` from them.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from handlers.text import is_gsm7

NUMERIC, ALPHANUMERIC, URL, CBN = "numeric", "alphanumeric", "url", "cbn"
TYPES = (NUMERIC, ALPHANUMERIC, URL, CBN)
SLOT = re.compile(r"\{#(" + "|".join(TYPES) + r")#\}")
ANY_SLOT = re.compile(r"\{#[^#{}]*#\}")
MAX_TEMPLATES = 40  # a language's templates: what a panchayat can register and keep up to date
# DLT_VALUES: what an `{#alphanumeric#}` value may hold. Vendors write "letters and numbers only"
# and no page says whether a space or a Gujarati letter passes a scrubber (INDIA-CHANNELS 7):
# strict, ASCII letters and digits; spaces, with single spaces between them; script, letters of
# any script with single spaces.
STRICT, SPACES, SCRIPT = "strict", "spaces", "script"
VALUE_LEVELS = (STRICT, SPACES, SCRIPT)


@dataclass(frozen=True)
class Profile:
    brand: str = "Dabbo"
    max_vars: int = 3
    var_chars: int = 30      # a value is shorter than this (Exotel: "under 30 characters")
    min_fixed: float = 0.5   # share of a sample message's characters that are fixed text
    max_templates: int = MAX_TEMPLATES
    values: str = STRICT     # DLT_VALUES, one of VALUE_LEVELS (SPEC 13.2: strict by default)


def _letter_or_digit(ch: str) -> bool:
    """A letter of any script with its vowel signs (Gujarati ા, ં are marks, not letters), or a digit."""
    return unicodedata.category(ch)[0] in "LMN"


def value_problem(kind: str, value: str, *, profile: Profile, latin: bool, url: str | None = None,
                  cbn: str | None = None) -> str | None:
    """Why `value` cannot fill a `{#kind#}` slot (None when it can): its type, its length,
    its script (one Gujarati letter in a Text template changes the message's encoding)."""
    if not value:
        return "is empty"
    if len(value) >= profile.var_chars and kind not in (URL,):
        return f"has {len(value)} characters (under {profile.var_chars})"
    if kind == NUMERIC and not (value.isascii() and value.isdigit()):
        return "is not digits only"
    if kind == ALPHANUMERIC and (why := alphanumeric_problem(value, profile.values)):
        return why
    if kind == URL and not (value == url or (url and value.startswith(url + "/"))):
        return "is not the registered public page"
    if kind == CBN and value != cbn:
        return "is not the registered call-back number"
    if latin and not is_gsm7(value):
        return "is not in the Latin letters of a Text template"
    return None


def alphanumeric_problem(value: str, level: str) -> str | None:
    """Why `value` is no `{#alphanumeric#}` value at DLT_VALUES `level` (None when it is one)."""
    if level == STRICT and not (value.isascii() and value.isalnum()):
        return "has a character other than ASCII letters and digits (DLT_VALUES=strict)"
    if value != value.strip() or "  " in value:
        return "has a leading, trailing or double space"
    if level == SPACES and not all(ch == " " or (ch.isascii() and ch.isalnum()) for ch in value):
        return "has a character other than ASCII letters, digits and single spaces (DLT_VALUES=spaces)"
    if not all(ch == " " or _letter_or_digit(ch) for ch in value):
        return "has a character other than letters, digits and single spaces"
    return None


def slots(template_text: str) -> list[str]:
    return SLOT.findall(template_text)


def fixed_text(template_text: str) -> str:
    return ANY_SLOT.sub("", template_text)


def template_problems(text: str, sample: str, profile: Profile) -> list[str]:
    """Every way the template `text` (typed slots) breaks the profile; `sample` is the
    message it gives with the sample values (for the fixed share)."""
    problems = []
    kinds = ANY_SLOT.findall(text)
    untyped = [k for k in kinds if not SLOT.fullmatch(k)]
    if untyped:
        problems.append(f"untyped variable {untyped[0]} (use {', '.join('{#' + t + '#}' for t in TYPES)})")
    if len(kinds) > profile.max_vars:
        problems.append(f"{len(kinds)} variables (at most {profile.max_vars})")
    for between in ANY_SLOT.split(text)[1:-1]:
        if not between.strip():
            problems.append("two variables side by side (put fixed words between them)")
            break
    if profile.brand not in fixed_text(text):
        problems.append(f"no brand {profile.brand!r} in the fixed text")
    share = len(fixed_text(text)) / max(1, len(sample))
    if share < profile.min_fixed:
        problems.append(f"fixed text {share:.0%} of the sample message (at least {profile.min_fixed:.0%})")
    if text != text.strip() or "  " in text or "\n" in text:
        problems.append("leading, trailing or double spaces or a line break (scrubbers match exactly)")
    return problems
