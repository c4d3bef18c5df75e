"""Exotel (India): SMS and calls over Exotel's REST API, the voice flow's applets.

Everything that speaks this provider's HTTP lives in this folder: `adapter` (sending, and
reading its delivery reports), `callbacks` (the token, parameters and plain answers every request
shares), `webhooks` (SMS, status, missed calls) and `voice` (the flow's applets): what it calls us with.
This module only declares the provider for the registry; it imports no SDK.
"""
from __future__ import annotations

from sms_gateway.providers.base import ProviderSpec

PROVIDER = ProviderSpec(
    name="exotel",
    adapter="sms_gateway.providers.exotel.adapter:ExotelProvider",
    webhook_modules=tuple(f"sms_gateway.providers.exotel.{module}" for module in ("webhooks", "voice")),
    request_timeout_s=33.05,
    sends_dlt_templates=True,
)
