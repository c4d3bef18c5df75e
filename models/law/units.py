"""What every rule of the Act is computed in: local dates, integer paise, schedules in force.

The checks every rule shares (aware datetimes, non-negative integers), the village's calendar
date (§§185-189 count local dates), the §187/§189 schedule in force on a date, and whole rupees
(SPEC §2). Imports nothing of the project.
"""
from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Iterable, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from models.law.packs import GUJARAT, available, load


DEFAULT_TZ = "Asia/Kolkata"

# §1(3): the Gujarat Panchayats Act, 1993 (Gujarat Act 18 of 1993) came into force on the date the
# State notified; no seizure under it can be older than its year of enactment. Reading (written in
# docs/RELIABILITY.md): without the notification at hand, 1 January 1993 is the earliest possible
# day, the reading that refuses no true record.
ACT_IN_FORCE_FROM: date = GUJARAT["in_force_from"]

# The kinds of cattle of the Cattle Trespass Act, 1871, which §181 replaces in a village.
KINDS = GUJARAT["kinds"]


def _schedule_kinds() -> tuple[str, ...]:
    """The kinds a pack's state schedule names beyond KINDS (the 1871 Act's s.12 scales: the
    Chandigarh heifer, ram, ewe, lamb, kid), read from the packs, in their order."""
    extra: list[str] = []
    for law_id in available():
        pack = load(law_id)
        for schedule in pack.schedules:
            for row in pack.with_schedule(schedule).get("categories", {}).values():
                extra += [kind for kind in row["kinds"] if kind not in KINDS and kind not in extra]
    return tuple(extra)


# Every kind the words can name (SMS, the API, the catalogues): Gujarat's, then the schedules'.
NAMED_KINDS: tuple[str, ...] = tuple(KINDS) + _schedule_kinds()


def kind_in_law(kind: str, pack) -> bool:
    """Whether a village under `pack` may record `kind`: one its Act names (§181's cattle of
    the 1871 Act in Gujarat; the 1871 Act's s.12 list)."""
    return kind in pack["kinds"]

V = TypeVar("V")


def _aware(name: str, moment: datetime) -> datetime:
    """Refuse naive datetimes: a seizure at "23:50" means nothing without its timezone."""
    if not isinstance(moment, datetime):
        raise ValueError(f"{name} must be a datetime, got {type(moment).__name__}")
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware, got naive {moment.isoformat()}")
    return moment


def _utc(name: str, moment: datetime) -> datetime:
    # Compare instants in UTC: Python compares two datetimes sharing one tzinfo by wall time,
    # which misorders the repeated hour when clocks go back.
    return _aware(name, moment).astimezone(timezone.utc)


def _non_negative(name: str, value: int) -> int:
    """Counts and money (integer paise) alike: a non-negative int; a float is refused."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} must not be negative, got {value}")
    return value


def _zone(tz: str | None) -> ZoneInfo:
    # A village with no timezone recorded (None or "") is in the default one.
    try:
        return ZoneInfo(tz or DEFAULT_TZ)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(f"unknown timezone {tz!r}") from exc


def local_date(at: datetime, tz: str = DEFAULT_TZ) -> date:
    """The village's calendar date at the moment `at`. Every "date of" in §§185-189 is local."""
    return _aware("at", at).astimezone(_zone(tz)).date()


def in_force(versions: Iterable[tuple[date, V]], on: date) -> V | None:
    """The version of a schedule in force on `on` (§187(1) fees, §187(2) rates, §189(1) scales).

    Each is fixed "from time to time", so every schedule is kept with its effective date; the
    one with the latest ``effective_from <= on`` applies (the seizure date, per SPEC §2).
    None when nothing was in force yet. Of two versions with the same date, the later one in
    the given order wins (a correction re-issued the same day supersedes the first).
    """
    best: tuple[date, V] | None = None
    for effective_from, value in versions:
        if effective_from <= on and (best is None or effective_from >= best[0]):
            best = (effective_from, value)
    return None if best is None else best[1]


def whole_rupees(paise: int) -> int:
    """Amounts change hands in whole rupees (SPEC §2). A part-rupee is rounded UP, so that paying
    the rupees shown always settles what is due (schedules in whole rupees never round)."""
    return -(-_non_negative("paise", paise) // 100)  # integer ceiling: exact for any amount


def rupees_to_paise(rupees: int) -> int:
    """A whole-rupee amount (as typed in an SMS, e.g. `SOLD <tag> 1500`) in paise."""
    return _non_negative("rupees", rupees) * 100
