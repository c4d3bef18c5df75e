"""What anyone may ask: where an animal is (FIND), what it costs (FEES), the
coming auctions (AUCTIONS) and, for an owner, his registered animals (MY).

A tag lookup subscribes the asker to that impoundment's reminders
(records.watch): the person who asked is the one who wants to know in time.
Nothing here names an owner or shows an owner's phone.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime

from sqlalchemy.orm import Session

from handlers.pound import answers
from handlers.pound import facts
from handlers.pound import records
from handlers.catalogue import category_name, counted, day, days_text, kind_name, money, place_name, rate, spoken, t
from handlers.sms.commands import Command
from handlers.errors import Refused
from handlers.sms.replies import Context, fit_list, short
from models import law, queries
from models.law import FORFEITED_ON_CONVICTION, local_date, trespass
from models.tables import Impoundment, Village

# Animals read for AUCTIONS: far more than one SMS can list, so the counts are whole.
AUCTION_LOTS = 1000


def find(session: Session, context: Context, command: Command) -> str:
    language = context.sender.language
    text = _answer(session, context, command, "sms.find",
                   lambda impoundment: describe(session, language, impoundment, context.now))
    return _with_more_tags(language, text, command)


def fees(session: Session, context: Context, command: Command) -> str:
    language = context.sender.language
    text = _answer(session, context, command, "sms.fees",
                   lambda impoundment: _fees_text(session, language, impoundment, context.now))
    return _with_more_tags(language, text, command)


def _fees_text(session: Session, language: str, impoundment: Impoundment, now: datetime) -> str:
    if impoundment.status != "impounded":
        return describe(session, language, impoundment, now)
    dues = facts.animal_status(session, impoundment, now).dues
    # 1871: the fine of the state's scale (s.12) named by its category, no security; Gujarat: §187's
    # fee and the §189 security.
    pack, category = impoundment.village.pack, None
    key = "sms.fees"
    if trespass.two_stage(pack):
        key, category = "sms.fees_trespass", category_name(language, trespass.category(impoundment.kind, pack))
    if trespass.disposal(impoundment.kind, pack) == "gaushala":
        key = "sms.fees_trespass_gaushala"   # s.14 proviso: unclaimed, a gaushala, not the auction
    return t(language, key, tag=label(impoundment), fee=money(language, dues.pound_fee_paise), category=category,
             days=dues.days, days_text=days_text(language, dues.days), rate=rate(language, dues.daily_rate_paise),
             expenses=money(language, dues.expenses_paise), security=money(language, dues.security_paise),
             total=money(language, dues.total_paise), total_tomorrow=money(language, dues.total_tomorrow_paise),
             auction_at=spoken(language, impoundment.auction_at, impoundment.village.timezone))


def describe(session: Session, language: str, impoundment: Impoundment, now: datetime) -> str:
    """FIND's answer for one impoundment, whatever became of it."""
    status = facts.animal_status(session, impoundment, now)
    tz = status.timezone
    kind = kind_name(language, status.kind)

    def said(moment: datetime, deadline: bool = False) -> str:
        return spoken(language, moment, tz, deadline=deadline)

    if status.status == "released":
        release = impoundment.release
        if release is not None and release.by_court:   # §188(3): the owner owes nothing, the seizer the dues
            return t(language, "sms.find_released_by_court", tag=status.number, kind=kind,
                     date=said(status.released_at), fees=money(language, release.seizer_owes_paise))
        return t(language, "sms.find_released", tag=status.number, kind=kind, date=said(status.released_at))
    if status.status == FORFEITED_ON_CONVICTION:   # §183(2)(b)
        return t(language, "sms.find_forfeited", tag=status.number, kind=kind, date=said(impoundment.closed_at))
    if status.status == trespass.HANDED_OVER:   # 1871 s.14 proviso
        return t(language, "sms.find_handed_over", tag=status.number, kind=kind, to=short(impoundment.handed_to, 40),
                 date=said(impoundment.closed_at))
    if status.status == "sold":
        key = "sms.find_sold"
        if trespass.two_stage(impoundment.village.pack):   # s.16: the balance at the pound; s.17 the Government's
            key = "sms.find_sold_trespass" if status.surplus_paise else "sms.find_sold_none_trespass"
        return t(language, key, tag=status.number, kind=kind, date=said(status.sold_at),
                 surplus=money(language, status.surplus_paise), surplus_deadline=day(status.surplus_deadline))
    # §186(1): a deadline that has gone by is told as gone by, never as still ahead.
    key = {law.AHEAD: "sms.find", law.CLAIM_PASSED: "sms.find_claim_passed",
           law.AUCTION_PASSED: "sms.find_auction_passed"}[law.deadlines_state(status.claim_deadline,
                                                                               status.auction_at, now)]
    if status.status == "impounded" and trespass.disposal(status.kind, impoundment.village.pack) == "gaushala":
        key = "sms.find_gaushala"   # 1871 s.14 proviso: not auctioned; a gaushala once the stages are over
    return t(language, key, tag=status.number, kind=kind,
             pound=short(place_name(language, status.pound_name, status.pound_names)),
             village=short(place_name(language, status.village_name, status.village_names)),
             since=said(status.seized_at), total=money(language, status.dues.total_paise),
             claim_deadline=said(status.claim_deadline, deadline=True), auction_at=said(status.auction_at),
             receipt=status.receipt, total_tomorrow=money(language, status.dues.total_tomorrow_paise))


