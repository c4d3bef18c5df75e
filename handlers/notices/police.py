"""The keeper's police report under the 1871 Act (s.14): when an animal has been unclaimed for
the pack's report stage (seven days), each keeper of its pound is told to report it to the
officer in charge of the police station, who posts the notice before the auction. Written by
the dispatcher's tick (`write_due_notices`) from the moment the report falls due; quiet hours
hold it to the morning at send time; its key makes it once per animal and keeper; an animal
claimed before it goes out, or whose report is already on record (the keeper's report, or the
police notice that follows it), is not reported (`no_longer_applies`, `_WHILE_IMPOUNDED`,
`_WHILE_UNREPORTED`)."""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import not_, select
from sqlalchemy.orm import Session, joinedload

from handlers.catalogue import kind_name, spoken, t
from handlers.notices.common import held_in_pounds, label, pound_name, write_notice
from handlers.notices.texts import PoundDay, pound_day
from models import law
from models.law import packs, trespass
from models.queries.disposal import reported
from models.tables import Impoundment, Person, Village

POLICE_REPORT = "police_report"
# A report told a day late still helps the keeper; past that the notice is stale, never sent late.
REPORT_NOTICE_HOURS = 24


def _two_stage_laws() -> list[str]:
    """The packs whose timeline has the police report (their `claim_stages`), read from the packs."""
    return sorted(law_id for law_id in packs.available() if trespass.two_stage(packs.load(law_id)))


def write_police_reports(session: Session, now: datetime) -> None:
    """In a village of a two-stage pack, `claim_deadline` is the report's instant (seizure + the
    report stage's hours, handlers.pound.timeline.first_deadline)."""
    laws = _two_stage_laws()
    if not laws:
        return
    window = now - timedelta(hours=REPORT_NOTICE_HOURS)
    due = session.scalars(select(Impoundment).join(Village, Village.id == Impoundment.village_id)
                          .options(joinedload(Impoundment.village), joinedload(Impoundment.pound))
                          .where(Impoundment.status == "impounded", Village.law.in_(laws),
                                 Impoundment.claim_deadline <= now, Impoundment.claim_deadline > window,
                                 not_(reported()))
                          .order_by(Impoundment.id)).unique().all()
    days: dict[int, PoundDay] = {}   # pound id -> its day, read once for every keeper and language

    def pound_today(impoundment: Impoundment) -> PoundDay:
        if impoundment.pound_id not in days:
            tz = impoundment.village.timezone
            held = held_in_pounds(session, [impoundment.pound_id]).get(impoundment.pound_id, [])
            days[impoundment.pound_id] = pound_day(held, law.local_date(now, tz), tz)
        return days[impoundment.pound_id]

    for impoundment in due:
        keepers = session.scalars(select(Person).where(Person.role == "keeper", Person.pound_id == impoundment.pound_id)
                                  .order_by(Person.id))
        expires = impoundment.claim_deadline + timedelta(hours=REPORT_NOTICE_HOURS)
        for keeper in keepers:
            write_notice(session, keeper, POLICE_REPORT, f"{POLICE_REPORT}:{impoundment.id}:{keeper.id}", now,
                         lambda lang, i=impoundment: police_report_text(i, lang, pound_today(i)),
                         expires_at=expires, impoundment_id=impoundment.id)


def police_report_text(impoundment: Impoundment, lang: str, counts: PoundDay) -> str:
    """Names the animal, its seizure and the pound; under DLT it goes as `keeper_digest`, whose
    values are the pound's head count and today's auctions, as the digest counts them (`pound_day`)."""
    tz = impoundment.village.timezone
    return t(lang, "notice.police_report_keeper", kind=kind_name(lang, impoundment.kind), tag=label(impoundment, lang),
             pound=pound_name(impoundment.pound, lang), seized_at=spoken(lang, impoundment.seized_at, tz),
             count=counts.held, today=counts.today)
