"""Which notices the records imply, to whom, and when (SPEC section 7).

Two kinds of moment:

* "at once" notices (seizure alert, release receipt, surplus notice, a fixed
  auction, a forfeited deposit) are written by the hooks below, which
  `handlers.records` calls inside the transaction that changed the record, so
  the outbox rows commit together with the change they announce;
* dated notices (claim reminders, the auction's eve, surplus and protest
  reminders, keeper digests, refundable deposits) are written by
  `write_due_notices` / `open_refund_windows`, which the dispatcher calls every
  minute: each is written once its moment has come, with a text computed then
  (the amount due today, not the amount due when the animal was seized).

Every notice has a deterministic idempotency key (`claim_reminder:{impoundment}:
{person}:{days}`), so deriving it again on the next tick writes nothing, and an
`expires_at`, so a notice whose moment has passed is dropped, never sent late.
`no_longer_applies` is asked again at send time.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date, datetime, time, timedelta, timezone
from typing import Callable, Iterable, Sequence
from zoneinfo import ZoneInfo

from sqlalchemy import ARRAY, Integer, String, any_, bindparam, func, select
from sqlalchemy.orm import Session, joinedload

from handlers import broadcasts, notice_writer
from handlers.catalogue import (
    LANGUAGES,
    day,
    days_text,
    kind_name,
    kinds_list,
    money,
    place_name,
    rupees,
    short_day,
    spoken,
    t,
)
from handlers.outbox import SOLICITED_KINDS, queue_message
from models import law, outbox, queries
from models.tables import (
    Complaint,
    Deposit,
    Event,
    Impoundment,
    OutboundMessage,
    Person,
    Pound,
    Release,
    Sale,
    Village,
    Watch,
)

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
# SPEC 11.5, issue 12
SECURITY_DUE = "security_due"
SURPLUS_PAID = "surplus_paid"
DEPOSIT_REFUNDED = "deposit_refunded"
COMPLAINT_OUTCOME = "complaint_outcome"
SECURITY_DUE_DAYS = 7  # a §185(3) notice not written within a week of its day is not written late

SURPLUS_REMINDER_DAYS = 3  # before the 15-day surplus deadline (§186(1))
PROTEST_REMINDER_DAYS = 7  # before the 28-day complaint deadline (§185(3))
DEFAULT_MORNING_HOUR = 8
DEFAULT_EVENING_HOUR = 21

# Notices that speak of an animal still in the pound.
_WHILE_IMPOUNDED = frozenset({SEIZURE_ALERT, CLAIM_REMINDER})


# ---------------------------------------------------------------- hooks called by handlers.records


def after_seizure(session: Session, impoundments: Sequence[Impoundment], now: datetime) -> None:
    """The registered owner learns at once (quiet hours are applied at send
    time) where the animal is, what is due, the claim deadline, the auction and
    the §188 complaint deadline."""
    for impoundment in impoundments:
        owner = session.get(Person, impoundment.owner_id) if impoundment.owner_id else None
        if owner is None:
            continue
        _write(session, owner, SEIZURE_ALERT, f"{SEIZURE_ALERT}:{impoundment.id}", now,
               lambda lang, i=impoundment: seizure_alert_text(session, i, lang, now),
               impoundment_id=impoundment.id)


def after_release(session: Session, impoundment: Impoundment, release: Release, now: datetime) -> None:
    """The owner's receipt for what was paid (and, under protest, the §185(3)
    deadline; with a deposit, when it becomes refundable)."""
    owner_id = release.owner_id or impoundment.owner_id
    owner = session.get(Person, owner_id) if owner_id else None
    if owner is None:
        return
    _write(session, owner, RELEASE_RECEIPT, f"{RELEASE_RECEIPT}:{impoundment.id}", now,
           lambda lang: release_receipt_text(impoundment, release, lang), impoundment_id=impoundment.id)


def after_sale(session: Session, impoundment: Impoundment, sale: Sale, now: datetime) -> None:
    """Owner and watchers learn the sale and the §186(1) fifteen days to claim
    the surplus."""
    tz = impoundment.village.timezone
    expires = _local_moment(sale.surplus_deadline + timedelta(days=1), 0, tz)
    for person in _owner_and_watchers(session, impoundment):
        _write(session, person, SURPLUS_NOTICE, f"{SURPLUS_NOTICE}:{impoundment.id}:{person.id}", now,
               lambda lang: surplus_notice_text(impoundment, sale, lang), expires_at=expires,
               impoundment_id=impoundment.id)


def after_auction_fixed(session: Session, impoundments: Sequence[Impoundment], now: datetime) -> None:
    """An official fixed an auction: the village hears of it at once."""
    for (village_id, auction_at), animals in _auction_groups(impoundments).items():
        _announce_auction(session, session.get(Village, village_id), auction_at, animals, "fixed", now)


def after_deposit_forfeited(session: Session, deposit: Deposit, now: datetime) -> None:
    owner = session.get(Person, deposit.owner_id) if deposit.owner_id else None
    if owner is None:
        return
    village = session.get(Village, deposit.village_id)
    _write(session, owner, DEPOSIT_FORFEITED, f"{DEPOSIT_FORFEITED}:{deposit.id}", now,
           lambda lang: t(lang, "notice.deposit_forfeited", amount=rupees(deposit.amount_paise),
                          forfeited=rupees(deposit.forfeited_paise),
                          day=day(law.local_date(deposit.deposited_at, village.timezone))),
           impoundment_id=deposit.impoundment_id)


def after_surplus_paid(session: Session, impoundment: Impoundment, sale: Sale, now: datetime) -> None:
    """§186(1): the payee (else the owner) has the payment in writing."""
    _money_notice(session, queries.person_by_phone(session, sale.surplus_paid_to_phone or ""), impoundment,
                  SURPLUS_PAID, f"{SURPLUS_PAID}:{sale.id}", now, "notice.surplus_paid",
                  amount=sale.surplus_paise, to=sale.surplus_paid_to_phone,
                  paid_on=law.local_date(sale.surplus_paid_at, impoundment.village.timezone))


def after_deposit_refunded(session: Session, deposit: Deposit, now: datetime) -> None:
    """§189(2): the depositor has the refund in writing."""
    impoundment = session.get(Impoundment, deposit.impoundment_id)
    tz = impoundment.village.timezone
    _money_notice(session, queries.person_by_phone(session, deposit.refunded_to_phone or ""), impoundment,
                  DEPOSIT_REFUNDED, f"{DEPOSIT_REFUNDED}:{deposit.id}", now, "notice.deposit_refunded",
                  amount=deposit.amount_paise, to=deposit.refunded_to_phone or "",
                  paid_on=law.local_date(deposit.refunded_at, tz), day=law.local_date(deposit.deposited_at, tz))


def after_complaint_decided(session: Session, impoundment: Impoundment, complaint: Complaint, now: datetime) -> None:
    """§188(3): the owner hears the magistrate's outcome; upheld, what the seizer pays."""
    release = impoundment.release
    if complaint.outcome == "upheld":
        paid = release.pound_fee_paise + release.expenses_paise if release else 0
        values = dict(key="notice.complaint_upheld", comp=complaint.compensation_paise, fees=paid)
    else:
        values = dict(key="notice.complaint_dismissed")
    _money_notice(session, queries.person_by_phone(session, complaint.by_phone or ""), impoundment,
                  COMPLAINT_OUTCOME, f"{COMPLAINT_OUTCOME}:{complaint.id}", now, values.pop("key"), **values)


