"""The menu trees (SPEC §5), as data: the owner / public tree and the keeper's.

Every channel that offers menus (USSD, voice) walks this one `TREE` with `handlers.menus.navigator`
(the node types are described there). Adding an option is one `Option(...)` line in its menu, with
`said=`, the `voice` sentence a caller hears for it, its key in it (tests/menus/test_voice_sentences.py).
An animal in a village under the 1871 Act's two stages gets that Act's screens (`handlers.menus.trespass`).

Nothing here is a business rule: seizures and releases go through `handlers.pound.records`, the facts
through `handlers.pound.facts`, the words through the catalogues. The only writes are the actions at the
leaves and the subscription of an owner who looks up an animal (SPEC §4 FIND: "the asker is subscribed").
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from handlers.pound import admin, facts, rates, records
from handlers.catalogue import LANGUAGES, day, days_text, kind_name, money, place_name, rate, rupees, spoken, t
from handlers.text.digits import normalise_digits
from handlers.errors import Refused
from handlers.menus import sale, trespass
from handlers.menus.deadlines import deadline_lines
from handlers.menus.navigator import (Caller, Context, Detour, Ending, Info, Input, Menu, Option, State, Tree, Wrong,
                                      refusal_text)
from models import law
from models.queries import RECEIPT_DIGITS, TAG_DIGITS
from models.queries import books as book_queries
from models.phones import normalise_phone
from models.tables import Pound

# --------------------------------------------------------------------- reading a tag

def read_tag(raw: str) -> str | None:
    """A typed ear tag (12 digits, INAPH) or receipt (4-10 digits), as SMS reads them; spaces, dashes ignored."""
    digits = normalise_digits(raw).replace(" ", "").replace("-", "")
    if not (digits.isascii() and digits.isdigit()):
        return None
    return digits if len(digits) == TAG_DIGITS or len(digits) in RECEIPT_DIGITS else None


def _number(ctx: Context, tag: str | None, receipt: str) -> str:
    return tag or ctx.t("ussd.receipt", receipt=receipt)


def _animal(ctx: Context, kind: str, tag: str | None, receipt: str) -> str:
    return ctx.t("ussd.animal", kind=kind_name(ctx.caller.language, kind), number=_number(ctx, tag, receipt))


# --------------------------------------------------------------------- the owner / public menu

def _known_tag(ctx: Context, value: str) -> str | Wrong:
    """A typed tag or receipt of an animal Dabbo knows, or the screen's error."""
    tag = read_tag(value)
    if tag is None:
        return Wrong("ussd.tag.bad")
    found = ctx.found(tag)
    if found is None or (found is False and ctx.animal(tag) is None):
        return Wrong("ussd.tag.unknown")
    return tag


def _status(ctx: Context, state: State) -> facts.AnimalStatus:
    return facts.animal_status(ctx.session, ctx.animal(state.tag), ctx.now)


def _find_lines(ctx: Context, state: State) -> list[str]:
    """Where, due today, claim by, auction: on the first screen even in
    Gujarati's 80 characters, so the essentials come first, tersely."""
    s, lang, act_1871 = _status(ctx, state), ctx.caller.language, trespass.two_stage(ctx.animal(state.tag))
    if s.status == "impounded":
        return [ctx.t("ussd.find.where", kind=kind_name(lang, s.kind), number=_number(ctx, s.tag, s.receipt),
                      pound=place_name(lang, s.pound_name, s.pound_names), since=spoken(lang, s.seized_at, s.timezone)),
                ctx.t("ussd.find.due", amount=rupees(s.dues.total_paise)),
                *(trespass.deadline_lines(ctx, s) if act_1871 else
                  deadline_lines(ctx, s, _auction_line(ctx, s.auction_at, s.auction_place, s.timezone)))]
    lines = [_animal(ctx, s.kind, s.tag, s.receipt)]
    if s.status == "released":
        lines.append(ctx.t("ussd.find.released", when=spoken(ctx.caller.language, s.released_at, s.timezone)))
    else:
        lines.append(ctx.t("ussd.find.sold", when=spoken(ctx.caller.language, s.sold_at, s.timezone)))
        if s.surplus_paise and s.surplus_deadline >= law.local_date(ctx.now, s.timezone):
            lines.append(trespass.surplus_line(ctx, s) if act_1871 else ctx.t(
                "ussd.find.surplus", amount=money(ctx.caller.language, s.surplus_paise), day=day(s.surplus_deadline)))
    return lines


