"""Every browser POST carries Flask-WTF's CSRF token; machines are not browsers.

`CSRFProtect` checks every POST, PUT, PATCH and DELETE of the app before any view runs, so a
page added later is protected without asking. Exempt are the callers that never hold a
dashboard session: the admin API (a bearer token in the `Authorization` header, which a forged
cross-site form cannot send), the health checks and every provider's webhooks (each verifies
its provider's signature or path token instead). The token is signed with the app's
SECRET_KEY (else ADMIN_TOKEN, as the session: `sms_gateway.session_key`) and bound to the
session; its lifetime is the session's (docs/RUN-AND-DEPLOY.md, "Forms and CSRF").

A refused token answers a page in the reader's language, status 400, never Flask-WTF's
English reason nor a stack trace.
"""
from __future__ import annotations

from flask import Flask, current_app, g, request, session
from flask_wtf.csrf import CSRFError, CSRFProtect
from markupsafe import escape
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import HTTPException

from handlers.catalogue import CATALOGUES
from sms_gateway.extensions import db
from sms_gateway.pages import dashboard
from sms_gateway.pages import signin

FIELD = "csrf_token"   # the hidden field's name in every template


def protect(app: Flask, exempt: list) -> None:
    """CSRF on every state-changing request but those of the `exempt` blueprints. Called once
    the blueprints are registered, so that what a blueprint runs before every request of the
    app (a recording's larger upload limit) comes before the check reads the form."""
    app.config.setdefault("WTF_CSRF_FIELD_NAME", FIELD)
    # A talati may keep a form open through a long meeting: the token lasts as long as the
    # session it is bound to, which ends after signin.SESSION_HOURS whatever the token says.
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", signin.SESSION_HOURS * 3600)
    csrf = CSRFProtect()   # one per app: its exemptions are that app's
    for blueprint in exempt:
        csrf.exempt(blueprint)
    csrf.init_app(app)
    app.register_error_handler(CSRFError, refused)


def refused(_error: CSRFError):
    """The page a forged, stale or missing token gets: in the reader's language (the `?lang=`
    asked for, the session's, the signed-in person's), with a link back to the form."""
    if request.args.get("lang") in CATALOGUES:
        session["lang"] = request.args["lang"]
    if "viewer" not in g:   # the check runs before the pages' own before_request
        try:
            g.viewer = signin.current_viewer(db())
        except SQLAlchemyError:   # the database is away: the session's or the default language
            g.viewer = None
    lang, say = dashboard.language(), lambda key: escape(dashboard.say(key))
    body = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{say("app_name")}</title>'
            f'</head><body><main><h1 id="csrf-refused" role="alert">{say("csrf_refused")}</h1>'
            f'<p><a href="{escape(form_page())}">{say("csrf_reload")}</a></p></main></body></html>')
    return body, 400, {"Content-Type": "text/html; charset=utf-8"}


def form_page() -> str:
    """Where the refused form can be opened again: its own URL when that answers a GET (a
    record form, the composer), else the page the dashboard's language links point at."""
    try:
        current_app.url_map.bind_to_environ(request.environ).match(request.path, method="GET")
    except HTTPException:
        return dashboard.here()
    return request.path
