"""§190 removal orders in the admin API (SPEC 11.3). Routes
register on `api.bp`; the rules are in handlers.pound.removal."""
from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from handlers.pound import removal
from handlers.errors import Refused
from models.law import sections
from models.ranges import INT4_MAX
from models.tables import RemovalOrder
from sms_gateway.api import schemas
from sms_gateway.api import parse_id, route
from sms_gateway.api.representations import iso
from sms_gateway.extensions import db, now


class RemovalOrderIn(schemas.Body):
    taluka: str = Field(min_length=1, max_length=120)
    villages: list[str] = Field(min_length=1, max_length=100)
    kind: Literal["resident_dry", "non_resident"]
    owners: list[str] = Field(min_length=1, max_length=500)
    place: str = Field(min_length=1, max_length=200)
    deadline: date
    mamlatdar_phone: str | None = Field(default=None, max_length=32)
    # §190(1): the State's notification applying the section to the area; the head each owner
    # keeps as the mamlatdar found it (default: the animals registered to the owner).
    notification_ref: str | None = Field(default=None, max_length=120)
    head_counts: dict[str, int] = Field(default_factory=dict, max_length=500)


class OwnerOutcomeIn(schemas.Body):
    phone: str = Field(min_length=1, max_length=32)
    complied_on: date | None = None
    police_removed_on: date | None = None
    police_phone: str | None = Field(default=None, max_length=32)
    fine_paise: int | None = Field(default=None, ge=0, le=INT4_MAX)
    fine_on: date | None = None
    rank: Literal[sections.POLICE_RANKS] | None = None  # §190(2): Head-Constable or above


class RemovalOrderUpdateIn(schemas.Body):
    owners: list[OwnerOutcomeIn] = Field(min_length=1, max_length=100)  # the body stays under MAX_REQUEST_BYTES


def order_json(order: RemovalOrder) -> dict:
    return {
        "id": order.id, "taluka": order.taluka, "kind": order.kind, "place": order.place,
        "deadline": iso(order.deadline), "mamlatdar_phone": order.mamlatdar.phone,
        "notification_ref": order.notification_ref,
        "created_at": iso(order.created_at, order.villages[0].timezone if order.villages else None),
        "villages": [v.code for v in order.villages],
        "owners": [{"phone": row.person.phone, "complied_on": iso(row.complied_on),
                    "police_removed_on": iso(row.police_removed_on), "police_phone": row.police_phone,
                    "fine_paise": row.fine_paise, "fine_on": iso(row.fine_on), "rank": row.police_rank,
                    "head_count": row.head_count} for row in order.owners],
        "fine_imposed_by": "mamlatdar (section 190(3)); recorded, never imposed by Dabbo",
    }


def find_order(raw_id: str) -> RemovalOrder:
    try:
        order = db().get(RemovalOrder, parse_id(raw_id))
    except Refused:
        order = None
    if order is None:
        raise Refused("unknown_order", f"no removal order {raw_id}", field="id", status=404)
    return order


@route("POST", "/removal-orders", "A mamlatdar's removal order (§190(1)); each owner is told by SMS",
       body=RemovalOrderIn, status=201)
def post_removal_order(body: RemovalOrderIn):
    order = removal.create(db(), taluka=body.taluka, village_codes=body.villages, kind=body.kind,
                           owner_phones=body.owners, place=body.place, deadline=body.deadline, now=now(),
                           mamlatdar_phone=body.mamlatdar_phone, notification_ref=body.notification_ref,
                           head_counts=body.head_counts)
    return order_json(order)


@route("PUT", "/removal-orders/{id}", "Record compliance, police removal (§190(2)) or a fine (§190(3))",
       body=RemovalOrderUpdateIn)
def put_removal_order(id: str, body: RemovalOrderUpdateIn):
    order = find_order(id)
    outcomes = [removal.OwnerOutcome(**o.model_dump()) for o in body.owners]
    return order_json(removal.record(db(), order, outcomes, now()))


@route("GET", "/removal-orders/{id}", "One removal order and what became of each owner")
def get_removal_order(id: str):
    return order_json(find_order(id))
