"""The gettext catalogues (SPEC 13.1): every shipped language complete, none fuzzy, no placeholder a
message is not given, `msgfmt --check` clean, `make words` a no-op on a clean tree, one loader."""
from __future__ import annotations

import gettext
import shutil
import subprocess

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.plural import to_gettext

from handlers import catalogue
from handlers.catalogue import make_words, po
from handlers.dlt import wording

SHIPPED = [language for language in po.LANGUAGES if language != po.SOURCE_LANGUAGE]


@pytest.fixture(scope="module")
def source() -> Catalog:
    return po.read(po.SOURCE_LANGUAGE)


@pytest.mark.parametrize("language", po.LANGUAGES)
def test_every_shipped_catalogue_is_complete_not_fuzzy_and_uses_only_the_values_it_is_given(source, language):
    assert make_words.problems(source, po.read(language), language) == []


def _doctored(source: Catalog, language: str, key: str, context: str, text: str | None, fuzzy: bool = False):
    catalog = po.read(language)
    catalog.delete(key, context=context)
    if text is not None:
        catalog.add(key, text, context=context, flags={"fuzzy"} if fuzzy else ())
    return make_words.problems(source, catalog, language)


def test_a_missing_entry_fails(source):
    assert _doctored(source, "hi", "sms.find", "sms", None) == ["hi [sms] sms.find: missing"]


def test_a_fuzzy_entry_fails(source):
    assert _doctored(source, "gu", "sms.stop", "sms", "બંધ.", fuzzy=True) == ["gu [sms] sms.stop: fuzzy"]


def test_a_placeholder_the_message_is_not_given_fails(source):
    [problem] = _doctored(source, "gul", "sms.find", "sms", "Tag {tga} dabbama")
    assert problem.startswith("gul [sms] sms.find: {tga} is not among the values it is given (")


def test_gul_holds_no_entry_of_a_channel_it_borrows(source):
    [problem] = _doctored(source, "gul", "dash.app_name", "page", "Dabbo")
    assert problem == "gul [page] dash.app_name: gul takes page from en (po.FALLBACKS)"


def _doctored_plural(source: Catalog, language: str, key: str, forms=None, fuzzy: bool = False):
    catalog = po.read(language)
    message = catalog.get(key, context="word")
    if forms is not None:
        message.string = forms
    if fuzzy:
        message.flags.add("fuzzy")
    return make_words.problems(source, catalog, language)


def test_every_form_of_a_plural_entry_is_checked(source):
    assert _doctored_plural(source, "hi", "count.person", ("{count} व्यक्ति", "")) == [
        "hi [word] count.person msgstr[1]: missing"]
    [problem] = _doctored_plural(source, "gu", "count.day", ("{count} દિવસ", "{cnt} દિવસ"))
    assert problem.startswith("gu [word] count.day msgstr[1]: {cnt} is not among the values it is given (count)")


def test_a_plural_entry_with_fewer_forms_than_its_plural_forms_fails(source):
    assert _doctored_plural(source, "gul", "kind.cow", ("gay",)) == ["gul [word] kind.cow: 1 forms, Plural-Forms says 2"]


def test_a_fuzzy_plural_entry_fails(source):
    assert _doctored_plural(source, "gu", "kind.bull", fuzzy=True) == ["gu [word] kind.bull: fuzzy"]


def test_a_plural_entry_written_as_one_text_fails(source):
    assert _doctored(source, "hi", "count.person", "word", "{count} लोग") == [
        "hi [word] count.person: a plural entry (msgid_plural) in English"]


@pytest.mark.parametrize("language", po.LANGUAGES)
def test_each_catalogues_plural_forms_is_cldrs_rule_for_its_language(language):
    header = po.read(language).plural_forms
    assert header == to_gettext(Locale.parse(po.BABEL_LOCALES[language]).plural_form)
    said_for = gettext.c2py(po.read(language).plural_expr)
    assert [said_for(n) for n in (0, 1, 2, 100)] == ([1, 0, 1, 1] if language == "en" else [0, 0, 1, 1])


