"""The dated notices the dispatcher writes every minute (`write_due_notices`):
claim reminders, the auction's eve, surplus and protest reminders, keeper
digests (and, from `notice_money`, the security due); and the village-wide
auction notice, fixed or on its eve, with its key. Each is written once its
moment has come, with a text computed then."""
from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta, timezone
from typing import Iterable, Sequence

from sqlalchemy import Integer, select
from sqlalchemy.orm import Session, joinedload

from handlers.notices import broadcasts
from handlers.notices import writer as notice_writer
from handlers.catalogue import LANGUAGES, auction_place
from handlers.notices.common import (
    AUCTION_NOTICE, CLAIM_REMINDER, KEEPER_DIGEST, PROTEST_REMINDER, SURPLUS_REMINDER,
    among, existing_keys, held_in_pounds, key_written, local_moment, owner_and_watchers, owners_and_watchers_of, pound_name, sentence,
    wants, write_notice, written_count,
)
from handlers.notices.money import write_security_dues
from handlers.notices.police import write_police_reports
from handlers.notices.texts import (
    auction_text, claim_reminder_text, keeper_digest_text, protest_reminder_text, surplus_reminder_text,
)
from models import law, queries
from models.law import packs, trespass
from models.db import on_postgresql
from models.queries import notices as notice_queries
from models.queries import occasions
from models.queries.disposal import for_auction
from models.outbox import bulk as outbox_bulk
from models.outbox.stop import reaches_sql
from models.tables import Impoundment, Person, Pound, Release, Sale, Village


SURPLUS_REMINDER_DAYS = 3  # before the 15-day surplus deadline (§186(1))
PROTEST_REMINDER_DAYS = 7  # before the 28-day complaint deadline (§185(3))
DEFAULT_MORNING_HOUR = 8
DEFAULT_EVENING_HOUR = 21


def write_due_notices(session: Session, now: datetime, *, reminder_days: Iterable[int] = (3, 1),
                      morning_hour: int = DEFAULT_MORNING_HOUR, evening_hour: int = DEFAULT_EVENING_HOUR,
                      auction_eves: bool = True) -> int:
    """Write every dated notice whose moment has come and which is not written
    yet; returns how many rows were written. Safe to call every minute.
    `auction_eves=False` leaves the auctions' eves to `write_auction_eves` (the
    dispatcher writes them beside the rest, in a session of their own)."""
    before = written_count(session)
    _claim_reminders(session, now, sorted(set(reminder_days)), morning_hour)
    if auction_eves:
        _auction_eves(session, now, morning_hour)
    _surplus_reminders(session, now, morning_hour)
    _protest_reminders(session, now, morning_hour)
    write_police_reports(session, now)
    write_security_dues(session, now, morning_hour)
    _keeper_digests(session, now, morning_hour, evening_hour)
    return written_count(session) - before


def write_auction_eves(session: Session, now: datetime, *, morning_hour: int = DEFAULT_MORNING_HOUR) -> int:
    """The auctions' eves alone (see write_due_notices); returns how many rows were written."""
    before = written_count(session)
    _auction_eves(session, now, morning_hour)
    return written_count(session) - before


# ---------------------------------------------------------------- the dated notices, one by one


def _claim_reminders(session: Session, now: datetime, reminder_days: list[int], morning_hour: int) -> None:
    """REMINDER_DAYS before the claim deadline, at the village's morning hour.
    Only the latest reminder whose moment has come is written: an animal
    entered late does not get its 3-day and 1-day reminders at once.

    Runs every minute over every animal near its deadline (tens of thousands
    in a district), so it reads plain columns, finds the recipients and the
    keys already written in a few batched queries, and loads an impoundment
    only when one of its reminders is still to be written."""
    if not reminder_days:
        return
    horizon = now + timedelta(days=max(reminder_days) + 2)
    if on_postgresql(session):
        # The same rule, found by the database: only the reminders still missing reach Python.
        missing: dict[int, list] = {}
        for row in notice_queries.claim_reminders_missing(session, now, reminder_days, morning_hour,
                                                                f"{CLAIM_REMINDER}:", horizon):
            missing.setdefault(row.impoundment_id, []).append((row, row.key))
        _write_claim_reminders(session, missing, now)
        return
    _write_claim_reminders(session, missing_claim_reminders_in_python(session, now, reminder_days, morning_hour,
                                                                      horizon), now)