def _money_notice(session: Session, payee: Person | None, impoundment: Impoundment, kind: str, key: str,
                  now: datetime, text_key: str, **values) -> None:
    """One notice of issue 12 to `payee`, else the impoundment's owner. Values ending in
    money are paise (shown as rupees), dates are shown as dates: declared, not composed."""
    person = payee or (session.get(Person, impoundment.owner_id) if impoundment.owner_id else None)
    if person is None:
        return

    def text(lang: str) -> str:
        shown = {name: money(lang, value) if name in _MONEY_VALUES else day(value) if isinstance(value, date)
                 else value for name, value in values.items()}
        return t(lang, text_key, kind=kind_name(lang, impoundment.kind), tag=_label(impoundment, lang), **shown)

    _write(session, person, kind, key, now, text, impoundment_id=impoundment.id)


_MONEY_VALUES = frozenset({"amount", "comp", "fees"})


# ---------------------------------------------------------------- dated notices (the dispatcher's tick)


def write_due_notices(session: Session, now: datetime, *, reminder_days: Iterable[int] = (3, 1),
                      morning_hour: int = DEFAULT_MORNING_HOUR,
                      evening_hour: int = DEFAULT_EVENING_HOUR) -> int:
    """Write every dated notice whose moment has come and which is not written
    yet; returns how many rows were written. Safe to call every minute."""
    before = _written_count(session)
    _claim_reminders(session, now, sorted(set(reminder_days)), morning_hour)
    _auction_eves(session, now, morning_hour)
    _surplus_reminders(session, now, morning_hour)
    _protest_reminders(session, now, morning_hour)
    _security_dues(session, now, morning_hour)
    _keeper_digests(session, now, morning_hour, evening_hour)
    return _written_count(session) - before


