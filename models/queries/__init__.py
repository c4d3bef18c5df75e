"""Queries that load what the law's arithmetic needs, and nothing more.

Each function takes a session and plain values; none knows about HTTP, SMS
or the clock (a moment, when needed, is passed in).
"""
from __future__ import annotations

from collections import namedtuple
from datetime import date, datetime

from sqlalchemy import Date, bindparam, func, literal_column, or_, select
from sqlalchemy.orm import Session, joinedload

from models import law
from models.law import trespass
from models.queries import occasions
from models.db import execute_core, kept_for_the_transaction, read_for_the_transaction
from models.tables import (
    Broadcast,
    Complaint,
    DailyRate,
    Impoundment,
    Person,
    PoundFee,
    SecurityScaleRow,
    Village,
)


# The statements every webhook request runs are built once, with bound
# parameters, at import: building a select() and its cache key on every call
# cost more CPU than PostgreSQL spends answering it.
_POUND_FEES = select(PoundFee.effective_from, PoundFee.amount_paise).where(PoundFee.kind == bindparam("kind"))
# §187(2): rates "fixed by the panchayat with previous approval of the District Panchayat": a
# version without its approval on record is not charged; the approved one before it applies.
_DAILY_RATES = select(DailyRate.effective_from, DailyRate.amount_paise).where(
    DailyRate.village_id == bindparam("village_id"), DailyRate.kind == bindparam("kind"),
    DailyRate.approval_ref.is_not(None))
# The version of the scale in force: its date is a subquery, so one round trip.
_SECURITY_SCALE = (
    select(SecurityScaleRow.min_head, SecurityScaleRow.max_head, SecurityScaleRow.min_times,
           SecurityScaleRow.max_times, SecurityScaleRow.per_head_paise)
    .where(SecurityScaleRow.village_id == bindparam("village_id"),
           SecurityScaleRow.effective_from == select(func.max(SecurityScaleRow.effective_from)).where(
               SecurityScaleRow.village_id == bindparam("village_id"),
               SecurityScaleRow.effective_from <= bindparam("on")).scalar_subquery())
    .order_by(SecurityScaleRow.position, SecurityScaleRow.id)
)


# The pound fee and daily rate in force on an impoundment's seizure date (its
# village's local date), read as two more columns of the impoundment's own
# query: a FIND, FEES, USSD find or dues request then computes the dues
# without two more round trips. Plain SQL over the outer query's
# `impoundments` (never aliased there); the same rule as law.in_force (the
# latest effective_from <= the date; the unique keys leave no ties). The local
# seizure date is the stored `seized_on`, so the SQL is the same on
# PostgreSQL and on SQLite, the embedded first-run database.
_SEIZURE_DATE_SQL = "impoundments.seized_on"
_SEIZURE_DATE = literal_column(_SEIZURE_DATE_SQL, Date)
_FEE_IN_FORCE = literal_column(
    "(SELECT f.amount_paise FROM pound_fees f WHERE f.kind = impoundments.kind "
    f"AND f.effective_from <= {_SEIZURE_DATE_SQL} ORDER BY f.effective_from DESC LIMIT 1)")
_RATE_IN_FORCE = literal_column(
    "(SELECT r.amount_paise FROM daily_rates r WHERE r.village_id = impoundments.village_id "
    f"AND r.kind = impoundments.kind AND r.effective_from <= {_SEIZURE_DATE_SQL} "
    "AND r.approval_ref IS NOT NULL ORDER BY r.effective_from DESC LIMIT 1)")
# session.info: {(impoundment id, seizure date): (fee, rate), ("scale", village id, date): rows}
_SCHEDULES_READ = "dabbo.schedules_read"
_SCHEDULE_TABLES = (PoundFee, DailyRate, SecurityScaleRow)


