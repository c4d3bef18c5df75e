"""Staff forms for the money records added (§§185(4), 186(1), 188,
189(2)): a sale the owner refused to pay for, a surplus payment, a deposit
refund, a complaint and its outcome; the §185(3) declaration and security after a release under
protest and the §183(2)(b) forfeiture on a conviction; under the 1871 Act, the cow handed to a
gaushala (s.14 proviso). Through `handlers.pound.money`,
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
from sms_gateway.pages.staff.form_specs import FieldError, Form, a_date, actor, local_moment, own_animal
from sms_gateway.pages.staff import require_village_access
from sms_gateway.pages.staff.fields import Choice, Day, Moment, Rupees, Tel, Text, fields


def record_refused_sale(values: dict, viewer) -> str:
    impoundment = own_animal(values)
    sale = records.sell(db(), impoundment, proceeds_paise=values["proceeds"], now=now(),
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
    money.decide_complaint(db(), impoundment, outcome=values.get("outcome", ""), now=now(),
                           decided_on=a_date(values, "decided_on"), compensation_paise=values.get("compensation") or 0)
    return say("form_done_outcome", receipt=impoundment.receipt)


def record_declaration(values: dict, viewer) -> str:
    impoundment = own_animal(values)
    try:
        release = outcomes.record_declaration(db(), impoundment, declared_on=a_date(values, "declared_on"),
                                              security_paise=values["security"], now=now(),
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


def record_handover(values: dict, viewer) -> str:
    """1871 s.14 proviso: the unclaimed cow handed to the gaushala named, as POST .../handover."""
    impoundment = own_animal(values)
    try:
        outcomes.hand_over(db(), impoundment, to=values.get("handed_to", "").strip(), now=now(),
                           at=local_moment(values, "at", impoundment.village.timezone), actor_phone=actor(viewer))
    except Refused as refused:
        if refused.field == "handed_at":
            refused.field = "at"   # the form's own name for the moment
        raise
    return say("form_done_handover", to=impoundment.handed_to, receipt=impoundment.receipt)


MONEY_FORMS = (
    Form("refused-sale", "form_refused_sale", fields(tag=Text("form_tag_or_receipt", digits=True),
                                                     proceeds=Rupees("form_proceeds"),
                                                     buyer_phone=Tel("form_buyer_phone", required=False),
                                                     at=Moment("form_at", required=False)), record_refused_sale,
         keeper=True),
    Form("surplus-payment", "form_surplus_payment", fields(tag=Text("form_tag_or_receipt", digits=True),
                                                           to_phone=Tel("form_paid_to"),
                                                           at=Moment("form_at", required=False)),
         record_surplus_payment),
    Form("deposit-refund", "form_deposit_refund", fields(deposit=Text("form_deposit_number", digits=True),
                                                         to_phone=Tel("form_paid_to", required=False)), record_refund),
    Form("complaint", "form_complaint", fields(tag=Text("form_tag_or_receipt", digits=True),
                                               filed_on=Day("form_filed_on", required=False),
                                               by_phone=Tel("form_by_phone", required=False)), record_complaint),
    Form("complaint-outcome", "form_complaint_outcome", fields(tag=Text("form_tag_or_receipt", digits=True),
                                                               outcome=Choice("form_outcome", "outcomes"),
                                                               decided_on=Day("form_decided_on", required=False),
                                                               compensation=Rupees("form_compensation",
                                                                                   required=False)),
         record_complaint_outcome),
    # law forms: §185(3) and §183(2)(b)
    Form("declaration", "form_declaration", fields(tag=Text("form_tag_or_receipt", digits=True),
                                                   security=Rupees("form_security"),
                                                   declared_on=Day("form_declared_on", required=False)),
         record_declaration),
    Form("conviction", "form_conviction", fields(tag=Text("form_tag_or_receipt", digits=True),
                                                 convicted_on=Day("form_convicted_on", required=False),
                                                 court=Text("form_court", required=False)), record_conviction),
    # 1871 s.14 proviso: a kind the schedule sends to a gaushala
    Form("handover", "form_handover", fields(tag=Text("form_tag_or_receipt", digits=True),
                                             handed_to=Text("form_handed_to"),
                                             at=Moment("form_at", required=False)), record_handover),
)