def open_refund_windows(session: Session, now: datetime) -> int:
    """§189(2): a deposit still held six months after it was made becomes
    refundable on application; its owner is told. Returns how many opened."""
    opened = 0
    soon = now.date() + timedelta(days=1)  # every village's local today is at most this
    for deposit in session.scalars(select(Deposit).where(Deposit.status == "held", Deposit.refund_date <= soon)):
        village = session.get(Village, deposit.village_id)
        if law.local_date(now, village.timezone) < deposit.refund_date:
            continue
        deposit.status = "refundable"
        session.add(Event(impoundment_id=deposit.impoundment_id, type="deposit_refundable", at=now,
                          detail={"deposit_id": deposit.id, "amount_paise": deposit.amount_paise}))
        owner = session.get(Person, deposit.owner_id) if deposit.owner_id else None  # unknown owner: no one to tell
        if owner is not None:
            _write(session, owner, DEPOSIT_REFUNDABLE, f"{DEPOSIT_REFUNDABLE}:{deposit.id}", now,
                   lambda lang, d=deposit, v=village: t(
                       lang, "notice.deposit_refundable", amount=rupees(d.amount_paise),
                       day=day(law.local_date(d.deposited_at, v.timezone))),
                   impoundment_id=deposit.impoundment_id)
        opened += 1
    return opened


def no_longer_applies(session: Session, message: OutboundMessage, now: datetime) -> str | None:
    """Asked at send time: why this notice must not go out any more, or None."""
    if message.kind in _WHILE_IMPOUNDED and message.impoundment_id:
        impoundment = session.get(Impoundment, message.impoundment_id)
        if impoundment is None or impoundment.status != "impounded":
            return f"no longer applies: the animal was {impoundment.status if impoundment else 'removed'}"
    if message.kind == AUCTION_NOTICE:
        parsed = _parse_auction_key(message.idempotency_key)
        if parsed is not None:
            village_id, auction_at = parsed
            left = session.scalar(select(Impoundment.id).where(
                Impoundment.village_id == village_id, Impoundment.status == "impounded",
                Impoundment.auction_at == auction_at).limit(1))
            if left is None:
                return "no longer applies: no animal is left for this auction"
    if message.kind == DEPOSIT_REFUNDABLE and message.impoundment_id:
        # The key names the deposit: an impoundment may have several (a part forfeiture's remainder).
        deposit_id = message.idempotency_key.rpartition(":")[2]
        deposit = session.get(Deposit, int(deposit_id)) if deposit_id.isdigit() else None
        if deposit is None or deposit.status != "refundable":
            return "no longer applies: the deposit is not refundable"
    if message.kind == SURPLUS_REMINDER and message.impoundment_id:
        sale = session.scalars(select(Sale).where(Sale.impoundment_id == message.impoundment_id)).first()
        if sale is not None and (sale.surplus_paid_at or sale.surplus_to_fund_at):
            return "no longer applies: the surplus has been paid out"
    return None


# ---------------------------------------------------------------- texts (one function per notice)


def seizure_alert_text(session: Session, impoundment: Impoundment, lang: str, now: datetime) -> str:
    tz = impoundment.village.timezone
    dues = queries.dues_for(session, impoundment, max(now, impoundment.seized_at))
    return t(lang, "notice.seizure_alert", kind=kind_name(lang, impoundment.kind), tag=_label(impoundment, lang),
             pound=_pound_name(impoundment.pound, lang), when=spoken(lang, impoundment.seized_at, tz),
             amount=rupees(dues.total_paise), rate=rupees(dues.daily_rate_paise),
             deadline=spoken(lang, impoundment.claim_deadline, tz, deadline=True),
             auction=spoken(lang, impoundment.auction_at, tz), complaint=short_day(impoundment.complaint_deadline))


