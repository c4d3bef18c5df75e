"""The admin API's blueprint under /api/v1: the route declaration, the bearer
token, the JSON errors, the ids read from paths, and the OpenAPI document.

Each route is declared once with `@route`, naming the pydantic model of its
body or query; the same declaration validates the request and writes
/api/v1/openapi.json. Route modules import it through `sms_gateway.api`, so
that the core routes are always declared first."""
from __future__ import annotations

import hmac
from typing import Any, Callable

from flask import Blueprint, Response, jsonify, request
from pydantic import BaseModel, ValidationError

from handlers.catalogue import DEFAULT_LANGUAGE
from handlers.catalogue.refusals import field_words, refusal_words
from handlers.errors import Refused
from handlers.received import first_unstorable_field
from models import queries
from models.ranges import OutOfRange, fits
from models.tables import Impoundment
from sms_gateway.api.openapi import document as openapi_document_of
from sms_gateway.extensions import db, settings

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class Route:
    def __init__(self, method, path, summary, body, query, status, also=()):
        self.method, self.path, self.summary = method, path, summary
        self.body, self.query, self.status = body, query, status
        self.also = also  # other media types the success may come as ("text/csv")


ROUTES: list[Route] = []


def api_error(status: int, error: str, field: str | None = None, *, message: str | None = None, **extra):
    """`error` (English, for logs and programs) and `message`: what to show a person, in the
    language the client asks for with Accept-Language (gu, hi or en; else Gujarati)."""
    if message is None:
        key = "page.err.token" if status == 401 else "page.err.field" if field else "page.err.generic"
        message = field_words(reader_language(), key, field=field or "")
    return jsonify(error=error, field=field, message=message, **extra), status


def reader_language() -> str:
    """The admin API client's language: its Accept-Language, among the page languages."""
    return request.accept_languages.best_match(("gu", "hi", "en")) or DEFAULT_LANGUAGE


def validation_message(first: dict, field: str | None) -> str:
    """A pydantic refusal as a person reads it: a length limit says the limit."""
    if first.get("type") == "string_too_long":
        return field_words(reader_language(), "page.err.too_long", max=first.get("ctx", {}).get("max_length", ""))
    return field_words(reader_language(), "page.err.field", field=field or "")


def route(method: str, path: str, summary: str, *, body: type[BaseModel] | None = None,
          query: type[BaseModel] | None = None, status: int = 200, also: tuple[str, ...] = ()):
    """Declare a route: validated body/query in, (dict, status) or dict out
    (or a Response of one of the `also` media types)."""

    def decorate(view: Callable[..., Any]):
        ROUTES.append(Route(method, path, summary, body, query, status, also))
        flask_path = path.replace("{", "<").replace("}", ">")

        def endpoint(**path_args):
            kwargs = dict(path_args)
            try:
                bad = first_unstorable_field(path_args) or first_unstorable_field(request.args.to_dict())
                if bad:
                    return api_error(422, "text may not contain NUL or unpaired surrogate characters", bad)
                if body is not None:
                    payload = request.get_json(silent=True)
                    if not isinstance(payload, dict):
                        return api_error(400, "the body must be a JSON object", "body")
                    bad = first_unstorable_field(payload)
                    if bad:
                        return api_error(422, "text may not contain NUL or unpaired surrogate characters", bad)
                    kwargs["body"] = body.model_validate(payload)
                if query is not None:
                    kwargs["query"] = query.model_validate(request.args.to_dict())
            except ValidationError as exc:
                first = exc.errors()[0]
                field = ".".join(str(part) for part in first["loc"]) or None
                return api_error(422, first["msg"], field, message=validation_message(first, field))
            try:
                result = view(**kwargs)
            except (Refused, OutOfRange) as refused:  # OutOfRange: a computed amount past its column
                db().rollback()
                return api_error(refused.status, refused.message, refused.field, code=refused.code,
                                 message=refusal_words(reader_language(), refused))
            db().commit()
            if isinstance(result, Response):  # a CSV export (sms_gateway.api.books)
                return result
            if isinstance(result, tuple):
                return jsonify(result[0]), result[1]
            return jsonify(result), status

        endpoint.__name__ = view.__name__
        bp.add_url_rule(flask_path, view.__name__, endpoint, methods=[method])
        return view

    return decorate


@bp.before_request
def require_admin_token():
    if request.endpoint == "api.openapi":
        return None
    expected = settings().admin_token
    if not expected:
        return api_error(401, "the admin API is disabled: ADMIN_TOKEN is not set", "Authorization")
    given = request.headers.get("Authorization", "")
    scheme, _, token = given.partition(" ")
    if scheme.lower() != "bearer" or not hmac.compare_digest(token.strip().encode(), expected.encode()):
        return api_error(401, "missing or wrong bearer token", "Authorization")
    return None


# --- what every route reads from its path ------------------------------------


def parse_id(raw: str, what: str = "impoundment") -> int:
    """An id from the path; one no row can have (not digits, or past the `integer` column's
    2,147,483,647: models.ranges) is not found, without asking the database."""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12 or not fits(int(raw), 1):
        raise Refused(f"unknown_{what}", f"no {what} {raw}", field="id", status=404)
    return int(raw)


def find_impoundment(session, impoundment_id: int) -> Impoundment:
    impoundment = queries.impoundment_by_id(session, impoundment_id)
    if impoundment is None:
        raise Refused("unknown_impoundment", f"no impoundment {impoundment_id}", field="id", status=404)
    return impoundment


# --- OpenAPI --------------------------------------------------------------------


@bp.get("/openapi.json")
def openapi():
    return jsonify(openapi_document())


def openapi_document() -> dict:
    """/api/v1/openapi.json, written from the routes declared with `@route`."""
    return openapi_document_of(ROUTES)
