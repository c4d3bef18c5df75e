"""§189(1): the security deposit: the village's progressive scale, the count of times
impounded, the notification that applies §189, and (§185(3)) when security falls due after a
release under protest."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Sequence

from models.law.units import _non_negative, local_date



@dataclass(frozen=True)
class ScaleRow:
    """One row of a village's §189(1) security scale: per-head deposit for a band of
    head impounded at a time × a band of times impounded (None maximum = no upper bound)."""
    min_head: int
    max_head: int | None
    min_times: int
    max_times: int | None
    per_head_paise: int

    def __post_init__(self) -> None:
        for name in ("min_head", "min_times", "per_head_paise"):
            _non_negative(name, getattr(self, name))
        for low, high in (("min_head", "max_head"), ("min_times", "max_times")):
            top = getattr(self, high)
            if top is not None and _non_negative(high, top) < getattr(self, low):
                raise ValueError(f"{high} {top} is below {low} {getattr(self, low)}")

    def matches(self, head_count: int, times: int) -> bool:
        """min <= value <= max on both axes (SPEC §2)."""
        def within(value: int, low: int, high: int | None) -> bool:
            return low <= value and (high is None or value <= high)
        return (within(head_count, self.min_head, self.max_head)
                and within(times, self.min_times, self.max_times))


def security_per_head_paise(scale: Sequence[ScaleRow], head_count: int, times: int) -> int:
    """§189(1): the per-head deposit from "progressively increasing scales ... according to the
    number of cattle impounded at a time and the number of times the cattle are impounded".

    The first row (in the given order) whose bands contain both values applies; overlapping
    rows are a data-entry fault, and taking the first keeps the answer deterministic. No
    matching row: nothing prescribed for that case, so 0.
    """
    _non_negative("head_count", head_count)
    _non_negative("times", times)
    for row in scale:
        if row.matches(head_count, times):
            return row.per_head_paise
    return 0


def security_paise(notified: bool, scale: Sequence[ScaleRow], head_count: int, times: int) -> int:
    """§189(1): deposit = per-head amount × head impounded at a time, but only in a village to
    which the State has applied §189 by notification; elsewhere no security at all."""
    if not notified:
        return 0
    return security_per_head_paise(scale, head_count, times) * head_count


def times_impounded(earlier_seizure_count: int) -> int:
    """§189(1) "the number of times the cattle are impounded": this seizure plus every earlier
    seizure of the same owner's cattle in the village (SPEC §2)."""
    return _non_negative("earlier_seizure_count", earlier_seizure_count) + 1


def security_notified_on(notified: bool, notified_from: date | None, seizure_date: date) -> bool:
    """§189(1) applies where the State "by notification" applies it: from that date (none
    recorded = notified before any seizure Dabbo holds)."""
    return notified and (notified_from is None or seizure_date >= notified_from)


def occasion(pound_id: int, seized_at: datetime, tz: str) -> tuple[int, date]:
    """§189(1) "the number of cattle impounded at a time" and "the number of times": an
    owner's animals seized at one pound on one local date are one occasion, however many
    commands or calls recorded them (SPEC 11.1). With the owner, this key names it."""
    return pound_id, local_date(seized_at, tz)


def security_due(protest_deadline: date, today: date, notified: bool, complaint_filed: bool,
                 complaint_outcome: str | None) -> bool:
    """§185(3): no complaint within four weeks of delivery (or seizure declared lawful) and
    §189 applies: the keeper requires declaration and security, from the day after."""
    if not notified or today <= protest_deadline:
        return False
    return not complaint_filed or complaint_outcome == "dismissed"
