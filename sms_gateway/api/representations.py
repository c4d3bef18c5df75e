"""The admin API's JSON representations of impoundments, dues, releases, sales
and outbox messages, shared by the route modules (`api_impoundments`, `api_money`, ...)."""
from __future__ import annotations

from dataclasses import asdict
from zoneinfo import ZoneInfo

from handlers.pound import timeline
from models import law, queries
from models.law import trespass
from models.tables import Impoundment, OutboundMessage
from sms_gateway.api import money_views


def iso(value, tz: str | None = None) -> str | None:
    """ISO 8601; datetimes in the village's own time (with its offset), as a
    panchayat clerk reads them."""
    if value is None:
        return None
    if tz is not None and hasattr(value, "astimezone"):
        value = value.astimezone(ZoneInfo(tz))
    return value.isoformat()


_READ = object()   # impoundment_json: the police report's moment not given, so read


def impoundment_json(session, impoundment: Impoundment, police_reported=_READ) -> dict:
    """`police_reported`: the moment `timeline.police_reports` read for a list, else read here."""
    tz = impoundment.village.timezone
    two_stage = trespass.two_stage(impoundment.village.pack)
    if two_stage and police_reported is _READ:
        police_reported = timeline.police_reported_at(session, impoundment)
    return {
        "id": impoundment.id,
        "receipt": impoundment.receipt,
        "seizure": impoundment.seizure_id,
        "tag": impoundment.tag,
        "kind": impoundment.kind,
        "pound": impoundment.pound.code,
        "village": impoundment.village.code,
        "status": impoundment.status,
        "owner_phone": impoundment.owner.phone if impoundment.owner else None,
        "keeper_phone": impoundment.keeper.phone if impoundment.keeper else None,
        "seized_at": iso(impoundment.seized_at, tz),
        "claim_deadline": iso(impoundment.claim_deadline, tz),
        "auction_at": iso(impoundment.auction_at, tz),
        # 1871 s.14: when the keeper reported to the police (the notice's moment if only it is
        # recorded); null until then, and always under a law without the report (Gujarat).
        "police_reported_at": iso(police_reported, tz) if two_stage else None,
        "auction_place": impoundment.auction_place,
        "auction_place_en": impoundment.auction_place_en,
        "complaint_deadline": iso(impoundment.complaint_deadline),
        "closed_at": iso(impoundment.closed_at, tz),
        **({"handed_to": impoundment.handed_to} if impoundment.handed_to else {}),   # 1871 s.14 proviso
        "note": impoundment.note,
        "register_serial": impoundment.register_serial,
        "register_year": impoundment.register_year,
        # SPEC 12.5: why it is held (None, or "s185_3") and whether its seizure was held illegal.
        "reason": impoundment.reason,
        "reseizure_of": impoundment.reseizure_of_id,
        "held_illegal": impoundment.held_illegal,
    }


def dues_json(session, impoundment: Impoundment, at) -> dict:
    dues = queries.dues_for(session, impoundment, at)
    tz = impoundment.village.timezone
    pack = impoundment.village.pack
    if trespass.two_stage(pack):
        return _two_stage_dues_json(impoundment, dues, pack)
    offence = law.offence(queries.earlier_seizure_count(session, impoundment))
    release = impoundment.release
    by_court = bool(release is not None and release.by_court)
    owes = law.who_owes(dues.total_paise, released_by_court=by_court,
                        seizer_owes_paise=release.seizer_owes_paise if by_court else 0)
    return {
        "impoundment": impoundment.id,
        "at": iso(dues.at, tz),
        "days": dues.days,
        "pound_fee_paise": dues.pound_fee_paise,
        "daily_rate_paise": dues.daily_rate_paise,
        "expenses_paise": dues.expenses_paise,
        "security_paise": dues.security_paise,
        "total_paise": dues.total_paise,
        "days_tomorrow": dues.days_tomorrow,
        "total_tomorrow_paise": dues.total_tomorrow_paise,
        "claim_deadline": iso(impoundment.claim_deadline, tz),
        "auction_at": iso(impoundment.auction_at, tz),
        "complaint_deadline": iso(impoundment.complaint_deadline),
        "offence": asdict(offence) | {"information_only": True},
        # §188(3): who owes the total (the owner, or after a release on the court's order the seizer).
        "released_by_court": by_court,
        "owner_owes_paise": owes.owner_pays_paise,
        "seizer_owes_paise": owes.seizer_owes_paise,
    }


