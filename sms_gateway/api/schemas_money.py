"""Request bodies of the routes (surplus payment, complaints, deposit
refunds): like `schemas`, they validate requests and write the OpenAPI document."""
from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import AwareDatetime, Field

from handlers.text.limits import TEXT_LIMITS
from models.ranges import INT4_MAX
from sms_gateway.api.schemas import Body

DepositStatus = Literal["held", "forfeit_pending", "forfeited", "refundable", "refunded"]


class SurplusPaymentIn(Body):
    to_phone: str = Field(min_length=1, max_length=32)
    at: AwareDatetime | None = None
    # §186(1): the officer the panchayat authorised to accept the proof of ownership.
    accepted_by: str | None = Field(default=None, max_length=32)


class ComplaintIn(Body):
    filed_on: date
    by_phone: str | None = Field(default=None, max_length=32)


class ComplaintOutcomeIn(Body):
    outcome: Literal["upheld", "dismissed"]
    decided_on: date
    # §188(3) Rs 100; 1871 s.22 the schedule's cap: the village's pack is checked by the handler.
    compensation_paise: int = Field(default=0, ge=0, le=INT4_MAX)


class RefundIn(Body):
    to_phone: str | None = Field(default=None, max_length=32)
    at: AwareDatetime | None = None


class DepositsQuery(Body):
    status: DepositStatus | None = None
    village: str | None = Field(default=None, max_length=32)


class ConvictionIn(Body):
    """§183(2)(b): the magistrate forfeited the cattle to the State on the owner's conviction."""
    convicted_on: date
    court: str | None = Field(default=None, max_length=TEXT_LIMITS["court"])


class HandoverIn(Body):
    """1871 s.14 proviso: the unclaimed animal handed to the gaushala (or panjrapole) named."""
    to: str = Field(min_length=1, max_length=TEXT_LIMITS["handed_to"])
    handed_at: AwareDatetime | None = None


class DeclarationIn(Body):
    """§185(3): the declaration of ownership and the security deposited after a protest release."""
    declared_on: date
    security_paise: int = Field(ge=0, le=10_000_000)
