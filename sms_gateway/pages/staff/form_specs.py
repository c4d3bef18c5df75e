"""The staff forms: each names its WTForms fields (`staff.fields`: what a field reads, its
limit, its message) and what it does, through the same `handlers.pound.admin` and
`handlers.pound.records` calls as the SMS commands and the admin API. A form's `apply` gets
the values its fields read (dates as dates, rupees as paise) and the viewer, raises
`FieldError` or `Refused` (nothing is saved), or returns the sentence to show at the top of
the page.

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
from sms_gateway.pages.staff.fields import Choice, Day, Hour, Lines, Moment, Rupees, StaffForm, Tel, Text, Tick, fields


class FieldError(Exception):
    def __init__(self, field: str, key: str, **values):
        super().__init__(key)
        self.field, self.key, self.values = field, key, values


class NeedsConfirmation(Exception):
    """A form whose record tells people (SPEC 13.3): what it would send, and what that costs, is
    shown first; only a second submit of the same values (`token`) records and notifies."""

    def __init__(self, text: str, token: str):
        super().__init__(text)
        self.text, self.token = text, token


@dataclass(frozen=True)
class Form:
    slug: str
    title: str                       # dash.<title>
    fields: type[StaffForm]          # its WTForms class (staff.fields.fields)
    apply: Callable[[dict, object], str | tuple[str, int]]   # the sentence, and the record it made
    admin_only: bool = False
    keeper: bool = False             # a pound keeper's record, open to him at his own pound


# ------------------------------------------------------------------ value readers


def local_moment(values: dict, name: str, tz: str) -> datetime | None:
    """The moment typed (staff.fields.Moment), in the village's zone; None when left out."""
    moment = values.get(name)
    return moment.replace(tzinfo=ZoneInfo(tz)) if moment else None


def a_date(values: dict, name: str) -> date:
    """The day typed (staff.fields.Day), or today when left out."""
    return values.get(name) or law.local_date(now(), law.DEFAULT_TZ)


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
    person = admin.create_person(db(), phone=values.get("phone", ""), name=values.get("name") or None,
                                 role=values["role"], village=village, pound=pound, now=now(),
                                 language=values.get("language") or None)
    return say("form_done_person", name=person.name or "", phone=person.phone)


def add_village(values: dict, viewer) -> str:
    hour = values.get("auction_hour")
    village = admin.create_village(db(), code=values.get("code", ""), name=values.get("name", "").strip(), now=now(),
                                   taluka=values.get("taluka") or None, district=values.get("district") or None,
                                   security_notified=bool(values.get("security_notified")),
                                   auction_hour=11 if hour is None else hour, names=names(values))
    return say("form_done_village", name=village.name, code=village.code)


def add_pound(values: dict, viewer) -> str:
    village = own_village(values, viewer)
    pound = admin.create_pound(db(), village, code=values.get("code", ""), name=values.get("name", "").strip(),
                               names=names(values))
    return say("form_done_pound", name=pound.name, code=pound.code)


def set_pound_fee(values: dict, viewer) -> str:
    admin.set_pound_fee(db(), values.get("kind", ""), values["amount"], a_date(values, "effective_from"))
    return say("form_done_schedule")


