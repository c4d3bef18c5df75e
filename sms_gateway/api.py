"""The admin JSON API under /api/v1 (SPEC section 6).

Each route is declared once with `@route`, naming the pydantic model of its
body or query; the same declaration validates the request and writes
/api/v1/openapi.json. Views only translate HTTP: the work is in `handlers`.
"""
from __future__ import annotations

import hmac
from dataclasses import asdict
from typing import Any, Callable
from zoneinfo import ZoneInfo

from flask import Blueprint, Response, jsonify, request
from pydantic import BaseModel, ValidationError
from sqlalchemy import select

from handlers import admin, broadcasts, records
from handlers.errors import Refused
from handlers.received import first_unstorable_field
from models import law, queries
from models.db import read_only
from models.tables import Event, Impoundment, OutboundMessage
from sms_gateway import money_views, schemas
from sms_gateway.openapi import document as openapi_document_of
from sms_gateway.extensions import db, now, settings

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class Route:
    def __init__(self, method, path, summary, body, query, status, also=()):
        self.method, self.path, self.summary = method, path, summary
        self.body, self.query, self.status = body, query, status
        self.also = also  # other media types the success may come as (issue 13: "text/csv")


ROUTES: list[Route] = []


def api_error(status: int, error: str, field: str | None = None, **extra):
    return jsonify(error=error, field=field, **extra), status


def route(method: str, path: str, summary: str, *, body: type[BaseModel] | None = None,
          query: type[BaseModel] | None = None, status: int = 200, also: tuple[str, ...] = ()):
    """Declare a route: validated body/query in, (dict, status) or dict out
    (or a Response of one of the `also` media types)."""

    def decorate(view: Callable[..., Any]):
        ROUTES.append(Route(method, path, summary, body, query, status, also))
        flask_path = path.replace("{", "<").replace("}", ">")

        def endpoint(**path_args):
            kwargs = dict(path_args)
            try:
                bad = first_unstorable_field(path_args) or first_unstorable_field(request.args.to_dict())
                if bad:
                    return api_error(422, "text may not contain NUL or unpaired surrogate characters", bad)
                if body is not None:
                    payload = request.get_json(silent=True)
                    if not isinstance(payload, dict):
                        return api_error(400, "the body must be a JSON object", "body")
                    bad = first_unstorable_field(payload)
                    if bad:
                        return api_error(422, "text may not contain NUL or unpaired surrogate characters", bad)
                    kwargs["body"] = body.model_validate(payload)
                if query is not None:
                    kwargs["query"] = query.model_validate(request.args.to_dict())
            except ValidationError as exc:
                first = exc.errors()[0]
                field = ".".join(str(part) for part in first["loc"]) or None
                return api_error(422, first["msg"], field)
            try:
                result = view(**kwargs)
            except Refused as refused:
                db().rollback()
                return api_error(refused.status, refused.message, refused.field, code=refused.code)
            db().commit()
            if isinstance(result, Response):  # a CSV export (sms_gateway.api_books)
                return result
            if isinstance(result, tuple):
                return jsonify(result[0]), result[1]
            return jsonify(result), status

        endpoint.__name__ = view.__name__
        bp.add_url_rule(flask_path, view.__name__, endpoint, methods=[method])
        return view

    return decorate


@bp.before_request
def require_admin_token():
    if request.endpoint == "api.openapi":
        return None
    expected = settings().admin_token
    if not expected:
        return api_error(401, "the admin API is disabled: ADMIN_TOKEN is not set", "Authorization")
    given = request.headers.get("Authorization", "")
    scheme, _, token = given.partition(" ")
    if scheme.lower() != "bearer" or not hmac.compare_digest(token.strip().encode(), expected.encode()):
        return api_error(401, "missing or wrong bearer token", "Authorization")
    return None


# --- representations -------------------------------------------------------


def iso(value, tz: str | None = None) -> str | None:
    """ISO 8601; datetimes in the village's own time (with its offset), as a
    panchayat clerk reads them."""
    if value is None:
        return None
    if tz is not None and hasattr(value, "astimezone"):
        value = value.astimezone(ZoneInfo(tz))
    return value.isoformat()


def impoundment_json(session, impoundment: Impoundment) -> dict:
    tz = impoundment.village.timezone
    return {
        "id": impoundment.id,
        "receipt": impoundment.receipt,
        "seizure": impoundment.seizure_id,
        "tag": impoundment.tag,
        "kind": impoundment.kind,
        "pound": impoundment.pound.code,
        "village": impoundment.village.code,
        "status": impoundment.status,
        "owner_phone": impoundment.owner.phone if impoundment.owner else None,
        "keeper_phone": impoundment.keeper.phone if impoundment.keeper else None,
        "seized_at": iso(impoundment.seized_at, tz),
        "claim_deadline": iso(impoundment.claim_deadline, tz),
        "auction_at": iso(impoundment.auction_at, tz),
        "auction_place": impoundment.auction_place,
        "complaint_deadline": iso(impoundment.complaint_deadline),
        "closed_at": iso(impoundment.closed_at, tz),
        "note": impoundment.note,
        "register_serial": impoundment.register_serial,
        "register_year": impoundment.register_year,
    }


