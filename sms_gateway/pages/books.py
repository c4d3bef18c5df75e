"""The pound's books on the dashboard: per pound, the register of
impounded cattle (Form A, r.3) and the daily accounts (Form B, r.4), printable;
and for the officials of the villages they name, the §190 removal orders and
the keepers still without the TDO's approval (§182).

Its own blueprint, signed in like the dashboard (the dashboard's
`before_request` and page helpers are reused), so that dashboard.py stays
small. Figures come from models.queries.books, the same as the admin API's.
"""
from __future__ import annotations

from datetime import date

from flask import Blueprint, abort, g, render_template, request

from handlers.pound import admin
from handlers.catalogue import t
from handlers.errors import Refused
from models import law
from models.queries import books as book_queries
from models.law import books
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
    return {"exact": lambda paise: t(lang, "money", rupees=f"{'-' if paise < 0 else ''}{abs(paise) // 100}."
                                                          f"{abs(paise) % 100:02d}")}


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
    start = _date(request.args.get("from")) or date(today.year, 1, 1)
    end = _date(request.args.get("to")) or today
    if end < start:
        start, end = end, start
    return pound, start, end


def _date(raw: str | None) -> date | None:
    try:
        return date.fromisoformat(raw) if raw else None
    except ValueError:
        return None


@bp.get("/books/<code>/register")
def register_page(code: str):
    if (refused := dashboard.require_viewer()) is not None:
        return refused
    pound, start, end = _pound_and_period(code)
    if request.args.get("format") == "csv":  # the same spreadsheet as the admin API's, for a signed-in viewer
        tz = pound.village.timezone
        return api_books.as_csv([api_books.register_row(e, tz) for e in
                                 book_queries.register_entries(db(), pound, start, end)],
                                f"register-{pound.code}-{start}-{end}.csv")
    return render_template("books_register.html", pound=pound, start=start, end=end,
                           entries=book_queries.register_entries(db(), pound, start, end))


@bp.get("/books/<code>/accounts")
def accounts_page(code: str):
    if (refused := dashboard.require_viewer()) is not None:
        return refused
    pound, start, end = _pound_and_period(code)
    if request.args.get("format") == "csv":
        return api_books.as_csv(api_books.accounts_csv_rows(api_books.accounts_json(pound, start, end)),
                                f"accounts-{pound.code}-{start}-{end}.csv")
    opening, days = books.daily_accounts(book_queries.movements(db(), pound, end), start, end)
    return render_template("books_accounts.html", pound=pound, start=start, end=end, opening=opening, days=days,
                           receipt_heads=books.RECEIPT_HEADS, payment_heads=books.PAYMENT_HEADS,
                           closing=days[-1].carried_forward_paise if days else opening)
