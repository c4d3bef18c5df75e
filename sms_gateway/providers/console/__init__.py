"""The console provider: development and demo deployments send nothing.

Everything that speaks this provider's HTTP lives in this folder: `adapter` (sending, and
reading its delivery reports).
This module only declares the provider for the registry; it imports no SDK.
"""
from __future__ import annotations

from sms_gateway.providers.base import ProviderSpec

PROVIDER = ProviderSpec(
    name="console",
    adapter="sms_gateway.providers.console.adapter:ConsoleProvider",
    webhook_modules=tuple(f"sms_gateway.providers.console.{module}" for module in ()),
    request_timeout_s=0.0,
)
