"""The find screen's deadline lines (USSD and voice): §186(1)'s claim days and auction, each
told as ahead or as gone by (SPEC 13.3)."""
from __future__ import annotations

from handlers.catalogue import spoken
from handlers.menus.navigator import Context
from handlers.pound.facts import AnimalStatus
from models import law


def deadline_lines(ctx: Context, s: AnimalStatus, auction_line: str) -> list[str]:
    """`auction_line` is the auction ahead as the screen says it (with its place). An auction gone
    by says the claim days are over too: one line, so Gujarati keeps its one screen."""
    lang, state = ctx.caller.language, law.deadlines_state(s.claim_deadline, s.auction_at, ctx.now)
    if state == law.AUCTION_PASSED:
        return [ctx.t("ussd.find.auction_passed", when=spoken(lang, s.auction_at, s.timezone))]
    return [ctx.t("ussd.find.claim" if state == law.AHEAD else "ussd.find.claim_passed",
                  when=spoken(lang, s.claim_deadline, s.timezone, deadline=True)), auction_line]
