"""A pound keeper's commands: SEIZE, RELEASE, SOLD, LIST and, under the 1871 Act, POLICE (SPEC
sections 4 and 13.4).

The record-changing rules live in handlers.pound.records; this module only finds
the keeper's animal, calls records and words the answer. A keeper acts on his
own pound's animals only: another pound's tag is answered as not his, without
saying whose it is. Alerts to owners and watchers come from notices hooks
that records calls.
"""
from __future__ import annotations

from sqlalchemy.orm import Session

from handlers.pound import admin
from handlers.pound import facts
from handlers.pound import outcomes, records, refusals, timeline
from handlers.catalogue.vocabulary import DECLARATION_WORDS
from handlers.catalogue import counted_kind, day, days_text, kind_name, local_day, money, spoken, t
from handlers.catalogue.refusals import Moment
from handlers.sms.commands import Command
from handlers.errors import Refused
from handlers.pound.lookup import find_impoundment, label
from handlers.sms.replies import Context, fit_list
from handlers.sms.scanner import match_key, match_keys, next_word
from models import law, queries
from models.law import trespass
from models.phones import normalise_phone
from models.tables import Impoundment, Person, Pound

_DECLARATION_KEYS = match_keys(DECLARATION_WORDS)


def seize(session: Session, context: Context, command: Command) -> str:
    """One seizure, now, at the keeper's pound; an untagged animal gets a receipt."""
    keeper = _keeper(context)
    language = context.sender.language
    tags = list(command.tags) or [None]
    if len(tags) == 1 and tags[0] and declaration_word(command.note):
        return _reseize(session, context, keeper, tags[0])
    seizer = _seizer(session, context, keeper, command)
    try:
        made = records.seize(session, pound=keeper.pound, kind=command.kind, tags=tags, now=context.now,
                             keeper=keeper, note=command.note, seizer=seizer,
                             place=command.place)
    except Refused as refused:
        # A held tag's refusal also says where and since when.
        raise Refused(refused.code, refused.message, **{"tag": "", **refused.detail})
    tz = keeper.pound.village.timezone
    first = made[0]
    # Each tag beside its receipt, so the keeper writes the right number on each.
    items = [t(language, "sms.seized_item", tag=i.tag, receipt=i.receipt) if i.tag else i.receipt for i in made]
    return fit_list(language, lambda joined: t(
        language, _seized_key(first), count=len(made), kind=kind_name(language, command.kind), items=joined,
        animals=counted_kind(language, len(made), command.kind),
        claim_deadline=spoken(language, first.claim_deadline, tz, deadline=True),
        auction_at=spoken(language, first.auction_at, tz)),
        items, separator=",")


def _seized_key(impoundment: Impoundment) -> str:
    """The SEIZE reply's words: Gujarat's, the 1871 Act's, or, for a kind the 1871 schedule sends
    to a gaushala (a cow, a heifer), the gaushala's in the auction's place (s.14 proviso)."""
    if trespass.two_stage(impoundment.village.pack) and \
            trespass.disposal(impoundment.kind, impoundment.village.pack) == "gaushala":
        return "sms.seized_tags_gaushala"
    return _by_law("sms.seized_tags", impoundment)


def declaration_word(note: str | None) -> bool:
    """`SEIZE <tag> <kind> DECLARATION`: seized again for want of the §185(3) declaration."""
    word, _ = next_word(note or "")
    return word is not None and match_key(word) in _DECLARATION_KEYS


def _reseize(session: Session, context: Context, keeper: Person, tag: str) -> str:
    """§185(3): the keeper seizes again cattle delivered under protest whose declaration and
    security are due and not made; the reply says what to collect, and that no clock restarts."""
    language = context.sender.language
    first = outcomes.protest_release_for_tag(session, tag)
    if first is None or first.pound_id != keeper.pound_id:
        raise Refused("not_reseizable", "no release under protest of this animal at this pound", tag=tag)
    try:
        again = outcomes.reseize(session, first, now=context.now, keeper=keeper)
    except Refused as refused:
        raise Refused(refused.code, refused.message, **{**refused.detail, "tag": tag})
    security = queries.dues_for(session, again, context.now).security_paise
    return t(language, "sms.reseized", tag=label(again), receipt=again.receipt, security=money(language, security))


