"""`/impoundments/<id>`: one impoundment on one page: the animal,
owner, keeper who recorded it, the seizer and place, every deadline, today's and tomorrow's dues,
the deposit and its state, the register entry (serial/year), and the whole timeline of
events and messages with their delivery status. Linked from every list.

Reads only, through `handlers.pound.facts` (the same facts an owner is told) and
`models.queries.timeline`."""
from __future__ import annotations

from flask import abort, render_template, url_for

from handlers.pound import facts
from handlers.pound import register
from models.queries import timeline
from models.tables import Impoundment
from sms_gateway.pages.dashboard import require_viewer
from sms_gateway.extensions import db, now
from sms_gateway.pages.staff import paise_text, require_village_access, staff_blueprint

bp = staff_blueprint("impoundment")


@bp.get("/impoundments/<int:impoundment_id>")
def impoundment_page(impoundment_id: int):
    if (refused := require_viewer()) is not None:
        return refused
    impoundment = db().get(Impoundment, impoundment_id)
    if impoundment is None:
        abort(404)
    require_village_access(impoundment.village_id, impoundment.pound_id)
    moment = now()
    deposits = timeline.deposits(db(), impoundment.id)
    return render_template("impoundment.html", i=impoundment, now=moment, entry=register.entry_label(impoundment),
                           status=facts.animal_status(db(), impoundment, moment), deposits=deposits,
                           entries=timeline.entries(db(), impoundment.id),
                           actions=record_actions(impoundment, deposits))


def record_actions(impoundment: Impoundment, deposits) -> list[tuple[str, str, dict]]:
    """What may be recorded next about this animal, each a link to its form with the animal
    filled in (release, sale, complaint, surplus, deposit refund): only the forms the viewer may
    use, only while they apply. (label key, form slug, values to fill in, label values)."""
    from sms_gateway.pages.staff.forms import FORMS, may_use

    tag = impoundment.tag or impoundment.receipt
    wanted: list[tuple[str, str, dict, dict]] = []
    if impoundment.status == "impounded":
        wanted += [("form_release", "release", {"tag": tag, "mode": "normal"}, {}),
                   ("imp_release_protest", "release", {"tag": tag, "mode": "protest"}, {}),
                   ("form_sale", "sale", {"tag": tag}, {}),
                   ("form_refused_sale", "refused-sale", {"tag": tag}, {})]
    if impoundment.status == "sold":
        wanted.append(("form_surplus_payment", "surplus-payment", {"tag": tag}, {}))
    wanted += [("form_complaint", "complaint", {"tag": tag}, {}),
               ("form_complaint_outcome", "complaint-outcome", {"tag": tag}, {})]
    wanted += [("imp_refund_deposit", "deposit-refund", {"deposit": str(d.id)}, {"amount": paise_text(d.amount_paise)})
               for d in deposits if d.status == "refundable"]
    return [(label, url_for("staff.show_form", slug=slug, **fill), label_values)
            for label, slug, fill, label_values in wanted if slug in FORMS and may_use(FORMS[slug])]
