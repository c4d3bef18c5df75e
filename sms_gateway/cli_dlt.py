"""`flask --app sms_gateway dlt …`: the DLT templates (SPEC 11.4, handlers/dlt/__init__.py).

`dlt sync` rewrites handlers/dlt/dlt_templates.json from the catalogues (run it after any change of
wording; a test fails until it is run); `dlt export` prints every template as CSV for the
operators' DLT portals.
"""
from __future__ import annotations

import click
from flask import Flask
from flask.cli import AppGroup

from handlers import dlt


def register(app: Flask) -> None:
    group = AppGroup("dlt", help="DLT templates: generate from the catalogues, export for registration.")

    @group.command("sync")
    def sync():
        """Regenerate the template file from the catalogues, keeping ids of unchanged texts."""
        templates = dlt.current()
        dlt.TEMPLATE_FILE.write_text(dlt.dumps(templates), encoding="utf-8")
        pending = sum(1 for t in templates if not t.registered)
        click.echo(f"{len(templates)} templates written to {dlt.TEMPLATE_FILE.name}; {pending} not yet registered")

    @group.command("export")
    def export():
        """Print every template as CSV, in the shape the DLT portals' bulk upload takes."""
        settings = app.extensions["dabbo"].settings
        click.echo(dlt.export_csv(dlt.current(), header=settings.exotel_from), nl=False)

    app.cli.add_command(group)
