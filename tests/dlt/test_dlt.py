"""DLT templates (SPEC 11.4): generated from the catalogues, every message matches its own."""
from __future__ import annotations

import csv
import io
import string

import pytest

from handlers import dlt
from handlers.catalogue import CATALOGUES

GUJARATI_TAG = "૧૨૩૪૫૬૭૮૯૦૧૨"


def test_the_template_file_is_what_the_catalogues_imply():
    """Fails after any change of wording until `flask --app sms_gateway dlt sync` is run."""
    on_file = dlt.load()
    assert on_file, "handlers/dlt/dlt_templates.json is missing: run `flask --app sms_gateway dlt sync`"
    assert on_file == dlt.current(), "templates are stale: run `flask --app sms_gateway dlt sync` and commit"


def test_every_language_has_the_same_templates():
    keys = {language: {t.key for t in dlt.load() if t.language == language} for language in CATALOGUES}
    assert keys["gu"] == keys["hi"] == keys["en"]


def test_every_outbound_kind_has_templates():
    kinds = {t.kind for t in dlt.load()}
    assert {"reply", "seizure_alert", "claim_reminder", "auction_notice", "release_receipt", "surplus_notice",
            "surplus_reminder", "protest_reminder", "deposit_forfeited", "deposit_refundable", "keeper_digest",
            "broadcast"} <= kinds


def hostile_values(catalogue_text: str, variant: int) -> dict[str, str]:
    """Each field at the longest it may be: long Gujarati names, Gujarati digits, 12-digit
    tags, punctuation and template-looking text."""
    values = {}
    for _literal, field, _spec, _conv in string.Formatter().parse(catalogue_text):
        if field is None:
            continue
        width = dlt.FIELD_CHARS.get(field, dlt.VAR_CHARS)
        filler = ["ગામ-નામ, {#var#} 'x' ", GUJARATI_TAG, "123456789012 ", "रुपये ५९० Rs. 99,999 "][variant]
        values[field] = (filler * (width // len(filler) + 1))[:width]
    return values


@pytest.mark.parametrize("variant", range(4))
def test_every_catalogue_message_filled_with_hostile_values_matches_its_template(variant):
    registry = dlt.Registry(dlt.current())
    texts = dlt.catalogue_texts(CATALOGUES)
    failures = []
    for (key, language), catalogue_text in texts.items():
        text = catalogue_text.format(**hostile_values(catalogue_text, variant))
        template = registry.match(text, language)
        if template is None or dlt.dlt_text(texts[(template.key, language)]) != template.text:
            failures.append((key, language))
        elif template.key != key and template.text != dlt.dlt_text(catalogue_text):
            failures.append((key, language, template.key))
    assert failures == []


def test_a_text_that_is_not_a_catalogue_message_matches_nothing():
    registry = dlt.Registry(dlt.current())
    assert registry.match("Hello from a stranger, send money to 98250 00000") is None


def test_one_extra_word_breaks_the_match():
    registry = dlt.Registry(dlt.current())
    text = CATALOGUES["en"]["missed.sms_none"]
    assert registry.match(text, "en").key == "missed.sms_none"
    assert registry.match(text + " Thanks", "en") is None
    assert registry.match(text.replace("Dabbo:", "Dabbo :"), "en") is None


def test_a_variable_longer_than_its_slots_does_not_match():
    """One {#var#} holds at most 30 characters (Exotel's limit)."""
    registry = dlt.Registry(dlt.current())
    fits = CATALOGUES["en"]["sms.lang"]  # no variables
    assert registry.match(fits, "en") is not None
    template = next(t for t in dlt.current() if t.key == "dash.signin_code_sms" and t.language == "en")
    assert template.text == "Dabbo dashboard code: {#var#}. Valid {#var#} minutes. Do not share it."
    assert registry.match("Dabbo dashboard code: 123456. Valid 10 minutes. Do not share it.", "en") == template
    assert registry.match(f"Dabbo dashboard code: {'9' * 31}. Valid 10 minutes. Do not share it.", "en") is None


def test_a_changed_wording_gets_a_new_placeholder_and_an_unchanged_one_keeps_its_registered_id():
    catalogues = {"en": {"sms.lang": "Replies in English.", "sms.stop": "Stopped."}}
    first = dlt.build(catalogues)
    registered = [dlt.Template(t.key, t.language, t.kind, "1107160000000000001" if t.key == "sms.lang" else
                               "1107160000000000002", t.content_type, t.text) for t in first]
    changed = {"en": {"sms.lang": "Replies in English.", "sms.stop": "You will get no more notices."}}
    second = {t.key: t for t in dlt.build(changed, registered)}
    assert second["sms.lang"].template_id == "1107160000000000001"
    assert second["sms.stop"].template_id.startswith("PENDING-")
    assert not second["sms.stop"].registered


def test_long_fields_get_one_variable_per_30_characters():
    assert dlt.dlt_text("In {pound} since {since}") == "In " + "{#var#}" * 4 + " since {#var#}"


def test_gujarati_templates_are_unicode_and_english_are_text():
    by_language = {(t.language, t.content_type) for t in dlt.load()}
    assert ("gu", "text") not in by_language and ("en", "unicode") not in by_language


def test_dlt_export_prints_every_template_as_csv(app):
    result = app.test_cli_runner().invoke(args=["dlt", "export"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert len(rows) == len(dlt.load())
    row = next(r for r in rows if r["template_name"] == "dabbo_gu_missed.sms_none")
    assert row["content_type"] == "Unicode" and row["template_type"] == "Service Implicit"
    assert row["template_content"] == CATALOGUES["gu"]["missed.sms_none"]
    assert row["template_id"].startswith("PENDING-")
