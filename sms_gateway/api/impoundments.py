"""Admin API routes for impoundments and the outbox (SPEC section 6): record a
seizure, list and read impoundments with their dues, release, sell, broadcast,
and list messages. Registered on `api_blueprint.bp`; the rules are in `handlers.pound.records`."""
from __future__ import annotations

from dataclasses import asdict

from sqlalchemy import select
from sqlalchemy.orm import joinedload

from handlers.pound import admin
from handlers.pound import answers
from handlers.notices import broadcasts
from handlers.pound import outcomes, records, refusals, timeline
from handlers.errors import Refused
from models import queries
from models.law import trespass
from models.db import read_only
from models.tables import Event, Impoundment, OutboundMessage
from sms_gateway.api import money_views
from sms_gateway.api import schemas
from sms_gateway.api.blueprint import find_impoundment, parse_id, route
from sms_gateway.api.representations import dues_json, impoundment_json, iso, message_json, release_json, sale_json
from sms_gateway.extensions import db, now


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
    if body.reason == "s185_3":
        return impoundment_json(session, _reseize(session, pound, body, keeper))
    [impoundment] = records.seize(session, pound=pound, kind=admin.require_kind(body.kind), tags=[body.tag],
                                  now=now(), seized_at=body.seized_at, keeper=keeper, seizure=seizure,
                                  note=body.note, seizer=seizer, place=body.place)
    return impoundment_json(session, impoundment)


def _reseize(session, pound, body: schemas.ImpoundmentIn, keeper) -> Impoundment:
    """§185(3): the animal released under protest (by `reseizure_of`, else its tag) seized again."""
    first = (session.get(Impoundment, body.reseizure_of) if body.reseizure_of
             else outcomes.protest_release_for_tag(session, body.tag) if body.tag else None)
    if first is None or first.pound_id != pound.id:
        raise Refused("not_reseizable", "no release under protest of this animal at this pound", field="reseizure_of",
                      status=404)
    return outcomes.reseize(session, first, now=now(), keeper=keeper, seized_at=body.seized_at, note=body.note)


# A listed row's place and people (impoundment_json shows their codes and phones).
LISTED_WITH = (joinedload(Impoundment.village), joinedload(Impoundment.pound), joinedload(Impoundment.owner),
               joinedload(Impoundment.keeper))


@route("GET", "/impoundments", "List impoundments", query=schemas.ImpoundmentQuery)
def list_impoundments(query: schemas.ImpoundmentQuery):
    session = db()
    # What each row shows, read with the page rather than a row at a time.
    statement = select(Impoundment).options(*LISTED_WITH).order_by(Impoundment.id.desc()).limit(500)
    if query.pound:
        statement = statement.where(Impoundment.pound_id == admin.require_pound(session, query.pound).id)
    if query.status:
        statement = statement.where(Impoundment.status == query.status)
    if query.tag:
        tag = queries.normalise_tag(query.tag)
        statement = statement.where((Impoundment.tag == tag) | (Impoundment.receipt == tag))
    listed = list(session.scalars(statement))
    # 1871 s.14: the report's moments of the page's two-stage animals, in one read.
    reported = timeline.police_reports(session, [i.id for i in listed if trespass.two_stage(i.village.pack)])
    return {"impoundments": [impoundment_json(session, i, reported.get(i.id)) for i in listed]}


@route("GET", "/impoundments/{id}", "One impoundment with its timeline and messages")
def get_impoundment(id: str):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    events = session.scalars(select(Event).where(Event.impoundment_id == impoundment.id).order_by(Event.at, Event.id))
    messages = session.scalars(select(OutboundMessage).where(OutboundMessage.impoundment_id == impoundment.id)
                               .order_by(OutboundMessage.id))
    result = impoundment_json(session, impoundment)
    result["timeline"] = [{"at": iso(e.at, impoundment.village.timezone), "type": e.type,
                           "actor_phone": e.actor_phone, "detail": e.detail} for e in events]
    result["messages"] = [message_json(m) for m in messages]
    if impoundment.release:
        result["release"] = release_json(impoundment.release, impoundment.village.timezone)
    if impoundment.sale:
        result["sale"] = sale_json(impoundment.sale, impoundment.village.timezone) | _account(session, impoundment)
    result["deposits"] = money_views.deposits_json(session, impoundment)
    result["complaint"] = money_views.complaint_json(money_views.complaint_of(session, impoundment))
    return result


