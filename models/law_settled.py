"""Transitional alias of `models.law` (issue 17): the settled readings of SPEC 11.1 now live in
the `models/law/` package beside the first round's rules, and `law.<name>` reaches them all.

Kept only while `handlers/records.py`, `handlers/notices.py` and `handlers/menus.py` (changed
on branches merged after this one) still write `law_settled.<name>`; delete it once they say
`law.<name>`.
"""
from models.law import *  # noqa: F401,F403  the same names, one home
