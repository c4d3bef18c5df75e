"""The providers Dabbo speaks to: one line each.

A provider is a folder beside this module (adapter, webhooks, voice, status map) whose
`__init__.py` declares a `ProviderSpec` named `PROVIDER`. Adding a provider is one new
folder and one line in `PROVIDERS`; `create_app`, the worker and the error handlers all
read this registry, so nothing else changes.
"""
from __future__ import annotations

import importlib
from functools import cache

from sms_gateway.providers.base import Provider, ProviderSpec

PROVIDERS = {
    "console": "sms_gateway.providers.console",
    "twilio": "sms_gateway.providers.twilio",
    "africastalking": "sms_gateway.providers.africastalking",
    "exotel": "sms_gateway.providers.exotel",
}
DEFAULT_REQUEST_TIMEOUT_S = 10.0


@cache
def spec(name: str) -> ProviderSpec:
    """The declaration of provider `name` (KeyError for a name nobody registered)."""
    return importlib.import_module(PROVIDERS[name]).PROVIDER


def all_specs() -> list[ProviderSpec]:
    return [spec(name) for name in PROVIDERS]


def dlt_capable() -> list[str]:
    """The providers whose sends carry DLT template ids: the ones a deployment under DLT may use."""
    return [provider.name for provider in all_specs() if provider.sends_dlt_templates]


def get_provider(settings) -> Provider:
    """The adapter `settings.sms_provider` names. Build it once per process
    (it holds an HTTP connection pool) and reuse it for every send.

    The adapter's module is imported here, so a console deployment never imports a
    provider SDK."""
    name = (settings.sms_provider or "").lower()
    if name not in PROVIDERS:
        raise ValueError(f"unknown SMS_PROVIDER {settings.sms_provider!r}: use {', '.join(PROVIDERS)}")
    module_name, class_name = spec(name).adapter.split(":")
    adapter = getattr(importlib.import_module(module_name), class_name)
    from_settings = getattr(adapter, "from_settings", None)
    return from_settings(settings) if from_settings else adapter()


def request_timeout_s(name: str) -> float:
    """The longest one request to provider `name` may take."""
    return spec(name).request_timeout_s if name in PROVIDERS else DEFAULT_REQUEST_TIMEOUT_S


def webhook_modules() -> list[str]:
    """Every provider's webhook modules, in registry order (each exposes `bp`)."""
    return [module for provider in all_specs() for module in provider.webhook_modules]


def error_answer(path: str, http_status: int | None = None):
    """The answer the provider whose webhooks serve `path` gives when a request fails
    (unexpectedly, or with `http_status` when refused on purpose), or None: then the
    caller gets the API's JSON error or Flask's page."""
    for provider in all_specs():
        if not path.startswith(f"/webhooks/{provider.name}"):
            continue
        for module_name in provider.webhook_modules:
            answer = getattr(importlib.import_module(module_name), "error_answer", None)
            result = answer(path, http_status) if answer else None
            if result is not None:
                return result
    return None
