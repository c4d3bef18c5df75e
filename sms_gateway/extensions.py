"""What a request needs from the process: settings, a database session and a
Redis connection. Built once per app by `create_app`, reached through these
helpers so that views never construct their own. The runtime itself is
built without Flask, in `sms_gateway.runtime`."""
from __future__ import annotations

from datetime import datetime

from flask import current_app, g
from sqlalchemy.orm import Session

from sms_gateway.runtime import Runtime, make_redis, make_runtime  # noqa: F401  (the app's names for them)
from sms_gateway.settings import Settings


def runtime() -> Runtime:
    return current_app.extensions["dabbo"]


def settings() -> Settings:
    return runtime().settings


def now() -> datetime:
    return runtime().clock()


def db() -> Session:
    """The request's session, opened on first use and closed at teardown."""
    if "db_session" not in g:
        g.db_session = runtime().sessions()
    return g.db_session


def close_db(_exc: BaseException | None = None) -> None:
    session = g.pop("db_session", None)
    if session is not None:
        session.close()
