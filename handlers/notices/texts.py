"""The text of each notice, one function per notice, in the reader's
language: what the rules in `handlers.notices`, `notice_dated` and
`notice_money` write, and what `handlers.dlt` renders to register templates."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Sequence

from sqlalchemy.orm import Session

from handlers.catalogue import day, days_text, kind_name, kinds_list, rupees, short_day, spoken, t
from handlers.notices.common import label, pound_name
from models import law, queries
from models.law import trespass
from models.tables import Impoundment, Pound, Release, Sale


def _to_gaushala(impoundment: Impoundment) -> bool:
    """1871 s.14 proviso: the village's schedule sends this kind (a cow, a heifer) to a gaushala
    once the auction's stage is over, instead of the auction."""
    pack = impoundment.village.pack
    return trespass.two_stage(pack) and trespass.disposal(impoundment.kind, pack) == "gaushala"


def seizure_alert_text(session: Session, impoundment: Impoundment, lang: str, now: datetime) -> str:
    tz = impoundment.village.timezone
    dues = queries.dues_for(session, impoundment, max(now, impoundment.seized_at))
    # A seizure entered (or an alert sent) after its days have gone by says so (§186(1)).
    key = {law.AHEAD: "notice.seizure_alert", law.CLAIM_PASSED: "notice.seizure_alert_claim_passed",
           law.AUCTION_PASSED: "notice.seizure_alert_auction_passed"}[
        law.deadlines_state(impoundment.claim_deadline, impoundment.auction_at, now)]
    if trespass.two_stage(impoundment.village.pack) and key != "notice.seizure_alert_auction_passed":
        key = "notice.seizure_alert_trespass"   # 1871 s.14: the owner may claim until the auction
        if _to_gaushala(impoundment):
            key = "notice.seizure_alert_gaushala"   # s.14 proviso: a gaushala in the auction's place
    return t(lang, key, kind=kind_name(lang, impoundment.kind), tag=label(impoundment, lang),
             pound=pound_name(impoundment.pound, lang), when=spoken(lang, impoundment.seized_at, tz),
             amount=rupees(dues.total_paise), total=rupees(dues.total_paise), rate=law.rate_text(dues.daily_rate_paise),
             deadline=spoken(lang, impoundment.claim_deadline, tz, deadline=True),
             auction=spoken(lang, impoundment.auction_at, tz), complaint=short_day(impoundment.complaint_deadline))


def claim_reminder_text(session: Session, impoundment: Impoundment, lang: str, now: datetime) -> str:
    tz = impoundment.village.timezone
    dues = queries.dues_for(session, impoundment, now)
    key = "notice.claim_reminder_trespass" if trespass.two_stage(impoundment.village.pack) else "notice.claim_reminder"
    if _to_gaushala(impoundment):
        key = "notice.claim_reminder_gaushala"   # 1871 s.14 proviso
    return t(lang, key, kind=kind_name(lang, impoundment.kind), tag=label(impoundment, lang),
             pound=pound_name(impoundment.pound, lang), amount=rupees(dues.total_paise), total=rupees(dues.total_paise),
             deadline=spoken(lang, impoundment.claim_deadline, tz, deadline=True),
             auction=spoken(lang, impoundment.auction_at, tz))


def release_receipt_text(impoundment: Impoundment, release: Release, lang: str) -> str:
    """A zero deposit is left out; under protest the money is deposited
    (§185(2)) and both deadlines are stated: the §188(1) complaint (or that it
    has passed) and the §185(3) four weeks."""
    tz = impoundment.village.timezone
    values = dict(receipt=impoundment.receipt, kind=kind_name(lang, impoundment.kind),
                  tag=label(impoundment, lang), total=rupees(release.total_paise),
                  fee=rupees(release.pound_fee_paise), days=days_text(lang, release.days),
                  expenses=rupees(release.expenses_paise))
    if release.under_protest and release.protest_deadline:
        return t(lang, "notice.release_protest", **values) + " " + protest_terms_text(impoundment, release, lang)
    text = t(lang, "notice.release_receipt", **values)
    if release.security_paise:
        refund = law.deposit_refund_date(release.released_at, tz)
        text += t(lang, "notice.release_deposit", deposit=rupees(release.security_paise), day=day(refund))
    return text


def protest_terms_text(impoundment: Impoundment, release: Release, lang: str) -> str:
    """SPEC 11.1 protest: the §188(1) complaint deadline (or that it has passed) and the end of
    the §185(3) four weeks, in every village (SPEC 13.3): where §189 applies, as the day after
    which security is due; elsewhere as the end of the four weeks alone."""
    village = impoundment.village
    terms = law.protest_terms(impoundment.seized_at, release.released_at, village.timezone)
    key = "notice.protest_complaint_passed" if terms.complaint_deadline_passed else "notice.protest_complaint"
    if trespass.two_stage(village.pack) and not terms.complaint_deadline_passed:
        key = "notice.protest_complaint_trespass"   # 1871 s.15 with s.20
    text = t(lang, key, complaint=short_day(terms.complaint_deadline))
    if trespass.two_stage(village.pack):
        return text   # the four weeks are §185(3)'s, a Gujarat rule; the 1871 deposit waits on s.20 alone
    notified = law.security_notified_on(village.security_notified, village.security_notified_from,
                                        impoundment.seized_on)
    four_weeks = "notice.protest_security" if notified else "notice.protest_four_weeks"
    return text + " " + t(lang, four_weeks, deadline=short_day(terms.protest_deadline))


