"""SPEC section 6: the admin API's setup routes and every error class."""
from __future__ import annotations

import pytest


def make_village(api, code="KHED", **extra):
    response = api.post("/villages", {"code": code, "name": "Khedbrahma", **extra})
    assert response.status_code == 201, response.json
    return response.json


def test_every_call_is_refused_when_no_admin_token_is_configured(app, client):
    app.extensions["dabbo"].settings = app.extensions["dabbo"].settings.__class__(admin_token=None)
    response = client.get("/api/v1/impoundments", headers={"Authorization": "Bearer anything"})
    assert response.status_code == 401
    assert response.json["field"] == "Authorization"


def test_a_wrong_bearer_token_is_401(client):
    response = client.get("/api/v1/impoundments", headers={"Authorization": "Bearer wrong"})
    assert response.status_code == 401
    assert set(response.json) == {"error", "field", "message"}


def test_a_missing_bearer_token_is_401(client):
    assert client.post("/api/v1/villages", json={"code": "X", "name": "X"}).status_code == 401


def test_create_village_with_defaults(api):
    village = make_village(api)
    assert village["code"] == "KHED"
    assert village["timezone"] == "Asia/Kolkata"
    assert village["language"] == "gu"
    assert village["auction_hour"] == 11
    assert village["forfeit_percent"] == 100
    assert village["security_notified"] is False


def test_duplicate_village_code_is_409(api):
    make_village(api)
    response = api.post("/villages", {"code": "khed", "name": "Again"})
    assert response.status_code == 409
    assert response.json["field"] == "code"


def test_unknown_timezone_is_422(api):
    response = api.post("/villages", {"code": "TZ", "name": "T", "timezone": "Mars/Olympus"})
    assert response.status_code == 422
    assert response.json["field"] == "timezone"


def test_body_that_is_not_json_is_400(api):
    response = api.client.post("/api/v1/villages", data="code=X", headers={
        **api.headers, "Content-Type": "application/x-www-form-urlencoded"})
    assert response.status_code == 400
    assert response.json["field"] == "body"


def test_missing_required_field_is_422_naming_the_field(api):
    response = api.post("/villages", {"code": "NONAME"})
    assert response.status_code == 422
    assert response.json["field"] == "name"


def test_unexpected_field_is_422(api):
    response = api.post("/villages", {"code": "X1", "name": "X", "mayor": "someone"})
    assert response.status_code == 422
    assert response.json["field"] == "mayor"


def test_set_pound_fee_for_a_kind(api):
    response = api.put("/kinds/cow/pound-fee", {"amount_paise": 5000, "effective_from": "2026-04-01"})
    assert response.status_code == 200
    assert response.json == {"kind": "cow", "amount_paise": 5000, "effective_from": "2026-04-01"}


def test_pound_fee_for_an_unknown_kind_is_422(api):
    response = api.put("/kinds/dragon/pound-fee", {"amount_paise": 5000})
    assert response.status_code == 422
    assert response.json["field"] == "kind"


def test_negative_pound_fee_is_422(api):
    response = api.put("/kinds/cow/pound-fee", {"amount_paise": -1})
    assert response.status_code == 422
    assert response.json["field"] == "amount_paise"


def test_set_daily_rates(api):
    make_village(api)
    response = api.put("/villages/KHED/daily-rates", {"rates": {"cow": 4000, "goat": 1000},
                                                      "effective_from": "2026-04-01"})
    assert response.status_code == 200
    assert response.json["rates"] == {"cow": 4000, "goat": 1000}


def test_daily_rates_of_an_unknown_village_are_404(api):
    response = api.put("/villages/NOWHERE/daily-rates", {"rates": {"cow": 4000}})
    assert response.status_code == 404
    assert response.json["field"] == "village"


def test_daily_rate_for_an_unknown_kind_is_422(api):
    make_village(api)
    response = api.put("/villages/KHED/daily-rates", {"rates": {"unicorn": 4000}})
    assert response.status_code == 422


def test_set_security_scale(api):
    make_village(api, security_notified=True)
    rows = [{"min_head": 1, "max_head": 2, "min_times": 1, "max_times": 1, "per_head_paise": 20000},
            {"min_head": 3, "max_head": None, "min_times": 1, "max_times": None, "per_head_paise": 30000}]
    response = api.put("/villages/KHED/security-scale", {"rows": rows, "effective_from": "2026-04-01"})
    assert response.status_code == 200
    assert response.json["rows"] == rows


def test_security_scale_row_with_max_below_min_is_422(api):
    make_village(api)
    response = api.put("/villages/KHED/security-scale", {"rows": [
        {"min_head": 3, "max_head": 2, "min_times": 1, "max_times": None, "per_head_paise": 100}]})
    assert response.status_code == 422
    assert response.json["field"] == "rows.0"


def test_create_pound(api):
    make_village(api)
    response = api.post("/villages/KHED/pounds", {"code": "khed-1", "name": "Khed pound"})
    assert response.status_code == 201
    assert response.json["code"] == "KHED-1"
    assert response.json["village"] == "KHED"


def test_duplicate_pound_is_409(api):
    make_village(api)
    api.post("/villages/KHED/pounds", {"code": "P1", "name": "One"})
    assert api.post("/villages/KHED/pounds", {"code": "P1", "name": "Two"}).status_code == 409


