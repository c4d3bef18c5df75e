"""The README and docs/ send a reader only to what exists: every file or folder they name in
`backticks` or link to, every `make` target and every `flask --app sms_gateway` command."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Made when the service or the tests run, never committed.
MADE_AT_RUN_TIME = ("instance/", ".venv/", "tests/screenshots/", "approved.csv", "bench/results/")
EXTENSIONS = (".py", ".md", ".txt", ".json", ".html", ".css", ".js", ".ini", ".toml", ".po", ".pot", ".csv",
              ".service", ".yml", ".yaml", ".sh", ".cfg")
PATH_LIKE = re.compile(r"`([A-Za-z0-9_.][A-Za-z0-9_.\-/]*)`")
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
MAKE = re.compile(r"(?:`|^)make ([a-z][a-z-]*)", re.M)
FLASK = re.compile(r"flask --app sms_gateway ([a-z][a-z-]*)(?: ([a-z][a-z-_]*))?")


TOP = {path.name for path in ROOT.iterdir() if not path.name.startswith(".")}


def _named_paths(text: str) -> set[str]:
    """Tokens that start at a top-level file or folder of the repository (`models/law/`,
    `docs/INDIA.md`, `Makefile`), or name a document (`TRANSLATORS.md`)."""
    names = set()
    for token in PATH_LIKE.findall(text):
        token = token.rstrip(".:,")
        if token.split("/")[0] in TOP or (token.endswith(".md") and "/" not in token):
            names.add(token)
    return names


def _exists(token: str, doc: Path) -> bool:
    if token.startswith(MADE_AT_RUN_TIME):
        return True
    if "/" not in token and token.endswith(".md"):
        return (ROOT / token).exists() or (ROOT / "docs" / token).exists()
    head, _, last = token.rpartition("/")
    if "." in last and not last.endswith(EXTENSIONS):   # a module's function: `models/outbox.due_ids`
        module = f"{head}/{last.split('.')[0]}" if head else last.split(".")[0]
        return (ROOT / f"{module}.py").exists() or (ROOT / module).is_dir()
    return (ROOT / token).exists()


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_file_the_docs_name_exists(doc):
    text = doc.read_text(encoding="utf-8")
    missing = sorted(token for token in _named_paths(text) if not _exists(token, doc))
    links = sorted(link for link in LINK.findall(text)
                   if not link.startswith(("http://", "https://", "mailto:")) and not (doc.parent / link).exists())
    assert (missing, links) == ([], [])


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_make_target_the_docs_name_exists(doc):
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z][a-z-]*):", makefile, flags=re.M))
    named = set(MAKE.findall(doc.read_text(encoding="utf-8")))
    assert named - targets == set()


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_flask_command_the_docs_name_exists(app, doc):
    missing = []
    for command, sub in FLASK.findall(doc.read_text(encoding="utf-8")):
        found = app.cli.get_command(None, command)
        if found is None:
            missing.append(command)
        elif sub and hasattr(found, "commands") and sub not in found.commands:
            missing.append(f"{command} {sub}")
    assert missing == []
