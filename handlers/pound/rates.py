"""The list of fees exhibited for the public (Gujarat Village Panchayats
(Cattle Pounds) Rules, 1998, r.6): SMS `RATES [village code]` for anyone, the
owner's USSD option, and the public page /v/{code} all read `fee_lines`, so
the three show the same amounts.
"""
from __future__ import annotations

from sqlalchemy.orm import Session

from handlers.catalogue import kind_name, place_name, rate, t
from handlers.sms.commands import Command
from handlers.errors import Refused
from handlers.pound import facts
from handlers.sms.replies import Context, fit_list, short
from models import queries
from models.queries import books as book_queries
from models.law import local_date
from models.tables import Village


def rates(session: Session, context: Context, command: Command) -> str:
    """RATES: the pound fee and daily rate of each kind, then the security scale."""
    language = context.sender.language
    village = village_asked(session, context.sender.person, command.village_code)
    fees = book_queries.fee_list(session, village, local_date(context.now, village.timezone))
    items = fee_lines(language, fees)
    return fit_list(language, lambda joined: t(language, "sms.rates", village=short(place_name(language, village.name, village.names, village.code)),
                                               items=joined), items)


def fee_lines(language: str, fees: book_queries.FeeList) -> list[str]:
    """One short line per kind with a fee or a rate, then one per security row."""
    lines = [t(language, "sms.rates_item", kind=kind_name(language, k.kind), fee=rate(language, k.pound_fee_paise),
               rate=rate(language, k.daily_rate_paise))
             for k in fees.kinds if k.pound_fee_paise or k.daily_rate_paise]
    for row in fees.security:
        lines.append(t(language, "sms.rates_security", heads=_span(row.min_head, row.max_head),
                       times=_span(row.min_times, row.max_times), amount=rate(language, row.per_head_paise)))
    if not fees.security:
        lines.append(t(language, "sms.rates_no_security"))
    return lines


def _span(low: int, high: int | None) -> str:
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def village_asked(session: Session, person, code: str | None) -> Village:
    """The village named, else the sender's own."""
    if code:
        village = queries.village_by_code(session, code)
        if village is None:
            raise Refused("rates_unknown_village", "no village with this code", village_code=code[:20])
        return village
    village = facts.village_of(session, person)
    if village is None:
        raise Refused("rates_which_village", "the sender has no village")
    return village