def claim_reminder_due(claim_deadline: datetime, tz: str, now: datetime, reminder_days: Iterable[int],
                       morning_hour: int) -> int | None:
    """When a claim reminder is due: THE definition. Each reminder day `d`
    has its moment, `morning_hour`:00 local time `d` days before the claim
    deadline's local date; the reminder due at `now` is the one nearest the
    deadline whose moment has come (an animal entered late gets its 1-day
    reminder, not the 3-day one too), and none when that moment is not before
    the deadline or the deadline has passed. Returns its `d`, or None.

    `models.queries.notices._CLAIM_REMINDERS_MISSING` is this rule in set-based
    SQL, for PostgreSQL's dispatcher; a hypothesis test
    (tests/notices/test_notices_batched.py) holds the two equal over generated
    animals, deadlines, moments and time zones, clock changes included."""
    if claim_deadline <= now:
        return None
    deadline_day = law.local_date(claim_deadline, tz)
    for days in sorted(reminder_days):  # nearest the deadline first
        moment = local_moment(deadline_day - timedelta(days=days), morning_hour, tz)
        if moment <= now:
            return days if moment < claim_deadline else None
    return None


def missing_claim_reminders_in_python(session: Session, now: datetime, reminder_days: list[int], morning_hour: int,
                                      horizon: datetime) -> dict[int, list]:
    """{impoundment id: [(recipient, key)]}: the claim reminders due
    (`claim_reminder_due`) and not written, found in Python (SQLite; a test
    holds it equal to notice_queries.claim_reminders_missing, PostgreSQL's)."""
    candidates = session.execute(
        select(Impoundment.id, Impoundment.claim_deadline, Impoundment.owner_id, Village.timezone)
        .join(Village, Village.id == Impoundment.village_id)
        .where(Impoundment.status == "impounded", Impoundment.claim_deadline > now,
               Impoundment.claim_deadline <= horizon).order_by(Impoundment.id))
    due: dict[int, int] = {}  # impoundment id -> the days-before of its reminder due now
    owners: dict[int, int | None] = {}
    for impoundment_id, claim_deadline, owner_id, tz in candidates:
        days = claim_reminder_due(claim_deadline, tz, now, reminder_days, morning_hour)
        if days is not None:
            due[impoundment_id], owners[impoundment_id] = days, owner_id
    recipients = owners_and_watchers_of(session, owners)
    keys = {impoundment_id: [(person, f"{CLAIM_REMINDER}:{impoundment_id}:{person.id}:{days}")
                             for person in recipients[impoundment_id]]
            for impoundment_id, days in due.items()}
    written = existing_keys(session, [key for pairs in keys.values() for _, key in pairs])
    missing = {impoundment_id: [(person, key) for person, key in pairs
                                if key not in written and wants(person, CLAIM_REMINDER)]
               for impoundment_id, pairs in keys.items()}
    return {i: pairs for i, pairs in missing.items() if pairs}


def _write_claim_reminders(session: Session, missing: dict[int, list], now: datetime) -> None:
    """{impoundment id: [(recipient, key)]}: the animals still to be reminded about are loaded
    with their places and schedules, a batch per query; each text computed once per animal and
    language; all rows written as a set."""
    impoundments = queries.impoundments_by_ids(session, sorted(missing))
    # §189's counts for every animal whose deposit they decide, in a statement per batch (not one per animal).
    counted = occasions.seizure_counts_many(session, [i.id for i in impoundments.values()
                                                      if i.owner_id is not None and i.village.security_notified])
    texts: dict[tuple[int, str], str] = {}
    notices = []
    with occasions.remembering(session, counted):
        for impoundment_id, pairs in missing.items():
            impoundment = impoundments[impoundment_id]
            for person, key in pairs:
                if (impoundment_id, person.language) not in texts:
                    texts[impoundment_id, person.language] = sentence(claim_reminder_text(session, impoundment,
                                                                                          person.language, now))
                notices.append(notice_writer.Notice(person, CLAIM_REMINDER, key,
                                                    texts[impoundment_id, person.language],
                                                    expires_at=impoundment.claim_deadline,
                                                    impoundment_id=impoundment_id))
    notice_writer.write_all(session, notices, now)   # counted by written_count, as bulk rows


