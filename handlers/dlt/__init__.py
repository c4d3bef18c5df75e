"""The registered templates: built from the India wording, their DLT ids kept in a file, matched
against every text before Exotel gets it, exported for a portal and imported back.

`dlt_templates.json` (beside this package, or DLT_TEMPLATE_FILE) holds what was registered:
one row per template and language with its text and the id the portal gave it. `build` keeps
an id while the text is unchanged; a changed text gets a new `PENDING-…` id, because the
registered one no longer matches, and a PENDING template is never sent (`dlt_unregistered`).
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterable, Mapping

from handlers.dlt import wording
from handlers.dlt.profile import ANY_SLOT, CBN, URL, Profile, value_problem
from handlers.text import is_gsm7

TEMPLATE_FILE = Path(__file__).with_name("dlt_templates.json")
PENDING = "PENDING-"
# Sent to a whole village: their SMS type is DLT_BROADCAST_SMS_TYPE, the rest `transactional`.
BROADCAST_TEMPLATES = frozenset({"auction", "notice_general", "notice_auction", "notice_meeting"})
SAMPLE_URL, SAMPLE_CBN = "https://dabbo.example.org", "07940000000"


@dataclass(frozen=True)
class Template:
    name: str
    language: str
    template_id: str
    content_type: str     # "text" (GSM-7) or "unicode"
    text: str             # as registered: fixed text and {#type#} slots
    fields: tuple[str, ...] = ()   # the catalogue field each slot takes, in order

    @property
    def registered(self) -> bool:
        return not self.template_id.startswith(PENDING)

    @property
    def broadcast(self) -> bool:
        return self.name in BROADCAST_TEMPLATES

    @property
    def kinds(self) -> list[str]:
        return [match.strip("{}#") for match in ANY_SLOT.findall(self.text)]


def _typed(text: str, brand: str) -> tuple[str, tuple[str, ...]]:
    out, names = [], []
    for literal, field in re.findall(r"([^{]*)(?:\{(\w+)\})?", text):
        out.append(literal)
        if field == "brand":
            out.append(brand)
        elif field:
            out.append("{#" + wording.FIELD_TYPES.get(field, "alphanumeric") + "#}")
            names.append(field)
    return "".join(out), tuple(names)


def pending_id(text: str) -> str:
    return PENDING + hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def build(profile: Profile, registered: Iterable[Template] = ()) -> list[Template]:
    """Every language's templates, each with its registered id while its text is unchanged."""
    known = {(t.name, t.language): t for t in registered}
    templates = []
    for language, texts in wording.TEXTS.items():
        for name, source in texts.items():
            text, names = _typed(source, profile.brand)
            old = known.get((name, language))
            template_id = old.template_id if old is not None and old.text == text else pending_id(text)
            templates.append(Template(name, language, template_id, "text" if is_gsm7(text) else "unicode", text,
                                      names))
    return templates


def sample(template: Template, context: wording.Context) -> str:
    """The message the template gives with the sample values (the portal asks for one)."""
    values = {}
    for field, kind in zip(template.fields, template.kinds):
        if kind == URL:
            values[field] = context.url or SAMPLE_URL
        elif kind == CBN:
            values[field] = context.cbn or SAMPLE_CBN
        else:  # as the send path fits a value: the sample passes the level a real message must
            values[field] = wording.fit(kind, wording.sample_value(field, kind, template.language),
                                        template.language, context)
    return fill(template, values)


def fill(template: Template, values: Mapping[str, str]) -> str:
    parts = ANY_SLOT.split(template.text)
    out = [parts[0]]
    for field, literal in zip(template.fields, parts[1:]):
        out += [values[field], literal]
    return "".join(out)


def load(path: Path = TEMPLATE_FILE) -> list[Template]:
    if not path.exists():
        return []
    return [Template(**{**row, "fields": tuple(row.get("fields", ()))})
            for row in json.loads(path.read_text(encoding="utf-8"))]


def dumps(templates: Iterable[Template]) -> str:
    return json.dumps([asdict(t) for t in templates], ensure_ascii=False, indent=1) + "\n"


@dataclass(frozen=True)
class Match:
    template: Template
    values: dict[str, str]
    problems: list[str]


