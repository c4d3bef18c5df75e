"""`flask --app sms_gateway exotel flow` and `prompts script|synth` (SPEC 12.1, 12.2)."""
from __future__ import annotations

import csv
from concurrent.futures import ThreadPoolExecutor
import sys
import click
from flask import Flask
from flask.cli import AppGroup

from dataclasses import dataclass

from handlers.menus import prompts

PLACEHOLDER_BASE = "https://YOUR-DABBO-SERVER"


@dataclass(frozen=True)
class Applet:
    kind: str                      # Passthru, Gather, Greeting, Hangup (App Bazaar's names)
    name: str
    path: str = ""
    next: tuple[tuple[str, int], ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Flow:
    name: str
    app_setting: str
    purpose: str
    applets: tuple[Applet, ...]


SYNC = "sync: leave 'Make Passthru Async' unticked (the branch depends on our answer)"
FLOWS = (
    Flow("voice", "EXOTEL_VOICE_APP_ID", "the number owners and keepers call; call backs connect here too "
         "(its app id goes in EXOTEL_VOICE_APP_ID)", (
             Applet("Passthru", "start", "/webhooks/exotel/flow/start", (("200", 2), ("302", 4)), SYNC),
             Applet("Gather", "menu", "/webhooks/exotel/flow/gather", (("next", 3),),
                    "'Configure parameters dynamically by providing a URL': this is the Primary URL"),
             Applet("Passthru", "keys", "/webhooks/exotel/flow/keys", (("200", 2), ("302", 4)), SYNC),
             Applet("Greeting", "goodbye", "/webhooks/exotel/flow/goodbye", (("next", 5),),
                    "audio picker 'Type text': paste this URL"),
             Applet("Hangup", "end"),
         )),
    Flow("missed-call", "-", "the missed-call number: never answered, free for the caller; "
         "the answer comes by SMS or call back (MISSED_CALL_ANSWER)", (
             Applet("Passthru", "missed call", "/webhooks/exotel/missed-call", (("200", 2), ("302", 2)),
                    "tick 'Make Passthru Async': the caller's ringing ends at once"),
             Applet("Hangup", "end"),
         )),
)


def flow_layout() -> tuple[Flow, ...]:
    return FLOWS


def flow_text(base: str, token: str, voice_app_id: str | None) -> str:
    """The two flows to build in App Bazaar, applet by applet, each URL with its token, each
    transition; a test builds its fake Exotel from exactly this text."""
    def url(path: str) -> str:
        return f"{base}{path}?token={token}"

    lines = []
    for flow in flow_layout():
        app_id = voice_app_id if flow.name == "voice" and voice_app_id else flow.app_setting
        lines.append(f'flow "{flow.name}" app {app_id}')
        lines.append(f"  # {flow.purpose}")
        for number, applet in enumerate(flow.applets, 1):
            where = f" {url(applet.path)}" if applet.path else ""
            lines.append(f'  {number}. {applet.kind} "{applet.name}"{where}')
            if applet.note:
                lines.append(f"     # {applet.note}")
            for label, target in applet.next:
                lines.append(f"     {label} -> {target}")
        lines.append("")
    return "\n".join(lines)


def register(app: Flask) -> None:
    exotel = AppGroup("exotel", help="Exotel: the call flows to build in App Bazaar.")

    @exotel.command("flow")
    def flow():
        """Print the voice flow and the missed-call flow to build, with their URLs."""
        settings = app.extensions["dabbo"].settings
        base = settings.public_base_url or PLACEHOLDER_BASE
        token = settings.exotel_webhook_token or "EXOTEL_WEBHOOK_TOKEN"
        if not settings.public_base_url:
            click.echo("# PUBLIC_BASE_URL is not set: replace YOUR-DABBO-SERVER below.", err=True)
        if not settings.exotel_webhook_token:
            click.echo("# EXOTEL_WEBHOOK_TOKEN is not set: Dabbo refuses every call until it is.", err=True)
        click.echo(flow_text(base, token, settings.exotel_voice_app_id), nl=False)

    app.cli.add_command(exotel)

    group = AppGroup("prompts", help="Recorded prompts: the recording script and the stand-in voice.")

    @group.command("script")
    @click.option("--language", type=click.Choice(prompts.SPOKEN_LANGUAGES), default=None)
    def script(language: str | None):
        """Write the CSV a person reads aloud: clip id, language, words, where used."""
        writer = csv.writer(sys.stdout)
        writer.writerow(["clip", "language", "words", "used_in"])
        for lang in ([language] if language else prompts.SPOKEN_LANGUAGES):
            for clip, uses in prompts.fixed_clips(lang):
                writer.writerow([clip.id, lang, clip.words, " ".join(uses)])

    @group.command("synth")
    @click.option("--language", type=click.Choice(prompts.SPOKEN_LANGUAGES), default=None)
    @click.option("--force", is_flag=True, help="Make every stand-in again.")
    def synth(language: str | None, force: bool):
        """Make a synthetic stand-in (espeak-ng + sox, offline) for every clip not yet recorded."""
        from sms_gateway.voice import clips
        from sms_gateway.voice.audio import synthesiser_missing

        missing = synthesiser_missing()
        if missing:
            click.echo(f"No stand-in voice: {missing} (apt-get install espeak-ng sox). "
                       "Calls speak text (Exotel's TTS) until clips are recorded.")
            return
        with app.app_context():
            store = clips()
        wanted = [(lang, clip) for lang in ([language] if language else prompts.SPOKEN_LANGUAGES)
                  for clip, _ in prompts.fixed_clips(lang)
                  if store.recorded(lang, clip.id) is None
                  and (force or not store.synthetic_path(lang, clip.id).exists())]
        # espeak-ng and sox are separate processes: a few at a time keep every core busy.
        with ThreadPoolExecutor(max_workers=4) as pool:
            made = sum(pool.map(lambda job: store.synth(*job, force=force), wanted))
        click.echo(f"{made} stand-in clips made in {store.root} (synthetic until a person records them)")

    app.cli.add_command(group)