def release(session: Session, context: Context, command: Command) -> str:
    """Release on payment of the dues as computed now; PROTEST takes fee and
    expenses only and starts the owner's 28 days (§185(2)-(3))."""
    keeper = _keeper(context)
    language = context.sender.language
    impoundment = _own_animal(session, keeper, command.tags[0])
    record = records.release(session, impoundment, now=context.now, under_protest=command.protest,
                             actor_phone=keeper.phone)
    if record.under_protest and trespass.two_stage(impoundment.village.pack):
        # 1871 s.15: the deposit; the s.20 complaint's last day
        return t(language, _by_law("sms.released_dispute", impoundment), tag=label(impoundment),
                 total=money(language, record.total_paise), fee=money(language, record.pound_fee_paise),
                 expenses=money(language, record.expenses_paise), complaint=day(record.protest_deadline))
    if record.under_protest:
        terms = law.protest_terms(impoundment.seized_at, record.released_at, impoundment.village.timezone)
        key = "sms.released_protest_passed" if terms.complaint_deadline_passed else "sms.released_protest_terms"
        return t(language, key, tag=label(impoundment), total=money(language, record.total_paise),
                 fee=money(language, record.pound_fee_paise), expenses=money(language, record.expenses_paise),
                 complaint=day(terms.complaint_deadline), protest_deadline=day(terms.protest_deadline))
    if impoundment.reseizure_of_id:   # §185(3): the security and the declaration, nothing else
        return t(language, "sms.released_declaration", tag=label(impoundment), total=money(language, record.total_paise),
                 security=money(language, record.security_paise))
    return t(language, _by_law("sms.released", impoundment), tag=label(impoundment), total=money(language, record.total_paise),
             fee=money(language, record.pound_fee_paise), days=record.days, days_text=days_text(language, record.days),
             expenses=money(language, record.expenses_paise), security=money(language, record.security_paise))


def sold(session: Session, context: Context, command: Command) -> str:
    """The auction sale: surplus and the owner's 15 days (§186(1)); a keeper
    or official as buyer is refused (§186(2))."""
    keeper = _keeper(context)
    language = context.sender.language
    impoundment = _own_animal(session, keeper, command.tags[0])
    village = impoundment.village
    buyer_phone = None
    if command.buyer_phone:
        buyer_phone = normalise_phone(command.buyer_phone, village.country)
        if buyer_phone is None:
            raise Refused("problem.bad_phone", "not a phone number", command="sold")
    try:
        sale = records.sell(session, impoundment, proceeds_paise=law.rupees_to_paise(command.amount_rupees),
                            now=context.now, buyer_phone=buyer_phone, actor_phone=keeper.phone,
                            refused=command.refused)
    except Refused as refused:
        raise Refused(refused.code, refused.message, tag=label(impoundment),
                      claim_deadline=Moment(impoundment.claim_deadline, village.timezone, deadline=True),
                      auction_at=Moment(impoundment.auction_at, village.timezone))
    reply = t(language, _by_law("sms.sold_refused" if sale.refused else "sms.sold", impoundment),
              tag=label(impoundment),
             proceeds=money(language, sale.proceeds_paise),
             dues=money(language, sale.pound_fee_paise + sale.expenses_paise),
             security=money(language, sale.security_paise),
             surplus=money(language, sale.surplus_paise), surplus_deadline=day(sale.surplus_deadline))
    return reply + _rest_of_occasion(session, language, impoundment, sale)


def police(session: Session, context: Context, command: Command) -> str:
    """1871 s.14: the keeper reported the unclaimed animal to the police station, now. The reply
    says when the report was recorded and that the officer's notice comes next; a refusal names
    the moment the report falls due or the one already on record."""
    keeper = _keeper(context)
    language = context.sender.language
    impoundment = _own_animal(session, keeper, command.tags[0])
    timeline.report_to_police(session, impoundment, now=context.now, actor_phone=keeper.phone)
    return t(language, "sms.police_reported", tag=label(impoundment),
             reported_at=spoken(language, context.now, impoundment.village.timezone))