def test_another_plural_forms_header_fails(source):
    catalog = po.read("hi")
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n != 1);")]
    [problem] = make_words.problems(source, catalog, "hi")
    assert problem.startswith("hi: Plural-Forms is 'nplurals=2; plural=(n != 1);', CLDR's rule is")


def test_counts_are_read_through_gettexts_npgettext():
    assert po.translations("gu").npgettext("word", "count.person", "count.people", 0) == "{count} વ્યક્તિ"
    assert po.translations("en").npgettext("word", "count.person", "count.people", 0) == "{count} people"
    assert po.translations("hi").npgettext("word", "kind.calf", "kinds.calf", 2) == "बछड़े"
    assert catalogue.counted("gu", "person", 0) == "0 વ્યક્તિ" and catalogue.counted_kind("hi", 2, "calf") == "2 बछड़े"


def test_a_kinds_name_on_its_own_is_its_singular():
    assert (catalogue.kind_name("gu", "bull"), catalogue.kind_name("en", "calf")) == ("આખલો", "calf")


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("language", po.LANGUAGES)
def test_msgfmt_check_passes(language, tmp_path):
    result = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "dabbo.mo"), str(po.po_path(language))],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_make_words_changes_nothing_on_a_clean_tree(source):
    pot = make_words.template(source)
    assert make_words.po_text(pot) == make_words.TEMPLATE_PATH.read_bytes()
    for language in SHIPPED:
        assert make_words.po_text(make_words.updated(language, pot)) == po.po_path(language).read_bytes(), language


def test_every_english_entry_says_where_it_is_used_its_placeholders_and_budget(source):
    parts = ("Where:", "Placeholders:", "Budget:")
    bare = [message.id for message in source if message.id and not all(
        any(line.startswith(part) for line in message.auto_comments) for part in parts)]
    assert bare == []


def test_the_channel_is_the_context_of_every_entry(source):
    wrong = [(m.context, m.id) for m in source if m.id and m.context != po.DLT and m.context != po.channel(po.message_key(m))]
    assert wrong == []


def test_a_registered_template_is_the_dlt_entry_of_its_message():
    entries = po.words().dlt["gu"]
    assert wording.TEXTS["gu"]["seizure_alert"] == entries["notice.seizure_alert"]
    assert wording.SENT_AS["sms.find"] == "find_held" and wording.TEXTS["en"]["find_held"] == po.words().dlt["en"][
        "sms.find"]


def test_the_catalogues_are_read_once():
    assert po.words() is po.words() and catalogue.CATALOGUES is po.words().messages


def test_gul_borrows_voice_from_gujarati_and_pages_from_english():
    gul, gu, en = (po.words().messages[language] for language in ("gul", "gu", "en"))
    voice = [key for key in gu if po.channel(key) == "voice"]
    pages = [key for key in en if po.channel(key) in ("page", "error")]
    assert voice and pages
    assert all(gul[key] == gu[key] for key in voice) and all(gul[key] == en[key] for key in pages)


def test_gettext_reads_the_same_words_as_t():
    assert po.translations("hi").pgettext("sms", "sms.stop") == catalogue.t("hi", "sms.stop")
    assert po.translations("gul").pgettext("page", "dash.app_name") == catalogue.t("en", "dash.app_name")


def test_every_noun_the_code_counts_is_a_plural_entry():
    """`counted(language, "<noun>", n)` reads `count.<noun>` through npgettext, which needs a
    msgid_plural: a noun left as two singular entries fails at run time, on the page that counts."""
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2]
    nouns = {match for folder in ("handlers", "sms_gateway") for path in (root / folder).rglob("*.py")
             for match in re.findall(r'counted\(\s*[\w.()]+,\s*"(\w+)"', path.read_text(encoding="utf-8"))}
    assert nouns >= {"person", "sms_part", "animal"}
    assert sorted(noun for noun in nouns if f"count.{noun}" not in po.words().plural_ids) == []
