"""Twilio: SMS through the twilio SDK, voice menus and missed calls in TwiML (numbers outside India).

Everything that speaks this provider's HTTP lives in this folder: `adapter` (sending, and
reading its delivery reports), `webhooks`, `voice` (what it calls us with).
This module only declares the provider for the registry; it imports no SDK.
"""
from __future__ import annotations

from sms_gateway.providers.base import ProviderSpec

PROVIDER = ProviderSpec(
    name="twilio",
    adapter="sms_gateway.providers.twilio.adapter:TwilioProvider",
    webhook_modules=tuple(f"sms_gateway.providers.twilio.{module}" for module in ("webhooks", "voice")),
    request_timeout_s=10.0,
)
