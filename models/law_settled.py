"""Transitional alias (issue 17): the settled readings of SPEC 11.1 now live in the
`models/law/` package beside the first round's rules, and `law.<name>` reaches them all.

Kept only while `handlers/records.py`, `handlers/notices.py` and `handlers/menus.py` (changed
on branches merged after this one) still write `law_settled.<name>`; delete it once they say
`law.<name>`.
"""
from models.law import (
    COMPENSATION_MAX_PAISE,
    ProtestTerms,
    forfeiture_final,
    occasion,
    protest_terms,
    refund_allowed,
    sale_allowed,
    security_due,
    security_notified_on,
    split_forfeiture,
    surplus_payable,
)

__all__ = ["COMPENSATION_MAX_PAISE", "ProtestTerms", "forfeiture_final", "occasion", "protest_terms",
           "refund_allowed", "sale_allowed", "security_due", "security_notified_on", "split_forfeiture",
           "surplus_payable"]
