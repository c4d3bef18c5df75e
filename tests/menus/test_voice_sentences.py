"""What a caller hears in a menu (SPEC 13.1): each option is a whole sentence of its own, per
language, with the key that chooses it said inside it; never a label with "press n" glued on."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from handlers import menus
from handlers.catalogue import CATALOGUES, po
from handlers.menus import voice
from handlers.menus.navigator import Menu

SPOKEN = ("gu", "hi", "en")
ROOT = Path(__file__).resolve().parents[2]


def numbers_in(text: str) -> list[str]:
    return re.findall(r"\d+", re.sub(r"\{[^{}]*\}", "", text))


def placed_options():
    """Every option of every menu, with the key that chooses it on its voice page."""
    for name, node in menus.TREE.nodes.items():
        if isinstance(node, Menu):
            for index, option in enumerate(node.options):
                yield name, option, index % voice.CHOICES_PER_PAGE + 1


def test_every_menu_option_has_a_sentence_of_its_own_to_be_said():
    missing = [(name, option.label) for name, option, _ in placed_options() if option.said is None]
    assert missing == []


@pytest.mark.parametrize("language", SPOKEN)
def test_each_options_sentence_says_the_key_that_chooses_it(language):
    wrong = []
    for name, option, key in placed_options():
        if isinstance(option.said, str):
            text = CATALOGUES[language][option.said]
            if numbers_in(text) != [str(key)]:
                wrong.append((name, option.said, key, text))
    assert wrong == []


@pytest.mark.parametrize("language", SPOKEN)
def test_the_release_sentences_say_keys_1_and_2(language):
    """The release choices are computed (they say the amount): their keys checked here."""
    assert numbers_in(CATALOGUES[language]["voice.menu.release.normal"]) == ["1"]
    assert numbers_in(CATALOGUES[language]["voice.menu.release.protest"]) == ["2"]


def test_no_voice_entry_takes_a_label_to_glue_a_press_phrase_around():
    source = po.read("en")
    glued = [m.id for m in source if m.id and m.context == "voice" and {"label", "digit"} & set(po.fields(m.string))]
    assert glued == [] and "voice.press" not in CATALOGUES["en"]


def test_the_voice_layout_builds_no_sentence_from_a_label():
    code = (ROOT / "handlers/menus/voice.py").read_text()
    assert "label=" not in code and "voice.press" not in code


@pytest.mark.parametrize("language", SPOKEN)
def test_every_menu_sentence_ends_as_a_sentence(language):
    said = {key: text for key, text in CATALOGUES[language].items() if key.startswith("voice.menu.")}
    assert said and all(text.rstrip().endswith((".", "?")) for text in said.values())
