"""§182(1): the panchayat "may appoint to be keepers of such pounds such persons as may be
approved by the Taluka Development Officer". A keeper without that approval on record may still
record a seizure (the animal must be held somewhere), but may not release or sell an animal until
approved (SPEC 12.5); the dashboard lists such keepers (models.queries.books.unapproved_keepers).
The panchayat's own acts (the admin API, an official's browser form) are not the keeper's."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from handlers.errors import Refused
from models import law, queries
from models.law import sections
from models.tables import Impoundment


def require_approved_keeper(session: Session, impoundment: Impoundment, actor_phone: str | None,
                            at: datetime) -> None:
    """Refuse a release or sale done by a keeper whose TDO approval is not on record by `at`."""
    actor = queries.person_by_phone(session, actor_phone) if actor_phone else None
    if actor is None or actor.role != "keeper":
        return
    if not sections.keeper_may_dispose(actor.approved_on, law.local_date(at, impoundment.village.timezone)):
        raise Refused("keeper_unapproved", "a keeper not approved by the Taluka Development Officer may record "
                      "seizures, not release or sell (section 182(1))", status=403, field="keeper")
