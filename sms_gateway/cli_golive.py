"""`flask --app sms_gateway golive`: every step left before a deployment in India can reach
owners (SPEC 12.3), in the order a person does them; exit 1 while any blocks.

Each step is a check on this deployment's own settings, template file and web endpoints; what
only a person can do (register on a DLT portal, buy an ExoPhone, record the prompts) is said as
what to do next. `GOLIVE_CHECKS` is a list so that other parts (the voice prompts, the call
flows) add their own step where it falls in the order; each step names the stages it belongs to
(`--stage sms`: owners reached by SMS, no clip needed; `--stage voice`: the flows and the voice;
`all`, the default: both). `--canary` and `--canary-call` send first (sms_gateway/canary.py).
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Callable

import click
import requests
from flask import Flask

from handlers.dlt import lint as dlt_lint
from handlers import dlt as templates
from sms_gateway import dlt_setup
from sms_gateway.providers import registry


@dataclass(frozen=True)
class Step:
    title: str
    blocks: str | None  # what is still to do; None when done


Check = Callable[[object], Step]


def _missing(settings, *names: str) -> list[str]:
    return [name.upper() for name in names if not getattr(settings, name)]


def provider(settings) -> Step:
    """Under DLT every SMS carries its template id, so the provider must be one that sends it (its
    folder declares it): the step asks the registry, never for a provider by name."""
    capable = registry.dlt_capable()
    name = (settings.sms_provider or "").lower()
    todo = None
    if name not in capable:
        todo = f"set SMS_PROVIDER to {' or '.join(capable)} (SMS_PROVIDER={name} sends no DLT template ids)"
    return Step(f"SMS through a provider that sends DLT templates ({', '.join(capable)})", todo)


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
    url = f"{settings.public_base_url}/webhooks/exotel/t/{settings.exotel_webhook_token}/sms"
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


def broadcast_header(settings) -> Step:
    """Village notices go as service SMS from EXOTEL_FROM; promotional ones need their own
    numeric header (a header is approved for one category only, INDIA-CHANNELS 7)."""
    if settings.dlt_broadcast_sms_type != "promotional":
        return Step(f"village notices as {settings.dlt_broadcast_sms_type} SMS from EXOTEL_FROM", None)
    promo = settings.exotel_promo_from or ""
    todo = None if (len(promo) == 6 and promo.isdigit()) else (
        "DLT_BROADCAST_SMS_TYPE=promotional needs EXOTEL_PROMO_FROM, a 6-digit header approved for promotional "
        f"SMS (now {promo or 'unset'}); or leave DLT_BROADCAST_SMS_TYPE at transactional")
    return Step("village notices as promotional SMS from EXOTEL_PROMO_FROM, 10:00-21:00 only", todo)


def canaries_delivered(settings) -> Step:
    """Every registered template reached a handset once: the operators' scrubbers took it."""
    from sms_gateway import canary
    from sms_gateway.extensions import db

    registered = [t.template_id for t in dlt_setup.current(settings) if t.registered]
    last = canary.last_sms(db())
    delivered = [tid for tid in registered if tid in last and last[tid].status == "delivered"]
    todo = None
    if len(delivered) < len(registered):
        failed = [last[tid].line for tid in registered if tid in last and last[tid].status == "failed"]
        todo = (f"{len(registered) - len(delivered)} templates not canary-delivered: "
                "`flask --app sms_gateway golive --canary <your phone>`" + (f" ({failed[0]})" if failed else ""))
    return Step(f"canary SMS delivered ({len(delivered)}/{len(registered)} templates)", todo)


def voice_flows(settings) -> Step:
    """The voice flow is built (its app id set) and its URLs answer."""
    if not settings.exotel_voice_app_id:
        return Step("voice flow built", "build the voice flow (`flask --app sms_gateway exotel flow`) in App Bazaar, "
                                        "then set EXOTEL_VOICE_APP_ID")
    if not (settings.public_base_url and settings.exotel_webhook_token):
        return Step("voice flow answering", "needs PUBLIC_BASE_URL and EXOTEL_WEBHOOK_TOKEN first")
    base = f"{settings.public_base_url}/webhooks/exotel/t/{settings.exotel_webhook_token}/flow"
    for step in ("start", "keys", "goodbye"):
        try:
            status = requests.head(f"{base}/{step}", timeout=5).status_code
        except requests.RequestException as exc:
            return Step("voice flow answering", f"{base}/{step} did not answer ({type(exc).__name__})")
        if status != 200:
            return Step("voice flow answering", f"HEAD /webhooks/exotel/flow/{step} answered {status}, not 200")
    return Step(f"voice flow {settings.exotel_voice_app_id} answering", None)