def _auction_eves(session: Session, now: datetime, morning_hour: int) -> None:
    """The day before an auction, at the morning hour, the whole village hears of it.

    Every minute this looks at each (village, auction time) of the next two
    days: their first recipients' keys are probed in one batch; the animals of
    the auctions still to announce are loaded in one query, and all their
    notices written in a few statements (a district's morning: 2,000 auctions)."""
    window = (Impoundment.status == "impounded", Impoundment.auction_at > now,
              Impoundment.auction_at <= now + timedelta(days=2), for_auction())   # 1871 s.14 and proviso
    slots = session.execute(select(Impoundment.village_id, Impoundment.auction_at).where(*window).distinct()).all()
    village_ids = sorted({village_id for village_id, _ in slots})
    # Plain rows, not Village objects: all an auction's notice needs of its village (its names
    # stand in for a typed place a reader's script cannot carry).
    villages = {v.id: v for v in session.execute(select(Village.id, Village.timezone, Village.name, Village.names,
                                                        Village.code, Village.law, Village.law_schedule)
                                                 .where(among(session, Village.id, village_ids, Integer)))}
    due = []
    for village_id, auction_at in sorted(slots, key=lambda slot: (slot[1], slot[0])):
        village = villages[village_id]
        eve = local_moment(law.local_date(auction_at, village.timezone) - timedelta(days=1), morning_hour,
                           village.timezone)
        if eve <= now:
            due.append((village, auction_at.astimezone(timezone.utc)))
    firsts = notice_queries.first_recipients(session, sorted({village.id for village, _ in due}))
    keys = {(village.id, at): f"{auction_key_prefix('eve', village.id, at)}:{firsts[village.id]}"
            for village, at in due if village.id in firsts}
    written = existing_keys(session, list(keys.values()))
    todo = [(village, at) for village, at in due if (village.id, at) in keys and keys[village.id, at] not in written]
    if not todo:
        return
    groups = auction_groups(session.execute(
        select(Impoundment.id, Impoundment.village_id, Impoundment.auction_at, Impoundment.kind,
               Impoundment.auction_place, Impoundment.auction_place_en, Impoundment.pound_id)
        .where(*window, among(session, Impoundment.village_id, sorted({v.id for v, _ in todo}), Integer))
        .order_by(Impoundment.id)))
    pound_ids = sorted({groups[village.id, at][0].pound_id for village, at in todo})
    pounds = {p.id: p for p in session.scalars(select(Pound).where(Pound.id.in_(pound_ids)))}
    texts = [text for village, at in todo
             for text in auction_texts(village, at, groups[village.id, at], pounds[groups[village.id, at][0].pound_id],
                                       "eve")]
    outbox_bulk.add_for_villages(session, texts, now)


def _surplus_reminders(session: Session, now: datetime, morning_hour: int) -> None:
    first, last = now.date() - timedelta(days=1), now.date() + timedelta(days=SURPLUS_REMINDER_DAYS + 1)
    sales = session.scalars(select(Sale).options(joinedload(Sale.impoundment).joinedload(Impoundment.village))
                            .where(Sale.surplus_paise > 0, Sale.surplus_deadline >= first,
                                   Sale.surplus_deadline <= last).order_by(Sale.id))
    for sale in sales:
        impoundment = sale.impoundment
        tz = impoundment.village.timezone
        moment = local_moment(sale.surplus_deadline - timedelta(days=SURPLUS_REMINDER_DAYS), morning_hour, tz)
        expires = local_moment(sale.surplus_deadline + timedelta(days=1), 0, tz)
        if not moment <= now < expires:
            continue
        for person in owner_and_watchers(session, impoundment):
            write_notice(session, person, SURPLUS_REMINDER, f"{SURPLUS_REMINDER}:{impoundment.id}:{person.id}", now,
                         lambda lang, i=impoundment, s=sale: surplus_reminder_text(i, s, lang), expires_at=expires,
                         impoundment_id=impoundment.id)


def _protest_reminders(session: Session, now: datetime, morning_hour: int) -> None:
    first, last = now.date() - timedelta(days=1), now.date() + timedelta(days=PROTEST_REMINDER_DAYS + 1)
    releases = session.scalars(select(Release).options(joinedload(Release.impoundment).joinedload(Impoundment.village))
                               .where(Release.under_protest.is_(True), Release.protest_deadline >= first,
                                      Release.protest_deadline <= last).order_by(Release.id))
    for release in releases:
        impoundment = release.impoundment
        owner_id = release.owner_id or impoundment.owner_id
        owner = session.get(Person, owner_id) if owner_id else None
        if owner is None or not impoundment.village.security_notified:
            continue  # the reminder is of the §185(3) security: only where §189 is notified
        tz = impoundment.village.timezone
        moment = local_moment(release.protest_deadline - timedelta(days=PROTEST_REMINDER_DAYS), morning_hour, tz)
        expires = local_moment(release.protest_deadline + timedelta(days=1), 0, tz)
        if not moment <= now < expires:
            continue
        write_notice(session, owner, PROTEST_REMINDER, f"{PROTEST_REMINDER}:{impoundment.id}", now,
                     lambda lang, i=impoundment, r=release: protest_reminder_text(i, r, lang), expires_at=expires,
                     impoundment_id=impoundment.id)


