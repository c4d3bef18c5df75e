"""The auction form: an official (or the administrator) fixes the village's auction from
the browser, through the same reading of the date and the same record as SMS `AUCTION`
(`handlers.sms.official.auction_moment`, `handlers.pound.records.fix_auction`): a day gone
by is refused, the village is told, and the place reaches each reader in a script their SMS
can carry (`handlers.catalogue.auction_place`): as typed, or the official's own Latin-letter
`place_en` for English and Gujlish readers."""
from __future__ import annotations

from datetime import date

from handlers.catalogue import auction_place, counted, t, when
from handlers.errors import Refused
from handlers.pound import records
from handlers.sms.commands import Command
from handlers.sms.official import auction_moment
from handlers.sms.text import is_gsm7
from sms_gateway.extensions import db, now
from sms_gateway.pages import dashboard
from sms_gateway.pages.staff.form_specs import Field, FieldError, Form, actor, own_village


def fix_auction(values: dict, viewer) -> str:
    village = own_village(values, viewer)
    try:
        day = date.fromisoformat(values.get("day", "").strip())
    except ValueError:
        raise FieldError("day", "form_date")
    hour = minute = None
    if values.get("time", "").strip():
        try:
            hour, minute = (int(part) for part in values["time"].strip().split(":")[:2])
        except ValueError:
            raise FieldError("time", "form_hour")
        if not (0 <= hour <= 23 and 0 <= minute <= 59):
            raise FieldError("time", "form_hour")
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
    animals = records.fix_auction(db(), village, auction_at=auction_at, now=now(), place=place,
                                  place_en=place_en, actor_phone=actor(viewer))
    language = dashboard.language()
    moment = when(auction_at, village.timezone)
    if not animals:
        return t(language, "sms.auction_fixed_none", when=moment)
    return t(language, "sms.auction_fixed", when=moment, count=len(animals),
             place=auction_place(language, place, village.name, village.names, village.code, place_en),
             animals=counted(language, "animal", len(animals)))


AUCTION_FORMS = (
    Form("auction", "form_auction", (Field("village", "col_village", "select", choices="villages"),
                                     Field("day", "form_auction_day", "date"),
                                     Field("time", "form_auction_time", "time", False),
                                     Field("place", "form_auction_place", required=False),
                                     Field("place_en", "form_auction_place_en", required=False)), fix_auction),
)
