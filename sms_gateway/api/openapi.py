"""The admin API's OpenAPI document, written from the route declarations
(`sms_gateway.api.blueprint.route`), so the document and the validation never differ.
Kept apart from the routes themselves to keep `api_blueprint.py` about the routes."""
from __future__ import annotations

from typing import Any, Iterable

from pydantic import BaseModel


def document(routes: Iterable) -> dict:
    """The OpenAPI 3.1 document of these `sms_gateway.api.blueprint.Route`s: paths,
    parameters and bodies from the pydantic models each route names."""
    components: dict[str, Any] = {}
    paths: dict[str, dict] = {}
    error = {"type": "object", "properties": {"error": {"type": "string"}, "field": {"type": ["string", "null"]}},
             "required": ["error", "field"]}
    components["Error"] = error

    def ref(model: type[BaseModel]) -> dict:
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        for name, definition in schema.pop("$defs", {}).items():
            components[name] = definition
        components[model.__name__] = schema
        return {"$ref": f"#/components/schemas/{model.__name__}"}

    for r in routes:
        operation: dict[str, Any] = {"summary": r.summary, "operationId": f"{r.method.lower()}{r.path}",
                                     "security": [{"bearer": []}], "parameters": []}
        for name in [part[1:-1] for part in r.path.split("/") if part.startswith("{")]:
            operation["parameters"].append({"name": name, "in": "path", "required": True,
                                            "schema": {"type": "string"}})
        if r.query is not None:
            for name, prop in r.query.model_json_schema()["properties"].items():
                operation["parameters"].append({"name": name, "in": "query", "required": False, "schema": prop})
        if r.body is not None:
            operation["requestBody"] = {"required": True, "content": {"application/json": {"schema": ref(r.body)}}}
        responses = {str(r.status): {"description": "success", "content": {"application/json": {"schema": {
            "type": "object"}}} | {media: {"schema": {"type": "string"}} for media in r.also}}}
        for code in ("400", "401", "404", "409", "422"):
            responses[code] = {"description": "refused", "content": {"application/json": {"schema": {
                "$ref": "#/components/schemas/Error"}}}}
        operation["responses"] = responses
        paths.setdefault("/api/v1" + r.path, {})[r.method.lower()] = operation
    return {
        "openapi": "3.1.0",
        "info": {"title": "Dabbo admin API", "version": "1"},
        "paths": paths,
        "components": {"schemas": components,
                       "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
    }