def claim_reminder_text(session: Session, impoundment: Impoundment, lang: str, now: datetime) -> str:
    tz = impoundment.village.timezone
    dues = queries.dues_for(session, impoundment, now)
    return t(lang, "notice.claim_reminder", kind=kind_name(lang, impoundment.kind), tag=_label(impoundment, lang),
             pound=_pound_name(impoundment.pound, lang), amount=rupees(dues.total_paise),
             deadline=spoken(lang, impoundment.claim_deadline, tz, deadline=True),
             auction=spoken(lang, impoundment.auction_at, tz))


def release_receipt_text(impoundment: Impoundment, release: Release, lang: str) -> str:
    """A zero deposit is left out; under protest the money is deposited
    (§185(2)) and both deadlines are stated: the §188(1) complaint (or that it
    has passed) and the §185(3) four weeks."""
    tz = impoundment.village.timezone
    values = dict(receipt=impoundment.receipt, kind=kind_name(lang, impoundment.kind),
                  tag=_label(impoundment, lang), total=rupees(release.total_paise),
                  fee=rupees(release.pound_fee_paise), days=days_text(lang, release.days),
                  expenses=rupees(release.expenses_paise))
    if release.under_protest and release.protest_deadline:
        return t(lang, "notice.release_protest", **values) + " " + protest_terms_text(impoundment, release, lang)
    text = t(lang, "notice.release_receipt", **values)
    if release.security_paise:
        refund = law.deposit_refund_date(release.released_at, tz)
        text += t(lang, "notice.release_deposit", deposit=rupees(release.security_paise), day=day(refund))
    return text


def protest_terms_text(impoundment: Impoundment, release: Release, lang: str) -> str:
    """SPEC 11.1 protest: the §188(1) complaint deadline (or that it has passed) and, where
    §189 applies, the §185(3) four weeks after which security is due."""
    village = impoundment.village
    terms = law.protest_terms(impoundment.seized_at, release.released_at, village.timezone)
    key = "notice.protest_complaint_passed" if terms.complaint_deadline_passed else "notice.protest_complaint"
    text = t(lang, key, complaint=short_day(terms.complaint_deadline))
    if law.security_notified_on(village.security_notified, village.security_notified_from,
                                        impoundment.seized_on):
        text += " " + t(lang, "notice.protest_security", deadline=short_day(terms.protest_deadline))
    return text


def surplus_notice_text(impoundment: Impoundment, sale: Sale, lang: str) -> str:
    tz = impoundment.village.timezone
    values = dict(kind=kind_name(lang, impoundment.kind), tag=_label(impoundment, lang),
                  day=short_day(law.local_date(sale.sold_at, tz)), proceeds=rupees(sale.proceeds_paise))
    if sale.surplus_paise <= 0:
        return t(lang, "notice.surplus_none", **values)
    return t(lang, "notice.surplus", surplus=rupees(sale.surplus_paise), deadline=short_day(sale.surplus_deadline),
             **values)


def surplus_reminder_text(impoundment: Impoundment, sale: Sale, lang: str) -> str:
    return t(lang, "notice.surplus_reminder", surplus=rupees(sale.surplus_paise),
             kind=kind_name(lang, impoundment.kind), tag=_label(impoundment, lang),
             deadline=short_day(sale.surplus_deadline))


def protest_reminder_text(impoundment: Impoundment, release: Release, lang: str) -> str:
    return t(lang, "notice.protest_reminder", kind=kind_name(lang, impoundment.kind), tag=_label(impoundment, lang),
             deadline=short_day(release.protest_deadline))


# A village-wide notice must stay one SMS part: a longer list of kinds becomes a head count.
AUCTION_ANIMALS_MAX = {"gu": 13, "hi": 13}
AUCTION_ANIMALS_MAX_LATIN = 30


def auction_text(lang: str, auction_at: datetime, tz: str, place: str, animals: Sequence[Impoundment]) -> str:
    listed = kinds_list(lang, (a.kind for a in animals), law.KINDS)
    if len(listed) > AUCTION_ANIMALS_MAX.get(lang, AUCTION_ANIMALS_MAX_LATIN):
        listed = t(lang, "notice.head_count", count=len(animals))
    return t(lang, "notice.auction", when=spoken(lang, auction_at, tz), place=place, animals=listed)