def _surplus_key(impoundment: Impoundment, key: str) -> str:
    """The 1871 Act's words where the village's pack has its stages: the s.16 sale's balance and
    the s.17 Government, not §186(1)'s panchayat and village fund."""
    return f"{key}_trespass" if trespass.two_stage(impoundment.village.pack) else key


def surplus_notice_text(impoundment: Impoundment, sale: Sale, lang: str) -> str:
    """The deadline is the pack's (the sale's `surplus_deadline`, from its `surplus_claim_days`);
    under DLT the 1871 words go out as `find_sold`/`find_released`, which take the values below."""
    tz = impoundment.village.timezone
    sold_on = law.local_date(sale.sold_at, tz)
    values = dict(kind=kind_name(lang, impoundment.kind), tag=label(impoundment, lang),
                  day=short_day(sold_on), proceeds=rupees(sale.proceeds_paise))
    if sale.surplus_paise <= 0:
        return t(lang, _surplus_key(impoundment, "notice.surplus_none"), date=short_day(sold_on), **values)
    return t(lang, _surplus_key(impoundment, "notice.surplus"), surplus=rupees(sale.surplus_paise),
             deadline=short_day(sale.surplus_deadline), surplus_deadline=short_day(sale.surplus_deadline), **values)


def surplus_reminder_text(impoundment: Impoundment, sale: Sale, lang: str) -> str:
    return t(lang, _surplus_key(impoundment, "notice.surplus_reminder"), surplus=rupees(sale.surplus_paise),
             kind=kind_name(lang, impoundment.kind), tag=label(impoundment, lang),
             deadline=short_day(sale.surplus_deadline), surplus_deadline=short_day(sale.surplus_deadline))


def protest_reminder_text(impoundment: Impoundment, release: Release, lang: str) -> str:
    return t(lang, "notice.protest_reminder", kind=kind_name(lang, impoundment.kind), tag=label(impoundment, lang),
             deadline=short_day(release.protest_deadline))


# A village-wide notice must stay one SMS part: a longer list of kinds becomes a head count.
AUCTION_ANIMALS_MAX = {"gu": 13, "hi": 13}
AUCTION_ANIMALS_MAX_LATIN = 30


def auction_text(lang: str, auction_at: datetime, tz: str, place: str, animals: Sequence[Impoundment],
                 two_stage: bool = False) -> str:
    """The village's auction notice; `two_stage`: the 1871 Act's public auction after the police
    notice (s.14). The kinds in the order every pack's words know (a heifer is listed too)."""
    listed = kinds_list(lang, (a.kind for a in animals), law.NAMED_KINDS)
    if len(listed) > AUCTION_ANIMALS_MAX.get(lang, AUCTION_ANIMALS_MAX_LATIN):
        listed = t(lang, "notice.head_count", count=len(animals))
    return t(lang, "notice.auction_trespass" if two_stage else "notice.auction", when=spoken(lang, auction_at, tz), place=place, animals=listed)


@dataclass(frozen=True)
class PoundDay:
    """What a keeper is told of the pound on a local day (the digest; the police report's
    registered values): the head count, the auctions today and tomorrow (only of animals to be
    auctioned: 1871 s.14, noticed), and under a two-stage law the police reports falling due
    today and those overdue (due on an earlier day), of the animals whose report is not on
    record (s.14: neither the keeper's report nor the police notice that follows it is
    recorded). An animal that has left the pound is in none of them."""
    held: int
    today: int
    tomorrow: int
    reports: int
    overdue: int


def pound_day(held: Sequence, today: date, tz: str) -> PoundDay:
    """`held`: the pound's rows (`handlers.notices.common.held_in_pounds`)."""
    auction_days = Counter(law.local_date(a.auction_at, tz) for a in held if a.for_auction)
    report_days = [law.local_date(a.claim_deadline, tz) for a in held if not a.reported]
    return PoundDay(held=len(held), today=auction_days.get(today, 0),
                    tomorrow=auction_days.get(today + timedelta(days=1), 0),
                    reports=sum(1 for day_due in report_days if day_due == today),
                    overdue=sum(1 for day_due in report_days if day_due < today))


def keeper_digest_text(lang: str, pound: Pound, today: date, held: Sequence, tz: str, two_stage: bool = False) -> str:
    """`held`: the pound's animals (`handlers.notices.common.held_in_pounds`), counted by
    `pound_day`. Under a two-stage law (1871 s.14) the digest also counts the police reports
    falling due today (the report's instant is `claim_deadline`) and, every morning until the
    report (or the police notice) is recorded, each report overdue; an animal counts for auction
    only once noticed."""
    counts = pound_day(held, today, tz)
    values = dict(pound=pound_name(pound, lang), day=short_day(today), count=counts.held,
                  animals=kinds_list(lang, (a.kind for a in held), law.NAMED_KINDS), today=counts.today,
                  tomorrow=counts.tomorrow)
    if not two_stage:
        return t(lang, "notice.keeper_digest", **values)
    return t(lang, "notice.keeper_digest_trespass", reports=counts.reports, overdue=counts.overdue, **values)
