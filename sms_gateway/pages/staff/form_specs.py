"""The staff forms, as data: each names its fields and what it
does, through the same `handlers.pound.admin` and `handlers.pound.records` calls as the
SMS commands and the admin API. A form's `apply` gets the cleaned values and
the viewer, raises `FieldError` or `Refused` (nothing is saved), or returns
the sentence to show at the top of the page.

Who may use which: `admin_only` forms are the administrator's (the State's
pound fees, new villages); every other form works for an official within
their own village (`staff_pages.require_village_access`); a keeper may use
only the `keeper` forms (seizure, release, sale), at his own pound.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Callable
from zoneinfo import ZoneInfo

from handlers.pound import admin
from handlers.sms import keeper
from handlers.pound import records
from handlers.catalogue import kind_name
from handlers.errors import Refused
from handlers.pound.lookup import find_impoundment
from models import law, queries
from models.ranges import fits
from models.tables import Impoundment, Pound, Village
from sms_gateway.pages.dashboard import say
from sms_gateway.extensions import db, now
from sms_gateway.pages.staff import require_village_access


class FieldError(Exception):
    def __init__(self, field: str, key: str, **values):
        super().__init__(key)
        self.field, self.key, self.values = field, key, values


@dataclass(frozen=True)
class Field:
    name: str
    label: str                       # dash.<label>
    type: str = "text"               # text, tel, number, date, datetime-local, select, checkbox, textarea
    required: bool = True
    choices: str | None = None       # villages, pounds, kinds, languages, roles, modes


@dataclass(frozen=True)
class Form:
    slug: str
    title: str                       # dash.<title>
    fields: tuple[Field, ...]
    apply: Callable[[dict, object], str | tuple[str, int]]   # the sentence, and the record it made
    admin_only: bool = False
    keeper: bool = False             # a pound keeper's record, open to him at his own pound


# ------------------------------------------------------------------ value readers


def rupees_paise(values: dict, name: str) -> int:
    """Whole rupees typed, as paise; past what the amount's column holds (Rs 2,14,74,836:
    models.ranges) it is refused beside the field like any other bad number."""
    raw = values.get(name, "").strip()
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9 or not fits(int(raw) * 100):
        raise FieldError(name, "form_rupees")
    return int(raw) * 100


def local_moment(values: dict, name: str, tz: str) -> datetime | None:
    raw = values.get(name, "").strip()
    if not raw:
        return None
    try:
        return datetime.fromisoformat(raw).replace(tzinfo=ZoneInfo(tz))
    except ValueError:
        raise FieldError(name, "form_date")


def a_date(values: dict, name: str) -> date:
    raw = values.get(name, "").strip()
    if not raw:
        return law.local_date(now(), law.DEFAULT_TZ)
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise FieldError(name, "form_date")


def own_village(values: dict, viewer) -> Village:
    village = admin.require_village(db(), values.get("village", ""))
    require_village_access(village.id)
    return village


def own_pound(values: dict) -> Pound:
    pound = admin.require_pound(db(), values.get("pound", ""))
    require_village_access(pound.village_id, pound.id)
    return pound


def own_animal(values: dict) -> Impoundment:
    if not queries.tag_shape_ok(queries.normalise_tag(values.get("tag", ""))):
        raise Refused("bad_tag", "a tag is a 12-digit ear tag or a pound receipt number", field="tag")
    try:
        impoundment = find_impoundment(db(), values.get("tag", ""))
    except Refused as refused:
        raise FieldError("tag", "form_unknown_tag") from refused
    require_village_access(impoundment.village_id, impoundment.pound_id)
    return impoundment


def names(values: dict) -> dict[str, str]:
    return {lang: values[f"name_{lang}"].strip() for lang in ("gu", "hi", "en") if values.get(f"name_{lang}", "").strip()}


def actor(viewer) -> str | None:
    return viewer.person.phone if viewer.person else None


# ------------------------------------------------------------------ what each form does


def add_owner(values: dict, viewer) -> str:
    village = own_village(values, viewer)
    person = admin.create_person(db(), phone=values.get("phone", ""), name=values.get("name") or None, role="owner",
                                 village=village, now=now(), language=values.get("language") or None)
    return say("form_done_person", name=person.name or "", phone=person.phone)


def add_animal(values: dict, viewer) -> str:
    owner = queries.person_by_phone(db(), admin.require_phone(values.get("owner_phone", ""), "owner_phone"))
    if owner is None:
        raise FieldError("owner_phone", "form_unknown_phone")
    require_village_access(owner.village_id)
    animal = admin.register_animal(db(), owner, tag=values.get("tag", ""), kind=values.get("kind", ""))
    return say("form_done_animal", kind=kind_name(None, animal.kind), tag=animal.tag, phone=owner.phone)


def add_staff(values: dict, viewer) -> str:
    village = own_village(values, viewer)
    pound = admin.require_pound(db(), values["pound"]) if values.get("pound") else None
    if values.get("role") not in ("keeper", "official"):
        raise FieldError("role", "form_choice")
    person = admin.create_person(db(), phone=values.get("phone", ""), name=values.get("name") or None,
                                 role=values["role"], village=village, pound=pound, now=now(),
                                 language=values.get("language") or None)
    return say("form_done_person", name=person.name or "", phone=person.phone)


def add_village(values: dict, viewer) -> str:
    hour = values.get("auction_hour", "").strip() or "11"
    if not (hour.isascii() and hour.isdigit()) or len(hour) > 2 or not 0 <= int(hour) <= 23:
        raise FieldError("auction_hour", "form_hour")
    village = admin.create_village(db(), code=values.get("code", ""), name=values.get("name", "").strip(), now=now(),
                                   taluka=values.get("taluka") or None, district=values.get("district") or None,
                                   security_notified=values.get("security_notified") == "on",
                                   auction_hour=int(hour), names=names(values))
    return say("form_done_village", name=village.name, code=village.code)


def add_pound(values: dict, viewer) -> str:
    village = own_village(values, viewer)
    pound = admin.create_pound(db(), village, code=values.get("code", ""), name=values.get("name", "").strip(),
                               names=names(values))
    return say("form_done_pound", name=pound.name, code=pound.code)


def set_pound_fee(values: dict, viewer) -> str:
    amount = rupees_paise(values, "amount")
    admin.set_pound_fee(db(), values.get("kind", ""), amount, a_date(values, "effective_from"))
    return say("form_done_schedule")


def set_daily_rate(values: dict, viewer) -> str:
    village = own_village(values, viewer)
    # §187(2): charged only once the District Panchayat's approval is recorded with it.
    admin.set_daily_rates(db(), village, {values.get("kind", ""): rupees_paise(values, "amount")},
                          a_date(values, "effective_from"), approval_ref=(values.get("approval_ref") or "").strip() or None)
    return say("form_done_schedule")


def scale_rows(raw: str) -> list[dict]:
    """One row a line: "min_head max_head min_times max_times rupees", "-" for no maximum."""
    rows = []
    for line in filter(None, (line.split() for line in raw.splitlines())):
        if len(line) != 5 or not all((part.isascii() and part.isdigit() and len(part) <= 9 and fits(int(part) * 100))
                                     or (part == "-" and i in (1, 3)) for i, part in enumerate(line)):
            raise FieldError("rows", "form_scale_rows")
        low_head, high_head, low_times, high_times, rupees = line
        rows.append({"min_head": int(low_head), "max_head": None if high_head == "-" else int(high_head),
                     "min_times": int(low_times), "max_times": None if high_times == "-" else int(high_times),
                     "per_head_paise": int(rupees) * 100})
    if not rows:
        raise FieldError("rows", "form_required")
    return rows


def set_security_scale(values: dict, viewer) -> str:
    village = own_village(values, viewer)
    admin.set_security_scale(db(), village, scale_rows(values.get("rows", "")), a_date(values, "effective_from"))
    return say("form_done_schedule")


def record_seizure(values: dict, viewer) -> str:
    pound = own_pound(values)
    kind = admin.require_kind(values.get("kind", ""))
    tag = values.get("tag", "").strip() or None
    seizer = None
    if values.get("seizer", "").strip():
        try:  # the same check and the same person as SMS `SEIZE … BY <phone>`
            seizer = keeper.seizer_for(db(), values["seizer"].strip(), pound, now())
        except Refused as refused:
            raise FieldError("seizer", "form_bad_seizer_phone") from refused
    made = records.seize(db(), pound=pound, kind=kind, tags=[tag], now=now(), note=values.get("note") or None,
                         seized_at=local_moment(values, "seized_at", pound.village.timezone),
                         keeper=viewer.person if viewer.is_keeper else None, seizer=seizer,
                         place=values.get("place", "").strip()[:200] or None)
    return say("form_done_seizure", receipt=made[0].receipt, id=made[0].id), made[0].id


def record_release(values: dict, viewer) -> str:
    impoundment = own_animal(values)
    if values.get("mode") not in ("normal", "protest"):
        raise FieldError("mode", "form_choice")
    release = records.release(db(), impoundment, now=now(), under_protest=values["mode"] == "protest",
                              at=local_moment(values, "at", impoundment.village.timezone), actor_phone=actor(viewer))
    return say("form_done_release", total=law.whole_rupees(release.total_paise), receipt=impoundment.receipt)


def record_sale(values: dict, viewer) -> str:
    impoundment = own_animal(values)
    expenses = rupees_paise(values, "sale_expenses") if values.get("sale_expenses", "").strip() else 0
    sale = records.sell(db(), impoundment, proceeds_paise=rupees_paise(values, "proceeds"), now=now(),
                        sale_expenses_paise=expenses, buyer_phone=values.get("buyer_phone") or None,
                        at=local_moment(values, "at", impoundment.village.timezone), actor_phone=actor(viewer))
    return say("form_done_sale", surplus=law.whole_rupees(sale.surplus_paise), receipt=impoundment.receipt)


FORMS = {form.slug: form for form in (
    Form("owner", "form_owner", (Field("phone", "form_phone", "tel"), Field("name", "form_name", required=False),
                                 Field("village", "col_village", "select", choices="villages"),
                                 Field("language", "form_language", "select", False, "languages")), add_owner),
    Form("animal", "form_animal", (Field("owner_phone", "form_owner_phone", "tel"), Field("tag", "col_tag"),
                                   Field("kind", "col_kind", "select", choices="kinds")), add_animal),
    Form("staff", "form_staff", (Field("phone", "form_phone", "tel"), Field("name", "form_name", required=False),
                                 Field("role", "form_role", "select", choices="roles"),
                                 Field("village", "col_village", "select", choices="villages"),
                                 Field("pound", "col_pound", "select", False, "pounds"),
                                 Field("language", "form_language", "select", False, "languages")), add_staff),
    Form("village", "form_village", (Field("code", "form_code"), Field("name", "form_name"),
                                     Field("name_gu", "form_name_gu", required=False),
                                     Field("name_hi", "form_name_hi", required=False),
                                     Field("name_en", "form_name_en", required=False),
                                     Field("taluka", "form_taluka", required=False),
                                     Field("district", "form_district", required=False),
                                     Field("security_notified", "form_notified", "checkbox", False),
                                     Field("auction_hour", "form_auction_hour", "number", False)), add_village,
         admin_only=True),
    Form("pound", "form_pound", (Field("village", "col_village", "select", choices="villages"),
                                 Field("code", "form_code"), Field("name", "form_name"),
                                 Field("name_gu", "form_name_gu", required=False),
                                 Field("name_hi", "form_name_hi", required=False),
                                 Field("name_en", "form_name_en", required=False)), add_pound),
    Form("pound-fee", "form_pound_fee", (Field("kind", "col_kind", "select", choices="kinds"),
                                         Field("amount", "form_amount", "number"),
                                         Field("effective_from", "form_effective_from", "date", False)),
         set_pound_fee, admin_only=True),
    Form("daily-rate", "form_daily_rate", (Field("village", "col_village", "select", choices="villages"),
                                           Field("kind", "col_kind", "select", choices="kinds"),
                                           Field("amount", "form_amount", "number"),
                                           Field("effective_from", "form_effective_from", "date", False),
                                           Field("approval_ref", "form_rate_approval", required=False)),
         set_daily_rate),
    Form("security-scale", "form_security_scale", (Field("village", "col_village", "select", choices="villages"),
                                                   Field("rows", "form_scale_rows_label", "textarea"),
                                                   Field("effective_from", "form_effective_from", "date", False)),
         set_security_scale),
    Form("seizure", "form_seizure", (Field("pound", "col_pound", "select", choices="pounds"),
                                     Field("kind", "col_kind", "select", choices="kinds"),
                                     Field("tag", "form_tag_or_none", required=False),
                                     Field("seized_at", "form_seized_at", "datetime-local", False),
                                     Field("seizer", "form_seizer", "tel", False),
                                     Field("place", "form_place", required=False),
                                     Field("note", "imp_note", required=False)), record_seizure, keeper=True),
    Form("release", "form_release", (Field("tag", "form_tag_or_receipt"),
                                     Field("mode", "form_mode", "select", choices="modes"),
                                     Field("at", "form_at", "datetime-local", False)), record_release, keeper=True),
    Form("sale", "form_sale", (Field("tag", "form_tag_or_receipt"), Field("proceeds", "form_proceeds", "number"),
                               Field("sale_expenses", "form_sale_expenses", "number", False),
                               Field("buyer_phone", "form_buyer_phone", "tel", False),
                               Field("at", "form_at", "datetime-local", False)), record_sale, keeper=True),
)}
