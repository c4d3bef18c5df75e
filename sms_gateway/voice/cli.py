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
DYNAMIC = "'Configure parameters dynamically by providing a URL': this is the Primary URL"
BOTH_EXITS = "wire both exits, 'caller entered digits' and 'caller entered no digits' (silence is a step too)"
START, GATHER, KEYS, GOODBYE = ("/webhooks/exotel/flow/start", "/webhooks/exotel/flow/gather",
                                "/webhooks/exotel/flow/keys", "/webhooks/exotel/flow/goodbye")


def _ending(first: int) -> tuple[Applet, Applet]:
    return (Applet("Greeting", "goodbye", GOODBYE, (("next", first + 1),), "audio picker 'Type text': paste this URL"),
            Applet("Hangup", "end"))


def _menu_pair(gather_at: int, on_200: int, goodbye_at: int) -> tuple[Applet, Applet]:
    """A Gather and the Passthru after it: both Gather exits lead to the Passthru, which reads
    the keys (or their absence) and branches."""
    keys_at = gather_at + 1
    return (Applet("Gather", "menu", GATHER, (("digits", keys_at), ("nodigits", keys_at)), f"{DYNAMIC}; {BOTH_EXITS}"),
            Applet("Passthru", "keys", KEYS, (("200", on_200), ("302", goodbye_at)), SYNC))


def _loop() -> tuple[Applet, ...]:
    """start, menu, keys back to menu: five applets, the keys Passthru branching back."""
    return (Applet("Passthru", "start", START, (("200", 2), ("302", 4)), SYNC),
            *_menu_pair(2, 2, 4), *_ending(4))


def _chain(depth: int) -> tuple[Applet, ...]:
    """No applet leads back: `depth` menu/keys pairs one after the other, each keys' 200 on to
    the next menu, the last one's to the goodbye (a walk deeper than the menu ends politely)."""
    goodbye_at = 2 + 2 * depth
    pairs = [applet for n in range(depth)
             for applet in _menu_pair(2 + 2 * n, 4 + 2 * n if n < depth - 1 else goodbye_at, goodbye_at)]
    return (Applet("Passthru", "start", START, (("200", 2), ("302", goodbye_at)), SYNC), *pairs, *_ending(goodbye_at))


def flow_layout() -> tuple[Flow, ...]:
    from handlers.menus.voice_flow import chain_depth

    return (
        Flow("voice", "EXOTEL_VOICE_APP_ID", "the number owners and keepers call; call backs connect here too "
             "(its app id goes in EXOTEL_VOICE_APP_ID)", _loop()),
        Flow("voice-chained", "EXOTEL_VOICE_APP_ID", "the same voice flow without a branch back to an earlier "
             "applet, for an account where App Bazaar refuses the loop: build this one instead of \"voice\"",
             _chain(chain_depth())),
        Flow("missed-call", "-", "the missed-call number: never answered, free for the caller; "
             "the answer comes by SMS or call back (MISSED_CALL_ANSWER)", (
                 Applet("Passthru", "missed call", "/webhooks/exotel/missed-call", (("200", 2), ("302", 2)),
                        "tick 'Make Passthru Async': the caller's ringing ends at once"),
                 Applet("Hangup", "end"),
             )),
    )


def flow_text(base: str, token: str, voice_app_id: str | None) -> str:
    """The two flows to build in App Bazaar, applet by applet, each URL with its token, each
    transition; a test builds its fake Exotel from exactly this text."""
    from sms_gateway.providers.exotel.callbacks import with_path_token

    def url(path: str) -> str:  # the token in the path: it survives Exotel replacing a query string;
        # `?query=kept` tells `exotel check` whether Exotel kept the configured query string
        return with_path_token(base, path, token) + "?query=kept"

    lines = []
    for flow in flow_layout():
        app_id = voice_app_id if flow.name == "voice" and voice_app_id else flow.app_setting
        lines.append(f'flow "{flow.name}" app {app_id}')
        lines.append(f"  # {flow.purpose}")
        noted = set()  # a note once per flow: the chained flow repeats one pair a dozen times
        for number, applet in enumerate(flow.applets, 1):
            where = f" {url(applet.path)}" if applet.path else ""
            lines.append(f'  {number}. {applet.kind} "{applet.name}"{where}')
            if applet.note and applet.note not in noted:
                noted.add(applet.note)
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

    @exotel.command("check")
    def check():
        """Compare the requests Exotel made (EXOTEL_RECORD) with what Dabbo relies on; exit 1 on a difference."""
        from sms_gateway.providers.exotel import check as checking, record

        report = checking.compare(record.recorded(app.extensions["dabbo"].redis))
        for reading in report.readings:
            click.echo(reading)
        for what, fix in report.differences:
            click.echo(f"DIFFERS {what}\n     -> {fix}")
        click.echo("nothing differs" if not report.differences else f"{len(report.differences)} differences")
        if report.differences:
            sys.exit(1)

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