def keeper_digest_text(lang: str, pound: Pound, today: date, held: Sequence[Impoundment], tz: str) -> str:
    auction_days = Counter(law.local_date(a.auction_at, tz) for a in held)
    return t(lang, "notice.keeper_digest", pound=_pound_name(pound, lang), day=short_day(today), count=len(held),
             animals=kinds_list(lang, (a.kind for a in held), law.KINDS), today=auction_days.get(today, 0),
             tomorrow=auction_days.get(today + timedelta(days=1), 0))


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
    if session.get_bind().dialect.name == "postgresql":
        # The same rule, found by the database: only the reminders still missing reach Python.
        missing: dict[int, list] = {}
        for row in queries.claim_reminders_missing(session, now, reminder_days, morning_hour,
                                                   f"{CLAIM_REMINDER}:", horizon):
            missing.setdefault(row.impoundment_id, []).append((row, row.key))
        _write_claim_reminders(session, missing, now)
        return
    candidates = session.execute(
        select(Impoundment.id, Impoundment.claim_deadline, Impoundment.owner_id, Village.timezone)
        .join(Village, Village.id == Impoundment.village_id)
        .where(Impoundment.status == "impounded", Impoundment.claim_deadline > now,
               Impoundment.claim_deadline <= horizon).order_by(Impoundment.id))
    due: dict[int, int] = {}  # impoundment id -> the days-before of its reminder due now
    owners: dict[int, int | None] = {}
    for impoundment_id, claim_deadline, owner_id, tz in candidates:
        deadline_day = law.local_date(claim_deadline, tz)
        for days in reminder_days:  # nearest the deadline first
            moment = _local_moment(deadline_day - timedelta(days=days), morning_hour, tz)
            if moment <= now:
                break
        else:
            continue
        if moment >= claim_deadline:
            continue
        due[impoundment_id], owners[impoundment_id] = days, owner_id
    recipients = _owners_and_watchers_of(session, owners)
    keys = {impoundment_id: [(person, f"{CLAIM_REMINDER}:{impoundment_id}:{person.id}:{days}")
                             for person in recipients[impoundment_id]]
            for impoundment_id, days in due.items()}
    written = _existing_keys(session, [key for pairs in keys.values() for _, key in pairs])
    missing = {impoundment_id: [(person, key) for person, key in pairs
                                if key not in written and _wants(person, CLAIM_REMINDER)]
               for impoundment_id, pairs in keys.items()}
    _write_claim_reminders(session, {i: pairs for i, pairs in missing.items() if pairs}, now)


def _write_claim_reminders(session: Session, missing: dict[int, list], now: datetime) -> None:
    """{impoundment id: [(recipient, key)]}: the animals still to be reminded about are loaded
    with their places and schedules, a batch per query; each text computed once per animal and
    language; all rows written as a set."""
    impoundments = queries.impoundments_by_ids(session, sorted(missing))
    texts: dict[tuple[int, str], str] = {}
    notices = []
    for impoundment_id, pairs in missing.items():
        impoundment = impoundments[impoundment_id]
        for person, key in pairs:
            if (impoundment_id, person.language) not in texts:
                texts[impoundment_id, person.language] = _sentence(claim_reminder_text(session, impoundment,
                                                                                       person.language, now))
            notices.append(notice_writer.Notice(person, CLAIM_REMINDER, key, texts[impoundment_id, person.language],
                                                expires_at=impoundment.claim_deadline,
                                                impoundment_id=impoundment_id))
    notice_writer.write_all(session, notices, now)   # counted by _written_count, as bulk rows


def _auction_eves(session: Session, now: datetime, morning_hour: int) -> None:
    """The day before an auction, at the morning hour, the whole village hears of it.

    Every minute this looks at each (village, auction time) of the next two
    days: their first recipients' keys are probed in one batch, and a group's
    animals are loaded only when its notice is still to be written."""
    slots = session.execute(select(Impoundment.village_id, Impoundment.auction_at).where(
        Impoundment.status == "impounded", Impoundment.auction_at > now,
        Impoundment.auction_at <= now + timedelta(days=2)).distinct()).all()
    village_ids = sorted({village_id for village_id, _ in slots})
    villages = {v.id: v for v in session.scalars(select(Village).where(Village.id.in_(village_ids)))}
    due = []
    for village_id, auction_at in sorted(slots, key=lambda slot: (slot[1], slot[0])):
        village = villages[village_id]
        eve = _local_moment(law.local_date(auction_at, village.timezone) - timedelta(days=1), morning_hour,
                            village.timezone)
        if eve <= now:
            due.append((village, auction_at.astimezone(timezone.utc)))
    firsts = _first_recipients(session, sorted({village.id for village, _ in due}))
    keys = {(village.id, at): f"{auction_key_prefix('eve', village.id, at)}:{firsts[village.id]}"
            for village, at in due if village.id in firsts}
    written = _existing_keys(session, list(keys.values()))
    for village, auction_at in due:
        key = keys.get((village.id, auction_at))
        if key is None or key in written:
            continue
        group = list(session.scalars(select(Impoundment).where(
            Impoundment.village_id == village.id, Impoundment.status == "impounded",
            Impoundment.auction_at == auction_at).order_by(Impoundment.id)))
        _announce_auction(session, village, auction_at, group, "eve", now)


