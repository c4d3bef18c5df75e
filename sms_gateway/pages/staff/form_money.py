"""Staff forms for the money records added (§§185(4), 186(1), 188,
189(2)): a sale the owner refused to pay for, a surplus payment, a deposit
refund, a complaint and its outcome; the §185(3) declaration and security after a release under
protest and the §183(2)(b) forfeiture on a conviction. Through `handlers.pound.money`,
`handlers.pound.outcomes` and `handlers.pound.records`, as the SMS commands and
`sms_gateway/api/money.py`."""
from __future__ import annotations

from handlers.errors import Refused
from handlers.pound import money
from handlers.pound import outcomes
from handlers.pound import records
from models import law
from models.ranges import fits
from models.tables import Deposit
from sms_gateway.pages.dashboard import say
from sms_gateway.extensions import db, now
from sms_gateway.pages.staff.form_specs import (
    Field,
    FieldError,
    Form,
    a_date,
    actor,
    local_moment,
    own_animal,
    rupees_paise,
)
from sms_gateway.pages.staff import require_village_access


def record_refused_sale(values: dict, viewer) -> str:
    impoundment = own_animal(values)
    sale = records.sell(db(), impoundment, proceeds_paise=rupees_paise(values, "proceeds"), now=now(),
                        buyer_phone=values.get("buyer_phone") or None, refused=True,
                        at=local_moment(values, "at", impoundment.village.timezone), actor_phone=actor(viewer))
    return say("form_done_sale", surplus=law.whole_rupees(sale.surplus_paise), receipt=impoundment.receipt)


def record_surplus_payment(values: dict, viewer) -> str:
    impoundment = own_animal(values)
    sale = money.pay_surplus(db(), impoundment, to_phone=values.get("to_phone", ""), now=now(),
                             at=local_moment(values, "at", impoundment.village.timezone), actor_phone=actor(viewer))
    return say("form_done_surplus", amount=law.whole_rupees(sale.surplus_paise), phone=sale.surplus_paid_to_phone)


def record_refund(values: dict, viewer) -> str:
    raw = values.get("deposit", "").strip()
    deposit = db().get(Deposit, int(raw)) if raw.isascii() and raw.isdigit() and len(raw) <= 10 and fits(int(raw)) \
        else None
    if deposit is None:
        raise FieldError("deposit", "form_unknown_deposit")
    require_village_access(deposit.village_id)
    money.refund_deposit(db(), deposit, now=now(), to_phone=values.get("to_phone") or None,
                         actor_phone=actor(viewer))
    return say("form_done_refund", amount=law.whole_rupees(deposit.amount_paise))


def record_complaint(values: dict, viewer) -> str:
    impoundment = own_animal(values)
    money.file_complaint(db(), impoundment, filed_on=a_date(values, "filed_on"), now=now(),
                         by_phone=values.get("by_phone") or None)
    return say("form_done_complaint", receipt=impoundment.receipt)


def record_complaint_outcome(values: dict, viewer) -> str:
    impoundment = own_animal(values)
    compensation = rupees_paise(values, "compensation") if values.get("compensation", "").strip() else 0
    money.decide_complaint(db(), impoundment, outcome=values.get("outcome", ""), now=now(),
                           decided_on=a_date(values, "decided_on"), compensation_paise=compensation)
    return say("form_done_outcome", receipt=impoundment.receipt)


def record_declaration(values: dict, viewer) -> str:
    impoundment = own_animal(values)
    try:
        release = outcomes.record_declaration(db(), impoundment, declared_on=a_date(values, "declared_on"),
                                              security_paise=rupees_paise(values, "security"), now=now(),
                                              actor_phone=actor(viewer))
    except Refused as refused:
        if refused.code != "wrong_security":
            raise
        # The scale's figure, said beside the field, so the official can read it off the receipt book.
        raise FieldError("security", "form_wrong_security",
                         amount=law.whole_rupees(refused.detail["security_due_paise"])) from refused
    return say("form_done_declaration", amount=law.whole_rupees(release.declared_security_paise),
               receipt=impoundment.receipt)


def record_conviction(values: dict, viewer) -> str:
    impoundment = own_animal(values)
    outcomes.forfeit_on_conviction(db(), impoundment, convicted_on=a_date(values, "convicted_on"), now=now(),
                                   court=values.get("court", "").strip() or None)
    return say("form_done_conviction", receipt=impoundment.receipt)


MONEY_FORMS = (
    Form("refused-sale", "form_refused_sale", (Field("tag", "form_tag_or_receipt"),
                                                Field("proceeds", "form_proceeds", "number"),
                                                Field("buyer_phone", "form_buyer_phone", "tel", False),
                                                Field("at", "form_at", "datetime-local", False)), record_refused_sale,
         keeper=True),
    Form("surplus-payment", "form_surplus_payment", (Field("tag", "form_tag_or_receipt"),
                                                      Field("to_phone", "form_paid_to", "tel"),
                                                      Field("at", "form_at", "datetime-local", False)),
         record_surplus_payment),
    Form("deposit-refund", "form_deposit_refund", (Field("deposit", "form_deposit_number"),
                                                    Field("to_phone", "form_paid_to", "tel", False)), record_refund),
    Form("complaint", "form_complaint", (Field("tag", "form_tag_or_receipt"),
                                          Field("filed_on", "form_filed_on", "date", False),
                                          Field("by_phone", "form_by_phone", "tel", False)), record_complaint),
    Form("complaint-outcome", "form_complaint_outcome", (Field("tag", "form_tag_or_receipt"),
                                                          Field("outcome", "form_outcome", "select",
                                                                choices="outcomes"),
                                                          Field("decided_on", "form_decided_on", "date", False),
                                                          Field("compensation", "form_compensation", "number",
                                                                False)), record_complaint_outcome),
    # law forms: §185(3) and §183(2)(b)
    Form("declaration", "form_declaration", (Field("tag", "form_tag_or_receipt"),
                                              Field("security", "form_security", "number"),
                                              Field("declared_on", "form_declared_on", "date", False)),
         record_declaration),
    Form("conviction", "form_conviction", (Field("tag", "form_tag_or_receipt"),
                                            Field("convicted_on", "form_convicted_on", "date", False),
                                            Field("court", "form_court", required=False)), record_conviction),
)
