"""§183: the offence a seizure may show (information for keepers and officials only)."""
from __future__ import annotations

from dataclasses import dataclass

from models.law.packs import GUJARAT, Pack
from models.law.security import times_impounded



@dataclass(frozen=True)
class Offence:
    """The fine range a court would apply under §183 if this seizure led to a conviction."""
    number: int
    subsequent: bool
    fine_min_paise: int
    fine_max_paise: int
    compensation_max_paise: int


def offence(earlier_seizure_count: int, *, pack: Pack = GUJARAT) -> Offence:
    """§183(1): first offence fine up to Rs 300 and (absent special reasons) not less than
    Rs 100; second or subsequent up to Rs 500, not less than Rs 250. §183(2)(a): compensation
    up to Rs 250. Information for keepers and officials only: a seizure is not a conviction,
    only a court imposes a fine, and Dabbo never does. Earlier seizures stand in for earlier
    offences, which is as far as the pound's records go."""
    number = times_impounded(earlier_seizure_count)
    subsequent = number > 1
    return Offence(number, subsequent, **pack["offence_subsequent" if subsequent else "offence_first"])