def dues_json(session, impoundment: Impoundment, at) -> dict:
    dues = queries.dues_for(session, impoundment, at)
    tz = impoundment.village.timezone
    offence = law.offence(queries.earlier_seizure_count(session, impoundment))
    return {
        "impoundment": impoundment.id,
        "at": iso(dues.at, tz),
        "days": dues.days,
        "pound_fee_paise": dues.pound_fee_paise,
        "daily_rate_paise": dues.daily_rate_paise,
        "expenses_paise": dues.expenses_paise,
        "security_paise": dues.security_paise,
        "total_paise": dues.total_paise,
        "days_tomorrow": dues.days_tomorrow,
        "total_tomorrow_paise": dues.total_tomorrow_paise,
        "claim_deadline": iso(impoundment.claim_deadline, tz),
        "auction_at": iso(impoundment.auction_at, tz),
        "complaint_deadline": iso(impoundment.complaint_deadline),
        "offence": asdict(offence) | {"information_only": True},
    }


def message_json(message: OutboundMessage) -> dict:
    return {
        "id": message.id, "to": message.to_phone, "kind": message.kind, "language": message.language,
        "text": message.text, "status": message.status, "provider": message.provider,
        "provider_id": message.provider_id, "attempts": message.attempts, "last_error": message.last_error,
        "segments": message.segments, "encoding": message.encoding, "send_after": iso(message.send_after),
        "sent_at": iso(message.sent_at), "impoundment": message.impoundment_id,
        "idempotency_key": message.idempotency_key,
    }


def find_impoundment(session, impoundment_id: int) -> Impoundment:
    impoundment = queries.impoundment_by_id(session, impoundment_id)
    if impoundment is None:
        raise Refused("unknown_impoundment", f"no impoundment {impoundment_id}", field="id", status=404)
    return impoundment


# --- setup --------------------------------------------------------------------


@route("PUT", "/kinds/{kind}/pound-fee", "Set the State's pound fee for a kind (§187(1))", body=schemas.PoundFeeIn)
def put_pound_fee(kind: str, body: schemas.PoundFeeIn):
    effective = body.effective_from or law.local_date(now())
    row = admin.set_pound_fee(db(), kind, body.amount_paise, effective)
    return {"kind": row.kind, "amount_paise": row.amount_paise, "effective_from": effective.isoformat()}


@route("POST", "/villages", "Create a village", body=schemas.VillageIn, status=201)
def post_village(body: schemas.VillageIn):
    village = admin.create_village(db(), now=now(), **body.model_dump())
    return {"id": village.id, "code": village.code, "name": village.name, "timezone": village.timezone,
            "language": village.language, "security_notified": village.security_notified,
            "security_notified_from": village.security_notified_from.isoformat()
            if village.security_notified_from else None,
            "auction_hour": village.auction_hour, "forfeit_percent": village.forfeit_percent}


@route("PUT", "/villages/{code}/daily-rates", "Set the village's daily rates (§187(2))", body=schemas.DailyRatesIn)
def put_daily_rates(code: str, body: schemas.DailyRatesIn):
    village = admin.require_village(db(), code)
    effective = body.effective_from or law.local_date(now(), village.timezone)
    if any(amount < 0 for amount in body.rates.values()):
        raise Refused("negative_amount", "rates cannot be negative", field="rates")
    admin.set_daily_rates(db(), village, body.rates, effective, approval_ref=body.approval_ref)
    return {"village": village.code, "rates": body.rates, "effective_from": effective.isoformat(),
            "approval_ref": body.approval_ref}


@route("PUT", "/villages/{code}/security-scale", "Set the village's security scale (§189(1))",
       body=schemas.SecurityScaleIn)
def put_security_scale(code: str, body: schemas.SecurityScaleIn):
    village = admin.require_village(db(), code)
    effective = body.effective_from or law.local_date(now(), village.timezone)
    rows = [row.model_dump() for row in body.rows]
    for index, row in enumerate(rows):
        if row["max_head"] is not None and row["max_head"] < row["min_head"] or \
                row["max_times"] is not None and row["max_times"] < row["min_times"]:
            raise Refused("bad_range", "a maximum is below its minimum", field=f"rows.{index}")
    admin.set_security_scale(db(), village, rows, effective)
    return {"village": village.code, "rows": rows, "effective_from": effective.isoformat()}


