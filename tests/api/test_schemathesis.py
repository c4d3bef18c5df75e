"""The admin API against its own OpenAPI document, with
Schemathesis generating requests for every operation `/api/v1/openapi.json`
lists, valid and invalid alike, with the bearer token.

Checked: never a 5xx (`not_a_server_error`), a status code the document
lists, a response body that matches the schema given for that code, and the
declared content type. Bounded: a few dozen examples per operation, so the
whole file runs in well under a minute.
"""
from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from sms_gateway.api import books as api_books
from sms_gateway.api import costs as api_costs
from sms_gateway.api import money as api_money
from sms_gateway.api import orders as api_orders  # noqa: F401  (their routes join the document, as in create_app)
from sms_gateway.api import openapi_document
from tests.conftest import ADMIN_TOKEN

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


# The document /api/v1/openapi.json serves (a pure function of the declared routes);
# each test sends its requests to the `app` fixture (fresh database, demo district).
# (Schemathesis' lazy `from_fixture` loader does not work with pytest 9.)
schema = schemathesis.openapi.from_dict(openapi_document())


def test_the_served_document_is_the_one_tested(client):
    assert client.get("/api/v1/openapi.json").get_json() == schema.raw_schema


@schema.parametrize()
@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.filter_too_much])
def test_every_operation_answers_within_its_schema(app, world, case):
    case.call_and_validate(app=app, headers={"Authorization": f"Bearer {ADMIN_TOKEN}"}, checks=CHECKS)


@schema.parametrize()
@settings(max_examples=5, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_every_operation_refuses_a_wrong_token_with_401(app, case):
    response = case.call(app=app, headers={"Authorization": "Bearer not-the-token"})
    if response.request.method != case.operation.method.upper():
        # Schemathesis' coverage phase also tries other methods: refused either way.
        assert response.status_code in (401, 405)
        return
    assert response.status_code == 401, (response.request.method, response.request.url, response.text)
    assert response.json()["field"] == "Authorization"
