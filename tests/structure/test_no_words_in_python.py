"""No user-facing string in a Python module (SPEC 13.1): every word a person reads or hears is
in `locale/<lang>/LC_MESSAGES/dabbo.po`. This scans `handlers/` and `sms_gateway/` for string
literals in Gujarati or Devanagari script (docstrings and comments aside) and for catalogue
dicts, a dict literal keyed by two or more language codes with text as values.

Three files hold such script on purpose, and none of it is said to anyone: the words people
*type* (the parser's vocabulary, and the marks the scanner folds), and the demo district's data
(its villages' names per language, as a panchayat would enter them)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = re.compile(r"[\u0900-\u097f\u0a80-\u0aff]{2}")  # a word, not a character class's bound
LANGUAGE_CODES = {"gu", "hi", "en", "gul"}
READ_NOT_SAID = {
    "handlers/catalogue/vocabulary.py",   # the words people type, in every language
    "handlers/sms/scanner.py",            # marks folded in what people type (nukta, chandrabindu)
    "handlers/sms/fields.py",             # the currency signs people type before an amount
    "sms_gateway/demo.py",                # the demo district's data: names per language
}
FILES = sorted(str(path.relative_to(ROOT)) for folder in ("handlers", "sms_gateway")
               for path in (ROOT / folder).rglob("*.py"))


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def words_in(path: str, root: Path = ROOT) -> list[str]:
    tree = ast.parse((root / path).read_text(encoding="utf-8"))
    skipped = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped \
                and SCRIPT.search(node.value):
            found.append(f"{path}:{node.lineno}: {node.value[:40]!r}")
        if isinstance(node, ast.Dict) and node.keys:
            keys = {key.value for key in node.keys if isinstance(key, ast.Constant)}
            texts = [value for value in node.values if isinstance(value, ast.JoinedStr) or (
                isinstance(value, ast.Constant) and isinstance(value.value, str)
                and (" " in value.value or SCRIPT.search(value.value)))]  # words, not codes
            if len(keys & LANGUAGE_CODES) >= 2 and keys <= LANGUAGE_CODES | {None} and texts:
                found.append(f"{path}:{node.lineno}: a catalogue dict {sorted(keys & LANGUAGE_CODES)}")
    return found


def test_the_scan_sees_the_python_files():
    assert "handlers/menus/voice.py" in FILES and "sms_gateway/pages/public.py" in FILES


@pytest.mark.parametrize("path", [path for path in FILES if path not in READ_NOT_SAID])
def test_no_gujarati_or_hindi_text_and_no_catalogue_dict_in_python(path):
    assert words_in(path) == []


def test_the_scan_finds_what_it_looks_for(tmp_path):
    """A Gujarati literal and a dict of texts per language are found; a docstring and a dict
    of codes are not."""
    (tmp_path / "sample.py").write_text('"""ઢોર"""\nNAMES = {"gu": "ગુજરાતી", "en": "English"}\nSAY = "हाँ"\n'
                                        'VOICES = {"gu": "gu", "en": "en-gb"}\n', encoding="utf-8")
    found = words_in("sample.py", tmp_path)
    assert sorted(line.split(":")[1] for line in found) == ["2", "2", "3"] and "catalogue dict" in " ".join(found)
