"""Dabbo's web process: `create_app` builds the Flask app from settings."""
from __future__ import annotations

import logging
import secrets

import click

from flask import Flask, jsonify, request
from sqlalchemy.exc import DBAPIError, OperationalError
from werkzeug.exceptions import HTTPException

from sms_gateway.extensions import close_db
from sms_gateway.runtime import make_runtime
from sms_gateway.settings import INSTANCE_DIR, Settings
from sms_gateway.pages.signin import signing_key

log = logging.getLogger("dabbo")

# Callers that expect JSON errors; the rest are answered by the endpoint's own format.
JSON_PREFIXES = ("/api/", "/healthz", "/readyz")


class MissingSecret(RuntimeError):
    """Neither SECRET_KEY nor ADMIN_TOKEN: nothing to sign sessions with."""


def session_key(settings: Settings) -> str:
    """What signs the dashboard's cookies. No fixed fallback: a key in the source would let
    anyone forge a session, so a web process with neither SECRET_KEY nor
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
    register_reader_year(app)
    register_words(app)

    # Imported here, not at the top: the worker and cron import this package
    # too, and need none of the web's blueprints (nor pydantic, alembic).
    from sms_gateway import api, health
    from sms_gateway.api import books as api_books
    from sms_gateway.api import costs as api_costs
    from sms_gateway.api import money as api_money
    from sms_gateway.api import orders as api_orders  # noqa: F401  they add routes to api.bp

    from sms_gateway.pages import csrf

    app.register_blueprint(health.bp)
    app.register_blueprint(api.bp)
    webhooks = register_optional_blueprints(app)
    # Machines, not browsers: the API's bearer token and each provider's signature stand instead.
    csrf.protect(app, exempt=[health.bp, api.bp, *webhooks])
    register_error_handlers(app)
    if settings.bench_floor:
        from sms_gateway import bench_floor  # psycopg_pool is only needed by the bench

        bench_floor.register(app, settings.database_url)

    from sms_gateway import cli

    cli.register(app)
    return app


# The pages, each a module exposing `bp`; every provider's webhooks come from the registry.
PAGE_MODULES = ("sms_gateway.pages.dashboard", "sms_gateway.pages.books", "sms_gateway.pages.public",
                "sms_gateway.pages.costs", "sms_gateway.pages.district", "sms_gateway.pages.impoundment",
                "sms_gateway.pages.staff.forms",
                "sms_gateway.pages.composer", "sms_gateway.pages.simulator_voice", "sms_gateway.voice",
                "sms_gateway.voice.page")


def register_optional_blueprints(app: Flask) -> list:
    """Every provider's webhooks (from the registry), then the pages; returns the webhooks'
    blueprints."""
    import importlib

    from sms_gateway.providers import registry

    webhooks = [importlib.import_module(name) for name in registry.webhook_modules()]
    for module in (*webhooks, *(importlib.import_module(name) for name in PAGE_MODULES)):
        app.register_blueprint(module.bp)
        # A provider that takes its token in the path as well serves its blueprint twice.
        if token_prefix := getattr(module, "PATH_TOKEN", None):
            app.register_blueprint(module.bp, name=f"{module.bp.name}_path_token", url_prefix=token_prefix)
    return [module.bp for module in webhooks]


def register_words(app: Flask) -> None:
    """Flask-Babel for the pages: the locale is the reader's language (numbers, dates and plural
    rules from its CLDR data), and gettext in Jinja reads the same catalogues as `t` does."""
    from flask_babel import Babel, Domain

    from handlers.catalogue import po
    from sms_gateway.pages import dashboard

    class Catalogues(Domain):
        def get_translations(self):
            return po.translations(dashboard.language())

    babel = Babel(app, locale_selector=lambda: po.BABEL_LOCALES[dashboard.language()], default_domain=po.DOMAIN)
    babel.domain_instance = Catalogues(domain=po.DOMAIN)


def register_reader_year(app: Flask) -> None:
    """Every date a request writes (a reply, a page, a notice) shows its year when
    that is not the year of the request's clock (`handlers.catalogue.read_on`)."""
    from flask import g

    from handlers.catalogue import begin_reading, end_reading
    from sms_gateway.extensions import now

    @app.before_request
    def start_reading():
        g.reader_year_token = begin_reading(now())

    @app.teardown_request
    def stop_reading(_exc=None):
        token = g.pop("reader_year_token", None)
        if token is not None:
            try:
                end_reading(token)
            except ValueError:  # set in another context (a streamed response): nothing to undo
                pass


def page_error(status: int):
    """A refused or missing page in the viewer's words (never werkzeug's English "Forbidden")."""
    from markupsafe import escape

    from handlers.catalogue import DEFAULT_LANGUAGE
    from handlers.catalogue.refusals import field_words
    try:
        from sms_gateway.pages.dashboard import language
        lang = language()
    except Exception:  # no page blueprint, no session: the default language
        lang = DEFAULT_LANGUAGE
    say = lambda key: escape(field_words(lang, key))  # noqa: E731
    reason = say("page.err.page_forbidden" if status == 403 else "page.err.page_not_found")
    body = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{say("page.err.page_title")}</title>'
            f'</head><body><main><h1>{say("page.err.page_title")}</h1><p role="alert">{reason}</p>'
            f'<p><a href="/">{say("page.err.page_back")}</a></p></main></body></html>')
    return body, status, {"Content-Type": "text/html; charset=utf-8"}


def json_words(key: str) -> str:
    """An error's `message` in the API client's Accept-Language (gu, hi, en)."""
    from handlers.catalogue import DEFAULT_LANGUAGE
    from handlers.catalogue.refusals import field_words
    return field_words(request.accept_languages.best_match(("gu", "hi", "en")) or DEFAULT_LANGUAGE, key)


def register_error_handlers(app: Flask) -> None:
    """No stack trace ever reaches a phone or an API client: a provider's caller gets
    that provider's own answer (its `error_answer`), everyone else JSON."""
    from sms_gateway.providers import registry

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        if request.path.startswith(JSON_PREFIXES):
            return jsonify(error=exc.description or exc.name, field=None,
                           message=json_words("page.err.page_not_found" if exc.code == 404 else "page.err.generic")), exc.code
        answer = registry.error_answer(request.path, exc.code)
        if answer is not None:
            body, _, headers = answer
            return body, exc.code, headers
        if exc.code in (403, 404) and not request.path.startswith("/webhooks/"):
            return page_error(exc.code)
        return exc

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        log.exception("unhandled error on %s %s", request.method, request.path)
        answer = registry.error_answer(request.path)
        if answer is not None:
            return answer
        if isinstance(exc, DBAPIError) and exc.connection_invalidated or isinstance(exc, OperationalError):
            # The database is restarting or unreachable: a retry later will work.
            return jsonify(error="database unavailable, try again shortly", field=None,
                           message=json_words("page.err.generic")), 503
        return jsonify(error="internal error", field=None, message=json_words("page.err.generic")), 500
