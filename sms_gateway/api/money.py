"""Admin API routes of the money (SPEC 11.1): the surplus paid to its owner
(§186(1)), complaints to the magistrate and their outcome (§188), deposit
refunds (§189(2)). Registered on the existing `/api/v1` blueprint; views only
translate HTTP, the rules are in `handlers.pound.money`."""
from __future__ import annotations

from sqlalchemy import select

from handlers.pound import admin
from handlers.pound import money
from handlers.pound import outcomes, records
from handlers.errors import Refused
from models.law import trespass
from models.tables import Deposit, Impoundment, Village
from sms_gateway.api import money_views
from sms_gateway.api import schemas_money
from sms_gateway.api import find_impoundment, parse_id, route
from sms_gateway.api.representations import iso, sale_json
from sms_gateway.extensions import db, now


@route("POST", "/impoundments/{id}/surplus-payment", "Pay the sale surplus to its owner within 15 days (§186(1))",
       body=schemas_money.SurplusPaymentIn)
def post_surplus_payment(id: str, body: schemas_money.SurplusPaymentIn):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    to_phone = admin.require_phone(body.to_phone, "to_phone", impoundment.village.country)
    payee = admin.person_for_phone(session, to_phone, now())
    accepted_by = outcomes.authorised_officer(session, impoundment, body.accepted_by)
    if impoundment.owner_id is None:
        records.identify_owner(session, impoundment, payee, now())  # §186(1): the payee proved ownership
    sale = money.pay_surplus(session, impoundment, to_phone=to_phone, now=now(), at=body.at)
    sale.surplus_accepted_by = accepted_by
    return {"impoundment": impoundment.id, **sale_json(sale, impoundment.village.timezone)}


@route("POST", "/impoundments/{id}/complaint", "Record a complaint of illegal seizure (§188(1))",
       body=schemas_money.ComplaintIn, status=201)
def post_complaint(id: str, body: schemas_money.ComplaintIn):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    by_phone = admin.require_phone(body.by_phone, "by_phone", impoundment.village.country) if body.by_phone else None
    complaint = money.file_complaint(session, impoundment, filed_on=body.filed_on, now=now(), by_phone=by_phone)
    return {**money_views.complaint_json(complaint), "complaint_deadline": impoundment.complaint_deadline.isoformat(),
            "in_time": complaint.filed_on <= impoundment.complaint_deadline}


@route("PUT", "/impoundments/{id}/complaint", "Record the magistrate's outcome (§188(3))",
       body=schemas_money.ComplaintOutcomeIn)
def put_complaint(id: str, body: schemas_money.ComplaintOutcomeIn):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    complaint = money.decide_complaint(session, impoundment, outcome=body.outcome, decided_on=body.decided_on,
                                       now=now(), compensation_paise=body.compensation_paise)
    return {**money_views.complaint_json(complaint), "deposits": money_views.deposits_json(session, impoundment)}


@route("POST", "/impoundments/{id}/declaration",
       "Record the declaration and security after a release under protest (§185(3))",
       body=schemas_money.DeclarationIn, status=201)
def post_declaration(id: str, body: schemas_money.DeclarationIn):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    release = outcomes.record_declaration(session, impoundment, declared_on=body.declared_on,
                                          security_paise=body.security_paise, now=now())
    return {"impoundment": impoundment.id, "declared_on": release.declared_on.isoformat(),
            "security_paise": release.declared_security_paise,
            "deposits": money_views.deposits_json(session, impoundment)}


@route("POST", "/impoundments/{id}/conviction",
       "Record the cattle forfeited to the State on a conviction (§183(2)(b))", body=schemas_money.ConvictionIn,
       status=201)
def post_conviction(id: str, body: schemas_money.ConvictionIn):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    outcomes.forfeit_on_conviction(session, impoundment, convicted_on=body.convicted_on, court=body.court, now=now())
    return {"impoundment": impoundment.id, "status": impoundment.status, "convicted_on": body.convicted_on.isoformat()}


@route("POST", "/impoundments/{id}/handover",
       "Record the unclaimed animal handed to a gaushala instead of the auction (1871 s.14 proviso)",
       body=schemas_money.HandoverIn)
def post_handover(id: str, body: schemas_money.HandoverIn):
    session = db()
    impoundment = find_impoundment(session, parse_id(id))
    outcomes.hand_over(session, impoundment, to=body.to.strip(), at=body.handed_at, now=now())
    return {"impoundment": impoundment.id, "status": impoundment.status, "handed_to": impoundment.handed_to,
            "handed_at": iso(impoundment.closed_at, impoundment.village.timezone),
            "disposal": trespass.disposal(impoundment.kind, impoundment.village.pack),
            "section": impoundment.village.pack.cite("disposal")}


@route("POST", "/deposits/{id}/refund", "Refund a refundable security deposit on application (§189(2))",
       body=schemas_money.RefundIn)
def post_refund(id: str, body: schemas_money.RefundIn):
    session = db()
    deposit = _find_deposit(session, id)
    impoundment = session.get(Impoundment, deposit.impoundment_id)
    to_phone = admin.require_phone(body.to_phone, "to_phone", impoundment.village.country) if body.to_phone else None
    if deposit.owner_id is None and to_phone and deposit.status == "refundable":
        # A deposit taken while the owner was unknown: the applicant is identified (SPEC 11.1).
        records.identify_owner(session, impoundment, admin.person_for_phone(session, to_phone, now()), now())
    deposit = money.refund_deposit(session, deposit, now=now(), at=body.at, to_phone=to_phone)
    return _deposit(deposit, impoundment)


@route("GET", "/deposits", "Security deposits by status and village (§189)", query=schemas_money.DepositsQuery)
def list_deposits(query: schemas_money.DepositsQuery):
    session = db()
    statement = select(Deposit).order_by(Deposit.id.desc()).limit(500)
    if query.status:
        statement = statement.where(Deposit.status == query.status)
    if query.village:
        village: Village = admin.require_village(session, query.village)
        statement = statement.where(Deposit.village_id == village.id)
    return {"deposits": [_deposit(d, session.get(Impoundment, d.impoundment_id)) for d in session.scalars(statement)]}


@route("GET", "/deposits/{id}", "One security deposit (§189)")
def get_deposit(id: str):
    session = db()
    deposit = _find_deposit(session, id)
    return _deposit(deposit, session.get(Impoundment, deposit.impoundment_id))


def _find_deposit(session, raw: str) -> Deposit:
    deposit = session.get(Deposit, parse_id(raw, "deposit"))
    if deposit is None:
        raise Refused("unknown_deposit", f"no deposit {raw}", field="id", status=404)
    return deposit


def _deposit(deposit: Deposit, impoundment: Impoundment) -> dict:
    owner_phone = impoundment.owner.phone if deposit.owner_id and impoundment.owner else None
    return {**money_views.deposit_json(deposit, impoundment.village.timezone, owner_phone),
            "village": impoundment.village.code}