class Registry:
    """The templates in force, for checking an outgoing text before any HTTP."""

    def __init__(self, templates: Iterable[Template], profile: Profile, context: wording.Context) -> None:
        self.templates = list(templates)
        self.profile, self.context = profile, context
        self._compiled = []
        for template in self.templates:
            parts = ANY_SLOT.split(template.text)
            regex = "(.+?)".join(re.escape(part) for part in parts)
            self._compiled.append((template, re.compile(regex, re.DOTALL), len(template.text)))

    def match(self, text: str) -> Match | None:
        """The template `text` fills (the most specific when several do), with every value's problem."""
        best = None
        for template, pattern, size in self._compiled:
            found = pattern.fullmatch(text)
            if found and (best is None or size > best[2]):
                best = (template, found, size)
        if best is None:
            return None
        template, found, _size = best
        values = dict(zip(template.fields, found.groups()))
        problems = []
        for field, kind, value in zip(template.fields, template.kinds, found.groups()):
            problem = value_problem(kind, value, profile=self.profile, latin=template.content_type == "text",
                                    url=self.context.url, cbn=self.context.cbn)
            if problem:
                problems.append(f"{field} {problem}")
        return Match(template, values, problems)


EXPORT_COLUMNS = ("Template Name", "Language", "Template Content", "Content Type", "Category", "Header",
                  "Variable Types", "Sample Message", "Template ID")


def export_csv(templates: Iterable[Template], context: wording.Context, *, header: str | None,
               broadcast_category: str) -> str:
    """One row per template, the fields a DLT portal's template form asks for."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EXPORT_COLUMNS)
    for t in templates:
        writer.writerow([f"dabbo_{t.language}_{t.name}", t.language, t.text,
                         "Unicode" if t.content_type == "unicode" else "Text",
                         broadcast_category if t.broadcast else "Service Implicit", header or "",
                         ", ".join(t.kinds), sample(t, context), t.template_id])
    return out.getvalue()


# The column names the operators' portals use in their approved-template exports (Jio, Airtel,
# Vi, BSNL and the vendors' consoles differ), compared lower-case without spaces or punctuation.
ID_COLUMNS = ("templateid", "contenttemplateid", "dlttemplateid", "dltcttemplateid", "ctid", "templateidno")
TEXT_COLUMNS = ("templatecontent", "templatemessage", "message", "content", "templatetext", "messagecontent")


def _column(fieldnames, wanted: tuple[str, ...]) -> str | None:
    by_key = {re.sub(r"[^a-z0-9]", "", (name or "").lower()): name for name in fieldnames or ()}
    return next((by_key[key] for key in wanted if key in by_key), None)


def _normal(text: str) -> str:
    """Portals re-wrap and trim a text: compared with every run of whitespace as one space."""
    return " ".join(text.split())


def import_ids(templates: list[Template], approved_csv: str) -> tuple[list[Template], int, list[str]]:
    """The portal's approved-id CSV (a header row; the id and text columns under any of the
    portals' names, other columns ignored): every template whose text a row has (whitespace
    normalised) gets that row's id. Returns (templates, how many got an id, the rows' texts that
    match no template). A file with neither column raises ValueError naming the columns it has."""
    reader = csv.DictReader(io.StringIO(approved_csv.lstrip("\ufeff")))
    id_column, text_column = _column(reader.fieldnames, ID_COLUMNS), _column(reader.fieldnames, TEXT_COLUMNS)
    if id_column is None or text_column is None:
        raise ValueError(f"no template id and text columns among {reader.fieldnames}")
    ids: dict[str, tuple[str, str]] = {}
    for row in reader:
        text, template_id = (row.get(text_column) or ""), (row.get(id_column) or "").strip()
        if text and template_id:
            ids[_normal(text)] = (text, template_id)
    texts = {_normal(t.text) for t in templates}
    unknown = [text for key, (text, _) in ids.items() if key not in texts]
    updated = [Template(**{**asdict(t), "template_id": ids.get(_normal(t.text), (None, t.template_id))[1]})
               for t in templates]
    return updated, sum(1 for t in templates if _normal(t.text) in ids), unknown
