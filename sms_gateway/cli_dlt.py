"""`flask --app sms_gateway dlt …`: the DLT templates (SPEC 12.3, handlers/dlt/).

- `dlt lint`   every template against the profile, every SMS key mapped; exit 1 on any breach
- `dlt sync`   rewrite the template file from the wording (ids of unchanged texts kept)
- `dlt export` the portal's fields per template, as CSV
- `dlt import FILE`  the portal's approved-id CSV: the ids go into the template file
"""
from __future__ import annotations

import sys
from pathlib import Path

import click
from flask import Flask
from flask.cli import AppGroup

from handlers.dlt import lint as dlt_lint
from handlers import dlt as templates
from sms_gateway import dlt_setup

BROADCAST_CATEGORY = {"promotional": "Promotional", "transactional": "Service Implicit",
                      "transactional_opt_in": "Service Explicit"}


def register(app: Flask) -> None:
    group = AppGroup("dlt", help="DLT templates: lint, sync, export for a portal, import its ids.")

    def settings():
        return app.extensions["dabbo"].settings

    @group.command("lint")
    def lint():
        """Check every template against the DLT profile; exit 1 on any breach."""
        report = dlt_lint.lint(dlt_setup.profile(settings()), dlt_setup.context(settings()),
                               on_file=templates.load(dlt_setup.template_file(settings())))
        for problem in report.problems:
            click.echo(problem, err=True)
        click.echo(report.summary())
        for line in report.level_lines():
            click.echo(line)
        if not report.clean:
            click.echo(f"{len(report.problems)} problems", err=True)
            sys.exit(1)

    @group.command("sync")
    def sync():
        """Rewrite the template file from the wording, keeping the ids of unchanged texts."""
        built = dlt_setup.current(settings())
        path = dlt_setup.template_file(settings())
        path.write_text(templates.dumps(built), encoding="utf-8")
        pending = sum(1 for t in built if not t.registered)
        click.echo(f"{len(built)} templates written to {path.name}; {pending} not yet registered")

    @group.command("export")
    def export():
        """Print every template with the fields a DLT portal asks for, as CSV."""
        s = settings()
        click.echo(templates.export_csv(dlt_setup.current(s), dlt_setup.context(s), header=s.exotel_from,
                                        broadcast_category=BROADCAST_CATEGORY.get(s.dlt_broadcast_sms_type,
                                                                                  "Promotional")), nl=False)

    @group.command("import")
    @click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    def import_(file: Path):
        """Read the portal's approved-id CSV (Template ID / Template Id / Content Template ID...,
        Template Content / Template Message / Message...) into the template file. Exits 1 when a
        row matches none of our templates or nothing matched: a silent 0 would leave every SMS
        unsent."""
        path = dlt_setup.template_file(settings())
        try:
            updated, matched, unknown = templates.import_ids(dlt_setup.current(settings()),
                                                             file.read_text(encoding="utf-8-sig"))
        except ValueError as exc:
            raise click.ClickException(f"{file}: {exc}") from exc
        path.write_text(templates.dumps(updated), encoding="utf-8")
        for text in unknown:
            click.echo(f"not one of ours (text differs): {text}", err=True)
        pending = sum(1 for t in updated if not t.registered)
        click.echo(f"{matched} template ids imported; {pending} templates still PENDING (never sent until "
                   f"registered)")
        if unknown or not matched:
            sys.exit(1)

    app.cli.add_command(group)