def auctions(session: Session, context: Context, command: Command) -> str:
    """Upcoming auctions of one village: one line per auction time and place."""
    language = context.sender.language
    village = _village_asked(session, context, command)
    lots = facts.upcoming_auctions(session, village_id=village.id, now=context.now, limit=AUCTION_LOTS)
    name = short(place_name(language, village.name, village.names, village.code))
    if not lots:
        return t(language, "sms.auctions_none", village=name)
    counts = Counter((lot.auction_at, lot.auction_place) for lot in lots)  # keeps the soonest-first order
    items = [t(language, "sms.auction_item", when=spoken(language, at, village.timezone),
               place=short(place or name, 20), count=count, animals=counted(language, "animal", count))
             for (at, place), count in counts.items()]
    return fit_list(language, lambda joined: t(language, "sms.auctions", village=name, items=joined), items)


def my(session: Session, context: Context, command: Command) -> str:
    """The sender's registered animals and where each is now."""
    language = context.sender.language
    person = context.sender.person
    if person is None:
        raise Refused("no_phone", "the sender's number could not be read")
    owned = facts.owned_animals(session, person, context.now)
    if not owned:
        return t(language, "sms.my_none")
    first, rest = [], []
    for animal in owned:
        kind = kind_name(language, animal.kind)
        latest = animal.latest
        if latest is not None and latest.status == "impounded":
            first.append(t(language, "sms.my_item_held", tag=animal.tag, kind=kind,
                           pound=short(place_name(language, latest.pound_name, latest.pound_names), 20), total=money(language, latest.dues.total_paise)))
        elif latest is not None and latest.status == "sold" and \
                latest.surplus_deadline >= local_date(context.now, latest.timezone):
            # The surplus can still be claimed: worth telling.
            first.append(t(language, "sms.my_item_sold", tag=animal.tag, kind=kind,
                           surplus_deadline=day(latest.surplus_deadline)))
        else:
            rest.append(t(language, "sms.my_item_free", tag=animal.tag, kind=kind))
    # Animals in a pound first: they are the ones that cost money each day.
    return fit_list(language, lambda joined: t(language, "sms.my", items=joined), first + rest)


# --- shared ----------------------------------------------------------------


def label(impoundment: Impoundment) -> str:
    """How an animal is named in replies: its ear tag, else its receipt."""
    return impoundment.tag or impoundment.receipt


def find_impoundment(session: Session, tag: str) -> Impoundment:
    impoundment = queries.impoundment_by_tag(session, tag)
    if impoundment is None:
        raise Refused("unknown_tag", "no animal with this tag or receipt", tag=tag)
    return impoundment


def _answer(session: Session, context: Context, command: Command, screen: str,
            compute: Callable[[Impoundment], str]) -> str:
    """The answer about the first tag's animal (`compute` of its impoundment), computed
    once per key (handlers/pound/answers.py); the asker now watches it."""
    tag, person = command.tags[0], context.sender.person
    found = answers.by_tag(session, tag, asking=(screen, context.sender.language))
    if found is False:   # no row versions to key by: computed, as always
        impoundment = find_impoundment(session, tag)
        if person is not None:
            records.watch(session, impoundment, person, context.now)
        return compute(impoundment)
    if found is None:
        raise Refused("unknown_tag", "no animal with this tag or receipt", tag=tag)
    key = found.key
    if person is not None:
        records.watch_animal(session, key.id, key.status, key.sale_version is not None, person, context.now)
    return answers.remembered(session, found, context.now, (screen, context.sender.language),
                              lambda loaded: compute(loaded or find_impoundment(session, tag)))


def _with_more_tags(language: str, text: str, command: Command) -> str:
    if len(command.tags) < 2:
        return text
    more = len(command.tags) - 1
    return text + " " + t(language, "sms.one_tag_at_a_time", count=more, more=counted(language, "more_tag", more))


def _village_asked(session: Session, context: Context, command: Command) -> Village:
    if command.village_code:
        village = queries.village_by_code(session, command.village_code)
        if village is None:
            raise Refused("unknown_village", "no village with this code")
        return village
    village = facts.village_of(session, context.sender.person)
    if village is None:
        raise Refused("which_village", "the sender has no village")
    return village

