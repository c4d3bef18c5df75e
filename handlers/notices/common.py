"""What every notice rule shares: the notice kinds (outbox kinds, SPEC 7 and
11.5), writing one notice to one person once (its idempotency key probed
first, its text computed only when needed), batched probes of keys and
recipients for the dispatcher's minute tick, and the small words every text
uses (an animal's label, a pound's name, a local moment)."""
from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, time, timezone
from typing import Callable, Sequence
from zoneinfo import ZoneInfo

from sqlalchemy import Integer, String, case, select
from sqlalchemy.orm import Session

from handlers.catalogue import place_name, t
from handlers.outbox import queue_message
from models import outbox
from models.db import among  # noqa: F401 (the notice rules' batched probes use it from here)
from models.outbox.stop import is_unsolicited, reaches
from models.queries.disposal import for_auction, reported
from models.tables import Impoundment, OutboundMessage, Person, Pound, Watch


SEIZURE_ALERT = "seizure_alert"
CLAIM_REMINDER = "claim_reminder"
AUCTION_NOTICE = "auction_notice"
RELEASE_RECEIPT = "release_receipt"
SURPLUS_NOTICE = "surplus_notice"
SURPLUS_REMINDER = "surplus_reminder"
PROTEST_REMINDER = "protest_reminder"
DEPOSIT_FORFEITED = "deposit_forfeited"
DEPOSIT_REFUNDABLE = "deposit_refundable"
KEEPER_DIGEST = "keeper_digest"
# SPEC 11.5
SECURITY_DUE = "security_due"
SURPLUS_PAID = "surplus_paid"
DEPOSIT_REFUNDED = "deposit_refunded"
COMPLAINT_OUTCOME = "complaint_outcome"
# §183(2)(b): the owner hears that the animal went to the State on a conviction.
FORFEITED_ON_CONVICTION = "forfeited_on_conviction"
# 1871 s.14 proviso: the owner hears that the unclaimed animal was handed to a gaushala.
HANDED_OVER = "handed_over"
# SPEC 12.5, §182(1): the village's officials hear of a seizure by a keeper not yet approved.
KEEPER_UNAPPROVED = "keeper_unapproved"


def write_notice(session: Session, person: Person, kind: str, key: str, now: datetime, text: Callable[[str], str], *,
                 expires_at: datetime | None = None, impoundment_id: int | None = None) -> None:
    """One notice to one person, unless its key is written already (the text
    is only computed when it is needed)."""
    if not wants(person, kind):
        return  # queue_message refuses it: no need to compute its text (a query or five) every tick
    if key_written(session, key):
        return
    if queue_message(session, to_phone=person.phone, text=sentence(text(person.language)), language=person.language,
                     kind=kind, idempotency_key=key, now=now, expires_at=expires_at, person=person,
                     impoundment_id=impoundment_id) is not None:
        session.info[_WRITTEN] = session.info.get(_WRITTEN, 0) + 1


def wants(person: Person, kind: str) -> bool:
    """False for a notice queue_message would refuse (STOP applies to unsolicited kinds)."""
    return reaches(person.opted_out, is_unsolicited(kind))


def sentence(text: str) -> str:
    """"buffalo 1234…" → "Buffalo 1234…": a notice may start with a kind's name."""
    return text[:1].upper() + text[1:]


_WRITTEN = "notices.written"


def written_count(session: Session) -> int:
    return session.info.get(_WRITTEN, 0) + len(outbox.bulk_written(session))


def key_written(session: Session, key: str) -> bool:
    # The session autoflushes, so a row added earlier in this transaction counts.
    return session.scalar(select(OutboundMessage.id).where(OutboundMessage.idempotency_key == key)) is not None


BATCH = 5000  # ids or keys per list


