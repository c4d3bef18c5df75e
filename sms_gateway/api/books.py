"""The pound's books in the admin API (SPEC 11.2): the Form A
register and the Form B accounts of a pound, as JSON or `?format=csv`, the 1871
Act's s.16 accounts of sales, and the people with their §182 approval. Routes register on `api.bp`; every figure
comes from models.queries.books, which reads the records the SMS, USSD and API
flows wrote.
"""
from __future__ import annotations

import csv
import io
from dataclasses import asdict
from datetime import date
from typing import Literal

from flask import Response
from pydantic import Field
from sqlalchemy import select

from handlers.pound import admin, refusals
from handlers.errors import Refused
from models import law
from models.queries import books as book_queries
from models.law import books
from models.tables import Person, Pound
from sms_gateway.api import schemas
from sms_gateway.api import route
from sms_gateway.api.representations import iso
from sms_gateway.extensions import db, now


class BooksQuery(schemas.Body):
    start: date | None = Field(default=None, alias="from")
    end: date | None = Field(default=None, alias="to")
    format: Literal["json", "csv"] = "json"


class PeopleQuery(schemas.Body):
    role: schemas.Role | None = None
    village: str | None = Field(default=None, max_length=32)


def period(pound: Pound, query: BooksQuery) -> tuple[date, date]:
    """From 1 January of this local year to today, unless asked otherwise."""
    today = law.local_date(now(), pound.village.timezone)
    start = query.start or date(today.year, 1, 1)
    end = query.end or today
    if end < start:
        raise Refused("bad_period", "'to' is before 'from'", field="to")
    return start, end


