"""The Cattle-trespass Act, 1871's rules that Gujarat's Act words differently, as arithmetic on a
pack: the fine and feeding charge per kind from a state's categories (s.12), the claim timeline as
stages (s.14), disposal per kind (s.14 proviso), the deposit on dispute (s.15), the sale of only as
many as needed and the owner's account (s.16), and repeat escalation where a pack holds it
(municipal policies). Pure: every value comes from the pack passed in; no clock is read.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Sequence

from models.law.packs import Pack
from models.law.units import _non_negative, _utc


def category(kind: str, pack: Pack) -> str:
    """s.12: the category of the state's scale a kind belongs to (the schedule's default
    category for a kind it does not name)."""
    for name, row in pack["categories"].items():
        if kind in row["kinds"]:
            return name
    return pack["default_category"]


def fine_per_head_paise(kind: str, pack: Pack) -> int:
    """s.12: the fine per head "in accordance with the scale prescribed" for the kind's category."""
    return pack["categories"][category(kind, pack)]["fine_paise"]


def feeding_per_day_paise(kind: str, pack: Pack) -> int:
    """ss.4-6: the feeding and watering charge per day for the kind's category."""
    return pack["categories"][category(kind, pack)]["feeding_paise"]


def scale_charges_paise(kind: str, pack: Pack) -> tuple[int, int] | None:
    """s.12 and ss.4-6: (fine per head, feeding per day) for the kind where the pack's schedule
    holds the scale itself (`categories`); None where the village's own notified fees and
    rates apply (Gujarat §187: tables in the database)."""
    if "categories" not in pack.values:
        return None
    return fine_per_head_paise(kind, pack), feeding_per_day_paise(kind, pack)


def two_stage(pack: Pack) -> bool:
    """s.14: whether the pack's claim timeline has the police report and the notice between the
    seizure and the auction (its `claim_stages`), rather than one claim window."""
    return "claim_stages" in pack.values


def notice_allowed(at: datetime, seized_at: datetime, pack: Pack) -> bool:
    """s.14: the notice follows the keeper's report, which falls due when the cattle have been
    unclaimed for the report stage's hours: never before that instant."""
    return report_allowed(at, seized_at, pack)


def report_allowed(at: datetime, seized_at: datetime, pack: Pack) -> bool:
    """s.14: the keeper reports cattle "not claimed within seven days": never before the report
    stage's hours after the seizure have passed."""
    return _utc("at", at) >= _utc("due", police_report_due(seized_at, pack))


def stage_due(stage: str, started_at: datetime, pack: Pack) -> datetime:
    """s.14: when a stage of the claim timeline falls due, counted from the event the pack names
    for it (the seizure for the police report, the notice for the auction), in elapsed hours so
    a clock change never shortens the owner's time. Returned in `started_at`'s timezone."""
    for row in pack["claim_stages"]:
        if row["stage"] == stage:
            return (_utc("started_at", started_at) + timedelta(hours=row["hours"])).astimezone(started_at.tzinfo)
    raise ValueError(f"law {pack.id} has no claim stage {stage!r}")


def police_report_due(seized_at: datetime, pack: Pack) -> datetime:
    """s.14: unclaimed for seven days, the keeper reports to the police station."""
    return stage_due("police_report", seized_at, pack)


def auction_not_before(notice_posted_at: datetime, pack: Pack) -> datetime:
    """s.14: unclaimed seven days from the notice, the cattle are sold by public auction: not
    before this instant. No notice posted, no auction (the caller has none to pass)."""
    return stage_due("auction", notice_posted_at, pack)


# s.14 proviso: the status of an animal handed to the manner of disposal its kind's schedule orders.
HANDED_OVER = "handed_over"


def disposal(kind: str, pack: Pack) -> str:
    """s.14 proviso: "auction" unless the schedule orders another manner for the kind (a
    gaushala for cows)."""
    return pack.get("disposal", {}).get(kind, "auction")


def handover_allowed(at: datetime, auction_not_before_at: datetime) -> bool:
    """s.14 with its proviso: the other manner of disposal takes the auction's place, so the
    animal is handed over at the same moment it could have been sold: not before
    `auction_not_before` (the auction stage's hours after the notice)."""
    return _utc("at", at) >= _utc("auction_not_before", auction_not_before_at)


def dispute_deposit_paise(fines_paise: int, charges_paise: int) -> int:
    """s.15: an owner disputing the seizure takes the cattle on depositing the fines and the
    charges due at that moment; refunded if the s.20 complaint succeeds, kept if not."""
    return _non_negative("fines_paise", fines_paise) + _non_negative("charges_paise", charges_paise)


def heads_to_sell(prices_paise: Sequence[int], owed_paise: int) -> int:
    """s.16: "as many of the cattle ... as may be necessary": animals are sold in the order given
    until the proceeds cover what is owed; the rest go back to the owner. All of them if even
    that does not cover it."""
    owed = _non_negative("owed_paise", owed_paise)
    proceeds = 0
    for sold, price in enumerate(prices_paise):
        if proceeds >= owed:
            return sold
        proceeds += _non_negative("price", price)
    return len(prices_paise)


@dataclass(frozen=True)
class Account:
    """s.16(a)-(f): the account the owner is given after a sale."""
    number_seized: int                # (a)
    time_impounded_days: int          # (b)
    fines_and_charges_paise: int      # (c)
    number_sold: int                  # (d)
    proceeds_paise: int               # (e)
    applied_to_dues_paise: int        # (f) the fines, feeding and sale expenses paid out of them
    balance_to_owner_paise: int       # (f) what is left goes to the owner


def account(number_seized: int, days: int, fines_and_charges_paise: int, prices_paise: Sequence[int],
            sale_expenses_paise: int = 0) -> Account:
    """s.16: as many sold as cover the fines, the charges and the sale's expenses; the proceeds
    applied to them and the balance paid to the owner with the unsold cattle."""
    owed = _non_negative("fines_and_charges_paise", fines_and_charges_paise) + _non_negative(
        "sale_expenses_paise", sale_expenses_paise)
    sold = heads_to_sell(prices_paise, owed)
    proceeds = sum(prices_paise[:sold])
    applied = min(proceeds, owed)
    return Account(_non_negative("number_seized", number_seized), _non_negative("days", days),
                   fines_and_charges_paise, sold, proceeds, applied, proceeds - applied)


def escalated_fine_paise(base_paise: int, times: int, pack: Pack) -> int:
    """Repeat escalation (municipal policies): the fine rises by the pack's factor on each
    repeat, `base × factor^(times-1)`, rounded down to the paisa (in the owner's favour). A
    pack without `repeat_escalation` leaves the fine as it is."""
    rule = pack.get("repeat_escalation")
    if rule is None:
        return _non_negative("base_paise", base_paise)
    repeats = _non_negative("times", times) - 1
    if repeats < 0:
        raise ValueError("times counts this seizure: at least 1")
    return base_paise * rule["factor_percent"] ** repeats // 100 ** repeats


def confiscated(times: int, pack: Pack) -> bool:
    """Repeat escalation: the animal is confiscated from the pack's `confiscate_on`-th seizure."""
    rule = pack.get("repeat_escalation")
    return rule is not None and "confiscate_on" in rule and _non_negative("times", times) >= rule["confiscate_on"]