def _auction_line(ctx: Context, auction_at: datetime, place: str | None, tz: str) -> str:
    moment = spoken(ctx.caller.language, auction_at, tz)
    if place:
        return ctx.t("ussd.find.auction_place", when=moment, place=place)
    return ctx.t("ussd.find.auction", when=moment)


def _subscribe(ctx: Context, state: State) -> None:
    """SPEC §4 FIND: whoever asks about an animal gets its reminders. Keepers
    and officials asking in the course of their work are not subscribed."""
    if ctx.caller.known is not None and ctx.caller.known.role != "owner":
        return
    found = ctx.found(state.tag)
    impoundment = ctx.impoundment(state.tag) if found is False else None
    if found or impoundment is not None:
        person = ctx.caller.known or admin.person_for_phone(ctx.session, ctx.caller.phone, ctx.now,
                                                            language=ctx.caller.language)
        if found:
            key = found.key
            records.watch_animal(ctx.session, key.id, key.status, key.sale_version is not None, person, ctx.now)
        else:
            records.watch(ctx.session, impoundment, person, ctx.now)


def _fees_lines(ctx: Context, state: State) -> list[str]:
    s = _status(ctx, state)
    language = ctx.caller.language
    lines = [_animal(ctx, s.kind, s.tag, s.receipt)]
    if s.status != "impounded":
        return lines + [ctx.t("ussd.fees.not_held")]
    if trespass.two_stage(impoundment := ctx.animal(state.tag)):   # s.12 fine by category, feeding, s.15
        return lines + trespass.fees_lines(ctx, s, impoundment.village.pack)
    d = s.dues
    lines += [ctx.t("ussd.fees.fee", amount=money(language, d.pound_fee_paise)),
              ctx.t("ussd.fees.expenses", days=d.days, days_text=days_text(language, d.days),
                    rate=rate(language, d.daily_rate_paise),
                    amount=money(language, d.expenses_paise))]
    if d.security_paise:
        lines.append(ctx.t("ussd.fees.security", amount=money(language, d.security_paise)))
    lines.append(ctx.t("ussd.fees.total", amount=money(language, d.total_paise)))
    if d.total_tomorrow_paise != d.total_paise:
        lines.append(ctx.t("ussd.fees.tomorrow", amount=money(language, d.total_tomorrow_paise)))
    if d.security_paise:
        lines.append(ctx.t("ussd.fees.protest", amount=money(language, s.dues_under_protest.total_paise)))
    return lines


def _auction_lines(ctx: Context, state: State) -> list[str]:
    village = facts.village_of(ctx.session, ctx.caller.known)
    lots = facts.upcoming_auctions(ctx.session, village_id=village.id if village else None, now=ctx.now)
    if not lots:
        return [ctx.t("ussd.auctions.none")]
    if village is None:
        # A caller with no village sees every village's, grouped by village.
        lots.sort(key=lambda lot: (lot.village_name, lot.auction_at))
    lines, shown_village = [], None
    for lot in lots:
        if village is None and lot.village_name != shown_village:
            shown_village = lot.village_name
            lines.append(ctx.t("ussd.auctions.village",
                               village=place_name(ctx.caller.language, lot.village_name, lot.village_names)))
        lines.append(ctx.t("ussd.auctions.lot", when=spoken(ctx.caller.language, lot.auction_at, lot.timezone),
                           kind=kind_name(ctx.caller.language, lot.kind), number=_number(ctx, lot.tag, lot.receipt)))
    return lines


def _my_lines(ctx: Context, state: State) -> list[str]:
    known = ctx.caller.known
    owned = facts.owned_animals(ctx.session, known, ctx.now) if known is not None else []
    if not owned:
        return [ctx.t("ussd.mine.none")]
    lines, lang = [], ctx.caller.language
    for animal in owned:
        kind, s = kind_name(lang, animal.kind), animal.latest
        if s is not None and s.status == "impounded":
            lines.append(ctx.t("ussd.mine.held", kind=kind, number=animal.tag, amount=money(lang, s.dues.total_paise),
                               when=spoken(lang, s.auction_at, s.timezone)))
        elif s is not None and s.status == "sold":
            lines.append(ctx.t("ussd.mine.sold", kind=kind, number=animal.tag, when=spoken(lang, s.sold_at, s.timezone)))
        else:
            lines.append(ctx.t("ussd.mine.home", kind=kind, number=animal.tag))
    return lines


