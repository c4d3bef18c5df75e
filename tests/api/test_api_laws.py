"""SPEC 13.4: a village names the law its pounds run under; GET /laws lists the packs."""
from __future__ import annotations


def make_village(api, code="KHED", **extra):
    response = api.post("/villages", {"code": code, "name": "Khedbrahma", **extra})
    assert response.status_code == 201, response.json
    return response.json


def test_a_new_village_runs_under_the_gujarat_act_with_its_own_fees(api):
    village = make_village(api)
    assert (village["law"], village["law_schedule"]) == ("gujarat_panchayats_1993", "village")


def test_the_laws_list_names_each_pack_its_schedules_kinds_and_sections(api):
    response = api.get("/laws")
    assert response.status_code == 200
    gujarat = next(pack for pack in response.json["laws"] if pack["id"] == "gujarat_panchayats_1993")
    assert gujarat["default_schedule"] == "village"
    assert [schedule["id"] for schedule in gujarat["schedules"]] == ["village"]
    assert "cow" in gujarat["kinds"]
    assert gujarat["sections"]["claim_window_hours"].startswith("§186(1)")


def test_setting_a_villages_law_names_the_pack_and_schedule(api):
    make_village(api)
    response = api.put("/villages/KHED/law", {"law": "gujarat_panchayats_1993"})
    assert response.status_code == 200, response.json
    assert response.json == {"village": "KHED", "law": "gujarat_panchayats_1993", "law_schedule": "village"}


def test_an_unknown_law_is_422_naming_the_field(api):
    make_village(api)
    response = api.put("/villages/KHED/law", {"law": "no_such_act"})
    assert response.status_code == 422
    assert response.json["field"] == "law"


def test_an_unknown_schedule_is_422_naming_the_field(api):
    response = api.post("/villages", {"code": "KHED", "name": "Khedbrahma",
                                      "law": "gujarat_panchayats_1993", "law_schedule": "mars"})
    assert response.status_code == 422
    assert response.json["field"] == "law_schedule"


def test_the_law_of_an_unknown_village_is_404(api):
    response = api.put("/villages/NOWHERE/law", {"law": "gujarat_panchayats_1993"})
    assert response.status_code == 404


def test_a_village_may_run_under_the_1871_act_with_chandigarhs_schedule(api):
    village = make_village(api, law="cattle_trespass_1871")
    assert (village["law"], village["law_schedule"]) == ("cattle_trespass_1871", "chandigarh")


def test_the_laws_list_holds_the_1871_act_with_chandigarhs_schedule(api):
    laws = {pack["id"]: pack for pack in api.get("/laws").json["laws"]}
    trespass = laws["cattle_trespass_1871"]
    assert [schedule["id"] for schedule in trespass["schedules"]] == ["chandigarh"]
    assert trespass["sections"]["complaint_days"].startswith("s.20")
    assert trespass["schedules"][0]["sections"]["compensation_max_paise"].startswith("unsettled")
