"""The DLT profile from the settings (SPEC 12.3): what handlers/dlt needs from the deployment.

Under DLT (`DLT_ENTITY_ID` set: `Settings.under_dlt`) every SMS is a registered template:
`install` has the catalogues say each SMS key as its template for the process (web, worker and
cron all build a runtime, so all three speak the same); elsewhere the catalogues' own words stand."""
from __future__ import annotations

from pathlib import Path

from handlers import catalogue, dlt as templates
from handlers.dlt import wording
from handlers.dlt.profile import Profile


def profile(settings) -> Profile:
    return Profile(brand=settings.dlt_brand, max_vars=settings.dlt_max_vars, var_chars=settings.dlt_var_chars,
                   min_fixed=settings.dlt_min_fixed, values=settings.dlt_values)


def context(settings) -> wording.Context:
    """The brand, the registered public page and the missed-call number (the ExoPhone)."""
    return wording.Context(profile(settings), url=settings.public_base_url or "", cbn=settings.exotel_caller_id or "")


def template_file(settings) -> Path:
    return Path(settings.dlt_template_file) if settings.dlt_template_file else templates.TEMPLATE_FILE


def current(settings) -> list[templates.Template]:
    """The wording's templates with the ids the file holds for unchanged texts."""
    return templates.build(profile(settings), templates.load(template_file(settings)))


def registry(settings) -> templates.Registry:
    return templates.Registry(current(settings), profile(settings), context(settings))


def install(settings) -> None:
    catalogue.send_registered_templates(context(settings) if settings.under_dlt else None)
