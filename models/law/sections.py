"""The Act's rules outside the pound's money, as pure values:
§190 removal orders. Like models.law, nothing of the project is imported.
"""
from __future__ import annotations

from datetime import date, timedelta

# §190(1)(a): a resident owner's "dry or useless cattle"; (b): a non-resident's cattle.
REMOVAL_KINDS = ("resident_dry", "non_resident")
# §190(3): "a fine not exceeding five thousand rupees".
MAX_REMOVAL_FINE_PAISE = 5000 * 100
# SPEC 11.3: reminders 3 days and 1 day before the order's deadline.
REMOVAL_REMINDER_DAYS = (3, 1)


def removal_fine_allowed(fine_paise: int) -> bool:
    """§190(3): a fine the mamlatdar imposes is more than nothing and at most Rs 5,000."""
    return 0 < fine_paise <= MAX_REMOVAL_FINE_PAISE


def removal_reminder_dates(deadline: date, today: date) -> dict[int, date]:
    """The days-before → date of each reminder still to come (a reminder
    whose day is today or past is not sent: the order itself just went)."""
    return {days: deadline - timedelta(days=days) for days in REMOVAL_REMINDER_DAYS
            if deadline - timedelta(days=days) > today}