def voice_heard(settings) -> Step:
    """Callers hear a person's voice (every clip recorded), or, with EXOTEL_TTS=on, Exotel's TTS
    as a canary call confirmed it."""
    if not settings.exotel_tts:
        return prompts_recorded(settings)
    from sms_gateway import canary
    from sms_gateway.extensions import db

    last = canary.last_call(db())
    if last is not None and last.status == "delivered":
        return Step("EXOTEL_TTS=on: a canary call was answered", None)
    return Step("EXOTEL_TTS=on: a canary call", "`flask --app sms_gateway golive --canary-call <your phone>`, "
                "listen, and answer it" + (f" (last: {last.line})" if last else ""))


SMS, VOICE = "sms", "voice"
BOTH = frozenset({SMS, VOICE})
# (check, the stages it belongs to), in the order a person does them
GOLIVE_CHECKS: list[tuple[Check, frozenset]] = [
    (provider, frozenset({SMS})), (entity_and_header, frozenset({SMS})), (broadcast_header, frozenset({SMS})),
    (whitelisted, frozenset({SMS})), (lint_clean, frozenset({SMS})), (registered, frozenset({SMS})),
    (exotel_account, BOTH), (secrets, BOTH), (answering, BOTH), (canaries_delivered, frozenset({SMS})),
    (voice_flows, frozenset({VOICE})), (voice_heard, frozenset({VOICE})),
]
READY = {SMS: "ready: owners can be reached by SMS", VOICE: "ready: owners can call and be called",
         "all": "ready: owners can be reached"}


def _sleep(seconds: float) -> None:  # a test delivers the status callbacks here
    time.sleep(seconds)


def _canaries(settings, sms_to: str | None, call_to: str | None, wait_s: float) -> None:
    from sms_gateway import canary
    from sms_gateway.extensions import db, now

    provider_ = registry.get_provider(settings)
    rows = canary.send_sms(db(), settings, provider_, sms_to, now()) if sms_to else []
    call = canary.place_call(db(), provider_, call_to, now()) if call_to else None
    canary.wait(db(), rows + ([call] if call is not None else []), wait_s, sleep=_sleep)
    for row in rows:
        click.echo(f"canary {canary.result(row).line}")
    if call is not None:
        click.echo(f"canary {canary.result(call, 'call').line}")


def register(app: Flask) -> None:
    @app.cli.command("golive")
    @click.option("--stage", type=click.Choice([SMS, VOICE, "all"]), default="all",
                  help="sms: owners reached by SMS; voice: the flows and the voice; all: both.")
    @click.option("--canary", "canary_to", metavar="PHONE", default=None,
                  help="First send every registered template once, with sample values, to PHONE.")
    @click.option("--canary-call", "call_to", metavar="PHONE", default=None,
                  help="First call PHONE into the voice flow.")
    @click.option("--wait", "wait_s", type=float, default=120.0, show_default=True,
                  help="Seconds to wait for the canaries' status callbacks.")
    def golive(stage: str, canary_to: str | None, call_to: str | None, wait_s: float):
        """Every step left before a stage goes live in India; exit 1 while any blocks."""
        settings = app.extensions["dabbo"].settings
        if canary_to or call_to:
            _canaries(settings, canary_to, call_to, wait_s)
        wanted = BOTH if stage == "all" else frozenset({stage})
        blocking = 0
        for number, (check, stages) in enumerate([c for c in GOLIVE_CHECKS if c[1] & wanted], start=1):
            step = check(settings)
            blocking += step.blocks is not None
            mark = "ok     " if step.blocks is None else "BLOCKS "
            click.echo(f"{number}. [{mark}] {step.title}" + (f"\n     -> {step.blocks}" if step.blocks else ""))
        click.echo(READY[stage] if not blocking else f"{blocking} steps block going live ({stage})")
        if blocking:
            sys.exit(1)
