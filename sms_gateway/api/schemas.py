"""Request bodies of the admin API (SPEC section 6).

These pydantic models both validate requests and generate
/api/v1/openapi.json, so the description can never drift from the checks.
"""
from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from models.ranges import INT4_MAX
from handlers.text.limits import TEXT_LIMITS

Language = Literal["gu", "hi", "en", "gul"]
Role = Literal["owner", "keeper", "official", "mamlatdar", "police", "taluka"]
# Money and counts go to `integer` columns: past 2,147,483,647 is a 422 naming the field (models.ranges).
Paise = Field(ge=0, le=INT4_MAX)
PaiseValue = Annotated[int, Field(ge=0, le=INT4_MAX)]
# A name per reader's language: {"gu": "અંબાજી", "en": "Ambaji"}; the plain `name` is the fallback.
Names = dict[Language, Annotated[str, Field(min_length=1, max_length=TEXT_LIMITS["name_gu"])]]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class AuctionIn(Body):
    """An official's auction for the village (as SMS `AUCTION` and the auction form): the
    place as typed, and in Latin letters for English and Gujlish readers."""
    day: date
    hour: int | None = Field(default=None, ge=0, le=23)   # None: the village's auction hour
    minute: int = Field(default=0, ge=0, le=59)
    place: str | None = Field(default=None, max_length=TEXT_LIMITS["place"])
    place_en: str | None = Field(default=None, max_length=TEXT_LIMITS["place_en"])


class PoundFeeIn(Body):
    amount_paise: int = Paise
    effective_from: date | None = None


class VillageIn(Body):
    code: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")
    name: str = Field(min_length=1, max_length=TEXT_LIMITS["name"])
    taluka: str | None = Field(default=None, max_length=120)
    district: str | None = Field(default=None, max_length=120)
    language: Language = "gu"
    timezone: str = Field(default="Asia/Kolkata", max_length=64)
    security_notified: bool = False
    security_notified_from: date | None = None
    auction_hour: int = Field(default=11, ge=0, le=23)
    forfeit_percent: int = Field(default=100, ge=0, le=100)
    names: Names | None = None
    law: str = Field(default="gujarat_panchayats_1993", min_length=1, max_length=40)
    law_schedule: str | None = Field(default=None, min_length=1, max_length=40)


class VillageLawIn(Body):
    law: str = Field(min_length=1, max_length=40)
    law_schedule: str | None = Field(default=None, min_length=1, max_length=40)


class DailyRatesIn(Body):
    rates: dict[str, PaiseValue] = Field(min_length=1)
    effective_from: date | None = None
    approval_ref: str | None = Field(default=None, max_length=120)  # §187(2): the District Panchayat's


class ScaleRowIn(Body):
    min_head: int = Field(default=1, ge=1, le=INT4_MAX)
    max_head: int | None = Field(default=None, ge=1, le=INT4_MAX)
    min_times: int = Field(default=1, ge=1, le=INT4_MAX)
    max_times: int | None = Field(default=None, ge=1, le=INT4_MAX)
    per_head_paise: int = Paise


class SecurityScaleIn(Body):
    rows: list[ScaleRowIn] = Field(min_length=1, max_length=100)
    effective_from: date | None = None


class PoundIn(Body):
    code: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")
    name: str = Field(min_length=1, max_length=TEXT_LIMITS["name"])
    names: Names | None = None


class PersonIn(Body):
    phone: str = Field(min_length=1, max_length=32)
    name: str | None = Field(default=None, max_length=TEXT_LIMITS["name"])
    role: Role
    # A mamlatdar and a Taluka Development Officer (`taluka`) are bound to a taluka instead of
    # a village; police to either.
    village: str | None = Field(default=None, min_length=1, max_length=32)
    pound: str | None = Field(default=None, max_length=32)
    language: Language | None = None
    taluka: str | None = Field(default=None, min_length=1, max_length=120)
    approved_on: date | None = None  # §182(1): the TDO's approval of a keeper
    approval_ref: str | None = Field(default=None, max_length=120)


class AnimalIn(Body):
    tag: str = Field(min_length=1, max_length=32)
    kind: str = Field(min_length=1, max_length=16)


class ImpoundmentIn(Body):
    pound: str = Field(min_length=1, max_length=32)
    kind: str = Field(min_length=1, max_length=16)
    tag: str | None = Field(default=None, max_length=32)
    seized_at: AwareDatetime | None = None
    seizure: int | None = Field(default=None, ge=1, le=INT4_MAX)
    keeper_phone: str | None = Field(default=None, max_length=32)
    note: str | None = Field(default=None, max_length=TEXT_LIMITS["note"])
    # earlier, Form A: who brought the animal (§184(1)), who gets the entry by SMS; where from.
    seizer_phone: str | None = Field(default=None, max_length=32)
    place: str | None = Field(default=None, max_length=TEXT_LIMITS["place"])
    # law: §185(3), cattle released under protest seized again for want of the declaration.
    reason: Literal["s185_3"] | None = None
    reseizure_of: int | None = Field(default=None, ge=1, le=INT4_MAX)


class ReleaseIn(Body):
    owner_phone: str | None = Field(default=None, max_length=32)
    at: AwareDatetime | None = None
    under_protest: bool = False


class SaleIn(Body):
    proceeds_paise: int = Paise
    sale_expenses_paise: int = Field(default=0, ge=0, le=INT4_MAX)
    buyer_phone: str | None = Field(default=None, max_length=32)
    at: AwareDatetime | None = None
    refused: bool = False  # §185(4): the owner appeared and refused to pay


class NoticeIn(Body):
    posted_at: AwareDatetime | None = None   # 1871 s.14: when the police officer posted the notice
    at: AwareDatetime | None = None          # the same, by its earlier name (kept for callers that send it)


class PoliceReportIn(Body):
    reported_at: AwareDatetime | None = None   # 1871 s.14: when the keeper reported to the police station


class BroadcastIn(Body):
    village: str = Field(min_length=1, max_length=32)
    text: str = Field(min_length=1, max_length=640)


class ImpoundmentQuery(Body):
    pound: str | None = None
    status: Literal["impounded", "released", "sold", "forfeited_on_conviction", "handed_over"] | None = None
    tag: str | None = None


class DuesQuery(Body):
    at: AwareDatetime | None = None


class MessagesQuery(Body):
    to: str | None = None
    status: Literal["queued", "sending", "sent", "delivered", "failed", "cancelled"] | None = None
    kind: str | None = None
    limit: int = Field(default=100, ge=1, le=1000)


class CostsQuery(Body):
    """`GET /costs?village=&month=`: a month as YYYY-MM (2000-2099), default this month."""
    village: str | None = Field(default=None, max_length=32)
    month: str | None = Field(default=None, pattern=r"^20\d{2}-(0[1-9]|1[0-2])$")
