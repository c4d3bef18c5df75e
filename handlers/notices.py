"""Which notices an impoundment implies, and when (SPEC section 7).

Called by `handlers.records` inside the transaction that changed the record,
so the outbox rows commit together with the change they announce.
(Placeholder hooks: the scheduled notices are filled in with issue 6.)
"""
from __future__ import annotations

from datetime import datetime
from typing import Sequence

from sqlalchemy.orm import Session

from models.tables import Deposit, Impoundment, Release, Sale


def after_seizure(session: Session, impoundments: Sequence[Impoundment], now: datetime) -> None:
    return None


def after_release(session: Session, impoundment: Impoundment, release: Release, now: datetime) -> None:
    return None


def after_sale(session: Session, impoundment: Impoundment, sale: Sale, now: datetime) -> None:
    return None


def after_auction_fixed(session: Session, impoundments: Sequence[Impoundment], now: datetime) -> None:
    return None


def after_deposit_forfeited(session: Session, deposit: Deposit, now: datetime) -> None:
    return None