def _remember_schedules(session: Session, impoundment: Impoundment, on: date, fee: int | None,
                        rate: int | None) -> None:
    session.info.setdefault(_SCHEDULES_READ, {})[(impoundment.id, on)] = (fee or 0, rate or 0)


def _schedules_read(session: Session, impoundment: Impoundment, on: date) -> tuple[int, int] | None:
    """The fee and rate read with the impoundment in this transaction, if they
    were (and for the same seizure date: Python's and PostgreSQL's time zone
    databases must agree, else the schedules are read again)."""
    return read_for_the_transaction(session, _SCHEDULES_READ, _SCHEDULE_TABLES).get((impoundment.id, on))


# What was read belongs to its transaction only; a bulk INSERT, UPDATE or DELETE of a
# schedule (set_security_scale deletes a version that way), or any plain SQL, may change it.
kept_for_the_transaction(_SCHEDULES_READ, _SCHEDULE_TABLES)


def pound_fee_on(session: Session, kind: str, on: date) -> int:
    """§187(1): the State's fee per head for `kind` in force on `on` (0 if none set)."""
    versions = session.execute(_POUND_FEES, {"kind": kind}).all()
    return law.in_force([tuple(v) for v in versions], on) or 0


def daily_rate_on(session: Session, village_id: int, kind: str, on: date) -> int:
    """§187(2): the village's daily rate for `kind` in force on `on` (0 if none set)."""
    versions = session.execute(_DAILY_RATES, {"village_id": village_id, "kind": kind}).all()
    return law.in_force([tuple(v) for v in versions], on) or 0


def security_scale_on(session: Session, village_id: int, on: date) -> list[law.ScaleRow]:
    """§189(1): the version of the village's scale in force on `on`, rows in order
    (read once per village and date in a transaction, like the fees and rates)."""
    read = read_for_the_transaction(session, _SCHEDULES_READ, _SCHEDULE_TABLES)
    if ("scale", village_id, on) in read:
        return read["scale", village_id, on]
    if session.autoflush and (session.new or session.dirty or session.deleted):
        session.flush()   # as the ORM's query would first: a scale row just added is in force
    rows = execute_core(session, _SECURITY_SCALE, {"village_id": village_id, "on": on}).all()
    scale = [law.ScaleRow(*row) for row in rows]
    session.info.setdefault(_SCHEDULES_READ, {})["scale", village_id, on] = scale
    return scale


# SPEC 11.1 "one occasion": owner, pound and local date (Impoundment.seized_on); the rule's
# SQL lives in models.queries.occasions, which also counts a batch of animals (the dispatcher) and
# the one animal a query loads (the counts ride on its query).
_EARLIER_SEIZURES, _HEADS_IN_SEIZURE = occasions.count_queries(occasions.BOUND)
_SEIZURE_COUNTS = select(_EARLIER_SEIZURES.scalar_subquery(), _HEADS_IN_SEIZURE.scalar_subquery())


def _seizure_params(impoundment: Impoundment) -> dict:
    return {"owner_id": impoundment.owner_id, "village_id": impoundment.village_id,
            "pound_id": impoundment.pound_id, "seized_on": impoundment.seized_on,
            "seized_at": impoundment.seized_at}


def earlier_seizure_count(session: Session, impoundment: Impoundment) -> int:
    """How many earlier occasions (owner, pound, local date: SPEC 11.1) of this
    owner's cattle the village has seen (§189(1) "the number of times the cattle
    are impounded"; the §183 offence count shown likewise)."""
    return seizure_counts(session, impoundment)[0]


def head_count(session: Session, impoundment: Impoundment) -> int:
    """§189(1) "the number of cattle impounded at a time": this owner's animals
    on this occasion, at this pound on this local date (1 while the owner is unknown)."""
    return seizure_counts(session, impoundment)[1]


