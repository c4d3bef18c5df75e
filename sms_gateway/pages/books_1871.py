"""The books of a pound under the Cattle-trespass Act, 1871 (SPEC 13.4): the register s.7 names
(the cattle brought together, their number and description, the day and hour brought, the
seizer's and the owner's name and residence) and the owner's account of each sale, s.16(a)-(f),
as the books pages show them and as spreadsheets: headers in the reader's language, dates as the
village reads them, money in rupees to the paisa; `?headers=en` the software form (English
column names, ISO timestamps, paise; the sale accounts byte for byte the admin API's).

Which books a pound keeps is read from its village's pack, never from the law's name: a pack
with `register_columns` keeps the s.7 register, one with `account_items` the s.16 accounts;
any other keeps Gujarat's Form A and Form B. The figures come from models.queries.books and
handlers.pound.refusals, the same queries as the admin API's.
"""
from __future__ import annotations

from handlers.catalogue import kind_name, place_name, t
from handlers.pound.refusals import SaleAccount
from models.queries.books import BroughtEntry, RegisterEntry
from models.tables import Pound, Village
from sms_gateway.api.representations import iso
from sms_gateway.pages.books_csv import disposal_words, exact_rupees, local_time

REGISTER_COLUMNS = ("serial", "brought_at", "number", "description", "seizer_name", "seizer_residence",
                    "owner_name", "owner_residence", "disposal", "fines", "feeding")
SALE_ACCOUNT_COLUMNS = ("receipt", "tag", "kind", "seized_at", "sold_at", "number_seized", "time_impounded_days",
                        "fines", "feeding", "fines_and_charges", "number_sold", "proceeds", "sale_expenses",
                        "applied_to_dues", "balance_to_owner")


def headers(language: str, book: str) -> list[str]:
    """The column headers of `book` ("register_1871", "sale_accounts") in the reader's language."""
    columns = REGISTER_COLUMNS if book == "register_1871" else SALE_ACCOUNT_COLUMNS
    return [t(language, f"dash.csv.{book}.{column}") for column in columns]


def keeps_s7_register(pound: Pound) -> bool:
    return "register_columns" in pound.village.pack.values


def keeps_sale_accounts(pound: Pound) -> bool:
    return "account_items" in pound.village.pack.values


def books_of(pound: Pound) -> list[tuple[str, str]]:
    """The books the pound's law names, as (page endpoint, title key): where the books page
    sends its official."""
    if keeps_s7_register(pound):
        books = [("books.register_page", "register_1871_title")]
        if keeps_sale_accounts(pound):
            books.append(("books.sale_accounts_page", "sale_accounts_title"))
        return books
    return [("books.register_page", "register_title"), ("books.accounts_page", "accounts_title")]


def residence(language: str, village: Village | None) -> str:
    """Where a person lives, as the register says it: the village Dabbo knows them in, in the
    reader's script (an English reader gets the registered name, as the books pages do)."""
    if village is None:
        return ""
    return village.name if language == "en" else place_name(language, village.name, village.names, village.code)


def serials(entry: BroughtEntry) -> str:
    """The entry's place in the register: the Form A serials of its cattle, "3/2026" or "3-4/2026"."""
    first, last = entry.first, entry.animals[-1]
    numbers = str(first.serial) if first.serial == last.serial else f"{first.serial}-{last.serial}"
    return f"{numbers}/{first.year}"


def description(language: str, animal: RegisterEntry) -> str:
    """One animal as the register describes it: its kind in words, its ear tag or receipt, its marks."""
    return " ".join(part for part in (kind_name(language, animal.kind), animal.tag or animal.receipt,
                                      f"({animal.marks})" if animal.marks else "") if part)


def charges(animal: RegisterEntry) -> tuple[int, int]:
    """(fine, feeding) charged for one animal: paid on delivery (s.13) or out of its sale (s.16)."""
    return animal.pound_fee_paise, animal.expenses_paise


def register_rows(language: str, entries: list[BroughtEntry], tz: str) -> list[dict]:
    """The s.7 register, a line an entry, for a person reading `language`."""
    rows = []
    for entry in entries:
        first = entry.first
        rows.append(dict(zip(headers(language, "register_1871"), [
            serials(entry), local_time(first.seized_at, tz), entry.number,
            "; ".join(description(language, animal) for animal in entry.animals),
            first.seizer_name or "", residence(language, first.seizer_village),
            "; ".join(name or "" for name, _ in entry.owners),
            "; ".join(residence(language, village) for _, village in entry.owners),
            "; ".join(disposal_words(language, animal) for animal in entry.animals),
            exact_rupees(sum(charges(animal)[0] for animal in entry.animals)),
            exact_rupees(sum(charges(animal)[1] for animal in entry.animals))])))
    return rows


def software_headers(columns: tuple[str, ...]) -> list[str]:
    """The s.7 register's column names for software, an empty period's file included."""
    return ["serial", "year", *columns, "receipts"]


def register_software_rows(entries: list[BroughtEntry], columns: tuple[str, ...], tz: str) -> list[dict]:
    """The s.7 register for software: the pack's own column names (its `register_columns`),
    after the entry's first serial and year and before the receipts that tie it to the admin
    API's per-animal rows; residences as village codes, the hour brought in ISO 8601."""
    rows = []
    for entry in entries:
        first = entry.first
        values = {"number": entry.number,
                  "description": "; ".join(f"{animal.kind} {animal.tag or animal.receipt}" for animal in entry.animals),
                  "brought_at": iso(first.seized_at, tz), "seizer_name": first.seizer_name or "",
                  "seizer_residence": first.seizer_village.code if first.seizer_village else "",
                  "owner_name": "; ".join(name or "" for name, _ in entry.owners),
                  "owner_residence": "; ".join(village.code if village else "" for _, village in entry.owners)}
        rows.append({"serial": first.serial, "year": first.year, **{column: values.get(column, "") for column in columns},
                     "receipts": " ".join(animal.receipt for animal in entry.animals)})
    return rows


def sale_account_rows(language: str, accounts: list[SaleAccount], tz: str) -> list[dict]:
    """The s.16 accounts, a line an account, for a person reading `language`."""
    return [dict(zip(headers(language, "sale_accounts"), [
        each.animal.receipt, each.animal.tag or "", kind_name(language, each.animal.kind),
        local_time(each.animal.seized_at, tz), local_time(each.sale.sold_at, tz), each.account.number_seized,
        each.account.time_impounded_days, exact_rupees(each.fines_paise), exact_rupees(each.feeding_paise),
        exact_rupees(each.account.fines_and_charges_paise), each.account.number_sold,
        exact_rupees(each.account.proceeds_paise), exact_rupees(each.sale_expenses_paise),
        exact_rupees(each.account.applied_to_dues_paise), exact_rupees(each.account.balance_to_owner_paise)]))
        for each in accounts]