def _first_recipients(session: Session, village_ids: Sequence[int]) -> dict[int, int]:
    """{village id: its first opted-in person's id}, the recipient whose key
    `_announce_auction` probes."""
    found: dict[int, int] = {}
    for start in range(0, len(village_ids), _BATCH):
        found.update(session.execute(
            select(Person.village_id, func.min(Person.id))
            .where(Person.village_id.in_(village_ids[start:start + _BATCH]), Person.opted_out.is_(False))
            .group_by(Person.village_id)).all())
    return found


def _surplus_reminders(session: Session, now: datetime, morning_hour: int) -> None:
    first, last = now.date() - timedelta(days=1), now.date() + timedelta(days=SURPLUS_REMINDER_DAYS + 1)
    sales = session.scalars(select(Sale).options(joinedload(Sale.impoundment).joinedload(Impoundment.village))
                            .where(Sale.surplus_paise > 0, Sale.surplus_deadline >= first,
                                   Sale.surplus_deadline <= last).order_by(Sale.id))
    for sale in sales:
        impoundment = sale.impoundment
        tz = impoundment.village.timezone
        moment = _local_moment(sale.surplus_deadline - timedelta(days=SURPLUS_REMINDER_DAYS), morning_hour, tz)
        expires = _local_moment(sale.surplus_deadline + timedelta(days=1), 0, tz)
        if not moment <= now < expires:
            continue
        for person in _owner_and_watchers(session, impoundment):
            _write(session, person, SURPLUS_REMINDER, f"{SURPLUS_REMINDER}:{impoundment.id}:{person.id}", now,
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
        moment = _local_moment(release.protest_deadline - timedelta(days=PROTEST_REMINDER_DAYS), morning_hour, tz)
        expires = _local_moment(release.protest_deadline + timedelta(days=1), 0, tz)
        if not moment <= now < expires:
            continue
        _write(session, owner, PROTEST_REMINDER, f"{PROTEST_REMINDER}:{impoundment.id}", now,
               lambda lang, i=impoundment, r=release: protest_reminder_text(i, r, lang), expires_at=expires,
               impoundment_id=impoundment.id)


def _security_dues(session: Session, now: datetime, morning_hour: int) -> None:
    """§185(3): the morning after the four weeks of a release under protest, in a village
    where §189 applies and no complaint stands, owner and keeper are told that the
    declaration and security are due."""
    first, last = now.date() - timedelta(days=SECURITY_DUE_DAYS + 1), now.date()
    releases = session.scalars(select(Release).options(joinedload(Release.impoundment).joinedload(Impoundment.village))
                               .where(Release.under_protest.is_(True), Release.protest_deadline >= first,
                                      Release.protest_deadline <= last).order_by(Release.id))
    for release in releases:
        impoundment, village = release.impoundment, release.impoundment.village
        moment = _local_moment(release.protest_deadline + timedelta(days=1), morning_hour, village.timezone)
        expires = _local_moment(release.protest_deadline + timedelta(days=SECURITY_DUE_DAYS), 0, village.timezone)
        complaint = queries.occasion_complaint(session, impoundment)
        notified = law.security_notified_on(village.security_notified, village.security_notified_from,
                                                    impoundment.seized_on)
        if not moment <= now < expires or not law.security_due(
                release.protest_deadline, law.local_date(now, village.timezone), notified,
                complaint is not None, complaint.outcome if complaint else None):
            continue
        amount = queries.security_per_head(session, impoundment)
        for person, key in ((impoundment.owner, "notice.security_due"), (impoundment.keeper, "notice.security_due_keeper")):
            if person is not None:
                _write(session, person, SECURITY_DUE, f"{SECURITY_DUE}:{impoundment.id}:{person.id}", now,
                       lambda lang, i=impoundment, k=key, r=release: t(
                           lang, k, kind=kind_name(lang, i.kind), tag=_label(i, lang), receipt=i.receipt,
                           amount=money(lang, amount), deadline=day(r.protest_deadline)),
                       expires_at=expires, impoundment_id=impoundment.id)


def _keeper_digests(session: Session, now: datetime, morning_hour: int, evening_hour: int) -> None:
    """Every morning each keeper hears what the pound holds and which auctions
    fall today and tomorrow; a digest not sent by the evening is dropped. An
    empty pound sends nothing. (Every minute of the day this probes every
    keeper's key: in one batch, with pound and village loaded alongside.)"""
    keepers = session.scalars(select(Person).options(joinedload(Person.pound).joinedload(Pound.village))
                              .where(Person.role == "keeper", Person.pound_id.is_not(None),
                                     Person.opted_out.is_(False)).order_by(Person.id))
    due = []
    for keeper in keepers:
        pound = keeper.pound
        tz = pound.village.timezone
        today = law.local_date(now, tz)
        moment = _local_moment(today, morning_hour, tz)
        expires = _local_moment(today, evening_hour, tz) if evening_hour > morning_hour else moment + timedelta(hours=12)
        if not moment <= now < expires:
            continue
        due.append((keeper, today, expires, f"{KEEPER_DIGEST}:{keeper.id}:{today.isoformat()}"))
    written = _existing_keys(session, [key for *_, key in due])
    for keeper, today, expires, key in due:
        if key in written:
            continue
        pound, tz = keeper.pound, keeper.pound.village.timezone
        held = list(session.scalars(select(Impoundment).where(
            Impoundment.pound_id == pound.id, Impoundment.status == "impounded").order_by(Impoundment.id)))
        if held:
            _write(session, keeper, KEEPER_DIGEST, key, now,
                   lambda lang, pound=pound, today=today, held=held, tz=tz: keeper_digest_text(lang, pound, today,
                                                                                                held, tz),
                   expires_at=expires)


# ---------------------------------------------------------------- auctions


def _auction_groups(impoundments: Iterable[Impoundment]) -> dict[tuple[int, datetime], list[Impoundment]]:
    groups: dict[tuple[int, datetime], list[Impoundment]] = defaultdict(list)
    for impoundment in impoundments:
        groups[(impoundment.village_id, impoundment.auction_at.astimezone(timezone.utc))].append(impoundment)
    return groups


def auction_key_prefix(stage: str, village_id: int, auction_at: datetime) -> str:
    """`auction_notice:eve:7:20261208T053000Z`; the person's id follows."""
    stamp = auction_at.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    return f"{AUCTION_NOTICE}:{stage}:{village_id}:{stamp}"


def _parse_auction_key(key: str) -> tuple[int, datetime] | None:
    parts = key.split(":")
    try:
        return int(parts[2]), datetime.strptime(parts[3], "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
    except (IndexError, ValueError):
        return None


def _announce_auction(session: Session, village: Village, auction_at: datetime, animals: Sequence[Impoundment],
                      stage: str, now: datetime) -> None:
    """One notice per opted-in person of the village, in their language. The
    first recipient's key is probed first, so a tick that finds the notice
    already written costs one indexed lookup, not one per villager."""
    prefix = auction_key_prefix(stage, village.id, auction_at)
    first = session.scalar(select(Person.id).where(Person.village_id == village.id, Person.opted_out.is_(False))
                           .order_by(Person.id).limit(1))
    if first is None or _exists(session, f"{prefix}:{first}"):
        return
    pound = animals[0].pound
    texts = {lang: auction_text(lang, auction_at, village.timezone,
                                animals[0].auction_place or _pound_name(pound, lang), animals)
             for lang in LANGUAGES}
    broadcasts.fan_out(session, village_id=village.id, kind=AUCTION_NOTICE, key_prefix=prefix, texts=texts,
                       now=now, expires_at=auction_at)


# ---------------------------------------------------------------- small helpers


def _write(session: Session, person: Person, kind: str, key: str, now: datetime, text: Callable[[str], str], *,
           expires_at: datetime | None = None, impoundment_id: int | None = None) -> None:
    """One notice to one person, unless its key is written already (the text
    is only computed when it is needed)."""
    if not _wants(person, kind):
        return  # queue_message refuses it: no need to compute its text (a query or five) every tick
    if _exists(session, key):
        return
    if queue_message(session, to_phone=person.phone, text=_sentence(text(person.language)), language=person.language,
                     kind=kind, idempotency_key=key, now=now, expires_at=expires_at, person=person,
                     impoundment_id=impoundment_id) is not None:
        session.info[_WRITTEN] = session.info.get(_WRITTEN, 0) + 1


def _wants(person: Person, kind: str) -> bool:
    """False for a notice queue_message would refuse (STOP applies to unsolicited kinds)."""
    return not (person.opted_out and kind not in SOLICITED_KINDS)


def _sentence(text: str) -> str:
    """"buffalo 1234…" → "Buffalo 1234…": a notice may start with a kind's name."""
    return text[:1].upper() + text[1:]


_WRITTEN = "notices.written"


def _written_count(session: Session) -> int:
    return session.info.get(_WRITTEN, 0) + len(outbox.bulk_written(session))


def _exists(session: Session, key: str) -> bool:
    # The session autoflushes, so a row added earlier in this transaction counts.
    return session.scalar(select(OutboundMessage.id).where(OutboundMessage.idempotency_key == key)) is not None


_BATCH = 5000  # ids or keys per list


def _among(session: Session, column, values: Sequence, type_):
    """`column = ANY(:array)` on PostgreSQL: one parameter, so the statement's
    text is the same for any batch (psycopg parsed an `IN (...)` of 5,000
    placeholders anew every time: 2.4 s of a 4.8 s steady tick); IN elsewhere."""
    if session.get_bind().dialect.name == "postgresql":
        return column == any_(bindparam(None, list(values), type_=ARRAY(type_)))
    return column.in_(values)


def _existing_keys(session: Session, keys: Sequence[str]) -> set[str]:
    """Which of these idempotency keys the outbox holds already (one indexed
    query per batch instead of one per key)."""
    found: set[str] = set()
    for start in range(0, len(keys), _BATCH):
        found.update(session.scalars(select(OutboundMessage.idempotency_key).where(
            _among(session, OutboundMessage.idempotency_key, keys[start:start + _BATCH], String))))
    return found


# What a dated notice needs of its recipient: plain rows with these attributes, not
# ORM objects (46,000 Person objects cost a steady tick ~1 s of identity map).
_RECIPIENT = (Person.id, Person.phone, Person.language, Person.opted_out)


def _owners_and_watchers_of(session: Session, owners: dict[int, int | None]) -> dict[int, list]:
    """`_owner_and_watchers` for many impoundments at once ({impoundment id:
    owner id}): the owner first, then the watchers by person id, as rows with
    `id`, `phone`, `language` and `opted_out`."""
    ids = list(owners)
    people: dict[int, object] = {}
    owner_ids = sorted({owner for owner in owners.values() if owner})
    for start in range(0, len(owner_ids), _BATCH):
        people.update((p.id, p) for p in session.execute(
            select(*_RECIPIENT).where(_among(session, Person.id, owner_ids[start:start + _BATCH], Integer))))
    found: dict[int, list] = {i: ([people[owners[i]]] if owners[i] in people else []) for i in ids}
    for start in range(0, len(ids), _BATCH):
        rows = session.execute(select(Watch.impoundment_id, *_RECIPIENT).join(Person, Watch.person_id == Person.id)
                               .where(_among(session, Watch.impoundment_id, ids[start:start + _BATCH], Integer))
                               .order_by(Watch.impoundment_id, Person.id))
        for row in rows:
            if row.id != owners[row.impoundment_id]:
                found[row.impoundment_id].append(row)
    return found


def _owner_and_watchers(session: Session, impoundment: Impoundment) -> list[Person]:
    people = []
    if impoundment.owner_id:
        owner = session.get(Person, impoundment.owner_id)
        if owner is not None:
            people.append(owner)
    watchers = session.scalars(select(Person).join(Watch, Watch.person_id == Person.id)
                               .where(Watch.impoundment_id == impoundment.id).order_by(Person.id))
    people.extend(p for p in watchers if p.id != impoundment.owner_id)
    return people


def _local_moment(on: date, hour: int, tz: str) -> datetime:
    """`hour`:00 on the local date `on`, as a UTC datetime."""
    return datetime.combine(on, time(hour), ZoneInfo(tz)).astimezone(timezone.utc)


def _label(impoundment: Impoundment, lang: str) -> str:
    """The ear tag; an untagged animal is named by its receipt, said as one."""
    return impoundment.tag or t(lang, "notice.untagged", receipt=impoundment.receipt)


def _pound_name(pound: Pound, lang: str) -> str:
    return place_name(lang, pound.name, pound.names, pound.code)