@route("POST", "/villages/{code}/pounds", "Appoint a public pound (§182(1))", body=schemas.PoundIn, status=201)
def post_pound(code: str, body: schemas.PoundIn):
    village = admin.require_village(db(), code)
    pound = admin.create_pound(db(), village, code=body.code, name=body.name)
    return {"id": pound.id, "code": pound.code, "name": pound.name, "village": village.code}


@route("POST", "/people", "Register an owner, keeper or official", body=schemas.PersonIn, status=201)
def post_person(body: schemas.PersonIn):
    session = db()
    village = admin.require_village(session, body.village) if body.village else None
    pound = admin.require_pound(session, body.pound) if body.pound else None
    person = admin.create_person(session, phone=body.phone, name=body.name, role=body.role, village=village,
                                 pound=pound, language=body.language, now=now(), taluka=body.taluka,
                                 approved_on=body.approved_on, approval_ref=body.approval_ref)
    return {"id": person.id, "phone": person.phone, "name": person.name, "role": person.role,
            "village": village.code if village else None, "pound": pound.code if pound else None,
            "language": person.language, "taluka": person.taluka}


@route("POST", "/people/{phone}/animals", "Register an animal to its owner", body=schemas.AnimalIn, status=201)
def post_animal(phone: str, body: schemas.AnimalIn):
    session = db()
    owner = queries.person_by_phone(session, admin.require_phone(phone))
    if owner is None:
        raise Refused("unknown_person", f"no person with phone {phone}", field="phone", status=404)
    animal = admin.register_animal(session, owner, tag=body.tag, kind=body.kind)
    return {"id": animal.id, "tag": animal.tag, "kind": animal.kind, "owner_phone": owner.phone}


# --- impoundments ---------------------------------------------------------------


@route("POST", "/impoundments", "Record an animal taken to a pound (§184)", body=schemas.ImpoundmentIn, status=201)
def post_impoundment(body: schemas.ImpoundmentIn):
    session = db()
    pound = admin.require_pound(session, body.pound)
    keeper = None
    if body.keeper_phone:
        keeper = queries.person_by_phone(session, admin.require_phone(body.keeper_phone, "keeper_phone"))
        if keeper is None or keeper.role != "keeper" or keeper.pound_id != pound.id:
            raise Refused("not_this_pounds_keeper", "keeper_phone is not a keeper of this pound",
                          field="keeper_phone", status=422)
    seizure = None
    if body.seizure is not None:
        seizure = session.get(records.Seizure, body.seizure)
        if seizure is None:
            raise Refused("unknown_seizure", f"no seizure {body.seizure}", field="seizure", status=404)
    seizer = None
    if body.seizer_phone:
        seizer = admin.person_for_phone(session, admin.require_phone(body.seizer_phone, "seizer_phone",
                                                                     pound.village.country), now(),
                                        language=pound.village.language)
    [impoundment] = records.seize(session, pound=pound, kind=admin.require_kind(body.kind), tags=[body.tag],
                                  now=now(), seized_at=body.seized_at, keeper=keeper, seizure=seizure,
                                  note=body.note, seizer=seizer, place=body.place)
    return impoundment_json(session, impoundment)


@route("GET", "/impoundments", "List impoundments", query=schemas.ImpoundmentQuery)
def list_impoundments(query: schemas.ImpoundmentQuery):
    session = db()
    statement = select(Impoundment).order_by(Impoundment.id.desc()).limit(500)
    if query.pound:
        statement = statement.where(Impoundment.pound_id == admin.require_pound(session, query.pound).id)
    if query.status:
        statement = statement.where(Impoundment.status == query.status)
    if query.tag:
        tag = queries.normalise_tag(query.tag)
        statement = statement.where((Impoundment.tag == tag) | (Impoundment.receipt == tag))
    return {"impoundments": [impoundment_json(session, i) for i in session.scalars(statement)]}


@route("GET", "/impoundments/{id}", "One impoundment with its timeline and messages")
def get_impoundment(id: str):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    events = session.scalars(select(Event).where(Event.impoundment_id == impoundment.id).order_by(Event.at, Event.id))
    messages = session.scalars(select(OutboundMessage).where(OutboundMessage.impoundment_id == impoundment.id)
                               .order_by(OutboundMessage.id))
    result = impoundment_json(session, impoundment)
    result["timeline"] = [{"at": iso(e.at, impoundment.village.timezone), "type": e.type, "actor_phone": e.actor_phone, "detail": e.detail}
                          for e in events]
    result["messages"] = [message_json(m) for m in messages]
    if impoundment.release:
        result["release"] = release_json(impoundment.release, impoundment.village.timezone)
    if impoundment.sale:
        result["sale"] = sale_json(impoundment.sale, impoundment.village.timezone)
    result["deposits"] = money_views.deposits_json(session, impoundment)
    result["complaint"] = money_views.complaint_json(money_views.complaint_of(session, impoundment))
    return result


