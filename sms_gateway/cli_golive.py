"""`flask --app sms_gateway golive`: every step left before a deployment in India can reach
owners (SPEC 12.3), in the order a person does them; exit 1 while any blocks.

Each step is a check on this deployment's own settings, template file and web endpoints; what
only a person can do (register on a DLT portal, buy an ExoPhone, record the prompts) is said as
what to do next. `GOLIVE_CHECKS` is a list so that other parts (the voice prompts, the call
flows) add their own step where it falls in the order.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Callable

import click
import requests
from flask import Flask

from handlers.dlt import lint as dlt_lint
from handlers import dlt as templates
from sms_gateway import dlt_setup


@dataclass(frozen=True)
class Step:
    title: str
    blocks: str | None  # what is still to do; None when done


Check = Callable[[object], Step]


def _missing(settings, *names: str) -> list[str]:
    return [name.upper() for name in names if not getattr(settings, name)]


def provider(settings) -> Step:
    todo = None if settings.sms_provider == "exotel" else "set SMS_PROVIDER=exotel (DLT applies to SMS through Exotel)"
    return Step("SMS through Exotel", todo)


def entity_and_header(settings) -> Step:
    missing = _missing(settings, "dlt_entity_id", "exotel_from")
    todo = None
    if missing:
        todo = (f"register the panchayat (or the state body) as a principal entity and a 6-letter header on a DLT "
                f"portal (Jio, Airtel, Vi, BSNL), then set {' and '.join(missing)}")
    elif not (len(settings.exotel_from) == 6 and settings.exotel_from.isalpha()):
        todo = f"EXOTEL_FROM {settings.exotel_from!r} is not a 6-letter DLT header"
    return Step("DLT entity and header", todo)


def whitelisted(settings) -> Step:
    url, number = settings.public_base_url or "", settings.exotel_caller_id or ""
    todo = []
    if not url.startswith("https://") or len(url) >= settings.dlt_var_chars:
        todo.append(f"PUBLIC_BASE_URL must be https and under {settings.dlt_var_chars} characters (it fills "
                    f"{{#url#}}), now {url or 'unset'}")
    if not number.isdigit():
        todo.append("set EXOTEL_CALLER_ID (the ExoPhone: the missed-call number in {#cbn#})")
    if not todo:
        return Step(f"public page {url} and call-back number {number}: whitelist both on the DLT portal", None)
    return Step("public page and call-back number", "; ".join(todo))


def lint_clean(settings) -> Step:
    report = dlt_lint.lint(dlt_setup.profile(settings), dlt_setup.context(settings),
                           templates.load(dlt_setup.template_file(settings)))
    todo = None if report.clean else f"`flask --app sms_gateway dlt lint`: {report.problems[0]}"
    return Step(f"templates fit the DLT profile ({report.summary()})", todo)


def registered(settings) -> Step:
    pending = [t for t in dlt_setup.current(settings) if not t.registered]
    todo = None
    if pending:
        todo = (f"{len(pending)} templates not registered: `flask --app sms_gateway dlt export`, upload to the "
                f"portal, then `flask --app sms_gateway dlt import APPROVED.csv` (and add them on Exotel's dashboard)")
    return Step("templates registered", todo)


def exotel_account(settings) -> Step:
    missing = _missing(settings, "exotel_sid", "exotel_api_key", "exotel_api_token")
    return Step("Exotel account", f"set {', '.join(missing)}" if missing else None)


def secrets(settings) -> Step:
    missing = _missing(settings, "exotel_webhook_token", "secret_key", "admin_token")
    return Step("tokens and secrets", f"set {', '.join(missing)}" if missing else None)


def answering(settings) -> Step:
    """Exotel's applets reach us at PUBLIC_BASE_URL: the SMS URL answers its HEAD with 200."""
    if not (settings.public_base_url and settings.exotel_webhook_token):
        return Step("Exotel URLs answering", "needs PUBLIC_BASE_URL and EXOTEL_WEBHOOK_TOKEN first")
    url = f"{settings.public_base_url}/webhooks/exotel/sms?token={settings.exotel_webhook_token}"
    try:
        status = requests.head(url, timeout=5).status_code
    except requests.RequestException as exc:
        return Step("Exotel URLs answering", f"{settings.public_base_url} did not answer ({type(exc).__name__})")
    return Step(f"Exotel URLs answering at {settings.public_base_url}",
                None if status == 200 else f"HEAD /webhooks/exotel/sms answered {status}, not 200")


def prompts_recorded(settings) -> Step:
    """Every fixed clip of the voice menus and notices recorded by a person, per language (SPEC
    12.2): a synthetic stand-in lets calls run, but owners who do not read should hear a voice."""
    from handlers.menus import prompts
    from sms_gateway.voice import clips

    store = clips()
    counts, short = [], []
    for language in prompts.SPOKEN_LANGUAGES:
        wanted = [clip for clip, _uses in prompts.fixed_clips(language) if not clip.pause]
        recorded = sum(store.recorded(language, clip.id) is not None for clip in wanted)
        synthetic = sum(store.recorded(language, clip.id) is None and store.synthetic_path(language, clip.id).exists()
                        for clip in wanted)
        missing = len(wanted) - recorded - synthetic
        counts.append(f"{language} {recorded}/{len(wanted)}")
        if recorded < len(wanted):
            short.append(f"{language}: {synthetic} synthetic, {missing} missing")
    todo = None
    if short:
        todo = (f"record the prompts ({'; '.join(short)}) on the dashboard's Recorded prompts page "
                "(`flask --app sms_gateway prompts script` lists the words; `prompts synth` makes stand-ins "
                "meanwhile)")
    return Step(f"voice prompts recorded ({', '.join(counts)})", todo)


GOLIVE_CHECKS: list[Check] = [provider, entity_and_header, whitelisted, lint_clean, registered, exotel_account,
                              secrets, answering, prompts_recorded]


def register(app: Flask) -> None:
    @app.cli.command("golive")
    def golive():
        """Every step left before SMS in India reaches owners; exit 1 while any blocks."""
        settings = app.extensions["dabbo"].settings
        blocking = 0
        for number, check in enumerate(GOLIVE_CHECKS, start=1):
            step = check(settings)
            blocking += step.blocks is not None
            mark = "ok     " if step.blocks is None else "BLOCKS "
            click.echo(f"{number}. [{mark}] {step.title}" + (f"\n     -> {step.blocks}" if step.blocks else ""))
        click.echo("ready: owners can be reached" if not blocking else f"{blocking} steps block going live")
        if blocking:
            sys.exit(1)