def seizure_counts(session: Session, impoundment: Impoundment) -> tuple[int, int]:
    """(earlier_seizure_count, head_count) in one round trip."""
    if impoundment.owner_id is None:
        return 0, 1
    known = occasions.known(session, impoundment)   # read with the animal, or a batch's
    if known is not None:
        return known
    earlier, heads = session.execute(_SEIZURE_COUNTS, _seizure_params(impoundment)).one()
    return occasions.normalised(impoundment.owner_id, earlier, heads)


def security_per_head(session: Session, impoundment: Impoundment) -> int:
    """§189(1): this animal's share of the seizure's security deposit; 0 where
    the village is not notified."""
    village = impoundment.village
    if not village.security_notified:
        return 0  # decided before the scale and the counts are read: most villages are not notified
    seizure_date = law.local_date(impoundment.seized_at, village.timezone)
    if not law.security_notified_on(True, village.security_notified_from, seizure_date):
        return 0  # seized before the §189(1) notification's date
    scale = security_scale_on(session, village.id, seizure_date)
    earlier, heads = seizure_counts(session, impoundment)
    return law.security_per_head_paise(scale, heads, law.times_impounded(earlier))


def dues_for(session: Session, impoundment: Impoundment, at: datetime, under_protest: bool = False) -> law.Dues:
    """What it takes to get this one animal back at `at`, every schedule taken
    as in force on the seizure date (SPEC section 2), as it changes hands: each
    part in whole rupees, rounded down (SPEC 12.4, `law.in_cash`)."""
    return law.in_cash(act_dues(session, impoundment, at, under_protest))


def act_dues(session: Session, impoundment: Impoundment, at: datetime, under_protest: bool = False) -> law.Dues:
    """The Act's figure for `dues_for`, to the paisa."""
    village = impoundment.village
    pack = village.pack
    scale = trespass.scale_charges_paise(impoundment.kind, pack)
    if scale is not None:
        return _scale_dues(impoundment, at, pack, *scale, under_protest)
    seizure_date = law.local_date(impoundment.seized_at, village.timezone)
    read = _schedules_read(session, impoundment, seizure_date)
    daily_rate = read[1] if read else daily_rate_on(session, village.id, impoundment.kind, seizure_date)
    release = impoundment.release
    if impoundment.reason == "s185_3" and release is None:
        return _reseizure_dues(session, impoundment, at)
    sale = impoundment.sale if release is None else None
    if sale is not None:
        # Sold (§186(1)): what the proceeds met, as the sale recorded it and Form A shows it: the
        # fee, the expenses to the day of sale and, only when the owner refused to pay (§185(4)),
        # the security; never a security nobody deposited.
        return law.dues(seized_at=impoundment.seized_at, at=max(at, impoundment.seized_at), tz=village.timezone,
                        pound_fee_paise=sale.pound_fee_paise, daily_rate_paise=daily_rate,
                        security_paise=sale.security_paise, released_at=sale.sold_at)
    if release is not None:
        return law.dues(
            seized_at=impoundment.seized_at,
            at=max(at, impoundment.seized_at),
            tz=village.timezone,
            pound_fee_paise=release.pound_fee_paise,
            daily_rate_paise=daily_rate,
            security_paise=release.security_paise,
            released_at=release.released_at,
            under_protest=release.under_protest,
)
    return law.dues(
        seized_at=impoundment.seized_at,
        at=max(at, impoundment.seized_at),
        tz=village.timezone,
        pound_fee_paise=read[0] if read else pound_fee_on(session, impoundment.kind, seizure_date),
        daily_rate_paise=daily_rate,
        security_paise=security_per_head(session, impoundment),
        under_protest=under_protest,
)


def _scale_dues(impoundment: Impoundment, at: datetime, pack, fine_paise: int, feeding_paise: int,
                under_protest: bool) -> law.Dues:
    """1871 s.12, ss.4-6: the fine and feeding charge of the pack's scale for the kind, days
    counted as the pack says; no security (the Act has none). After a release the fine stays
    the one recorded on it."""
    release = impoundment.release
    return law.dues(seized_at=impoundment.seized_at, at=max(at, impoundment.seized_at),
                    tz=impoundment.village.timezone,
                    pound_fee_paise=release.pound_fee_paise if release is not None else fine_paise,
                    daily_rate_paise=feeding_paise,
                    released_at=release.released_at if release is not None else None,
                    under_protest=release.under_protest if release is not None else under_protest, pack=pack)


