"""The Act's rules outside the pound's money, as pure values:
§190 removal orders. Like models.law, nothing of the project is imported.
"""
from __future__ import annotations

from datetime import date, timedelta

from models.law.packs import GUJARAT, Pack

# §190(1)(a): a resident owner's "dry or useless cattle"; (b): a non-resident's cattle.
REMOVAL_KINDS = ("resident_dry", "non_resident")
# §190(3): "a fine not exceeding five thousand rupees".
MAX_REMOVAL_FINE_PAISE = GUJARAT["removal_fine_max_paise"]
# SPEC 11.3: reminders 3 days and 1 day before the order's deadline.
REMOVAL_REMINDER_DAYS = GUJARAT["removal_reminder_days"]


def removal_fine_allowed(fine_paise: int, *, pack: Pack = GUJARAT) -> bool:
    """§190(3): a fine the mamlatdar imposes is more than nothing and at most Rs 5,000."""
    return 0 < fine_paise <= pack["removal_fine_max_paise"]


def removal_reminder_dates(deadline: date, today: date, *, pack: Pack = GUJARAT) -> dict[int, date]:
    """The days-before → date of each reminder still to come (a reminder
    whose day is today or past is not sent: the order itself just went)."""
    return {days: deadline - timedelta(days=days) for days in pack["removal_reminder_days"]
            if deadline - timedelta(days=days) > today}


# §190(2): "a Police Officer not below the rank of Head-Constable", ranks in order (Gujarat Police).
POLICE_RANKS = GUJARAT["police_ranks"]
# §190(1)(ii): non-resident owners "who own more than twenty head of cattle".
NON_RESIDENT_MIN_HEAD = GUJARAT["non_resident_min_head"]


def keeper_may_dispose(approved_on: date | None, on: date) -> bool:
    """§182(1): keepers are persons "approved by the Taluka Development Officer": one whose approval
    is on record by the day may release and sell (a seizure is recorded either way)."""
    return approved_on is not None and approved_on <= on


def may_be_ordered(kind: str, head_count: int, *, pack: Pack = GUJARAT) -> bool:
    """§190(1): (a) a resident owner removes "dry or useless cattle belonging to him": an owner with
    no cattle has nothing to remove; (b) a non-resident only when he owns more than twenty head."""
    if kind == "non_resident":
        return head_count >= pack["non_resident_min_head"]
    return head_count >= 1


def after_the_deadline(deadline: date, on: date) -> bool:
    """§190(2) "if the owner ... fails to remove the cattle as directed" and §190(3) "is
    contravened": both only once the period of the order is over, the day after its deadline."""
    return on > deadline


def may_remove(rank: str | None, *, pack: Pack = GUJARAT) -> bool:
    """§190(2): a police removal is directed to an officer "not below the rank of Head-Constable"."""
    ranks = pack["police_ranks"]
    return rank in ranks and ranks.index(rank) >= ranks.index(pack["removal_min_rank"])
