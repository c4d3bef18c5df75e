"""The cattle-pound sections of the Gujarat Panchayats Act, 1993 (§§183-189), as arithmetic.

Pure functions on plain values: no database, no web framework, no I/O, and no clock read (the
moment of interest is always passed in). Conventions:

* money is integer paise;
* times are timezone-aware datetimes (a naive one is refused with ValueError);
* "local" means the village's IANA timezone, ``Asia/Kolkata`` unless the village says otherwise;
* where the Act is ambiguous, the reading that protects the owner is taken and said so here.

One module per part of the Act, named by what it holds; this package re-exports every rule so
callers write `from models import law` and `law.dues(...)`. Imports nothing of the project.
"""
from models.law.complaints import (
    COMPENSATION_MAX_PAISE,
    ProtestTerms,
    complaint_deadline,
    dispute_deadline,
    protest_deadline,
    protest_terms,
)
from models.law.deposit import (
    deposit_forfeited,
    deposit_refund_date,
    forfeit_amount_paise,
    forfeiture_final,
    refund_allowed,
    split_forfeiture,
)
from models.law.dues import Dues, days_impounded, dues, expenses_paise
from models.law.offence import Offence, offence
from models.law.cash import Cash, collected, in_cash, paid_out, rate_text
from models.law.outcomes import (
    FORFEITED_ON_CONVICTION,
    CourtRelease,
    counts_as_occasion,
    court_release,
    forfeiture_to_return,
    proceeds_cover,
    reseizure_dues_paise,
    security_due_from,
    who_owes,
)
from models.law.sale import (
    BARRED_BUYER_ROLES,
    BuyerBarred,
    AHEAD,
    AUCTION_PASSED,
    CLAIM_PASSED,
    auction_at,
    deadlines_state,
    check_buyer,
    claim_deadline,
    sale_allowed,
    surplus_deadline,
    surplus_paise,
    surplus_payable,
)
from models.law.security import (
    ScaleRow,
    occasion,
    security_due,
    security_notified_on,
    security_paise,
    security_per_head_paise,
    times_impounded,
)
from models.law.units import ACT_IN_FORCE_FROM, DEFAULT_TZ, KINDS, NAMED_KINDS, in_force, kind_in_law, local_date, rupees_to_paise, whole_rupees

__all__ = [
    # units: local dates, schedules in force, whole rupees
    "ACT_IN_FORCE_FROM", "DEFAULT_TZ", "KINDS", "NAMED_KINDS", "in_force", "kind_in_law", "local_date", "rupees_to_paise", "whole_rupees",
    # §185(1), §187: dues
    "Dues", "days_impounded", "dues", "expenses_paise",
    # §189(1): security
    "ScaleRow", "occasion", "security_due", "security_notified_on", "security_paise",
    "security_per_head_paise", "times_impounded",
    # §186: claim window, auction, buyers, surplus
    "AHEAD", "AUCTION_PASSED", "CLAIM_PASSED", "deadlines_state",
    "BARRED_BUYER_ROLES", "BuyerBarred", "auction_at", "check_buyer", "claim_deadline",
    "sale_allowed", "surplus_deadline", "surplus_paise", "surplus_payable",
    # §188, §185(3): complaints
    "COMPENSATION_MAX_PAISE", "ProtestTerms", "complaint_deadline", "dispute_deadline", "protest_deadline", "protest_terms",
    # §189(2): the deposit's fate
    "deposit_forfeited", "deposit_refund_date", "forfeit_amount_paise", "forfeiture_final",
    "refund_allowed", "split_forfeiture",
    # §183: offence (information only)
    "Offence", "offence",
    # SPEC 12.4: whole-rupee cash
    "Cash", "collected", "in_cash", "paid_out", "rate_text",
    # §188(3), §185(3): what a finding and the four weeks change
    "FORFEITED_ON_CONVICTION", "CourtRelease", "counts_as_occasion", "court_release", "forfeiture_to_return", "proceeds_cover", "reseizure_dues_paise",
    "security_due_from", "who_owes",
]
