"""`flask --app sms_gateway …` commands (SPEC section 10)."""
from __future__ import annotations

from pathlib import Path

import click
from alembic import command
from alembic.config import Config
from flask import Flask
from flask.cli import AppGroup

from sms_gateway import cli_dlt, cli_golive
from sms_gateway.voice import cli as cli_voice
from sms_gateway import demo as demo_data
from sms_gateway.worker import dispatcher
from sms_gateway.worker import queues

ROOT = Path(__file__).resolve().parent.parent


def alembic_config(database_url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.attributes["database_url"] = database_url
    return config


def register(app: Flask) -> None:
    db_group = AppGroup("db", help="Create or migrate the schema (Alembic).")

    @db_group.command("upgrade")
    @click.argument("revision", default="head")
    def upgrade(revision: str):
        """Migrate the database to REVISION (default: head)."""
        settings = app.extensions["dabbo"].settings
        if settings.database_url.startswith("sqlite:///"):
            Path(settings.database_url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        command.upgrade(alembic_config(settings.database_url), revision)

    @db_group.command("downgrade")
    @click.argument("revision", default="-1")
    def downgrade(revision: str):
        """Step the schema back to REVISION (default: one step)."""
        command.downgrade(alembic_config(app.extensions["dabbo"].settings.database_url), revision)

    @db_group.command("revision")
    @click.option("-m", "--message", required=True)
    def revision(message: str):
        """Write a new migration from the difference between tables and database."""
        command.revision(alembic_config(app.extensions["dabbo"].settings.database_url), message=message,
                         autogenerate=True)

    app.cli.add_command(db_group)
    cli_dlt.register(app)
    cli_golive.register(app)
    cli_voice.register(app)

    @app.cli.command("demo")
    def demo():
        """Load the demo villages, people, schedules and impounded animals (safe to run twice)."""
        runtime = app.extensions["dabbo"]
        with runtime.sessions() as session:
            summary = demo_data.load(session, runtime.clock())
            summary += "; " + demo_data.load_trespass_village(session, runtime.clock())
            summary += "; " + demo_data.load_taluka_officer(session, runtime.clock())
            session.commit()
        click.echo(summary)
        try:
            queues.enqueue_due(runtime)
        except Exception as exc:  # Redis down: the dispatcher will send them later
            click.echo(f"(messages wait in the outbox: {exc})")

    @app.cli.command("dispatch")
    def dispatch():
        """Run one tick of what `cron` runs every minute, and exit."""
        click.echo(dispatcher.tick(app.extensions["dabbo"]))
