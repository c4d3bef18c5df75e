"""What a queued notice says, worked out again at the moment it goes.

A notice is written when its facts are known (a seizure alert at the seizure), but
quiet hours, a retry or a busy queue may hold it for hours; meanwhile the day turns
(one more day of feeding), a back-dated seizure of the owner's other animal joins the
occasion (a larger §189 deposit), or an official fixes the auction. What a person is
told must be true when it reaches them (SPEC section 7: "checked at send time"), so
just before a claimed row goes to the provider its text is written again from the
records as they are now, with the same function that wrote it first, and the row is
updated when the words changed. Whether the row is sent at all stays the verdict's
(`handlers.outbox.delivery.verdict`); this only decides what it says.

An auction's notice (fixed, or on its eve) names its auction in its key (village and
moment): re-fixed to another moment or cancelled (no animal left for it), the verdict
withdraws it and the re-fix has written the notice of the new moment; still standing, it
is written again from the auction's lots as they are now (a place re-typed, an animal
claimed meanwhile), so no villager is told a place or a list that no longer holds.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Callable, Sequence

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from handlers.catalogue import read_on
from handlers.notices.common import AUCTION_NOTICE, sentence
from handlers.notices.dated import auction_text_in, parse_auction_key
from handlers.notices.texts import claim_reminder_text, seizure_alert_text
from handlers.text import encoding, segments
from models.queries.disposal import for_auction
from models.tables import Impoundment, OutboundMessage, Village

# The notices whose words carry facts that move while they wait (today's dues, the
# deadline and auction said with their year): kind -> the function that wrote them.
FRESH_TEXT: dict[str, Callable[[Session, Impoundment, str, datetime], str]] = {
    "seizure_alert": seizure_alert_text,
    "claim_reminder": claim_reminder_text,
}


def rewrite_stale(session: Session, claimed: Sequence, now: datetime) -> list:
    """The claimed rows with each text as it reads at `now`; a row whose words changed
    is updated in the same transaction as its claim (text, segments, encoding), so the
    outbox shows what was really sent. Rows of other kinds pass through untouched
    without a query (a broadcast of a thousand rows costs nothing here)."""
    ids = [row.id for row in claimed if row.kind in FRESH_TEXT or row.kind == AUCTION_NOTICE]
    if not ids:
        return list(claimed)
    facts = {row.id: row for row in session.execute(
        select(OutboundMessage.id, OutboundMessage.language, OutboundMessage.impoundment_id,
               OutboundMessage.idempotency_key).where(OutboundMessage.id.in_(ids)))}
    auctions: dict = {}   # (village id, moment) -> {language: text}, each auction read once
    fresh = []
    with read_on(now):
        for row in claimed:
            fact = facts.get(row.id)
            text = None
            if fact is not None and row.kind == AUCTION_NOTICE:
                text = _auction_text_now(session, fact, auctions)
            elif fact is not None and fact.impoundment_id is not None:
                impoundment = session.get(Impoundment, fact.impoundment_id)
                if impoundment is not None and impoundment.status == "impounded":
                    text = sentence(FRESH_TEXT[row.kind](session, impoundment, fact.language, now))
            if text is not None and text != row.text:
                session.execute(update(OutboundMessage).where(OutboundMessage.id == row.id).values(
                    text=text, segments=segments(text), encoding=encoding(text), updated_at=now))
                row = replace(row, text=text)
            fresh.append(row)
    return fresh


def _auction_text_now(session: Session, fact, auctions: dict) -> str | None:
    """An auction notice's words from the auction's lots as they stand (None: the key names
    no auction, or no animal is left for it: the verdict's to withdraw, not ours to word)."""
    parsed = parse_auction_key(fact.idempotency_key or "")
    if parsed is None:
        return None
    if parsed not in auctions:
        village_id, auction_at = parsed
        lots = list(session.scalars(select(Impoundment).where(
            Impoundment.village_id == village_id, Impoundment.status == "impounded",
            Impoundment.auction_at == auction_at, for_auction()).order_by(Impoundment.id)))
        auctions[parsed] = (session.get(Village, village_id), auction_at, lots) if lots else None
    if auctions[parsed] is None:
        return None
    village, auction_at, lots = auctions[parsed]
    return auction_text_in(fact.language, village, auction_at, lots, lots[0].pound)