def as_csv(rows: list[dict], filename: str, fieldnames: list[str] | None = None) -> Response:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=fieldnames or (list(rows[0]) if rows else ["empty"]))
    writer.writeheader()
    writer.writerows({key: books.spreadsheet_safe(value) for key, value in row.items()} for row in rows)
    return Response(buffer.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def register_row(entry: book_queries.RegisterEntry, tz: str) -> dict:
    return {
        "serial": entry.serial, "year": entry.year, "receipt": entry.receipt,
        "seized_at": iso(entry.seized_at, tz), "kind": entry.kind, "tag": entry.tag, "marks": entry.marks,
        "seizer_phone": entry.seizer_phone, "seizer_name": entry.seizer_name, "place": entry.place,
        "owner_phone": entry.owner_phone, "owner_name": entry.owner_name, "disposal": entry.disposal,
        "disposed_at": iso(entry.disposed_at, tz), "pound_fee_paise": entry.pound_fee_paise,
        "expenses_paise": entry.expenses_paise, "deposit_paise": entry.deposit_paise,
        "sale_proceeds_paise": entry.sale_proceeds_paise, "sale_expenses_paise": entry.sale_expenses_paise,
        "surplus_paise": entry.surplus_paise, "money_taken_paise": entry.money_taken_paise,
    }


def with_handed_to(row: dict, entry: book_queries.RegisterEntry) -> dict:
    """The JSON line: beside `disposal: handed_over`, the gaushala the animal went to (1871 s.14
    proviso), `handed_to`; null for every other disposal."""
    return {**row, "handed_to": entry.handed_to}


@route("GET", "/pounds/{code}/register", "The register of impounded cattle, Form A (Cattle Pounds Rules r.3)",
       query=BooksQuery, also=("text/csv",))
def get_register(code: str, query: BooksQuery):
    session = db()
    pound = admin.require_pound(session, code)
    start, end = period(pound, query)
    tz = pound.village.timezone
    entries = book_queries.register_entries(session, pound, start, end)
    rows = [register_row(e, tz) for e in entries]
    if query.format == "csv":   # the spreadsheet's columns stay Form A's (the gaushala is in the JSON)
        return as_csv(rows, f"register-{pound.code}-{start}-{end}.csv")
    result = {"pound": pound.code, "village": pound.village.code, "from": start.isoformat(), "to": end.isoformat(),
              "entries": [with_handed_to(row, e) for row, e in zip(rows, entries)]}
    pack = pound.village.pack
    if "register_columns" in pack.values:
        # 1871 s.7: the register's own columns and section, beside the same rows.
        result |= {"columns": list(pack["register_columns"]), "section": pack.cite("register_columns")}
    return result


def sale_account_row(each: refusals.SaleAccount, tz: str) -> dict:
    return {"receipt": each.animal.receipt, "tag": each.animal.tag, "kind": each.animal.kind,
            "seized_at": iso(each.animal.seized_at, tz), "sold_at": iso(each.sale.sold_at, tz),
            **asdict(each.account)}


@route("GET", "/pounds/{code}/sale-accounts", "The owner's account of each sale, 1871 s.16(a)-(f)",
       query=BooksQuery, also=("text/csv",))
def get_sale_accounts(code: str, query: BooksQuery):
    session = db()
    pound = admin.require_pound(session, code)
    pack = pound.village.pack
    if "account_items" not in pack.values:
        raise Refused("no_sale_account", "this village's law gives the owner no account of a sale", status=409,
                      law=pound.village.law)
    start, end = period(pound, query)
    tz = pound.village.timezone
    rows = [sale_account_row(each, tz) for each in refusals.sale_accounts(session, pound, start, end)]
    if query.format == "csv":
        return as_csv(rows, f"sale-accounts-{pound.code}-{start}-{end}.csv")
    return {"pound": pound.code, "village": pound.village.code, "from": start.isoformat(), "to": end.isoformat(),
            "section": pack.cite("account_items"), "accounts": rows}


def accounts_json(pound: Pound, start: date, end: date) -> dict:
    opening, days = books.daily_accounts(book_queries.movements(db(), pound, end), start, end)
    receipts = {head: sum(d.receipts[head] for d in days) for head in books.RECEIPT_HEADS}
    payments = {head: sum(d.payments[head] for d in days) for head in books.PAYMENT_HEADS}
    return {
        "pound": pound.code, "village": pound.village.code, "from": start.isoformat(), "to": end.isoformat(),
        "opening_balance_paise": opening,
        "closing_balance_paise": days[-1].carried_forward_paise if days else opening,
        "receipts": receipts, "receipts_paise": sum(receipts.values()),
        "payments": payments, "payments_paise": sum(payments.values()),
        # SPEC 12.4: the paise between the Act's figures and the whole-rupee cash, outside the balance.
        "rounded_off_paise": sum(d.rounded_off_paise for d in days),
        "days": [{"date": d.on.isoformat(), "brought_forward_paise": d.brought_forward_paise,
                  "receipts": d.receipts, "receipts_paise": d.receipts_paise, "payments": d.payments,
                  "payments_paise": d.payments_paise, "carried_forward_paise": d.carried_forward_paise,
                  "rounded_off_paise": d.rounded_off_paise}
                 for d in days],
    }


def accounts_csv_rows(result: dict) -> list[dict]:
    rows = []
    for d in result["days"]:
        row = {"date": d["date"], "brought_forward_paise": d["brought_forward_paise"]}
        row |= {f"{head}_paise": d["receipts"][head] for head in books.RECEIPT_HEADS}
        row["receipts_paise"] = d["receipts_paise"]
        row |= {f"{head}_paise": d["payments"][head] for head in books.PAYMENT_HEADS}
        row["payments_paise"] = d["payments_paise"]
        row["carried_forward_paise"] = d["carried_forward_paise"]
        row["rounded_off_paise"] = d["rounded_off_paise"]
        rows.append(row)
    return rows


@route("GET", "/pounds/{code}/accounts", "Daily accounts of receipts and payments, Form B (Cattle Pounds Rules r.4)",
       query=BooksQuery, also=("text/csv",))
def get_accounts(code: str, query: BooksQuery):
    pound = admin.require_pound(db(), code)
    start, end = period(pound, query)
    result = accounts_json(pound, start, end)
    if query.format == "csv":
        return as_csv(accounts_csv_rows(result), f"accounts-{pound.code}-{start}-{end}.csv")
    return result


# --- people, with the §182 approval ---------------------------------------------------


def person_json(person: Person) -> dict:
    result = {"id": person.id, "phone": person.phone, "name": person.name, "role": person.role,
              "village": person.village.code if person.village else None,
              "pound": person.pound.code if person.pound else None, "taluka": person.taluka,
              "language": person.language}
    if person.role == "keeper":
        result |= {"approved": person.approved_on is not None, "approved_on": iso(person.approved_on),
                   "approval_ref": person.approval_ref}
    return result


@route("GET", "/people", "Registered people; keepers with their TDO approval (§182)", query=PeopleQuery)
def list_people(query: PeopleQuery):
    session = db()
    statement = select(Person).where(Person.role != "owner").order_by(Person.id).limit(1000)
    if query.role:
        statement = select(Person).where(Person.role == query.role).order_by(Person.id).limit(1000)
    if query.village:
        statement = statement.where(Person.village_id == admin.require_village(session, query.village).id)
    return {"people": [person_json(p) for p in session.scalars(statement)]}


class ApprovalIn(schemas.Body):
    approved_on: date
    approval_ref: str = Field(min_length=1, max_length=120)


@route("PUT", "/people/{phone}/approval", "Record the TDO's approval of a pound keeper (§182(1))", body=ApprovalIn)
def put_approval(phone: str, body: ApprovalIn):
    session = db()
    person = admin.require_person(session, phone)
    admin.approve_keeper(person, approved_on=body.approved_on, approval_ref=body.approval_ref)
    return person_json(person)
