"""Which notices the records imply, to whom, and when (SPEC section 7).

Two kinds of moment:

* "at once" notices (seizure alert, release receipt, surplus notice, a fixed
  auction, a forfeited deposit) are written by the hooks below, which
  `handlers.pound.records` calls inside the transaction that changed the record, so
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

This module holds the rules of an impoundment's life (seizure, release, sale,
a fixed auction) and the send-time check. Beside it: `notice_dated` (the
dispatcher's dated notices and auctions), `notice_money` (the money
notices), `notice_texts` (the words) and `notice_common` (kinds, writing once).
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers.notices.common import (
    AUCTION_NOTICE, CLAIM_REMINDER, DEPOSIT_REFUNDABLE, RELEASE_RECEIPT, SEIZURE_ALERT, SURPLUS_NOTICE,
    SURPLUS_REMINDER, local_moment, owner_and_watchers, write_notice,
)
from handlers.notices import outcomes as outcome_notices
from handlers.notices.dated import announce_auction, auction_groups, parse_auction_key
from handlers.notices.money import open_refund_windows  # noqa: F401  (tests call notices.open_refund_windows)
from handlers.notices.police import POLICE_REPORT
from handlers.notices.texts import release_receipt_text, seizure_alert_text, surplus_notice_text
from models.queries.disposal import for_auction, reported
from models.tables import Deposit, Impoundment, OutboundMessage, Person, Release, Sale, Village


# Notices that speak of an animal still in the pound.
_WHILE_IMPOUNDED = frozenset({SEIZURE_ALERT, CLAIM_REMINDER, POLICE_REPORT})
# Notices that ask for the report to the police (1871 s.14): moot once it is on record.
_WHILE_UNREPORTED = frozenset({POLICE_REPORT})


# ---------------------------------------------------------------- hooks called by handlers.pound.records


def after_seizure(session: Session, impoundments: Sequence[Impoundment], now: datetime) -> None:
    """The registered owner learns at once (quiet hours are applied at send
    time) where the animal is, what is due, the claim deadline, the auction and
    the §188 complaint deadline; a keeper's seizure before his §182(1) approval reaches the
    village's officials."""
    outcome_notices.after_unapproved_seizure(session, impoundments, now)
    for impoundment in impoundments:
        owner = session.get(Person, impoundment.owner_id) if impoundment.owner_id else None
        if owner is None:
            continue
        write_notice(session, owner, SEIZURE_ALERT, f"{SEIZURE_ALERT}:{impoundment.id}", now,
                     lambda lang, i=impoundment: seizure_alert_text(session, i, lang, now),
                     impoundment_id=impoundment.id)


def after_release(session: Session, impoundment: Impoundment, release: Release, now: datetime) -> None:
    """The owner's receipt for what was paid (and, under protest, the §185(3)
    deadline; with a deposit, when it becomes refundable)."""
    owner_id = release.owner_id or impoundment.owner_id
    owner = session.get(Person, owner_id) if owner_id else None
    if owner is None:
        return
    write_notice(session, owner, RELEASE_RECEIPT, f"{RELEASE_RECEIPT}:{impoundment.id}", now,
                 lambda lang: release_receipt_text(impoundment, release, lang), impoundment_id=impoundment.id)


def after_sale(session: Session, impoundment: Impoundment, sale: Sale, now: datetime) -> None:
    """Owner and watchers learn the sale and the §186(1) fifteen days to claim
    the surplus."""
    tz = impoundment.village.timezone
    expires = local_moment(sale.surplus_deadline + timedelta(days=1), 0, tz)
    for person in owner_and_watchers(session, impoundment):
        write_notice(session, person, SURPLUS_NOTICE, f"{SURPLUS_NOTICE}:{impoundment.id}:{person.id}", now,
                     lambda lang: surplus_notice_text(impoundment, sale, lang), expires_at=expires,
                     impoundment_id=impoundment.id)


def after_auction_fixed(session: Session, impoundments: Sequence[Impoundment], now: datetime) -> None:
    """An official fixed an auction: the village hears of it at once."""
    for (village_id, auction_at), animals in auction_groups(impoundments).items():
        announce_auction(session, session.get(Village, village_id), auction_at, animals, "fixed", now)


def no_longer_applies(session: Session, message: OutboundMessage, now: datetime) -> str | None:
    """Asked at send time: why this notice must not go out any more, or None."""
    if message.kind in _WHILE_IMPOUNDED and message.impoundment_id:
        impoundment = session.get(Impoundment, message.impoundment_id)
        if impoundment is None or impoundment.status != "impounded":
            return f"no longer applies: the animal was {impoundment.status if impoundment else 'removed'}"
    if message.kind in _WHILE_UNREPORTED and message.impoundment_id:
        if session.scalar(select(Impoundment.id).where(Impoundment.id == message.impoundment_id, reported())):
            return "no longer applies: the report to the police is on record"
    if message.kind == AUCTION_NOTICE:
        parsed = parse_auction_key(message.idempotency_key)
        if parsed is not None:
            village_id, auction_at = parsed
            left = session.scalar(select(Impoundment.id).where(
                Impoundment.village_id == village_id, Impoundment.status == "impounded",
                Impoundment.auction_at == auction_at, for_auction()).limit(1))
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