def _two_stage_dues_json(impoundment: Impoundment, dues: law.Dues, pack) -> dict:
    """1871: the fine (s.12) and feeding (ss.4-6) of the schedule's category for the kind, no
    security; the claim timeline's two stages (s.14) and the s.20 complaint's last day; each
    figure with the section it comes from."""
    tz = impoundment.village.timezone
    return {
        "impoundment": impoundment.id, "at": iso(dues.at, tz), "law": pack.id, "schedule": pack.default_schedule,
        "category": trespass.category(impoundment.kind, pack), "days": dues.days,
        "fine_paise": dues.pound_fee_paise, "pound_fee_paise": dues.pound_fee_paise,
        "daily_rate_paise": dues.daily_rate_paise, "expenses_paise": dues.expenses_paise,
        "security_paise": dues.security_paise, "total_paise": dues.total_paise,
        "days_tomorrow": dues.days_tomorrow, "total_tomorrow_paise": dues.total_tomorrow_paise,
        "dispute_deposit_paise": trespass.dispute_deposit_paise(dues.pound_fee_paise, dues.expenses_paise),
        "police_report_due": iso(impoundment.claim_deadline, tz), "claim_deadline": iso(impoundment.claim_deadline, tz),
        "auction_at": iso(impoundment.auction_at, tz), "complaint_deadline": iso(impoundment.complaint_deadline),
        "disposal": trespass.disposal(impoundment.kind, pack),
        "sections": {name: pack.cite(name) for name in ("categories", "claim_stages", "dispute_deposit",
                                                        "complaint_days", "day_count", "disposal")},
    }


def message_json(message: OutboundMessage) -> dict:
    return {
        "id": message.id, "to": message.to_phone, "kind": message.kind, "language": message.language,
        "text": message.text, "status": message.status, "provider": message.provider,
        "provider_id": message.provider_id, "attempts": message.attempts, "last_error": message.last_error,
        "segments": message.segments, "encoding": message.encoding, "send_after": iso(message.send_after),
        "sent_at": iso(message.sent_at), "impoundment": message.impoundment_id,
        "idempotency_key": message.idempotency_key,
    }


def release_json(release, tz: str) -> dict:
    return {"released_at": iso(release.released_at, tz), "under_protest": release.under_protest,
            "days": release.days, "pound_fee_paise": release.pound_fee_paise,
            "expenses_paise": release.expenses_paise, "security_paise": release.security_paise,
            "total_paise": release.total_paise, "protest_deadline": iso(release.protest_deadline),
            # §188(3): released on the magistrate's order; what the seizer owes. §185(3): the declaration.
            "by_court": release.by_court, "seizer_owes_paise": release.seizer_owes_paise,
            "rounded_off_paise": release.rounded_off_paise, "declared_on": iso(release.declared_on),
            "declared_security_paise": release.declared_security_paise}


def sale_json(sale, tz: str) -> dict:
    return {"sold_at": iso(sale.sold_at, tz), "proceeds_paise": sale.proceeds_paise,
            "sale_expenses_paise": sale.sale_expenses_paise, "pound_fee_paise": sale.pound_fee_paise,
            "expenses_paise": sale.expenses_paise, "surplus_paise": sale.surplus_paise,
            "surplus_deadline": iso(sale.surplus_deadline), "buyer_phone": sale.buyer_phone,
            **money_views.surplus_json(sale, tz)}
