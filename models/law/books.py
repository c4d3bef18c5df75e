"""The pound's books as pure arithmetic (Gujarat Village Panchayats (Cattle
Pounds) Rules, 1998): the Form A register's serial numbers (r.3) and the
Form B daily account of receipts and payments with the balance carried
forward (r.4). Plain values in and out, like models.law; nothing of the
project is imported, so an auditor can read this file alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Iterable
from zoneinfo import ZoneInfo

# Form B's columns, in the order the Rules' heads come (r.4; SPEC 11.2).
RECEIPT_HEADS = ("pound_fees", "expenses", "security_deposits", "sale_proceeds")
PAYMENT_HEADS = ("deposit_refunds", "surplus_paid", "village_fund_transfers", "forfeitures_to_state",
                 "sale_expenses")
# SPEC 12.4: cash is whole rupees; the paise between the Act's figure and the cash (left
# uncollected, or paid beyond a surplus) are a line of their own, outside the balance.
ROUNDED_OFF = "rounded_off"


def register_year(seized_at: datetime, tz: str) -> int:
    """r.3: the register runs by the year of the local seizure date (a paper
    register entered late goes into the year the animal was seized in)."""
    if seized_at.tzinfo is None:
        raise ValueError("seized_at must be timezone-aware")
    return seized_at.astimezone(ZoneInfo(tz)).year


def next_serial(last_serial: int | None) -> int:
    """r.3: entries are numbered from 1 in each pound's register each year."""
    return (last_serial or 0) + 1


@dataclass(frozen=True)
class Movement:
    """One sum of money in or out of the pound's cash on one local date."""

    on: date
    head: str          # one of RECEIPT_HEADS or PAYMENT_HEADS
    amount_paise: int
    reference: str = ""  # the receipt number or record it comes from

    @property
    def is_receipt(self) -> bool:
        return self.head in RECEIPT_HEADS

    @property
    def is_cash(self) -> bool:
        return self.head != ROUNDED_OFF


@dataclass
class Day:
    """One page of Form B: the day's receipts and payments by head, and the
    balance brought forward and carried forward."""

    on: date
    brought_forward_paise: int
    receipts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RECEIPT_HEADS, 0))
    payments: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PAYMENT_HEADS, 0))
    rounded_off_paise: int = 0   # not cash: outside the balance

    @property
    def receipts_paise(self) -> int:
        return sum(self.receipts.values())

    @property
    def payments_paise(self) -> int:
        return sum(self.payments.values())

    @property
    def carried_forward_paise(self) -> int:
        return self.brought_forward_paise + self.receipts_paise - self.payments_paise


def balance_paise(movements: Iterable[Movement]) -> int:
    """Receipts less payments."""
    total = 0
    for movement in movements:
        _check(movement)
        if movement.is_cash:
            total += movement.amount_paise if movement.is_receipt else -movement.amount_paise
    return total


def daily_accounts(movements: Iterable[Movement], start: date, end: date) -> tuple[int, list[Day]]:
    """r.4: the days from `start` to `end` (both included) on which money
    moved, each with the balance brought forward from the day before; returns
    (the opening balance on `start`, the days). Movements before `start` make
    the opening balance; those after `end` are not read."""
    if end < start:
        raise ValueError("end is before start")
    opening = 0
    by_day: dict[date, list[Movement]] = {}
    for movement in movements:
        _check(movement)
        if movement.on < start:
            if movement.is_cash:
                opening += movement.amount_paise if movement.is_receipt else -movement.amount_paise
        elif movement.on <= end:
            by_day.setdefault(movement.on, []).append(movement)
    days, balance = [], opening
    for on in sorted(by_day):
        page = Day(on=on, brought_forward_paise=balance)
        for movement in by_day[on]:
            if not movement.is_cash:
                page.rounded_off_paise += movement.amount_paise
                continue
            heads = page.receipts if movement.is_receipt else page.payments
            heads[movement.head] += movement.amount_paise
        balance = page.carried_forward_paise
        days.append(page)
    return opening, days


# SPEC 12.4: a spreadsheet runs a cell that begins with one of these as a formula (or, for a
# tab or carriage return, after stripping it): `=HYPERLINK(...)`, `=cmd|' /C calc'!A0`, `@SUM(...)`.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A CSV cell the talati can open in a spreadsheet: text (or a number) that begins with a
    formula character is written with a leading `'`, which shows it as typed and runs nothing.
    Empty cells and every other value are left as they are."""
    if value is None:
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else value


def _check(movement: Movement) -> None:
    if movement.head not in RECEIPT_HEADS and movement.head not in PAYMENT_HEADS and movement.is_cash:
        raise ValueError(f"unknown head {movement.head!r}")
    if movement.amount_paise < 0:
        raise ValueError("a movement is never negative: receipts and payments are separate heads")