def _rest_of_occasion(session: Session, language: str, impoundment: Impoundment, sale) -> str:
    """§185(4): after a refused sale, how many of the owner's animals the proceeds paid for (to
    release now), or how many are still held with the surplus held back for them."""
    if not sale.refused:
        return ""
    released = refusals.released_by(session, sale)
    if released:
        paid = sum(queries.dues_for(session, session.get(Impoundment, i), sale.sold_at).total_paise for i in released)
        return " " + t(language, _by_law("sms.sold_covers_rest", impoundment), count=len(released),
                       dues=money(language, paid))
    held = refusals.still_held(session, impoundment)
    if held:
        return " " + t(language, _by_law("sms.sold_rest_held", impoundment), count=held,
                       amount=money(language, sale.held_back_paise))
    return ""


# The 1871 Act's entries for the same acts, citing its sections (s.13, s.15, s.14, s.16).
_TRESPASS_KEYS = {
    "sms.seized_tags": "sms.seized_tags_trespass",
    "sms.released": "sms.released_trespass",
    "sms.released_dispute": "sms.released_dispute_trespass",
    "sms.sold": "sms.sold_trespass",
    "sms.sold_refused": "sms.sold_refused_trespass",
    "sms.sold_covers_rest": "sms.sold_covers_rest_trespass",
    "sms.sold_rest_held": "sms.sold_rest_held_trespass",
}


def _by_law(key: str, impoundment: Impoundment) -> str:
    """The catalogue key for the village's law: the 1871 Act's own (its two-stage timeline)
    or Gujarat's."""
    return _TRESPASS_KEYS[key] if trespass.two_stage(impoundment.village.pack) else key


def list_pound(session: Session, context: Context, command: Command) -> str:
    """Animals held in the keeper's pound, soonest auction first, paged to the budget."""
    keeper = _keeper(context)
    language = context.sender.language
    held = facts.pound_animals(session, keeper.pound_id, context.now)
    if not held:
        return t(language, "sms.list_empty")
    # 1871 s.14 proviso: a cow the schedule sends to a gaushala is listed with its day, not an auction's
    items = [t(language, "sms.list_gaushala_item" if animal.disposal == "gaushala" else "sms.list_item",
               tag=animal.number, kind=kind_name(language, animal.kind),
               days=animal.days, auction=local_day(animal.auction_at, animal.timezone)) for animal in held]
    return fit_list(language, lambda joined: t(language, "sms.list", count=len(held), items=joined), items)


def _seizer(session: Session, context: Context, keeper: Person, command: Command) -> Person | None:
    """`SEIZE … BY <phone>`: the person who brought the animal (§184(1)), who
    gets the register entry (r.3); a stranger's phone becomes an owner."""
    if not command.seizer_phone:
        return None
    return seizer_for(session, command.seizer_phone, keeper.pound, context.now)


def seizer_for(session: Session, raw_phone: str, pound: Pound, now) -> Person:
    """The person behind a seizer's phone as typed (SMS `BY`, the staff
    seizure form): normalised with the pound's country, a stranger becoming an
    owner in the village's language; not a phone is `bad_seizer_phone`."""
    phone = normalise_phone(raw_phone, pound.village.country)
    if phone is None:
        raise Refused("problem.bad_seizer_phone", "not a phone number", command="seize", field="seizer")
    return admin.person_for_phone(session, phone, now, language=pound.village.language)


def _keeper(context: Context) -> Person:
    keeper = context.sender.person
    if keeper is None or keeper.role != "keeper" or keeper.pound is None:
        raise Refused("keeper_only", "only a registered pound keeper")
    return keeper


def _own_animal(session: Session, keeper: Person, tag: str) -> Impoundment:
    impoundment = find_impoundment(session, tag)
    if impoundment.pound_id != keeper.pound_id:
        raise Refused("other_pound", "this animal is not in the keeper's pound", tag=tag)
    if impoundment.status != "impounded":
        raise Refused("not_impounded", "this animal is not in the pound", tag=tag)
    return impoundment