def set_daily_rate(values: dict, viewer) -> str:
    village = own_village(values, viewer)
    # §187(2): charged only once the District Panchayat's approval is recorded with it.
    admin.set_daily_rates(db(), village, {values.get("kind", ""): values["amount"]},
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
    release = records.release(db(), impoundment, now=now(), under_protest=values["mode"] == "protest",
                              at=local_moment(values, "at", impoundment.village.timezone), actor_phone=actor(viewer))
    return say("form_done_release", total=law.whole_rupees(release.total_paise), receipt=impoundment.receipt)


def record_sale(values: dict, viewer) -> str:
    impoundment = own_animal(values)
    sale = records.sell(db(), impoundment, proceeds_paise=values["proceeds"], now=now(),
                        sale_expenses_paise=values.get("sale_expenses") or 0, buyer_phone=values.get("buyer_phone") or None,
                        at=local_moment(values, "at", impoundment.village.timezone), actor_phone=actor(viewer))
    return say("form_done_sale", surplus=law.whole_rupees(sale.surplus_paise), receipt=impoundment.receipt)


FORMS = {form.slug: form for form in (
    Form("owner", "form_owner", fields(phone=Tel("form_phone"), name=Text("form_name", required=False),
                                       village=Choice("col_village", "villages"),
                                       language=Choice("form_language", "languages", required=False)), add_owner),
    Form("animal", "form_animal", fields(owner_phone=Tel("form_owner_phone"), tag=Text("col_tag", digits=True),
                                         kind=Choice("col_kind", "kinds")), add_animal),
    Form("staff", "form_staff", fields(phone=Tel("form_phone"), name=Text("form_name", required=False),
                                       role=Choice("form_role", "roles", check=True),
                                       village=Choice("col_village", "villages"),
                                       pound=Choice("col_pound", "pounds", required=False),
                                       language=Choice("form_language", "languages", required=False)), add_staff),
    Form("village", "form_village", fields(code=Text("form_code"), name=Text("form_name"),
                                           name_gu=Text("form_name_gu", required=False),
                                           name_hi=Text("form_name_hi", required=False),
                                           name_en=Text("form_name_en", required=False),
                                           taluka=Text("form_taluka", required=False),
                                           district=Text("form_district", required=False),
                                           security_notified=Tick("form_notified"),
                                           auction_hour=Hour("form_auction_hour", required=False)), add_village,
         admin_only=True),
    Form("pound", "form_pound", fields(village=Choice("col_village", "villages"), code=Text("form_code"),
                                       name=Text("form_name"), name_gu=Text("form_name_gu", required=False),
                                       name_hi=Text("form_name_hi", required=False),
                                       name_en=Text("form_name_en", required=False)), add_pound),
    Form("pound-fee", "form_pound_fee", fields(kind=Choice("col_kind", "kinds"), amount=Rupees("form_amount"),
                                               effective_from=Day("form_effective_from", required=False)),
         set_pound_fee, admin_only=True),
    Form("daily-rate", "form_daily_rate", fields(village=Choice("col_village", "villages"),
                                                 kind=Choice("col_kind", "kinds"), amount=Rupees("form_amount"),
                                                 effective_from=Day("form_effective_from", required=False),
                                                 approval_ref=Text("form_rate_approval", required=False)),
         set_daily_rate),
    Form("security-scale", "form_security_scale", fields(village=Choice("col_village", "villages"),
                                                         rows=Lines("form_scale_rows_label"),
                                                         effective_from=Day("form_effective_from", required=False)),
         set_security_scale),
    Form("seizure", "form_seizure", fields(pound=Choice("col_pound", "pounds"), kind=Choice("col_kind", "kinds"),
                                           tag=Text("form_tag_or_none", required=False, digits=True),
                                           seized_at=Moment("form_seized_at", required=False),
                                           seizer=Tel("form_seizer", required=False),
                                           place=Text("form_place", required=False),
                                           note=Text("imp_note", required=False)), record_seizure, keeper=True),
    Form("release", "form_release", fields(tag=Text("form_tag_or_receipt", digits=True),
                                           mode=Choice("form_mode", "modes", check=True),
                                           at=Moment("form_at", required=False)), record_release, keeper=True),
    Form("sale", "form_sale", fields(tag=Text("form_tag_or_receipt", digits=True), proceeds=Rupees("form_proceeds"),
                                     sale_expenses=Rupees("form_sale_expenses", required=False),
                                     buyer_phone=Tel("form_buyer_phone", required=False),
                                     at=Moment("form_at", required=False)), record_sale, keeper=True),
)}