def _reseizure_dues(session: Session, impoundment: Impoundment, at: datetime) -> law.Dues:
    """§185(3)-(4): cattle seized again for want of the declaration are held for the security
    the §189 scale asked at the protest release, and nothing else (law.reseizure_dues_paise)."""
    first = session.get(Impoundment, impoundment.reseizure_of_id)
    fee, rate, security = law.reseizure_dues_paise(security_per_head(session, first) if first else 0)
    return law.dues(seized_at=impoundment.seized_at, at=max(at, impoundment.seized_at),
                    tz=impoundment.village.timezone, pound_fee_paise=fee, daily_rate_paise=rate,
                    security_paise=security)


# An impoundment's village, pound, release and sale: many-to-one or one-to-one,
# so joined in the impoundment's own query instead of four lazy loads after it.
WITH_PLACE_AND_OUTCOME = (
    joinedload(Impoundment.village),
    joinedload(Impoundment.pound),
    joinedload(Impoundment.release),
    joinedload(Impoundment.sale),
)


# Gujarati (૦-૯) and Devanagari (०-९) digits are digits (SPEC section 4), in every channel.
_NATIVE_DIGITS = str.maketrans("૦૧૨૩૪૫૬૭૮૯०१२३४५६७८९", "01234567890123456789")
# The shape of a tag in every form and channel: the 12-digit INAPH / Pashu Aadhaar ear tag, or
# a pound receipt number Dabbo issued (4-10 digits) for an untagged animal (SPEC section 4).
TAG_DIGITS = 12
RECEIPT_DIGITS = range(4, 11)


def normalise_tag(raw: str) -> str:
    """Letters and digits only, native digits as ASCII, upper case: "૧૨૩૪ ૫૬૭૮-9012" is
    "123456789012"."""
    return "".join(ch for ch in raw.translate(_NATIVE_DIGITS) if ch.isalnum()).upper()


def tag_shape_ok(clean: str) -> bool:
    """A normalised tag that could be an ear tag or a receipt (see TAG_DIGITS)."""
    return clean.isascii() and clean.isdigit() and (len(clean) == TAG_DIGITS or len(clean) in RECEIPT_DIGITS)


def impoundment_by_tag(session: Session, tag: str) -> Impoundment | None:
    """The animal behind an ear tag or pound receipt number: the one still in
    the pound if any, else the most recent."""
    tag = normalise_tag(tag)
    if not tag:
        return None
    return _with_schedules(session, session.execute(_IMPOUNDMENT_BY_TAG, {"tag": tag}).first())


def impoundment_by_id(session: Session, impoundment_id: int) -> Impoundment | None:
    """An impoundment with its place, outcome and schedules (see impoundment_by_tag)."""
    return _with_schedules(session, session.execute(_IMPOUNDMENT_BY_ID, {"id": impoundment_id}).first())


def impoundments_by_ids(session: Session, ids: list[int], batch: int = 5000) -> dict[int, Impoundment]:
    """{id: impoundment} with place, outcome and schedules (see impoundment_by_tag),
    one query per `batch` ids: for the dispatcher, which texts thousands at once."""
    found: dict[int, Impoundment] = {}
    for start in range(0, len(ids), batch):
        for row in session.execute(_IMPOUNDMENTS_BY_IDS, {"ids": ids[start:start + batch]}):
            impoundment = _with_schedules(session, row)
            found[impoundment.id] = impoundment
    return found