def _rates_lines(ctx: Context, state: State) -> list[str]:
    """r.6's fee list for the caller's village, the lines SMS RATES sends."""
    village = facts.village_of(ctx.session, ctx.caller.known)
    if village is None:
        return [ctx.t("ussd.rates.which")]
    fees = book_queries.fee_list(ctx.session, village, law.local_date(ctx.now, village.timezone))
    return [ctx.t("ussd.rates.title", village=place_name(ctx.caller.language, village.name, village.names, village.code)[:20])] + rates.fee_lines(ctx.caller.language, fees)


def _set_language(code: str) -> Callable[[Context, State], Ending]:
    def run(ctx: Context, state: State) -> Ending:
        person = admin.person_for_phone(ctx.session, ctx.caller.phone, ctx.now, language=code)
        person.language = code
        return Ending(t(code, "ussd.lang.done"))
    return run


# --------------------------------------------------------------------- the keeper menu

def _seize_tag(ctx: Context, value: str) -> str | Wrong:
    tag = read_tag(value)
    if tag is None:
        return Wrong("ussd.tag.bad")
    held = ctx.impoundment(tag)
    if held is not None and held.status == "impounded":
        # Where it is, and the session ends: replayed keys that followed this tag (the kind,
        # the confirm) were pressed for it, and must never become an untagged seizure.
        return Detour("seize.held", tag)
    return tag


def _held_lines(ctx: Context, state: State) -> list[str]:
    """The tag typed for a seizure is in a pound already: which, and since when."""
    held = ctx.impoundment(state.tag)
    if held is None or held.status != "impounded":
        return [ctx.t("ussd.refused")]
    return [refusal_text(ctx, records.already_held(held, state.tag))]


def _seizure_what(ctx: Context, state: State) -> str:
    kind = kind_name(ctx.caller.language, state.kind)
    if state.tag:
        return ctx.t("ussd.seize.what_tag", kind=kind, tag=state.tag)
    return ctx.t("ussd.seize.what_untagged", kind=kind)


def _seizer_phone(ctx: Context, value: str) -> str | Wrong:
    """The phone of the person who brought the animal (§184(1))."""
    pound = ctx.session.get(Pound, ctx.caller.keeper_pound_id)
    phone = normalise_phone(normalise_digits(value), pound.village.country)
    return phone if phone is not None else Wrong("ussd.seize.seizer_bad")


def _seizure_by(ctx: Context, state: State) -> str:
    return ctx.t("ussd.seize.confirm_by", what=_seizure_what(ctx, state), phone=state.seizer)


def _seize(ctx: Context, state: State) -> Ending:
    person = ctx.caller.person
    pound = ctx.session.get(Pound, ctx.caller.keeper_pound_id)
    seizer = None
    if state.seizer:
        seizer = admin.person_for_phone(ctx.session, state.seizer, ctx.now, language=pound.village.language)
    made = records.seize(ctx.session, pound=pound, kind=state.kind, tags=[state.tag or None],
                         now=ctx.now, keeper=person, seizer=seizer)
    impoundment = made[0]
    if trespass.two_stage(impoundment):   # s.14: the police report and the earliest auction
        return Ending(trespass.seized_text(ctx, impoundment))
    tz, lang = pound.village.timezone, ctx.caller.language
    return Ending(ctx.t("ussd.seize.done", receipt=impoundment.receipt,
                        claim=spoken(lang, impoundment.claim_deadline, tz, deadline=True),
                        auction=spoken(lang, impoundment.auction_at, tz)))


def _held_here(ctx: Context, tag: str | None):
    impoundment = ctx.impoundment(tag)
    if impoundment is None or impoundment.status != "impounded" or impoundment.pound_id != ctx.caller.keeper_pound_id:
        return None
    return impoundment


def _release_tag(ctx: Context, value: str) -> str | Wrong:
    tag = _known_tag(ctx, value)
    if isinstance(tag, Wrong):
        return tag
    if _held_here(ctx, tag) is None:
        return Wrong("ussd.release.not_here")
    return tag


def _release_status(ctx: Context, state: State) -> facts.AnimalStatus:
    return facts.animal_status(ctx.session, _held_here(ctx, state.tag), ctx.now)


