"""§188 and §185(3): the deadlines for a complaint of illegal seizure, the compensation a
magistrate may award, and what a receipt for a release under protest states."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from models.law.packs import GUJARAT, Pack
from models.law.units import local_date



def complaint_deadline(seized_at: datetime, tz: str, *, pack: Pack = GUJARAT) -> date:
    """§188(1): complaint of illegal seizure "within ten days from the date of the seizure";
    the day of seizure is excluded (General Clauses Act), so the last day is date + 10."""
    return local_date(seized_at, tz) + timedelta(days=pack["complaint_days"])


def protest_deadline(released_at: datetime, tz: str, *, pack: Pack = GUJARAT) -> date:
    """§185(3): after a release under protest the complaint is due "within a period of four
    weeks from the date of delivery of the cattle": last day = local release date + 28."""
    return local_date(released_at, tz) + timedelta(days=pack["protest_complaint_days"])

def dispute_deadline(seized_at: datetime, released_at: datetime, tz: str, *, pack: Pack = GUJARAT) -> date:
    """The last day of the complaint a deposit waits on: Gujarat §185(3)'s four weeks from the
    delivery of the cattle; where the pack's `dispute_complaint` is "seizure" (1871 s.15: the
    owner is "about to complain" under s.20), the complaint's own days from the seizure date."""
    if pack.get("dispute_complaint") == "seizure":
        return complaint_deadline(seized_at, tz, pack=pack)
    return protest_deadline(released_at, tz, pack=pack)


COMPENSATION_MAX_PAISE = GUJARAT["compensation_max_paise"]  # §188(3): "not exceeding one hundred rupees"


@dataclass(frozen=True)
class ProtestTerms:
    """What a release under protest's receipt states (SPEC 11.1)."""
    complaint_deadline: date      # §188(1): seizure date + 10
    complaint_deadline_passed: bool
    protest_deadline: date        # §185(3): release date + 28


def protest_terms(seized_at: datetime, released_at: datetime, tz: str, *,
                  pack: Pack = GUJARAT) -> ProtestTerms:
    """§188(1)'s ten days run from the seizure (maybe over by the release); §185(3)'s four
    weeks from the delivery of the cattle."""
    deadline = complaint_deadline(seized_at, tz, pack=pack)
    return ProtestTerms(deadline, local_date(released_at, tz) > deadline,
                        dispute_deadline(seized_at, released_at, tz, pack=pack))
