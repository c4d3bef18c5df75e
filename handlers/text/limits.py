"""How long each free-text field may be, in characters, for every channel that takes it
(the staff forms, the admin API): one table, so a limit shown beside a form field is the
limit the server keeps.

Why these numbers: a place or a name is carried into SMS, where every character costs and
WORDING.md (section 3, rule 13) asks for names of about 12 characters; 40 leaves room for a
two-word Gujarati name without letting a paragraph in (a 5,000-character "place" once made
the impoundment page 1,640 px wide on a phone). A note is the keeper's description of the
animal's marks (Form A), a few short sentences. Codes and phones are short by nature.
"""
from __future__ import annotations

TEXT_LIMITS: dict[str, int] = {
    "place": 40,          # place of seizure (Form A), place of auction
    "place_en": 40,       # the auction's place in Latin letters (en and gul readers)
    "note": 200,          # marks and description of the animal (Form A)
    "name": 60,           # a person's, village's or pound's name
    "name_gu": 40, "name_hi": 40, "name_en": 40,   # a place's name in each script (SMS)
    "taluka": 40, "district": 40,
    "code": 32,
    "tag": 32,            # before spaces and dashes are dropped; its shape is checked apart
    "phone": 32, "owner_phone": 32, "buyer_phone": 32, "seizer": 32, "to_phone": 32,
    "accepted_by": 60, "approval_ref": 60, "declared_by": 60,
    "handed_to": 120,     # the gaushala or panjrapole a cow was handed to (1871 s.14 proviso)
    "court": 120,         # the magistrate's court of a conviction (§183(2)(b)), e.g. "JMFC, Danta"
    "rows": 2000,         # the security scale, one row a line
}


def too_long(values: dict[str, str]) -> dict[str, int]:
    """The fields of `values` longer than their limit, each with its limit."""
    return {name: TEXT_LIMITS[name] for name, value in values.items()
            if name in TEXT_LIMITS and isinstance(value, str) and len(value.strip()) > TEXT_LIMITS[name]}
