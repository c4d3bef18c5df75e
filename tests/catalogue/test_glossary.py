"""One word per concept (SPEC 13.1): `locale/glossary.toml` names, per language, the word every
catalogue uses for a concept of the glossary and the other words for it; none of those may
appear in any entry of that language, whatever its channel (SMS, USSD, voice, pages, DLT)."""
from __future__ import annotations

import tomllib

import pytest

from handlers.catalogue.po import LANGUAGES, LOCALE_DIR, forms, read

GLOSSARY = tomllib.loads((LOCALE_DIR / "glossary.toml").read_text(encoding="utf-8"))
ROWS = [(concept, language, row) for concept, languages in GLOSSARY.items() for language, row in languages.items()]


def test_every_row_of_the_table_names_a_shipped_language_and_a_preferred_word():
    assert ROWS and all(language in LANGUAGES and row["preferred"] and row["other"] for _, language, row in ROWS)
    assert all(row["preferred"] not in row["other"] for _, _, row in ROWS)


@pytest.mark.parametrize("concept, language, row", ROWS, ids=[f"{c}-{l}" for c, l, _ in ROWS])
def test_no_catalogue_entry_uses_another_word_for_the_concept(concept, language, row):
    found = [(message.context, message.id, word) for message in read(language) if message.id
             for word in row["other"] for text in forms(message) if word in text]
    assert found == [], f"{concept} is {row['preferred']!r} in {language}"


def test_the_preferred_words_are_the_ones_the_catalogues_say():
    """The table is what is said, not a wish: each preferred word is in its catalogue."""
    missing = [(concept, language) for concept, language, row in ROWS
               if not any(row["preferred"] in text for message in read(language) if message.id for text in forms(message))]
    assert missing == []