def _release_animal(ctx: Context, state: State) -> str:
    s = _release_status(ctx, state)
    return _animal(ctx, s.kind, s.tag, s.receipt)


def _release_normal(ctx: Context, state: State) -> str:
    return ctx.t("ussd.release.normal", amount=money(ctx.caller.language, _release_status(ctx, state).dues.total_paise))


def _release_protest(ctx: Context, state: State) -> str:
    dues = _release_status(ctx, state).dues_under_protest
    return ctx.t("ussd.release.protest", amount=money(ctx.caller.language, dues.total_paise))


def _release_confirm_title(ctx: Context, state: State) -> str:
    s = _release_status(ctx, state)
    dues = s.dues_under_protest if state.protest else s.dues
    key = "ussd.release.confirm_protest" if state.protest else "ussd.release.confirm"
    return ctx.t(key, what=_animal(ctx, s.kind, s.tag, s.receipt), amount=money(ctx.caller.language, dues.total_paise))


def _release(ctx: Context, state: State) -> Ending:
    impoundment = ctx.impoundment(state.tag)
    if impoundment is None or impoundment.pound_id != ctx.caller.keeper_pound_id:
        raise Refused("not_impounded", "not in this keeper's pound")
    record = records.release(ctx.session, impoundment, now=ctx.now, under_protest=state.protest,
                             actor_phone=ctx.caller.phone)
    amount = money(ctx.caller.language, record.total_paise)
    if state.protest:
        # §188(1) complaint deadline (or that it passed) and §185(3)'s four weeks.
        terms = law.protest_terms(impoundment.seized_at, record.released_at, impoundment.village.timezone)
        key = "ussd.release.done_protest_passed" if terms.complaint_deadline_passed else "ussd.release.done_protest_terms"
        return Ending(ctx.t(key, amount=amount, complaint=day(terms.complaint_deadline), day=day(terms.protest_deadline)))
    return Ending(ctx.t("ussd.release.done", amount=amount))


def _pound_lines(ctx: Context, state: State) -> list[str]:
    held = facts.pound_animals(ctx.session, ctx.caller.keeper_pound_id, ctx.now)
    if not held:
        return [ctx.t("ussd.pound.none")]
    return [ctx.t("ussd.pound.line", number=_number(ctx, a.tag, a.receipt), kind=kind_name(ctx.caller.language, a.kind),
                  days=a.days, auction=spoken(ctx.caller.language, a.auction_at, a.timezone)) for a in held]


# --------------------------------------------------------------------- the trees

def _root(caller: Caller) -> str:
    return "keeper" if caller.keeper_pound_id is not None else "owner"


TAG_ERRORS = ("ussd.invalid", "ussd.tag.bad", "ussd.tag.unknown")

# What a caller hears: each option is its own `voice` sentence with its key in it, each
# computed screen its own spoken sentence (the USSD labels are written for a screen).

def _said_seize(ctx: Context, state: State) -> str:
    return ctx.t("voice.menu.seize.confirm", what=_seizure_what(ctx, state))


def _said_seize_by(ctx: Context, state: State) -> str:
    return ctx.t("voice.menu.seize.confirm_by", what=_seizure_what(ctx, state), phone=state.seizer)


def _said_release_normal(ctx: Context, state: State) -> str:
    return ctx.t("voice.menu.release.normal", amount=money(ctx.caller.language, _release_status(ctx, state).dues.total_paise))


def _said_release_protest(ctx: Context, state: State) -> str:
    amount = money(ctx.caller.language, _release_status(ctx, state).dues_under_protest.total_paise)
    return ctx.t("voice.menu.release.protest", amount=amount)


def _said_release_confirm(ctx: Context, state: State) -> str:
    s = _release_status(ctx, state)
    dues = s.dues_under_protest if state.protest else s.dues
    key = "voice.menu.release.confirm_protest" if state.protest else "voice.menu.release.confirm"
    return ctx.t(key, what=_animal(ctx, s.kind, s.tag, s.receipt), amount=money(ctx.caller.language, dues.total_paise))


