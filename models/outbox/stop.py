"""The STOP rule, written once (SPEC: STOP).

A person who texted STOP, or whom a provider reports unsubscribed (Twilio
21610, Africa's Talking's blacklist), still gets what they asked for — the
reply to their own message, the receipt of a release they came for, the call
back to their missed call — and nothing else: no reminder, notice, digest or
broadcast. `reaches` is the rule; `reaches_sql` is the same rule for the
statements that pick recipients as a set (broadcasts, village notices, the
claim reminders PostgreSQL finds), and `reaches_sql_text` that expression for
hand-written SQL. Every place that decides whether an opted-out person gets a
message asks one of these (writing a row, writing many, and again at send
time, since STOP may arrive while a row waits).
"""
from __future__ import annotations

from sqlalchemy import Boolean, literal_column, true
from sqlalchemy.dialects import postgresql
from sqlalchemy.sql.elements import ColumnElement

# The kinds a person asked for: STOP (and quiet hours) leave these alone.
# a call back answers a missed call; a canary goes to the phone of whoever runs `golive --canary`
SOLICITED_KINDS = frozenset({"reply", "release_receipt", "voice_callback", "canary", "canary_call"})


def is_unsolicited(kind: str) -> bool:
    """True for a kind the person did not ask for (what an outbox row keeps in `unsolicited`)."""
    return kind not in SOLICITED_KINDS


def reaches(opted_out: bool | None, unsolicited: bool) -> bool:
    """Whether a message still goes to a person who has (or has not) sent STOP."""
    return not (opted_out and unsolicited)


def reaches_sql(opted_out: ColumnElement, unsolicited: bool = True) -> ColumnElement[bool]:
    """`reaches` as a condition on a people row's `opted_out` column."""
    return opted_out.is_(False) if unsolicited else true()


def reaches_sql_text(opted_out: str) -> str:
    """`reaches_sql` of an unsolicited kind for a hand-written PostgreSQL
    statement; `opted_out` names the column as that statement does ("p.opted_out")."""
    condition = reaches_sql(literal_column(opted_out, Boolean))
    return str(condition.compile(dialect=postgresql.dialect()))
