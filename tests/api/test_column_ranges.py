"""Every amount and id is checked against the range of the column it goes to before it reaches
the database: an integer column holds -2,147,483,648..2,147,483,647, and an amount or id past
that (`{"amount_paise": 2147483648}`, `/impoundments/2147483648/dues`, Rs 999,999,999 on a staff
form) is a 4xx naming the field (a 404 for an id in the path), never a 500.

Hypothesis draws integers around and past every bound (and anywhere) for every integer in the
body, path and query of every admin route, and for every number on every staff form."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.conftest import ADMIN_TOKEN
from tests.pages.test_dashboard import _worker, sign_in_admin  # noqa: F401 (_worker: autouse)

INT4 = 2**31 - 1
EDGES = [INT4, INT4 + 1, -INT4 - 1, -INT4 - 2, 2**63, 10**12, 99999999999, 999999999, 21474837, 21474836, -1, 0]
NUMBERS = st.one_of(st.sampled_from(EDGES), st.integers(min_value=-2**70, max_value=2**70))
HEADERS = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
SCALE_ROW = {"min_head": 1, "max_head": 3, "min_times": 1, "max_times": 2, "per_head_paise": 1000}

# Each admin route with a body that would be accepted; every integer in it, and `{id}`, is replaced.
ROUTES = [
    ("PUT", "/api/v1/kinds/cow/pound-fee", {"amount_paise": 5000}),
    ("POST", "/api/v1/villages", {"code": "ZED", "name": "Zed", "auction_hour": 11, "forfeit_percent": 100}),
    ("PUT", "/api/v1/villages/AMBA/daily-rates", {"rates": {"cow": 4000, "buffalo": 5000}}),
    ("PUT", "/api/v1/villages/AMBA/security-scale", {"rows": [SCALE_ROW]}),
    ("POST", "/api/v1/impoundments", {"pound": "AMBA-1", "kind": "cow", "seizure": 1}),
    ("POST", "/api/v1/impoundments", {"pound": "AMBA-1", "kind": "cow", "reason": "s185_3", "reseizure_of": 1}),
    ("GET", "/api/v1/impoundments/{id}", None),
    ("GET", "/api/v1/impoundments/{id}/dues", None),
    ("POST", "/api/v1/impoundments/{id}/release", {}),
    ("POST", "/api/v1/impoundments/{id}/sale", {"proceeds_paise": 100000, "sale_expenses_paise": 500}),
    ("POST", "/api/v1/impoundments/{id}/surplus-payment", {"to_phone": "+919825000004"}),
    ("POST", "/api/v1/impoundments/{id}/complaint", {"filed_on": "2026-11-30"}),
    ("PUT", "/api/v1/impoundments/{id}/complaint", {"outcome": "upheld", "decided_on": "2026-11-30",
                                                    "compensation_paise": 100}),
    ("POST", "/api/v1/deposits/{id}/refund", {}),
    ("GET", "/api/v1/deposits/{id}", None),
    ("GET", "/api/v1/removal-orders/{id}", None),
    ("GET", "/api/v1/messages?limit={id}", None),
]


def with_number(value, n):
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return n
    if isinstance(value, dict):
        return {k: with_number(v, n) for k, v in value.items()}
    if isinstance(value, list):
        return [with_number(v, n) for v in value]
    return value


@pytest.mark.parametrize("method,path,body", ROUTES, ids=[f"{m} {p}" for m, p, _ in ROUTES])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(n=NUMBERS)
def test_no_integer_in_any_admin_route_causes_a_5xx(app, world, method, path, body, n):
    response = app.test_client().open(path.replace("{id}", str(n)), method=method, headers=HEADERS,
                                      json=with_number(body, n) if body is not None else None)
    assert response.status_code < 500, (path, n, response.get_data(as_text=True)[:300])
    if response.status_code in (400, 422):
        assert response.get_json()["field"], response.get_json()


@pytest.mark.parametrize("field", ["amount_paise"])
def test_a_pound_fee_past_the_column_is_a_422_naming_the_field(api, world, field):
    response = api.put("/kinds/cow/pound-fee", json={"amount_paise": INT4 + 1})
    assert response.status_code == 422 and response.get_json()["field"] == "amount_paise"


def test_daily_rates_past_the_column_are_a_422_naming_the_kind(api, world):
    response = api.put("/villages/AMBA/daily-rates", json={"rates": {"cow": INT4 + 1}})
    assert response.status_code == 422 and "cow" in response.get_json()["field"]


def test_an_impoundment_id_past_the_column_is_not_found(api, world):
    assert api.get(f"/impoundments/{INT4 + 1}/dues").status_code == 404
    assert api.post("/deposits/99999999999/refund", json={}).status_code == 404


# The staff forms: every number-typed field, and the ids typed into text fields.
FORMS = [
    ("pound-fee", {"kind": "cow", "amount": "{n}"}),
    ("daily-rate", {"village": "AMBA", "kind": "cow", "amount": "{n}"}),
    ("security-scale", {"village": "AMBA", "rows": "1 - 1 - {n}"}),
    ("village", {"code": "ZED", "name": "Zed", "auction_hour": "{n}"}),
    ("sale", {"tag": "123456789012", "proceeds": "{n}", "sale_expenses": "{n}"}),
    ("refused-sale", {"tag": "123456789012", "proceeds": "{n}"}),
    ("deposit-refund", {"deposit": "{n}"}),
    ("complaint-outcome", {"tag": "123456789012", "outcome": "upheld", "compensation": "{n}"}),
    ("release", {"tag": "{n}", "mode": "normal"}),
]


@pytest.fixture
def signed_in(app, world):
    client = app.test_client()
    return client, sign_in_admin(client)


@pytest.mark.parametrize("slug,values", FORMS, ids=[f"{s}-{i}" for i, (s, _) in enumerate(FORMS)])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(n=st.one_of(st.sampled_from(EDGES + [INT4 // 100, INT4 // 100 + 1]), st.integers(min_value=0, max_value=10**15)))
def test_no_number_on_any_staff_form_causes_a_5xx(signed_in, slug, values, n):
    client, token = signed_in
    data = {k: v.replace("{n}", str(n)) for k, v in values.items()}
    response = client.post(f"/records/{slug}", data={"csrf_token": token, **data})
    assert response.status_code < 500, (slug, n, response.get_data(as_text=True)[-500:])


def test_a_staff_form_with_rs_999999999_answers_beside_the_field(signed_in):
    client, token = signed_in
    response = client.post("/records/pound-fee", data={"csrf_token": token, "kind": "cow", "amount": "999999999"})
    assert response.status_code in (400, 422)
