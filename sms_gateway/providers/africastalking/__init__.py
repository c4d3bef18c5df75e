"""Africa's Talking: bulk SMS through the africastalking SDK, SMS and USSD webhooks.

Everything that speaks this provider's HTTP lives in this folder: `adapter` (sending, and
reading its delivery reports), `webhooks` (what it calls us with).
This module only declares the provider for the registry; it imports no SDK.
"""
from __future__ import annotations

from sms_gateway.providers.base import ProviderSpec

PROVIDER = ProviderSpec(
    name="africastalking",
    adapter="sms_gateway.providers.africastalking.adapter:AfricasTalkingProvider",
    webhook_modules=tuple(f"sms_gateway.providers.africastalking.{module}" for module in ("webhooks",)),
    request_timeout_s=33.05,
)
