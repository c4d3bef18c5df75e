"""The books as a spreadsheet for a person (`?format=csv` on the register and accounts pages):
column headers in the reader's language, dates and times as the village reads them
(07-12-2026 11:00, never ISO 8601), kinds and disposals in words, money in rupees to the paisa.

`?headers=en` gives the software form instead, the same file the admin API gives (English
column names, ISO timestamps with the village's offset, paise), for a program that reads it.
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from handlers.catalogue import kind_name, t
from models.law import books
from models.queries import books as book_queries

SOFTWARE = "en"  # ?headers=en: the column names a program reads (sms_gateway.api.books)

REGISTER_COLUMNS = ("serial", "year", "receipt", "seized_at", "kind", "tag", "marks", "seizer_phone", "seizer_name",
                    "place", "owner_phone", "owner_name", "disposal", "disposed_at", "pound_fee", "expenses",
                    "deposit", "sale_proceeds", "sale_expenses", "surplus", "money_taken")
ACCOUNTS_COLUMNS = ("date", "brought_forward", *books.RECEIPT_HEADS, "receipts", *books.PAYMENT_HEADS, "payments",
                    "carried_forward", "rounded_off")


def for_software(args) -> bool:
    return args.get("headers") == SOFTWARE


def exact_rupees(paise: int) -> str:
    """Rupees to the paisa, as a spreadsheet reads a number: 1234.50, -20.00."""
    return f"{'-' if paise < 0 else ''}{abs(paise) // 100}.{abs(paise) % 100:02d}"


def local_time(moment: datetime | None, tz: str) -> str:
    """07-12-2026 11:00 in the village's own time; empty when there is none."""
    return "" if moment is None else f"{moment.astimezone(ZoneInfo(tz)):%d-%m-%Y %H:%M}"


def local_day(value: date) -> str:
    return f"{value:%d-%m-%Y}"


def disposal_words(language: str, entry: book_queries.RegisterEntry) -> str:
    """What became of the animal, in words: released, sold, ... or handed to the gaushala named
    (1871 s.14 proviso)."""
    return t(language, f"dash.disposal_{entry.disposal or 'held'}", to=entry.handed_to or "")


def headers(language: str, book: str) -> list[str]:
    """The column headers of `book` ("register", "accounts") in the reader's language."""
    columns = REGISTER_COLUMNS if book == "register" else ACCOUNTS_COLUMNS
    return [t(language, f"dash.csv.{book}.{column}") for column in columns]


def _headed(language: str, book: str, columns: tuple[str, ...], values: list[object]) -> dict:
    return dict(zip(headers(language, book), values))


def register_row(language: str, entry: book_queries.RegisterEntry, tz: str) -> dict:
    """One line of Form A for a person reading `language`."""
    disposal = disposal_words(language, entry)
    return _headed(language, "register", REGISTER_COLUMNS, [
        entry.serial, entry.year, entry.receipt, local_time(entry.seized_at, tz), kind_name(language, entry.kind),
        entry.tag, entry.marks, entry.seizer_phone, entry.seizer_name, entry.place, entry.owner_phone,
        entry.owner_name, disposal, local_time(entry.disposed_at, tz), exact_rupees(entry.pound_fee_paise),
        exact_rupees(entry.expenses_paise), exact_rupees(entry.deposit_paise),
        exact_rupees(entry.sale_proceeds_paise), exact_rupees(entry.sale_expenses_paise),
        exact_rupees(entry.surplus_paise), exact_rupees(entry.money_taken_paise)])


def accounts_rows(language: str, days: list[books.Day]) -> list[dict]:
    """Form B, a line a day, for a person reading `language`."""
    return [_headed(language, "accounts", ACCOUNTS_COLUMNS, [
        local_day(d.on), exact_rupees(d.brought_forward_paise),
        *(exact_rupees(d.receipts[head]) for head in books.RECEIPT_HEADS), exact_rupees(d.receipts_paise),
        *(exact_rupees(d.payments[head]) for head in books.PAYMENT_HEADS), exact_rupees(d.payments_paise),
        exact_rupees(d.carried_forward_paise), exact_rupees(d.rounded_off_paise)]) for d in days]
