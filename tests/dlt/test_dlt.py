"""The DLT profile and the message set a portal registers (SPEC 12.3): `dlt lint`, the
templates' shape, fitting values to their slots, `dlt export` and `dlt import`."""
from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest

from handlers.catalogue import CATALOGUES
from handlers import dlt as templates
from handlers.dlt import lint, wording
from handlers.dlt.profile import Profile, template_problems
from tests.fakes.fixtures import approve_on_portal

PROFILE = Profile()
CONTEXT = wording.Context(PROFILE, url="https://dabbo.example.org", cbn="07940000000")


def test_dlt_lint_passes_for_the_registered_message_set(app):
    result = app.test_cli_runner().invoke(args=["dlt", "lint"])
    assert result.exit_code == 0, result.output
    assert "most variables 3" in result.output and "(gu 40, hi 40, en 40, gul 40)" in result.output


def test_every_language_has_at_most_40_templates_and_the_same_ones():
    names = {language: set(texts) for language, texts in wording.TEXTS.items()}
    assert all(len(n) <= 40 for n in names.values())
    assert names["gu"] == names["hi"] == names["en"] == names["gul"]


def test_every_template_carries_the_brand_and_at_most_three_typed_variables_apart():
    for template in templates.build(PROFILE):
        assert template_problems(template.text, templates.sample(template, CONTEXT), PROFILE) == [], template
        assert "Dabbo" in template.text and len(template.kinds) <= 3


@pytest.mark.parametrize("text,problem", [
    ("Dabbo: tag {#numeric#}, Rs {#numeric#}, by {#alphanumeric#} at {#alphanumeric#} pound.", "4 variables"),
    ("Dabbo: tag {#numeric#}{#numeric#} is held at the pound today, see the panchayat.", "side by side"),
    ("Dabbo: tag {#numeric#} {#numeric#} is held at the pound today, see the panchayat.", "side by side"),
    ("Tag {#numeric#} is held at the pound today, see the panchayat office for the dues.", "no brand"),
    ("Dabbo: {#alphanumeric#} {#var#}", "untyped variable {#var#}"),
    ("Dabbo: {#alphanumeric#}, {#alphanumeric#}", "fixed text"),
    ("Dabbo: tag {#numeric#} is held at the pound today.  See the panchayat office.", "double spaces"),
])
def test_lint_names_each_breach_of_the_profile(text, problem):
    sample = text.replace("{#numeric#}", "123456789012").replace("{#alphanumeric#}", "AMBA GAUSHALA")
    assert any(problem in found for found in template_problems(text, sample, PROFILE))


def test_a_stricter_profile_is_a_setting_away():
    """DLT_MAX_VARS=2 (the November 2025 direction's two variables) fails the 3-variable templates."""
    report = lint.lint(replace(PROFILE, max_vars=2), CONTEXT, templates.build(PROFILE))
    assert not report.clean and any("3 variables (at most 2)" in p for p in report.problems)


def test_a_new_catalogue_key_an_sms_carries_fails_lint_with_the_line_to_add():
    catalogues = {language: {**messages, "notice.hearing_fixed": "Hearing for {tag} on {day}."}
                  for language, messages in CATALOGUES.items()}
    report = lint.lint(PROFILE, CONTEXT, templates.build(PROFILE), catalogues)
    [problem] = report.problems
    assert 'Add to SENT_AS in handlers/dlt/wording.py the line  "notice.hearing_fixed": "<template>",' in problem
    assert "whose values are among its own (tag, day)" in problem
    assert '"notice.hearing_fixed": None,' in problem


def test_a_template_taking_a_value_its_key_does_not_give_fails_lint(monkeypatch):
    monkeypatch.setitem(wording.TEXTS["en"], "lang", "{brand}: replies will now be in English, tag {tag}.")
    report = lint.lint(PROFILE, CONTEXT, templates.build(PROFILE))
    assert "en lang: takes tag, which sms.lang does not give" in report.problems


def test_an_edited_wording_makes_the_template_file_stale_and_its_id_pending():
    registered, _matched, _unknown = templates.import_ids(
        templates.build(PROFILE), approve_on_portal(templates.export_csv(
            templates.build(PROFILE), CONTEXT, header="DABBOP", broadcast_category="Promotional")))
    edited = wording.TEXTS["en"]["stop"] + " Thanks."
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(wording.TEXTS["en"], "stop", edited)
        rebuilt = {(t.name, t.language): t for t in templates.build(PROFILE, registered)}
        report = lint.lint(PROFILE, CONTEXT, registered)
    assert not rebuilt[("stop", "en")].registered
    assert rebuilt[("start", "en")].registered
    assert any("the template file is not the wording's templates (en stop)" in p for p in report.problems)


def test_the_committed_template_file_is_the_wordings():
    on_file = templates.load()
    assert templates.dumps(templates.build(PROFILE, on_file)) == templates.dumps(on_file), \
        "run `flask --app sms_gateway dlt sync` and commit handlers/dlt_templates.json"


# --- values fitted to their slots -----------------------------------------------------------------