TREE = Tree(root=_root, nodes={
    "owner": Menu("ussd.owner.title", (
        Option("ussd.owner.find", "find", said="voice.menu.owner.find"),
        Option("ussd.owner.fees", "fees", said="voice.menu.owner.fees"),
        Option("ussd.owner.auctions", "auctions", said="voice.menu.owner.auctions"),
        Option("ussd.owner.mine", "mine", said="voice.menu.owner.mine"),
        Option("ussd.owner.language", "lang", said="voice.menu.owner.language"),
        Option("ussd.owner.rates", "rates", said="voice.menu.owner.rates"),  # the fee list exhibited, r.6
), said="voice.menu.owner"),
    "rates": Info(_rates_lines),
    "find": Menu("ussd.tag.prompt", input=Input(_known_tag, "find.result"), errors=TAG_ERRORS, said="voice.menu.tag"),
    "find.result": Info(_find_lines, on_show=_subscribe, answer=lambda ctx, state: ctx.found(state.tag)),
    "fees": Menu("ussd.tag.prompt", input=Input(_known_tag, "fees.result"), errors=TAG_ERRORS, said="voice.menu.tag"),
    "fees.result": Info(_fees_lines, answer=lambda ctx, state: ctx.found(state.tag)),
    "auctions": Info(_auction_lines),
    "mine": Info(_my_lines),
    "lang": Menu("ussd.lang.title", tuple(Option(f"ussd.lang.{code}", run=_set_language(code),
                                                 said=f"voice.menu.lang.{code}") for code in LANGUAGES),
                 said="voice.menu.lang"),

    "keeper": Menu("ussd.keeper.title", (
        Option("ussd.keeper.seize", "seize", said="voice.menu.keeper.seize"),
        Option("ussd.keeper.release", "release", said="voice.menu.keeper.release"),
        Option("ussd.keeper.pound", "pound", said="voice.menu.keeper.pound"),
        Option("ussd.keeper.find", "find", said="voice.menu.keeper.find"),
        Option("ussd.keeper.sale", "sale", said="voice.menu.keeper.sale"),   # SPEC 13.3: as SMS SOLD
), said="voice.menu.keeper"),
    "seize": Menu("ussd.seize.tag_prompt", (Option("ussd.seize.no_tag", "seize.kind", sets={"tag": ""},
                                                   said="voice.menu.seize.no_tag"),),
                  input=Input(_seize_tag, "seize.kind"), errors=("ussd.invalid", "ussd.tag.bad", "ussd.seize.already"),
                  said="voice.menu.seize.tag"),
    "seize.held": Info(_held_lines, final=True),
    "seize.kind": Menu("ussd.seize.kind_title",
                       tuple(Option(f"kind.{kind}", "seize.confirm", sets={"kind": kind}, said=f"voice.menu.kind.{kind}")
                             for kind in law.NAMED_KINDS), said="voice.menu.seize.kind",
                       keep=trespass.kind_in_keepers_law),   # the kinds of the keeper's village's law
    "seize.confirm": Menu(lambda ctx, state: ctx.t("ussd.seize.confirm", what=_seizure_what(ctx, state)),
                          (Option("ussd.confirm", run=_seize, said="voice.menu.confirm"),
                           Option("ussd.seize.by_other", "seize.seizer", said="voice.menu.seize.by_other")),
                          said=_said_seize),
    # someone else brought the animal; the register copy (r.3) goes to them.
    "seize.seizer": Menu("ussd.seize.seizer_prompt", input=Input(_seizer_phone, "seize.confirm_by", into="seizer"),
                         errors=("ussd.invalid", "ussd.seize.seizer_bad"), said="voice.menu.seize.seizer"),
    "seize.confirm_by": Menu(_seizure_by, (Option("ussd.confirm", run=_seize, said="voice.menu.confirm"),),
                             said=_said_seize_by),
    "release": Menu("ussd.tag.prompt", input=Input(_release_tag, "release.mode"),
                    errors=(*TAG_ERRORS, "ussd.release.not_here"), said="voice.menu.tag"),
    "release.mode": Menu(_release_animal, (Option(_release_normal, "release.confirm", sets={"protest": False},
                                                  said=_said_release_normal),
                                           Option(_release_protest, "release.confirm", sets={"protest": True},
                                                  said=_said_release_protest))),
    "release.confirm": Menu(_release_confirm_title, (Option("ussd.confirm", run=_release, said="voice.menu.confirm"),),
                            said=_said_release_confirm),
    "pound": Info(_pound_lines),
    **sale.nodes(_release_tag, _release_animal, TAG_ERRORS),
})
