"""The pound's books on the dashboard: per pound, the books its village's law names, printable
and as spreadsheets: under Gujarat's Act the register of impounded cattle (Form A, r.3) and the
daily accounts (Form B, r.4); under the Cattle-trespass Act, 1871 the s.7 register at the same
address and the owner's account of each sale (s.16, `books_1871`);
and for the officials of the villages they name, the §190 removal orders and
the keepers still without the TDO's approval (§182).

Its own blueprint, signed in like the dashboard (the dashboard's
`before_request` and page helpers are reused), so that dashboard.py stays
small. Figures come from models.queries.books, the same as the admin API's.
"""
from __future__ import annotations

from datetime import date

from flask import Blueprint, abort, g, render_template, request

from handlers.pound import admin, refusals
from handlers.catalogue import t
from handlers.errors import Refused
from models import law
from models.queries import books as book_queries
from models.law import books
from sms_gateway.pages import books_1871
from sms_gateway.pages import books_csv
from sms_gateway.pages.dates import parse_day
from sms_gateway.pages import dashboard
from sms_gateway.pages import overview
from sms_gateway.api import books as api_books
from sms_gateway.extensions import db, now

bp = Blueprint("books", __name__)
bp.before_request(dashboard.before_request)
bp.context_processor(dashboard.page_helpers)


@bp.context_processor
def exact_money() -> dict:
    """Books are kept to the paisa: Rs 1234.50, not the rounded-up rupees of an SMS."""
    lang = dashboard.language()
    return {"exact": lambda paise: t(lang, "money", rupees=books_csv.exact_rupees(paise)),
            "books_of": books_1871.books_of, "serials": books_1871.serials,
            "residence": lambda village: books_1871.residence(lang, village)}


@bp.get("/books")
def books_home():
    if (refused := dashboard.require_viewer()) is not None:
        return refused
    village_ids = g.viewer.village_ids()
    return render_template("books.html", pounds=overview.pounds(db(), village_ids),
                           orders=book_queries.removal_orders_for(db(), village_ids),
                           unapproved=book_queries.unapproved_keepers(db(), village_ids))


def _pound_and_period(code: str):
    """The viewer's own pound (404 for another village's) and the period asked."""
    try:
        pound = admin.require_pound(db(), code)
    except Refused:
        abort(404)
    village_ids = g.viewer.village_ids()
    if village_ids is not None and pound.village_id not in village_ids:
        abort(404)
    today = law.local_date(now(), pound.village.timezone)
    # dd-mm-yyyy as the clerk types it (any digit set); the pages' own links say yyyy-mm-dd
    start = parse_day(request.args.get("from")) or date(today.year, 1, 1)
    end = parse_day(request.args.get("to")) or today
    if end < start:
        start, end = end, start
    return pound, start, end


@bp.get("/books/<code>/register")
def register_page(code: str):
    if (refused := dashboard.require_viewer()) is not None:
        return refused
    pound, start, end = _pound_and_period(code)
    if books_1871.keeps_s7_register(pound):
        return _s7_register(pound, start, end)
    if request.args.get("format") == "csv":
        tz, filename = pound.village.timezone, f"register-{pound.code}-{start}-{end}.csv"
        entries = book_queries.register_entries(db(), pound, start, end)
        if books_csv.for_software(request.args):  # the admin API's spreadsheet, byte for byte
            return api_books.as_csv([api_books.register_row(e, tz) for e in entries], filename)
        lang = dashboard.language()
        return api_books.as_csv([books_csv.register_row(lang, e, tz) for e in entries], filename,
                                books_csv.headers(lang, "register"))
    return render_template("books_register.html", pound=pound, start=start, end=end,
                           entries=book_queries.register_entries(db(), pound, start, end))


@bp.get("/books/<code>/accounts")
def accounts_page(code: str):
    if (refused := dashboard.require_viewer()) is not None:
        return refused
    pound, start, end = _pound_and_period(code)
    if books_1871.keeps_sale_accounts(pound):
        abort(404)   # Form B is a book of Gujarat's Rules; the 1871 Act's own is the s.16 account
    filename = f"accounts-{pound.code}-{start}-{end}.csv"
    if request.args.get("format") == "csv" and books_csv.for_software(request.args):
        return api_books.as_csv(api_books.accounts_csv_rows(api_books.accounts_json(pound, start, end)), filename)
    opening, days = books.daily_accounts(book_queries.movements(db(), pound, end), start, end)
    if request.args.get("format") == "csv":
        lang = dashboard.language()
        return api_books.as_csv(books_csv.accounts_rows(lang, days), filename, books_csv.headers(lang, "accounts"))
    return render_template("books_accounts.html", pound=pound, start=start, end=end, opening=opening, days=days,
                           receipt_heads=books.RECEIPT_HEADS, payment_heads=books.PAYMENT_HEADS,
                           closing=days[-1].carried_forward_paise if days else opening)


def _s7_register(pound, start: date, end: date):
    """The register the 1871 Act names (s.7): an entry for the cattle brought together."""
    entries = book_queries.brought_entries(db(), pound, start, end)
    if request.args.get("format") == "csv":
        tz, filename = pound.village.timezone, f"register-{pound.code}-{start}-{end}.csv"
        if books_csv.for_software(request.args):
            columns = tuple(pound.village.pack["register_columns"])
            return api_books.as_csv(books_1871.register_software_rows(entries, columns, tz), filename,
                                    books_1871.software_headers(columns))
        lang = dashboard.language()
        return api_books.as_csv(books_1871.register_rows(lang, entries, tz), filename,
                                books_1871.headers(lang, "register_1871"))
    return render_template("books_register_1871.html", pound=pound, start=start, end=end, entries=entries)


@bp.get("/books/<code>/sale-accounts")
def sale_accounts_page(code: str):
    """The owner's account of each sale, 1871 s.16(a)-(f); a pound whose law gives none has no such page."""
    if (refused := dashboard.require_viewer()) is not None:
        return refused
    pound, start, end = _pound_and_period(code)
    if not books_1871.keeps_sale_accounts(pound):
        abort(404)
    accounts = refusals.sale_accounts(db(), pound, start, end)
    if request.args.get("format") == "csv":
        tz, filename = pound.village.timezone, f"sale-accounts-{pound.code}-{start}-{end}.csv"
        if books_csv.for_software(request.args):  # the admin API's spreadsheet, byte for byte
            return api_books.as_csv([api_books.sale_account_row(each, tz) for each in accounts], filename)
        lang = dashboard.language()
        return api_books.as_csv(books_1871.sale_account_rows(lang, accounts, tz), filename,
                                books_1871.headers(lang, "sale_accounts"))
    return render_template("books_sale_accounts.html", pound=pound, start=start, end=end, accounts=accounts)