@route("GET", "/impoundments/{id}/dues", "What is due to take the animal back (§185, §187, §189)",
       query=schemas.DuesQuery)
def get_dues(id: str, query: schemas.DuesQuery):
    session = db()
    read_only(session)   # reads only: no BEGIN / COMMIT round trips
    impoundment_id = parse_id(id)
    found = answers.by_id(session, impoundment_id)
    if found is False:   # no row versions to key by: computed, as always
        impoundment = find_impoundment(session, impoundment_id)
        at = query.at or now()
        if at < impoundment.seized_at:
            raise Refused("before_seizure", "at is before the seizure", field="at")
        return dues_json(session, impoundment, at)
    if found is None:
        raise Refused("unknown_impoundment", f"no impoundment {impoundment_id}", field="id", status=404)
    key = found.key
    at = query.at or now()
    if at < key.seized_at:
        raise Refused("before_seizure", "at is before the seizure", field="at")
    # Computed once per key and moment (handlers/pound/answers.py); only `at` is this request's own.
    remembered = answers.remembered(
        session, found, at, ("api.dues",),
        lambda loaded: dues_json(session, loaded or find_impoundment(session, impoundment_id), at))
    return {**remembered, "at": iso(at, key.timezone)}


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
    result = {"impoundment": impoundment.id, **release_json(release, impoundment.village.timezone),
              "deposit": deposits[0] if deposits else None, "deposits": deposits}
    pack = impoundment.village.pack
    if "release_receipt" in pack.values:
        # 1871 s.13: the owner signs the receipt in the register against the pound's number.
        result["receipt"] = {"number": impoundment.receipt, "register_serial": impoundment.register_serial,
                             "section": pack.cite("release_receipt")}
    return result


@route("POST", "/impoundments/{id}/sale", "Record the auction sale (§186)", body=schemas.SaleIn)
def post_sale(id: str, body: schemas.SaleIn):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    buyer = admin.require_phone(body.buyer_phone, "buyer_phone") if body.buyer_phone else None
    sale = records.sell(session, impoundment, proceeds_paise=body.proceeds_paise, now=now(), at=body.at,
                        sale_expenses_paise=body.sale_expenses_paise, buyer_phone=buyer, refused=body.refused)
    result = {"impoundment": impoundment.id, **sale_json(sale, impoundment.village.timezone),
              "deposits": money_views.deposits_json(session, impoundment),
              # §185(4): the owner's other animals this sale paid for, and how many are still held.
              "released_with_sale": refusals.released_by(session, sale),
              "still_held": refusals.still_held(session, impoundment), "held_back_paise": sale.held_back_paise}
    return result | _account(session, impoundment)


def _account(session, impoundment: Impoundment) -> dict:
    """1871 s.16(a)-(f): the owner's account of the sale, where the village's law gives one."""
    pack = impoundment.village.pack
    if "account_items" not in pack.values or impoundment.sale is None:
        return {}
    return {"account": asdict(refusals.sale_account(db(), impoundment)), "account_section": pack.cite("account_items")}


@route("POST", "/impoundments/{id}/notice", "Record the police notice of unclaimed cattle (1871 s.14)",
       body=schemas.NoticeIn)
def post_notice(id: str, body: schemas.NoticeIn):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    if body.posted_at is not None and body.at is not None and body.posted_at != body.at:
        raise Refused("conflicting_times", "posted_at and at name two different moments", field="posted_at")
    timeline.post_notice(session, impoundment, now=now(), at=body.posted_at or body.at)
    return impoundment_json(session, impoundment)


@route("POST", "/impoundments/{id}/police-report",
       "Record the keeper's report of unclaimed cattle to the police station (1871 s.14)",
       body=schemas.PoliceReportIn)
def post_police_report(id: str, body: schemas.PoliceReportIn):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    timeline.report_to_police(session, impoundment, now=now(), reported_at=body.reported_at)
    return impoundment_json(session, impoundment)


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