@pytest.mark.parametrize("typed", ["09825012345", "9825012345", "+91 98250 12345", "91-98250-12345"])
def test_person_phone_is_stored_in_e164(api, typed):
    make_village(api)
    response = api.post("/people", {"phone": typed, "name": "Kanu", "role": "owner", "village": "KHED"})
    assert response.status_code == 201
    assert response.json["phone"] == "+919825012345"


def test_person_language_defaults_to_the_villages(api):
    make_village(api, language="hi")
    response = api.post("/people", {"phone": "9825012345", "role": "owner", "village": "KHED"})
    assert response.json["language"] == "hi"


def test_duplicate_phone_is_409(api):
    make_village(api)
    api.post("/people", {"phone": "9825012345", "role": "owner", "village": "KHED"})
    response = api.post("/people", {"phone": "+919825012345", "role": "official", "village": "KHED"})
    assert response.status_code == 409
    assert response.json["field"] == "phone"


def test_garbage_phone_is_422(api):
    make_village(api)
    response = api.post("/people", {"phone": "not-a-phone", "role": "owner", "village": "KHED"})
    assert response.status_code == 422
    assert response.json["field"] == "phone"


def test_unknown_role_is_422(api):
    make_village(api)
    response = api.post("/people", {"phone": "9825012345", "role": "mayor", "village": "KHED"})
    assert response.status_code == 422
    assert response.json["field"] == "role"


def test_keeper_without_a_pound_is_422(api):
    make_village(api)
    response = api.post("/people", {"phone": "9825012345", "role": "keeper", "village": "KHED"})
    assert response.status_code == 422
    assert response.json["field"] == "pound"


def test_keeper_bound_to_a_pound_of_another_village_is_422(api):
    make_village(api)
    make_village(api, code="OTHER")
    api.post("/villages/OTHER/pounds", {"code": "OT-1", "name": "Other pound"})
    response = api.post("/people", {"phone": "9825012345", "role": "keeper", "village": "KHED", "pound": "OT-1"})
    assert response.status_code == 422


def test_register_animal_to_owner(api):
    make_village(api)
    api.post("/people", {"phone": "9825012345", "role": "owner", "village": "KHED"})
    response = api.post("/people/+919825012345/animals", {"tag": "1234 5678 9012", "kind": "cow"})
    assert response.status_code == 201
    assert response.json == {"id": response.json["id"], "tag": "123456789012", "kind": "cow",
                             "owner_phone": "+919825012345"}


def test_duplicate_tag_is_409(api):
    make_village(api)
    api.post("/people", {"phone": "9825012345", "role": "owner", "village": "KHED"})
    api.post("/people/9825012345/animals", {"tag": "123456789012", "kind": "cow"})
    response = api.post("/people/9825012345/animals", {"tag": "1234-5678-9012", "kind": "goat"})
    assert response.status_code == 409
    assert response.json["field"] == "tag"


def test_animal_of_unknown_person_is_404(api):
    response = api.post("/people/9825099999/animals", {"tag": "123456789012", "kind": "cow"})
    assert response.status_code == 404


def test_unknown_route_under_api_is_json_404(api):
    response = api.get("/nothing-here")
    assert response.status_code == 404
    assert set(response.json) == {"error", "field", "message"}


def test_wrong_method_is_json_405(api):
    response = api.client.delete("/api/v1/villages", headers=api.headers)
    assert response.status_code == 405
    assert "error" in response.json


def test_openapi_describes_every_route(client):
    from sms_gateway.api import ROUTES

    document = client.get("/api/v1/openapi.json").json
    assert document["openapi"].startswith("3.")
    for route in ROUTES:
        assert route.method.lower() in document["paths"]["/api/v1" + route.path]


def test_openapi_body_schema_is_the_validating_model(client):
    from sms_gateway.api.schemas import VillageIn

    document = client.get("/api/v1/openapi.json").json
    assert document["components"]["schemas"]["VillageIn"]["required"] == \
        VillageIn.model_json_schema()["required"]


def test_healthz_answers(client):
    assert client.get("/healthz").json == {"status": "ok"}


def test_readyz_is_ready_with_database_and_redis_up(client):
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json["database"] == "ok" and response.json["redis"] == "ok"


def test_readyz_is_503_when_redis_is_unreachable(app, client):
    from sms_gateway.runtime import make_redis

    app.extensions["dabbo"].redis = make_redis("redis://127.0.0.1:1/0")
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json["redis"].startswith("down")


def test_admin_api_is_503_not_500_while_the_database_is_unreachable(app, api):
    from models.db import make_engine, make_sessionmaker

    app.extensions["dabbo"].sessions = make_sessionmaker(make_engine("postgresql+psycopg://postgres@127.0.0.1:1/none"))
    response = api.get("/impoundments")
    assert response.status_code == 503
    assert set(response.json) == {"error", "field", "message"}


def test_broadcast_over_four_sms_parts_is_refused_whatever_the_channel(api):
    # 4 UCS-2 parts hold 4 x 67 = 268 characters; 300 Gujarati letters need 5.
    api.post("/villages", {"code": "KHED", "name": "Khed"})
    response = api.post("/broadcasts", {"village": "KHED", "text": "ગ" * 300})
    assert response.status_code == 422
    assert response.json["field"] == "text"
