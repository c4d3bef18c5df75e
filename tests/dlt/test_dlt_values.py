"""DLT_VALUES (SPEC 13.2): what an `{#alphanumeric#}` value may hold is published nowhere, so each
reading is a level: `strict` (ASCII letters and digits), `spaces` (and single spaces), `script`
(letters of any script too). The fit writes a value for the level, `dlt lint` reports every
level, and the fake operator refuses what its own level refuses."""
from __future__ import annotations

from dataclasses import replace

import pytest

from handlers import dlt as templates
from handlers.dlt import wording
from handlers.dlt.profile import Profile, alphanumeric_problem
from sms_gateway import dlt_setup
from sms_gateway.providers.base import SENT, Outgoing
from sms_gateway.providers.exotel.adapter import ExotelProvider
from tests.fakes.fixtures import on_exotel

PHONE = "+919825011111"
CLAIM_EN = "Dabbo: tag 123456789012, Rs 1250 due today. Take it home by {when}, or it will be auctioned."


@pytest.fixture
def settings(settings, exotel_settings):
    return on_exotel(settings, exotel_settings)


@pytest.mark.parametrize("value,strict,spaces,script", [
    ("AmbaChowk", True, True, True),
    ("Amba Chowk", False, True, True),
    ("અંબા ચોક", False, False, True),
    ("7 Dec 10am", False, True, True),
])
def test_each_level_takes_only_what_it_reads_as_letters_and_digits(value, strict, spaces, script):
    assert [alphanumeric_problem(value, level) is None for level in ("strict", "spaces", "script")] == \
        [strict, spaces, script]


@pytest.mark.parametrize("level,place,date", [
    ("strict", "AmbaChowk", "7Dec10am"),
    ("spaces", "Amba Chowk", "7 Dec 10am"),
    ("script", "Amba Chowk", "7 Dec 10am"),
])
def test_the_fit_writes_a_name_and_a_date_for_the_level(level, place, date):
    context = wording.Context(Profile(values=level))
    assert wording.fit("alphanumeric", "Amba Chowk", "en", context) == place
    assert wording.fit("alphanumeric", "07-12 10am", "en", context) == date


def test_below_script_a_gujarati_date_keeps_its_day_and_month_in_ascii():
    context = wording.Context(Profile(values="strict"))
    assert wording.fit("alphanumeric", "14-12 4pm", "gu", context) == "14Dec4pm"


def test_dlt_lint_reports_each_level_and_passes_at_the_configured_one(app):
    result = app.test_cli_runner().invoke(args=["dlt", "lint"])
    assert result.exit_code == 0, result.output
    # a date as every SMS says it ("14-12 4pm") is refused as written at every level and fitted to it
    # (14Dec4pm); the register's entry (17/2026) is refused too; no name slot is left, nothing is lost
    for level in ("strict", "spaces", "script"):
        assert (f"DLT_VALUES={level}: 64 templates with a value it refuses as written (72 values, fitted to it), "
                "0 of them lose a word in the fit") in result.output


def test_dlt_lint_fails_where_the_fit_would_cut_a_value_past_its_length(app):
    app.extensions["dabbo"].settings = replace(app.extensions["dabbo"].settings, dlt_var_chars=8)
    result = app.test_cli_runner().invoke(args=["dlt", "lint"])
    assert result.exit_code == 1
    assert "DLT_VALUES=strict: 68 values of the wording lose a word in the fit" in result.output


def provider_at(settings, level: str) -> ExotelProvider:
    profile = replace(dlt_setup.profile(settings), values=level)
    registry = templates.Registry(templates.load(dlt_setup.template_file(settings)), profile,
                                  replace(dlt_setup.context(settings), profile=profile))
    return ExotelProvider.from_settings(settings, templates=registry)


@pytest.mark.parametrize("level,codes", [("strict", ["23185"]), ("spaces", []), ("script", [])])
def test_an_operator_at_each_level_judges_a_date_with_spaces(settings, fake_exotel, level, codes):
    fake_exotel.scrub_values(level)
    provider_at(settings, "script").send(Outgoing(PHONE, CLAIM_EN.format(when="7 Dec 10am"), "1"))
    assert [failure["DetailedStatusCode"] for failure in fake_exotel.scrubbed_failures] == codes


def test_a_value_fitted_for_strict_passes_the_strictest_operator(settings, fake_exotel):
    fake_exotel.scrub_values("strict")
    text = CLAIM_EN.format(when=wording.fit("alphanumeric", "07-12 10am", "en",
                                            wording.Context(Profile(values="strict"))))
    assert provider_at(settings, "strict").send(Outgoing(PHONE, text, "2")).outcome == SENT
    assert fake_exotel.scrubbed_failures == []


@pytest.mark.parametrize("level,said", [("strict", "7Dec844pm"), ("spaces", "7 Dec 8 44pm")])
def test_below_script_a_gujarati_time_keeps_whether_it_is_morning_or_night(level, said):
    """"રાત્રે 8:44" loses its Gujarati word in an ASCII-only slot: it is written 8:44pm, never a bare
    "8 44" that could be the morning's."""
    context = wording.Context(Profile(values=level))
    assert wording.fit("alphanumeric", "07-12 રાત્રે 8:44", "gu", context) == said
    assert wording.fit("alphanumeric", "07-12 सुबह 8", "hi", context).endswith("8am")