def _keeper_digests(session: Session, now: datetime, morning_hour: int, evening_hour: int) -> None:
    """Every morning each keeper hears what the pound holds and which auctions
    fall today and tomorrow; a digest not sent by the evening is dropped. An
    empty pound sends nothing. (Every minute of the day this probes every
    keeper's key, in one batch from plain rows; only the keepers still to be
    told are loaded, their pounds' animals read and their digests written, in
    a statement each.)"""
    keepers = session.execute(select(Person.id, Village.timezone).join(Pound, Pound.id == Person.pound_id)
                              .join(Village, Village.id == Pound.village_id)
                              .where(Person.role == "keeper", reaches_sql(Person.opted_out)).order_by(Person.id))
    due = {}
    for keeper_id, tz in keepers:
        today = law.local_date(now, tz)
        moment = local_moment(today, morning_hour, tz)
        expires = local_moment(today, evening_hour, tz) if evening_hour > morning_hour else moment + timedelta(hours=12)
        if moment <= now < expires:
            due[keeper_id] = (today, expires, f"{KEEPER_DIGEST}:{keeper_id}:{today.isoformat()}")
    written = existing_keys(session, [key for *_, key in due.values()])
    due = {keeper_id: entry for keeper_id, entry in due.items() if entry[2] not in written}
    if not due:
        return
    due = [(keeper, *due[keeper.id]) for keeper in session.scalars(   # only the keepers still to be told
        select(Person).options(joinedload(Person.pound).joinedload(Pound.village))
        .where(among(session, Person.id, sorted(due), Integer)).order_by(Person.id))]
    held_by_pound = held_in_pounds(session, sorted({keeper.pound_id for keeper, *_ in due}))
    digests = [notice_writer.Notice(keeper, KEEPER_DIGEST, key,
                                    sentence(keeper_digest_text(keeper.language, keeper.pound, today,
                                                                held_by_pound[keeper.pound_id],
                                                                keeper.pound.village.timezone,
                                                                trespass.two_stage(keeper.pound.village.pack))),
                                    expires_at=expires)
               for keeper, today, expires, key in due if held_by_pound.get(keeper.pound_id)]
    notice_writer.write_all(session, digests, now)   # one statement for every keeper's digest


# ---------------------------------------------------------------- auctions


def auction_groups(impoundments: Iterable[Impoundment]) -> dict[tuple[int, datetime], list[Impoundment]]:
    groups: dict[tuple[int, datetime], list[Impoundment]] = defaultdict(list)
    for impoundment in impoundments:
        groups[(impoundment.village_id, impoundment.auction_at.astimezone(timezone.utc))].append(impoundment)
    return groups


def auction_key_prefix(stage: str, village_id: int, auction_at: datetime) -> str:
    """`auction_notice:eve:7:20261208T053000Z`; the person's id follows."""
    stamp = auction_at.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    return f"{AUCTION_NOTICE}:{stage}:{village_id}:{stamp}"


def parse_auction_key(key: str) -> tuple[int, datetime] | None:
    parts = key.split(":")
    try:
        return int(parts[2]), datetime.strptime(parts[3], "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
    except (IndexError, ValueError):
        return None


def announce_auction(session: Session, village: Village, auction_at: datetime, animals: Sequence[Impoundment],
                     stage: str, now: datetime) -> None:
    """One notice per opted-in person of the village, in their language. The
    first recipient's key is probed first, so a tick that finds the notice
    already written costs one indexed lookup, not one per villager."""
    prefix = auction_key_prefix(stage, village.id, auction_at)
    first = session.scalar(select(Person.id).where(Person.village_id == village.id, reaches_sql(Person.opted_out))
                           .order_by(Person.id).limit(1))
    if first is None or key_written(session, f"{prefix}:{first}"):
        return
    outbox_bulk.add_for_villages(session, auction_texts(village, auction_at, animals, animals[0].pound, stage), now)


def auction_texts(village: Village, auction_at: datetime, animals: Sequence, pound: Pound,
                  stage: str) -> list[outbox_bulk.VillageText]:
    """The auction's notice in every language, for the village's readers of
    each (`animals`: the auction's lots, anything with `kind`, `auction_place`
    and `auction_place_en`)."""
    texts = {lang: auction_text_in(lang, village, auction_at, animals, pound) for lang in LANGUAGES}
    return broadcasts.village_texts(village_id=village.id, kind=AUCTION_NOTICE,
                                    key_prefix=auction_key_prefix(stage, village.id, auction_at), texts=texts,
                                    expires_at=auction_at)


def auction_text_in(lang: str, village, auction_at: datetime, animals: Sequence, pound: Pound) -> str:
    """The auction's notice for a reader of `lang`: its place as the official gave it for
    that script (`handlers.catalogue.auction_place`), else the pound's name."""
    typed, typed_en = animals[0].auction_place, getattr(animals[0], "auction_place_en", None)
    place = (auction_place(lang, typed, village.name, village.names, village.code, typed_en)
             if typed or typed_en else pound_name(pound, lang))
    two_stage = trespass.two_stage(packs.rules(village.law or packs.DEFAULT_LAW, village.law_schedule))
    return auction_text(lang, auction_at, village.timezone, place, animals, two_stage)