@route("GET", "/impoundments/{id}/dues", "What is due to take the animal back (§185, §187, §189)",
       query=schemas.DuesQuery)
def get_dues(id: str, query: schemas.DuesQuery):
    session = db()
    read_only(session)   # reads only: no BEGIN / COMMIT round trips
    impoundment = find_impoundment(session, parse_id(id))
    at = query.at or now()
    if at < impoundment.seized_at:
        raise Refused("before_seizure", "at is before the seizure", field="at")
    return dues_json(session, impoundment, at)


def release_json(release, tz: str) -> dict:
    return {"released_at": iso(release.released_at, tz), "under_protest": release.under_protest,
            "days": release.days, "pound_fee_paise": release.pound_fee_paise,
            "expenses_paise": release.expenses_paise, "security_paise": release.security_paise,
            "total_paise": release.total_paise, "protest_deadline": iso(release.protest_deadline)}


def sale_json(sale, tz: str) -> dict:
    return {"sold_at": iso(sale.sold_at, tz), "proceeds_paise": sale.proceeds_paise,
            "sale_expenses_paise": sale.sale_expenses_paise, "pound_fee_paise": sale.pound_fee_paise,
            "expenses_paise": sale.expenses_paise, "surplus_paise": sale.surplus_paise,
            "surplus_deadline": iso(sale.surplus_deadline), "buyer_phone": sale.buyer_phone,
            **money_views.surplus_json(sale, tz)}


@route("POST", "/impoundments/{id}/release", "Release on payment (§185(1)) or under protest (§185(2))",
       body=schemas.ReleaseIn)
def post_release(id: str, body: schemas.ReleaseIn):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    owner = None
    if body.owner_phone:
        owner = admin.person_for_phone(session, admin.require_phone(body.owner_phone, "owner_phone"), now())
    release = records.release(session, impoundment, now=now(), at=body.at, owner=owner,
                              under_protest=body.under_protest)
    deposits = money_views.deposits_json(session, impoundment)
    return {"impoundment": impoundment.id, **release_json(release, impoundment.village.timezone),
            "deposit": deposits[0] if deposits else None, "deposits": deposits}


@route("POST", "/impoundments/{id}/sale", "Record the auction sale (§186)", body=schemas.SaleIn)
def post_sale(id: str, body: schemas.SaleIn):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    buyer = admin.require_phone(body.buyer_phone, "buyer_phone") if body.buyer_phone else None
    sale = records.sell(session, impoundment, proceeds_paise=body.proceeds_paise, now=now(), at=body.at,
                        sale_expenses_paise=body.sale_expenses_paise, buyer_phone=buyer, refused=body.refused)
    return {"impoundment": impoundment.id, **sale_json(sale, impoundment.village.timezone),
            "deposits": money_views.deposits_json(session, impoundment)}


def parse_id(raw: str, what: str = "impoundment") -> int:
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12:
        raise Refused(f"unknown_{what}", f"no {what} {raw}", field="id", status=404)
    return int(raw)


# --- messages -----------------------------------------------------------------


@route("POST", "/broadcasts", "Broadcast a notice to the village's opted-in people", body=schemas.BroadcastIn,
       status=201)
def post_broadcast(body: schemas.BroadcastIn):
    session = db()
    village = admin.require_village(session, body.village)
    broadcast = broadcasts.create(session, village, body.text, now=now())
    return {"id": broadcast.id, "village": village.code, "recipients": broadcast.recipient_count,
            "recipient_count": broadcast.recipient_count}


@route("GET", "/messages", "The outbox", query=schemas.MessagesQuery)
def list_messages(query: schemas.MessagesQuery):
    statement = select(OutboundMessage).order_by(OutboundMessage.id.desc()).limit(query.limit)
    if query.to:
        statement = statement.where(OutboundMessage.to_phone == (admin.require_phone(query.to, "to")))
    if query.status:
        statement = statement.where(OutboundMessage.status == query.status)
    if query.kind:
        statement = statement.where(OutboundMessage.kind == query.kind)
    return {"messages": [message_json(m) for m in db().scalars(statement)]}


# --- OpenAPI --------------------------------------------------------------------


@bp.get("/openapi.json")
def openapi():
    return jsonify(openapi_document())


def openapi_document() -> dict:
    """/api/v1/openapi.json, written from the routes declared with `@route`."""
    return openapi_document_of(ROUTES)
