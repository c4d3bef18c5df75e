"""The menus' screens for an animal in a village whose law has the 1871 Act's two stages (s.14),
USSD and voice alike: the fine of the state's scale (s.12) and the feeding (ss.4-6) with no
security, the deposit on dispute (s.15), the keeper's report to the police and the auction not
before seven days after the police notice (s.14), the balance at the pound (s.16, s.17).

Read from the pack's shape (`trespass.two_stage`), never from its name, as the SMS replies do
(`handlers.pound.lookup`); a Gujarat village's screens are `handlers.menus`' own."""
from __future__ import annotations

from handlers.catalogue import category_name, day, days_text, money, rate, spoken
from handlers.menus.navigator import Context, Option, State
from handlers.pound.facts import AnimalStatus
from models import law
from models.law import trespass
from models.tables import Impoundment, Pound


def two_stage(impoundment: Impoundment | None) -> bool:
    """Whether the animal's village follows the 1871 Act's claim timeline (s.14)."""
    return impoundment is not None and trespass.two_stage(impoundment.village.pack)


def deadline_lines(ctx: Context, s: AnimalStatus) -> list[str]:
    """s.14: unclaimed until `claim_deadline`, the keeper reports to the police; the auction is
    not before seven days after the police notice (`auction_at`, the earliest); once that has
    gone by with the animal still held, the police officer who sells it is the one to ask."""
    lang = ctx.caller.language
    state = law.deadlines_state(s.claim_deadline, s.auction_at, ctx.now)
    auction = spoken(lang, s.auction_at, s.timezone)
    if state == law.AUCTION_PASSED:
        return [ctx.t("ussd.find.auction_passed_trespass", when=auction)]
    report = ctx.t("ussd.find.report_trespass" if state == law.AHEAD else "ussd.find.report_passed_trespass",
                   when=spoken(lang, s.claim_deadline, s.timezone, deadline=True))
    if s.auction_place:
        return [report, ctx.t("ussd.find.auction_place_trespass", when=auction, place=s.auction_place)]
    return [report, ctx.t("ussd.find.auction_trespass", when=auction)]


def surplus_line(ctx: Context, s: AnimalStatus) -> str:
    """s.16: the balance of the sale is the owner's, at the pound, until the schedule's last day;
    s.17: unclaimed, the Government's."""
    return ctx.t("ussd.find.surplus_trespass", amount=money(ctx.caller.language, s.surplus_paise),
                 day=day(s.surplus_deadline))


def fees_lines(ctx: Context, s: AnimalStatus, pack) -> list[str]:
    """s.12's fine, named by the category of the state's scale the kind is in (`pack`'s schedule),
    and ss.4-6's feeding, the total today and tomorrow, and the s.15 deposit of an owner who
    disputes the seizure: the same fine and charges (no §189 security in this Act)."""
    d, language = s.dues, ctx.caller.language
    lines = [ctx.t("ussd.fees.fine_trespass", amount=money(language, d.pound_fee_paise),
                   category=category_name(language, trespass.category(s.kind, pack))),
             ctx.t("ussd.fees.feeding_trespass", days=d.days, days_text=days_text(language, d.days),
                   rate=rate(language, d.daily_rate_paise), amount=money(language, d.expenses_paise)),
             ctx.t("ussd.fees.total", amount=money(language, d.total_paise))]
    if d.total_tomorrow_paise != d.total_paise:
        lines.append(ctx.t("ussd.fees.tomorrow", amount=money(language, d.total_tomorrow_paise)))
    lines.append(ctx.t("ussd.fees.dispute_trespass",
                       amount=money(language, trespass.dispute_deposit_paise(d.pound_fee_paise, d.expenses_paise))))
    return lines


def seized_text(ctx: Context, impoundment: Impoundment) -> str:
    """The keeper's seizure recorded: the receipt, the report due and the earliest auction (s.14)."""
    tz, lang = impoundment.village.timezone, ctx.caller.language
    return ctx.t("ussd.seize.done_trespass", receipt=impoundment.receipt,
                 claim=spoken(lang, impoundment.claim_deadline, tz, deadline=True),
                 auction=spoken(lang, impoundment.auction_at, tz))


def kind_in_keepers_law(ctx: Context, state: State, option: Option) -> bool:
    """The kinds the keeper's village's law lists (`law.kind_in_law`): Gujarat's §181 list, or
    the 1871 pack's with the schedule's heifer, ram, ewe, lamb and kid."""
    pound = ctx.session.get(Pound, ctx.caller.keeper_pound_id)
    return pound is not None and law.kind_in_law(option.sets["kind"], pound.village.pack)