def _with_schedules(session: Session, row) -> Impoundment | None:
    if row is None:
        return None
    impoundment, on, fee, rate, *counts = row
    _remember_schedules(session, impoundment, on, fee, rate)
    if counts:
        occasions.read_with(session, impoundment, *counts)
    return impoundment


# What every caller shows next (dues, FIND, USSD) comes in the same round trip:
# village, pound, release, sale and the schedules in force on the seizure date.
_WITH_SCHEDULES = select(Impoundment, _SEIZURE_DATE, _FEE_IN_FORCE, _RATE_IN_FORCE).options(*WITH_PLACE_AND_OUTCOME)
# One animal's query (a find, FEES, dues) also carries its §189 seizure counts: with
# the schedules, everything its dues need in one round trip (the dispatcher's batches
# do without: thousands of correlated counts it mostly does not need).
_ONE_WITH_SCHEDULES = _WITH_SCHEDULES.add_columns(*occasions.IN_ROW)
_IMPOUNDMENT_BY_TAG = (
    _ONE_WITH_SCHEDULES
    .where(or_(Impoundment.tag == bindparam("tag"), Impoundment.receipt == bindparam("tag")))
    .order_by((Impoundment.status == "impounded").desc(), Impoundment.seized_at.desc())
    .limit(1)
)
_IMPOUNDMENT_BY_ID = _ONE_WITH_SCHEDULES.where(Impoundment.id == bindparam("id"))
_IMPOUNDMENTS_BY_IDS = _WITH_SCHEDULES.where(Impoundment.id.in_(bindparam("ids", expanding=True)))
_PERSON_BY_PHONE = select(Person).where(Person.phone == bindparam("phone"))


def person_by_phone(session: Session, phone: str) -> Person | None:
    return session.scalars(_PERSON_BY_PHONE, {"phone": phone}).first()


# What a lookup needs of who asks, as plain values: a Person through the ORM costs
# more than twice the CPU of these columns run straight (models.plain_rows).
KnownCaller = namedtuple("KnownCaller", "id language role pound_id village_id")
_CALLER_BY_PHONE = select(Person.id, Person.language, Person.role, Person.pound_id, Person.village_id).where(
    Person.phone == bindparam("phone"))


def caller_by_phone(session: Session, phone: str) -> KnownCaller | None:
    row = execute_core(session, _CALLER_BY_PHONE, {"phone": phone}).first()
    return KnownCaller(*row) if row is not None else None


def village_by_code(session: Session, code: str) -> Village | None:
    # Codes are stored upper-case (see handlers.pound.records), so this stays on the unique index.
    return session.scalars(select(Village).where(Village.code == code.strip().upper())).first()


def occasion_complaint(session: Session, impoundment: Impoundment | None) -> Complaint | None:
    """§188: the complaint against this seizure, recorded on any animal of its
    occasion (owner, pound, local date; SPEC 11.1): an upheld one first, then
    one awaiting decision, then a dismissed one."""
    if impoundment is None:
        return None
    query = select(Complaint).join(Impoundment, Impoundment.id == Complaint.impoundment_id)
    if impoundment.owner_id is None:
        query = query.where(Impoundment.id == impoundment.id)
    else:
        query = query.where(Impoundment.owner_id == impoundment.owner_id, Impoundment.pound_id == impoundment.pound_id,
                            Impoundment.seized_on == impoundment.seized_on)
    complaints = list(session.scalars(query.order_by(Complaint.id)))
    rank = {"upheld": 0, None: 1, "dismissed": 2}
    return min(complaints, key=lambda c: rank[c.outcome], default=None)


def recent_broadcasts(session: Session, village: Village, since: datetime) -> list[Broadcast]:
    """The village's broadcasts sent at or after `since`, newest first (its public notices page)."""
    return list(session.scalars(select(Broadcast).where(Broadcast.village_id == village.id,
                                                        Broadcast.created_at >= since)
                                .order_by(Broadcast.created_at.desc(), Broadcast.id.desc())))
