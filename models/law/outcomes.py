"""§188(3) and §185(3): what a magistrate's finding and a protest release's four weeks change.

Pure arithmetic on plain values, like the rest of `models.law`: no clock read, no database.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from models.law.units import _non_negative

# §183(2)(b): the state of an impoundment whose cattle were forfeited to the State on a conviction.
FORFEITED_ON_CONVICTION = "forfeited_on_conviction"


@dataclass(frozen=True)
class CourtRelease:
    """§188(3): "if the cattle have not been released the Magistrate shall ... order their
    release, and direct that the fees and expenses leviable under this Act shall be paid by the
    person who made the seizure". The owner pays nothing and deposits nothing."""
    owner_pays_paise: int
    seizer_owes_paise: int


def court_release(pound_fee_paise: int, expenses_paise: int) -> CourtRelease:
    """§188(3): the animal still held goes back free; the fee and the expenses run to the day
    of release are owed by the seizer (recovered "as if they were fines", §188(4))."""
    owed = _non_negative("pound_fee_paise", pound_fee_paise) + _non_negative("expenses_paise", expenses_paise)
    return CourtRelease(owner_pays_paise=0, seizer_owes_paise=owed)


def who_owes(total_paise: int, *, released_by_court: bool, seizer_owes_paise: int) -> CourtRelease:
    """Who owes an impoundment's dues. Ordinarily the owner, to take the animal back (§185(1));
    once the magistrate found the seizure illegal and ordered the held animal's release, the
    owner owes nothing and the fee and expenses run to the day of release are the seizer's
    (§188(3)), as recorded on that release."""
    if released_by_court:
        return CourtRelease(owner_pays_paise=0, seizer_owes_paise=_non_negative("seizer_owes_paise", seizer_owes_paise))
    return CourtRelease(owner_pays_paise=_non_negative("total_paise", total_paise), seizer_owes_paise=0)


def forfeiture_to_return(forfeited_paise: int, already_returned_paise: int) -> int:
    """§189(2) forfeits only "if the seizure is not adjudged illegal": when it is adjudged
    illegal after the forfeiture settled, the owner gets back exactly what was forfeited, once.
    The unforfeited remainder of a part forfeiture was never taken and is not paid again."""
    _non_negative("already_returned_paise", already_returned_paise)
    return max(_non_negative("forfeited_paise", forfeited_paise) - already_returned_paise, 0)


def counts_as_occasion(held_illegal: bool, reseizure_for_declaration: bool) -> bool:
    """§189(1) "the number of times the cattle are impounded" and §183(1)'s "second or subsequent
    offence": a seizure adjudged illegal (§188(3)) impounded nothing lawfully, and a re-seizure
    for want of the §185(3) declaration is the same straying seized again, not a new one."""
    return not held_illegal and not reseizure_for_declaration


def security_due_from(protest_deadline: date, notified: bool, complaint_filed: bool,
                      complaint_outcome: str | None, decided_on: date | None) -> date | None:
    """§185(3): the keeper requires the declaration and security "if on any complaint ... the
    seizure is declared to be lawful" (from the day it is dismissed) "or if the owner ... fails to
    make such complaint within a period of four weeks" (from the day after the four weeks), and
    only where §189 applies. None: not due (no §189, or a complaint pending or upheld)."""
    if not notified:
        return None
    if complaint_filed:
        return decided_on if complaint_outcome == "dismissed" else None
    return date.fromordinal(protest_deadline.toordinal() + 1)


def reseizure_dues_paise(security_paise: int) -> tuple[int, int, int]:
    """§185(3)-(4): cattle "seized again" for want of the declaration and security are held for
    that security alone: the fee and the expenses were deposited at the protest release, so
    (pound fee, expenses, security) = (0, 0, the security the §189 scale asked then)."""
    return 0, 0, _non_negative("security_paise", security_paise)


def proceeds_cover(available_paise: int, still_owed_paise: list[int]) -> tuple[bool, int]:
    """§185(4): "as many of them as may be necessary shall be sold": what a refused sale leaves
    after its own dues (with what earlier sales of the occasion held back) against what the
    owner's other animals still held owe. (True, the owner's surplus) once it covers them all,
    so no more are sold; else (False, what is still owed beyond it)."""
    owed = sum(_non_negative("owed", amount) for amount in still_owed_paise)
    available = _non_negative("available_paise", available_paise)
    return (True, available - owed) if available >= owed else (False, owed - available)
