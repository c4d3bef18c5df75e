"""The keeper's sale by USSD (SPEC 13.3, §186(1)): the tag of an animal held in his pound, the
price in whole rupees, a confirmation that says what the sale meets, and the same record as SMS
`SOLD` (`handlers.pound.records.sell`): a sale before the auction is refused with its time, a
keeper not yet approved is refused (§182(1)), the owner is told the surplus and its 15 days. In a
village under the 1871 Act the sale waits for the police notice and its seven days (s.14), the
fine and feeding come off the proceeds and the balance is the owner's at the pound (s.16, s.17).

The nodes are built from two helpers of the menu tree (the held-here tag and the animal's words),
given, not imported, so that this module and `handlers.menus` do not import each other."""
from __future__ import annotations

from collections.abc import Callable

from handlers.catalogue import day, money, spoken
from handlers.errors import Refused
from handlers.menus.navigator import Context, Ending, Input, Menu, Option, State, Wrong
from handlers.pound import records
from handlers.text.digits import normalise_digits
from models import law, queries
from models.law import trespass

# A sale price a keypad can type and a column can hold (models.ranges: paise in an int4).
MAX_RUPEES = 2_00_00_000


def read_rupees(ctx: Context, value: str) -> str | Wrong:
    """Whole rupees as typed, in any of the four digit sets (commas and spaces ignored)."""
    digits = normalise_digits(value).replace(",", "").replace(" ", "")
    if not (digits.isascii() and digits.isdigit()) or not 0 < int(digits) <= MAX_RUPEES:
        return Wrong("ussd.sale.amount_bad")
    return str(int(digits))


def _what_it_meets(ctx: Context, state: State):
    """The dues the sale meets if recorded now, as records.sell will compute them."""
    impoundment = ctx.impoundment(state.tag)
    return impoundment, queries.dues_for(ctx.session, impoundment, ctx.now)


def nodes(held_tag: Callable[[Context, str], "str | Wrong"], animal: Callable[[Context, State], str],
          tag_errors: tuple[str, ...]) -> dict:
    """The sale's screens: `sale` (the tag), `sale.amount`, `sale.confirm`."""

    def confirm_title(ctx: Context, state: State, key: str = "ussd.sale.confirm") -> str:
        impoundment, dues = _what_it_meets(ctx, state)
        language = ctx.caller.language
        if trespass.two_stage(impoundment.village.pack):   # s.16: fine and feeding
            key += "_trespass"
        proceeds = law.rupees_to_paise(int(state.proceeds))
        return ctx.t(key, what=animal(ctx, state), proceeds=money(language, proceeds),
                     dues=money(language, dues.pound_fee_paise + dues.expenses_paise))

    def sell(ctx: Context, state: State) -> Ending:
        impoundment, _ = _what_it_meets(ctx, state)
        if impoundment is None or impoundment.pound_id != ctx.caller.keeper_pound_id:
            raise Refused("not_impounded", "not in this keeper's pound")
        tz = impoundment.village.timezone
        try:
            sale = records.sell(ctx.session, impoundment, proceeds_paise=law.rupees_to_paise(int(state.proceeds)),
                                now=ctx.now, actor_phone=ctx.caller.phone)
        except Refused as refused:   # the auction's time as the keeper reads it, not ISO 8601
            raise Refused(refused.code, refused.message, **{**refused.detail,
                                                            "auction_at": spoken(ctx.caller.language, impoundment.auction_at, tz)})
        language = ctx.caller.language
        key = "ussd.sale.done_trespass" if trespass.two_stage(impoundment.village.pack) else "ussd.sale.done"
        return Ending(ctx.t(key, proceeds=money(language, sale.proceeds_paise),
                            surplus=money(language, sale.surplus_paise), day=day(sale.surplus_deadline)))

    return {
        "sale": Menu("ussd.tag.prompt", input=Input(held_tag, "sale.amount"),
                     errors=(*tag_errors, "ussd.release.not_here"), said="voice.menu.tag"),
        "sale.amount": Menu("ussd.sale.amount_prompt", input=Input(read_rupees, "sale.confirm", into="proceeds"),
                            errors=("ussd.invalid", "ussd.sale.amount_bad"), said="voice.menu.sale.amount"),
        "sale.confirm": Menu(confirm_title, (Option("ussd.confirm", run=sell, said="voice.menu.confirm"),),
                             said=lambda ctx, state: confirm_title(ctx, state, "voice.menu.sale.confirm")),
    }

