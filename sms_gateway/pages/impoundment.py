"""`/impoundments/<id>`: one impoundment on one page: the animal,
owner, keeper who recorded it, the seizer and place, every deadline, today's and tomorrow's dues,
the deposit and its state, the register entry (serial/year), and the whole timeline of
events and messages with their delivery status. Linked from every list.

Reads only, through `handlers.pound.facts` (the same facts an owner is told) and
`models.queries.timeline`."""
from __future__ import annotations

from flask import abort, render_template

from handlers.pound import facts
from handlers.pound import register
from models.queries import timeline
from models.tables import Impoundment
from sms_gateway.pages.dashboard import require_viewer
from sms_gateway.extensions import db, now
from sms_gateway.pages.staff import require_village_access, staff_blueprint

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
    return render_template("impoundment.html", i=impoundment, now=moment, entry=register.entry_label(impoundment),
                           status=facts.animal_status(db(), impoundment, moment),
                           deposits=timeline.deposits(db(), impoundment.id),
                           entries=timeline.entries(db(), impoundment.id))
