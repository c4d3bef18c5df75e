"""The auction form: an official (or the administrator) fixes the village's auction from
the browser, through the same reading of the date and the same record as SMS `AUCTION`
(`handlers.sms.official.auction_moment`, `handlers.pound.records.fix_auction`): a day gone
by is refused, the village is told, and the place reaches each reader in a script their SMS
can carry (`handlers.catalogue.auction_place`): as typed, or the official's own Latin-letter
`place_en` for English and Gujlish readers."""
from __future__ import annotations

import hashlib

from sqlalchemy import func, select

from handlers.catalogue import auction_place, counted, spoken, t
from handlers.errors import Refused
from handlers.pound import records
from handlers.sms.commands import Command
from handlers.sms.official import auction_moment
from handlers.text import is_gsm7
from sms_gateway.extensions import db, now, settings
from models import law
from models.law.auction_day import AUCTION_HORIZON_DAYS
from models.tables import OutboundMessage
from sms_gateway.pages import dashboard, dates
from sms_gateway.pages.staff import paise_text
from sms_gateway.pages.staff.form_specs import FieldError, Form, NeedsConfirmation, actor, own_village
from sms_gateway.pages.staff.fields import Choice, Clock, Day, Text, fields

# The values a confirmation stands for (SPEC 13.3: who is told and the cost, before anything is sent).
FIELDS = ("village", "day", "time", "place", "place_en")


def fix_auction(values: dict, viewer) -> str:
    village = own_village(values, viewer)
    day = values["day"]   # read by staff.fields.Day: dd-mm-yyyy in any digit set
    away = (day - law.local_date(now(), village.timezone)).days
    if away > AUCTION_HORIZON_DAYS:   # the horizon of SMS AUCTION (§186(1): "forthwith")
        raise FieldError("day", "form_auction_too_far", date=day.strftime(dates.FORMAT), days=away,
                         horizon=AUCTION_HORIZON_DAYS)
    hour, minute = values.get("time") or (None, None)
    place = values.get("place", "").strip() or None
    place_en = values.get("place_en", "").strip() or None
    if place_en and not is_gsm7(place_en):
        raise FieldError("place_en", "form_place_en_latin")
    command = Command("auction", day=day.day, month=day.month, year=day.year, hour=hour, minute=minute, place=place)
    try:
        auction_at = auction_moment(village, command, now())
    except Refused as refused:
        refused.field = "day"   # the form's field for the date
        raise
    written_before = db().scalar(select(func.max(OutboundMessage.id))) or 0
    animals = records.fix_auction(db(), village, auction_at=auction_at, now=now(), place=place,
                                  place_en=place_en, actor_phone=actor(viewer))
    language = dashboard.language()
    moment = spoken(language, auction_at, village.timezone)
    token = confirmation_token(values)
    if animals and values.get("confirmed") != token:
        raise NeedsConfirmation(_who_is_told(language, written_before, moment, len(animals)), token)
    if not animals:
        return t(language, "sms.auction_fixed_none", when=moment)
    return t(language, "sms.auction_fixed", when=moment, count=len(animals),
             place=auction_place(language, place, village.name, village.names, village.code, place_en),
             animals=counted(language, "animal", len(animals)))


def confirmation_token(values: dict) -> str:
    """What the official saw before confirming: the same values give the same token, so a value
    changed after the preview is previewed again instead of sent."""
    typed = "\x1f".join(str(values.get(name) or "").strip() for name in FIELDS)
    return hashlib.sha256(typed.encode()).hexdigest()[:16]


def _who_is_told(language: str, written_before: int, moment: str, animals: int) -> str:
    """The notices the record just wrote (rolled back with it until confirmed): how many people,
    how many SMS parts and what they cost, counted on the very rows the send would take."""
    people, parts = db().execute(
        select(func.count(func.distinct(OutboundMessage.to_phone)),
               func.coalesce(func.sum(OutboundMessage.segments), 0))
        .where(OutboundMessage.id > written_before)).one()
    return t(language, "dash.form_auction_confirm", when=moment, animals=counted(language, "animal", animals),
             people=counted(language, "person", people), parts=counted(language, "sms_part", parts),
             cost=paise_text(parts * settings().sms_price_paise))


AUCTION_FORMS = (
    Form("auction", "form_auction", fields(village=Choice("col_village", "villages"), day=Day("form_auction_day"),
                                           time=Clock("form_auction_time", required=False),
                                           place=Text("form_auction_place", required=False),
                                           place_en=Text("form_auction_place_en", required=False)), fix_auction),
)