def existing_keys(session: Session, keys: Sequence[str]) -> set[str]:
    """Which of these idempotency keys the outbox holds already (one indexed
    query per batch instead of one per key)."""
    found: set[str] = set()
    for start in range(0, len(keys), BATCH):
        found.update(session.scalars(select(OutboundMessage.idempotency_key).where(
            among(session, OutboundMessage.idempotency_key, keys[start:start + BATCH], String))))
    return found


def held_in_pounds(session: Session, pound_ids: Sequence[int]) -> dict[int, list]:
    """{pound id: its animals in the pound, as rows with `kind`, `auction_at`, `claim_deadline`,
    `for_auction` (to be auctioned at `auction_at`: 1871 s.14, its notice recorded, and the
    proviso, its kind auctioned) and `reported` (1871 s.14: the keeper's report to the police on
    record, or the police notice that follows it)}: what the keeper's digest and police report
    count, in one query per batch of pounds, not one per keeper or language."""
    held: dict[int, list] = defaultdict(list)
    auctioned = case((for_auction(), True), else_=False).label("for_auction")
    on_record = case((reported(), True), else_=False).label("reported")
    for start in range(0, len(pound_ids), BATCH):
        for row in session.execute(
                select(Impoundment.pound_id, Impoundment.kind, Impoundment.auction_at, Impoundment.claim_deadline,
                       auctioned, on_record)
                .where(among(session, Impoundment.pound_id, pound_ids[start:start + BATCH], Integer),
                       Impoundment.status == "impounded").order_by(Impoundment.id)):
            held[row.pound_id].append(row)
    return held


# What a dated notice needs of its recipient: plain rows with these attributes, not
# ORM objects (46,000 Person objects cost a steady tick ~1 s of identity map).
_RECIPIENT = (Person.id, Person.phone, Person.language, Person.opted_out)


def owners_and_watchers_of(session: Session, owners: dict[int, int | None]) -> dict[int, list]:
    """`owner_and_watchers` for many impoundments at once ({impoundment id:
    owner id}): the owner first, then the watchers by person id, as rows with
    `id`, `phone`, `language` and `opted_out`."""
    ids = list(owners)
    people: dict[int, object] = {}
    owner_ids = sorted({owner for owner in owners.values() if owner})
    for start in range(0, len(owner_ids), BATCH):
        people.update((p.id, p) for p in session.execute(
            select(*_RECIPIENT).where(among(session, Person.id, owner_ids[start:start + BATCH], Integer))))
    found: dict[int, list] = {i: ([people[owners[i]]] if owners[i] in people else []) for i in ids}
    for start in range(0, len(ids), BATCH):
        rows = session.execute(select(Watch.impoundment_id, *_RECIPIENT).join(Person, Watch.person_id == Person.id)
                               .where(among(session, Watch.impoundment_id, ids[start:start + BATCH], Integer))
                               .order_by(Watch.impoundment_id, Person.id))
        for row in rows:
            if row.id != owners[row.impoundment_id]:
                found[row.impoundment_id].append(row)
    return found


def owner_and_watchers(session: Session, impoundment: Impoundment) -> list[Person]:
    people = []
    if impoundment.owner_id:
        owner = session.get(Person, impoundment.owner_id)
        if owner is not None:
            people.append(owner)
    watchers = session.scalars(select(Person).join(Watch, Watch.person_id == Person.id)
                               .where(Watch.impoundment_id == impoundment.id).order_by(Person.id))
    people.extend(p for p in watchers if p.id != impoundment.owner_id)
    return people


def local_moment(on: date, hour: int, tz: str) -> datetime:
    """`hour`:00 on the local date `on`, as a UTC datetime."""
    return datetime.combine(on, time(hour), ZoneInfo(tz)).astimezone(timezone.utc)


def label(impoundment: Impoundment, lang: str) -> str:
    """The ear tag; an untagged animal is named by its receipt, said as one."""
    return impoundment.tag or t(lang, "notice.untagged", receipt=impoundment.receipt)


def pound_name(pound: Pound, lang: str) -> str:
    return place_name(lang, pound.name, pound.names, pound.code)
