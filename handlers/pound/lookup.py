"""What anyone may ask: where an animal is (FIND), what it costs (FEES), the
coming auctions (AUCTIONS) and, for an owner, his registered animals (MY).

A tag lookup subscribes the asker to that impoundment's reminders
(records.watch): the person who asked is the one who wants to know in time.
Nothing here names an owner or shows an owner's phone.
"""
from __future__ import annotations

from collections import Counter
from datetime import datetime

from sqlalchemy.orm import Session

from handlers.pound import facts
from handlers.pound import records
from handlers.catalogue import counted, day, days_text, kind_name, money, place_name, rate, t, when
from handlers.sms.commands import Command
from handlers.errors import Refused
from handlers.sms.replies import Context, fit_list, short
from models import queries
from models.law import FORFEITED_ON_CONVICTION, local_date
from models.tables import Impoundment, Village

# Animals read for AUCTIONS: far more than one SMS can list, so the counts are whole.
AUCTION_LOTS = 1000


def find(session: Session, context: Context, command: Command) -> str:
    impoundment = _lookup(session, context, command)
    language = context.sender.language
    text = describe(session, language, impoundment, context.now)
    return _with_more_tags(language, text, command)


def fees(session: Session, context: Context, command: Command) -> str:
    impoundment = _lookup(session, context, command)
    language = context.sender.language
    if impoundment.status != "impounded":
        return _with_more_tags(language, describe(session, language, impoundment, context.now), command)
    dues = facts.animal_status(session, impoundment, context.now).dues
    text = t(language, "sms.fees", tag=label(impoundment), fee=money(language, dues.pound_fee_paise),
             days=dues.days, days_text=days_text(language, dues.days), rate=rate(language, dues.daily_rate_paise),
             expenses=money(language, dues.expenses_paise), security=money(language, dues.security_paise),
             total=money(language, dues.total_paise), total_tomorrow=money(language, dues.total_tomorrow_paise))
    return _with_more_tags(language, text, command)


def describe(session: Session, language: str, impoundment: Impoundment, now: datetime) -> str:
    """FIND's answer for one impoundment, whatever became of it."""
    status = facts.animal_status(session, impoundment, now)
    tz = status.timezone
    kind = kind_name(language, status.kind)
    if status.status == "released":
        return t(language, "sms.find_released", tag=status.number, kind=kind, date=when(status.released_at, tz))
    if status.status == FORFEITED_ON_CONVICTION:   # §183(2)(b)
        return t(language, "sms.find_forfeited", tag=status.number, kind=kind, date=when(impoundment.closed_at, tz))
    if status.status == "sold":
        return t(language, "sms.find_sold", tag=status.number, kind=kind, date=when(status.sold_at, tz),
                 surplus=money(language, status.surplus_paise), surplus_deadline=day(status.surplus_deadline))
    return t(language, "sms.find", tag=status.number, kind=kind, pound=short(place_name(language, status.pound_name, status.pound_names)),
             village=short(place_name(language, status.village_name, status.village_names)), since=when(status.seized_at, tz),
             total=money(language, status.dues.total_paise), claim_deadline=when(status.claim_deadline, tz),
             auction_at=when(status.auction_at, tz), receipt=status.receipt)


def auctions(session: Session, context: Context, command: Command) -> str:
    """Upcoming auctions of one village: one line per auction time and place."""
    language = context.sender.language
    village = _village_asked(session, context, command)
    lots = facts.upcoming_auctions(session, village_id=village.id, now=context.now, limit=AUCTION_LOTS)
    name = short(place_name(language, village.name, village.names, village.code))
    if not lots:
        return t(language, "sms.auctions_none", village=name)
    counts = Counter((lot.auction_at, lot.auction_place) for lot in lots)  # keeps the soonest-first order
    items = [t(language, "sms.auction_item", when=when(at, village.timezone),
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


def _lookup(session: Session, context: Context, command: Command) -> Impoundment:
    """The first tag's impoundment; the asker now watches it."""
    impoundment = find_impoundment(session, command.tags[0])
    if context.sender.person is not None:
        records.watch(session, impoundment, context.sender.person, context.now)
    return impoundment


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
    person = context.sender.person
    if person is None or person.village is None:
        raise Refused("which_village", "the sender has no village")
    return person.village

