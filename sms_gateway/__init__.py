"""Dabbo's web process: `create_app` builds the Flask app from settings."""
from __future__ import annotations

import logging
import secrets

import click

from flask import Flask, jsonify, request
from sqlalchemy.exc import DBAPIError, OperationalError
from werkzeug.exceptions import HTTPException

from handlers.catalogue import DEFAULT_LANGUAGE, t

from sms_gateway.extensions import close_db
from sms_gateway.runtime import make_runtime
from sms_gateway.settings import INSTANCE_DIR, Settings
from sms_gateway.signin import signing_key

log = logging.getLogger("dabbo")

# Callers that expect JSON errors; the rest are answered by the endpoint's own format.
JSON_PREFIXES = ("/api/", "/healthz", "/readyz")


class MissingSecret(RuntimeError):
    """Neither SECRET_KEY nor ADMIN_TOKEN: nothing to sign sessions with."""


def session_key(settings: Settings) -> str:
    """What signs the dashboard's cookies. No fixed fallback: a key in the source would let
    anyone forge a session (issue 18 D), so a web process with neither SECRET_KEY nor
    ADMIN_TOKEN refuses to start. A CLI command (`db upgrade`, `demo`, `dispatch`, `dlt`)
    serves no browser: it gets a random key of its own process instead."""
    key = signing_key(settings)
    if key:
        return key
    if _in_cli_command():
        return secrets.token_hex(32)
    raise MissingSecret("Dabbo will not start: set SECRET_KEY (it signs dashboard sessions and sign-in "
                        "codes) or ADMIN_TOKEN (then that signs them) in the environment.")


def _in_cli_command() -> bool:
    """True while the Flask CLI runs a command other than `run` (the development server)."""
    current = click.get_current_context(silent=True)
    ctx = current
    while ctx is not None:
        if "run" in (ctx.info_name, ctx.command.name):
            return False
        ctx = ctx.parent
    return current is not None


def create_app(settings: Settings | None = None) -> Flask:
    settings = settings or Settings.from_env()
    app = Flask(__name__, instance_path=str(INSTANCE_DIR))
    app.config["MAX_CONTENT_LENGTH"] = settings.max_request_bytes
    app.config["SECRET_KEY"] = session_key(settings)
    app.extensions["dabbo"] = make_runtime(settings)
    app.teardown_appcontext(close_db)

    # Imported here, not at the top: the worker and cron import this package
    # too, and need none of the web's blueprints (nor pydantic, alembic).
    from sms_gateway import api, api_books, api_costs, api_money, api_orders, health  # noqa: F401  they add routes to api.bp

    app.register_blueprint(health.bp)
    app.register_blueprint(api.bp)
    register_optional_blueprints(app)
    register_error_handlers(app)
    if settings.bench_floor:
        from sms_gateway import bench_floor  # psycopg_pool is only needed by the bench

        bench_floor.register(app, settings.database_url)

    from sms_gateway import cli

    cli.register(app)
    return app


def register_optional_blueprints(app: Flask) -> None:
    """Blueprints added by later capabilities (webhooks, dashboard); each
    module exposes `bp`."""
    import importlib

    for name in ("sms_gateway.webhooks.twilio", "sms_gateway.webhooks.africastalking", "sms_gateway.dashboard",
                 "sms_gateway.books_pages", "sms_gateway.public",
                 "sms_gateway.cost_page", "sms_gateway.impoundment_page", "sms_gateway.staff_forms",
                 "sms_gateway.composer_page",
                 "sms_gateway.webhooks.exotel", "sms_gateway.webhooks.exotel_voice",
                 "sms_gateway.webhooks.twilio_voice", "sms_gateway.simulator_voice"):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and name.startswith(exc.name):
                continue
            raise
        app.register_blueprint(module.bp)


def ussd_apology() -> str:
    # Nobody can be looked up when we get here: the default language (gu).
    return f"END {t(DEFAULT_LANGUAGE, 'ussd.dial_again')}"


def register_error_handlers(app: Flask) -> None:
    """No stack trace ever reaches a phone or an API client."""

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        if request.path.startswith(JSON_PREFIXES):
            return jsonify(error=exc.description or exc.name, field=None), exc.code
        if request.path.startswith("/webhooks/africastalking/ussd"):
            return ussd_apology(), exc.code, {"Content-Type": "text/plain; charset=utf-8"}
        return exc

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        log.exception("unhandled error on %s %s", request.method, request.path)
        if request.path.startswith("/webhooks/twilio"):
            return ('<?xml version="1.0" encoding="UTF-8"?><Response/>', 200, {"Content-Type": "text/xml"})
        if request.path.startswith("/webhooks/africastalking/ussd"):
            return ussd_apology(), 200, {"Content-Type": "text/plain; charset=utf-8"}
        if isinstance(exc, DBAPIError) and exc.connection_invalidated or isinstance(exc, OperationalError):
            # The database is restarting or unreachable: a retry later will work.
            return jsonify(error="database unavailable, try again shortly", field=None), 503
        return jsonify(error="internal error", field=None), 500
