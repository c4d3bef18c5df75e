"""Admin API routes that set a village up (SPEC section 6): the State's pound
fees, a village with its daily rates and security scale, its pounds, people and
their animals. Registered on `api_blueprint.bp`; the rules are in `handlers.pound.admin`."""
from __future__ import annotations

from handlers.pound import admin, records
from handlers.errors import Refused
from handlers.sms.commands import Command
from handlers.sms.official import auction_moment
from handlers.text import is_gsm7
from models import law, queries
from models.law import packs
from sms_gateway.api import schemas
from sms_gateway.api.blueprint import route
from sms_gateway.api.representations import iso
from sms_gateway.extensions import db, now


@route("PUT", "/kinds/{kind}/pound-fee", "Set the State's pound fee for a kind (§187(1))", body=schemas.PoundFeeIn)
def put_pound_fee(kind: str, body: schemas.PoundFeeIn):
    effective = body.effective_from or law.local_date(now())
    row = admin.set_pound_fee(db(), kind, body.amount_paise, effective)
    return {"kind": row.kind, "amount_paise": row.amount_paise, "effective_from": effective.isoformat()}


@route("POST", "/villages", "Create a village", body=schemas.VillageIn, status=201)
def post_village(body: schemas.VillageIn):
    fields = body.model_dump()
    village = admin.create_village(db(), now=now(), law_id=fields.pop("law"), **fields)
    return {"id": village.id, "code": village.code, "name": village.name, "timezone": village.timezone,
            "language": village.language, "security_notified": village.security_notified,
            "security_notified_from": village.security_notified_from.isoformat()
            if village.security_notified_from else None,
            "auction_hour": village.auction_hour, "forfeit_percent": village.forfeit_percent,
            "law": village.law, "law_schedule": village.law_schedule}


@route("PUT", "/villages/{code}/law", "Set the law the village's pounds run under and its schedule",
       body=schemas.VillageLawIn)
def put_village_law(code: str, body: schemas.VillageLawIn):
    village = admin.set_village_law(db(), admin.require_village(db(), code), body.law, body.law_schedule)
    return {"village": village.code, "law": village.law, "law_schedule": village.law_schedule}


@route("GET", "/laws", "The law packs Dabbo holds, with their schedules, kinds and sections")
def get_laws():
    laws = []
    for law_id in packs.available():
        pack = packs.load(law_id)
        laws.append({"id": pack.id, "title": pack.title, "default_schedule": pack.default_schedule,
                     "kinds": list(pack.get("kinds", ())), "sections": dict(pack.cites),
                     "schedules": [{"id": schedule.id, "title": schedule.title,
                                    "sections": dict(schedule.cites)}
                                   for schedule in pack.schedules.values()]})
    return {"laws": laws}


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
    pound = admin.create_pound(db(), village, code=body.code, name=body.name, names=body.names)
    return {"id": pound.id, "code": pound.code, "name": pound.name, "village": village.code}


@route("POST", "/people", "Register an owner, keeper, official, mamlatdar, police or Taluka Development Officer",
       body=schemas.PersonIn, status=201)
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


@route("POST", "/villages/{code}/auction", "Fix the village's auction (§186(1)), its place per language",
       body=schemas.AuctionIn)
def post_auction(code: str, body: schemas.AuctionIn):
    """The same reading of the date and the same record as SMS `AUCTION`; `place_en` (Latin
    letters) is what English and Gujlish readers are told when `place` is in another script."""
    village = admin.require_village(db(), code)
    place, place_en = body.place or None, body.place_en or None
    if place_en and not is_gsm7(place_en):
        raise Refused("place_en_latin", "place_en must be written in Latin letters", field="place_en")
    command = Command("auction", day=body.day.day, month=body.day.month, year=body.day.year, hour=body.hour,
                      minute=body.minute, place=place)
    try:
        auction_at = auction_moment(village, command, now())
    except Refused as refused:
        refused.field = "day"
        raise
    animals = records.fix_auction(db(), village, auction_at=auction_at, now=now(), place=place, place_en=place_en)
    return {"village": village.code, "auction_at": iso(auction_at, village.timezone), "place": place,
            "place_en": place_en, "impoundments": [impoundment.id for impoundment in animals]}