@pytest.mark.parametrize("language,value,fitted", [
    ("en", "07-12 10am", "7 Dec 10am"),
    ("gu", "14-12 સાંજે 4", "14 ડિસે સાંજે 4"),
    ("hi", "01-01-2027", "1 जन 2027"),
    ("en", "Ambaji pound, AMBA-1", "Ambaji pound AMBA 1"),
    ("en", "loose on the\nroad", "loose on the road"),
    ("en", "A very long pound name of 31 ch", "A very long pound name of 31"),
    ("gu", "અંબાજી નં.1", "અંબાજી નં 1"),
])
def test_a_value_is_fitted_to_an_alphanumeric_slot(language, value, fitted):
    """At DLT_VALUES=script (letters of any script and single spaces); strict: test_dlt_values.py."""
    script = wording.Context(replace(PROFILE, values="script"), url=CONTEXT.url, cbn=CONTEXT.cbn)
    assert wording.fit("alphanumeric", value, language, script) == fitted


@pytest.mark.parametrize("value,fitted", [("Rs 1,250", "1250"), ("૧૨૫૦", "1250"), ("रु.90", "90")])
def test_money_is_digits_only_in_a_numeric_slot(value, fitted):
    assert wording.fit("numeric", value, "gu", CONTEXT) == fitted


def test_a_key_an_sms_carries_renders_as_its_template_in_india():
    text = wording.render("gu", "notice.claim_reminder", {"tag": "123456789012", "amount": "1250",
                                                          "deadline": "07-12 સવારે 10", "kind": "ગાય"}, CONTEXT)
    assert text == "Dabbo: ટેગ 123456789012, આજે રૂ.1250. 7Dec10am સુધીમાં છોડાવો"  # DLT_VALUES=strict
    assert wording.render("gu", "notice.release_deposit", {"deposit": "500", "day": "07-06-2027"}, CONTEXT) == ""
    assert wording.render("gu", "ussd.menu", {}, CONTEXT) is None  # not an SMS: the catalogue's words stand


# --- export and import ----------------------------------------------------------------------------


def test_dlt_export_has_the_portals_fields_for_at_most_160_templates(app):
    result = app.test_cli_runner().invoke(args=["dlt", "export"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert len(rows) <= 160 and len(rows) == len(templates.build(PROFILE))
    row = next(r for r in rows if r["Template Name"] == "dabbo_gu_claim_reminder")
    assert row["Template Content"] == "Dabbo: ટેગ {#alphanumeric#}, આજે રૂ.{#numeric#}. {#alphanumeric#} સુધીમાં છોડાવો"
    assert (row["Content Type"], row["Category"], row["Variable Types"]) == (
        "Unicode", "Service Implicit", "alphanumeric, numeric, alphanumeric")
    assert row["Sample Message"] == "Dabbo: ટેગ 123456789012, આજે રૂ.1250. 14Dec4pm સુધીમાં છોડાવો"
    auction = next(r for r in rows if r["Template Name"] == "dabbo_en_notice_auction")
    assert auction["Category"] == "Service Implicit" and auction["Content Type"] == "Text"


def test_dlt_import_fills_the_approved_ids_by_text_and_fails_loudly_on_a_row_of_no_template(app, tmp_path, settings):
    path = tmp_path / "dlt_templates.json"
    app.extensions["dabbo"].settings = replace(settings, dlt_template_file=str(path))
    runner = app.test_cli_runner()
    exported = runner.invoke(args=["dlt", "export"]).output
    approved = approve_on_portal(exported)
    lines = approved.splitlines()
    lines[5] = lines[5].replace("Dabbo:", "Dabbo :")  # the portal's text differs: no id for it
    (tmp_path / "approved.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")

    result = runner.invoke(args=["dlt", "import", str(tmp_path / "approved.csv")])
    assert result.exit_code == 1, result.output
    on_file = templates.load(path)
    assert sum(1 for t in on_file if t.registered) == len(on_file) - 1
    assert f"{len(on_file) - 1} template ids imported; 1 templates still PENDING" in result.output
    assert "not one of ours (text differs): Dabbo :" in result.output
    assert all(t.template_id.startswith("1107") for t in on_file if t.registered)


@pytest.mark.parametrize("id_column, text_column", [
    ("Template ID", "Template Content"), ("Template Id", "Template Message"), ("TemplateId", "Message"),
    ("Content Template ID", "Template Content")])
def test_dlt_import_reads_each_portals_column_names(app, tmp_path, settings, id_column, text_column):
    path = tmp_path / "dlt_templates.json"
    app.extensions["dabbo"].settings = replace(settings, dlt_template_file=str(path))
    runner = app.test_cli_runner()
    approved = approve_on_portal(runner.invoke(args=["dlt", "export"]).output)
    header, *rows = approved.splitlines()
    header = header.replace("Template ID", id_column).replace("Template Content", text_column)
    (tmp_path / "approved.csv").write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")

    result = runner.invoke(args=["dlt", "import", str(tmp_path / "approved.csv")])
    assert result.exit_code == 0, result.output
    assert all(t.registered for t in templates.load(path))


def test_dlt_import_of_a_file_with_no_id_column_exits_non_zero(app, tmp_path, settings):
    app.extensions["dabbo"].settings = replace(settings, dlt_template_file=str(tmp_path / "dlt_templates.json"))
    (tmp_path / "approved.csv").write_text("Name,Text\ndabbo_en_x,Dabbo: hello\n", encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["dlt", "import", str(tmp_path / "approved.csv")])
    assert result.exit_code != 0
    assert "no template id and text columns" in result.output
