"""DLT templates (TRAI TCCCPR 2018): the registered shape of every SMS Dabbo sends in India.

Every commercial SMS to an Indian phone must match, character for character, a template
registered on the operators' DLT platform, with `{#var#}` where a value goes; the operator
blocks anything else. So the templates are data (`dlt_templates.json` beside this file),
GENERATED from the catalogues (`flask --app sms_gateway dlt sync`), never written by hand:
the wording changes often, and a hand-kept copy would drift. `tests/dlt/test_dlt.py` fails when
the file and the catalogues disagree; re-running `dlt sync` mends it. A template id survives
a sync while its text is unchanged (a registered id is kept); a changed text gets a new
`PENDING-…` placeholder, because the registered one no longer matches.

A value's slot is one `{#var#}` per 30 characters of the longest value that field can hold
(Exotel: a variable under 30 characters; longer values are split over `{#var#}{#var#}`),
so a 120-character pound name gets four. Pure: no I/O except reading and writing the file.
"""
from __future__ import annotations

import csv
import fnmatch
import hashlib
import io
import itertools
import json
import math
import re
import string
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping

from handlers.catalogue import CATALOGUES
from handlers.sms.text import is_gsm7

TEMPLATE_FILE = Path(__file__).with_name("dlt_templates.json")
VAR = "{#var#}"
VAR_CHARS = 30
PLACEHOLDER_PREFIX = "PENDING-"

# Catalogue keys sent as an SMS of their own; the rest are USSD screens, dashboard words,
# voice prompts, or fragments that only travel inside another message (FRAGMENTS).
SENT_PATTERNS = ("sms.*", "notice.*", "dash.signin_code_sms", "missed.sms*")
FRAGMENTS = (
    "sms.more", "sms.auction_item", "sms.my_item_*", "sms.list_item", "sms.problem.*", "sms.usage.*",
    "sms.one_tag_at_a_time", "notice.release_protest", "notice.release_deposit", "notice.protest_complaint*",
    "notice.protest_security", "missed.sms_item", "sms.*_item", "sms.rates_security", "sms.rates_no_security",
)
# Messages sent as catalogue texts joined by spaces (handlers.sms.inbound.refusal_text,
# handlers.pound.lookup._with_more_tags, handlers.notices.texts.release_receipt_text): every combination
# of the keys each pattern names. A handler that joins texts anew needs a line here.
COMPOSED = (
    ("sms.problem.*", "sms.usage.*"),
    ("sms.find", "sms.one_tag_at_a_time"), ("sms.find_released", "sms.one_tag_at_a_time"),
    ("sms.find_sold", "sms.one_tag_at_a_time"), ("sms.fees", "sms.one_tag_at_a_time"),
    ("notice.release_receipt", "notice.release_deposit"),
    ("notice.release_protest", "notice.protest_complaint*"),
    ("notice.release_protest", "notice.protest_complaint*", "notice.protest_security"),
)
# Joined with no space: the deposit's clause follows the receipt's last figure (", deposit …").
JOINED_TIGHT = {("notice.release_receipt", "notice.release_deposit")}
# The longest value a field can hold (characters), where more than one variable's 30:
# names are String(120) columns, lists are cut to the SMS budget by handlers.sms.replies.fit_list.
FIELD_CHARS = {
    "tag": 32, "pound": 120, "village": 120, "place": 120, "name": 120, "what": 120,
    "items": 600, "animals": 600, "text": 620, "receipts": 200,
}
# notice.<name> keys whose outbox kind is not <name> (SPEC section 7's kinds).
NOTICE_KINDS = {"auction": "auction_notice", "surplus": "surplus_notice", "surplus_none": "surplus_notice",
                "release_protest": "release_receipt", "release_deposit": "release_receipt"}


@dataclass(frozen=True)
class Template:
    key: str            # catalogue key, or "a+b" for a composed message
    language: str
    kind: str           # the outbox kind that carries it
    template_id: str    # DLT template id; PENDING-… until registered
    content_type: str   # "text" (GSM-7) or "unicode"
    text: str           # the registered text, with {#var#} slots

    @property
    def registered(self) -> bool:
        return not self.template_id.startswith(PLACEHOLDER_PREFIX)


def field_vars(field: str) -> int:
    return max(1, math.ceil(FIELD_CHARS.get(field, VAR_CHARS) / VAR_CHARS))


def dlt_text(catalogue_text: str) -> str:
    """A str.format catalogue text with each `{field}` replaced by its `{#var#}` run."""
    out = []
    for literal, field, _spec, _conv in string.Formatter().parse(catalogue_text):
        out.append(literal)
        if field is not None:
            out.append(VAR * field_vars(field.split(".")[0].split("[")[0]))
    return "".join(out)


def _matches(key: str, patterns: Iterable[str]) -> bool:
    return any(fnmatch.fnmatchcase(key, pattern) for pattern in patterns)


def kind_of(key: str) -> str:
    first = key.split("+")[0]
    if first.startswith("notice."):
        name = first.removeprefix("notice.")
        return NOTICE_KINDS.get(name, name)
    return "reply"


def catalogue_texts(catalogues: Mapping[str, Mapping[str, str]]) -> dict[tuple[str, str], str]:
    """(key, language) -> catalogue text of every message sent on its own, composed ones
    joined with a space as the handlers join them."""
    texts: dict[tuple[str, str], str] = {}
    for language, messages in catalogues.items():
        for key, value in messages.items():
            if _matches(key, SENT_PATTERNS) and not _matches(key, FRAGMENTS):
                texts[(key, language)] = value
        for patterns in COMPOSED:
            choices = [[k for k in messages if fnmatch.fnmatchcase(k, pattern)] for pattern in patterns]
            for keys in itertools.product(*choices):
                joiner = "" if patterns in JOINED_TIGHT else " "
                texts[("+".join(keys), language)] = joiner.join(messages[key] for key in keys)
    return texts


def placeholder_id(text: str) -> str:
    return PLACEHOLDER_PREFIX + hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def build(catalogues: Mapping[str, Mapping[str, str]], existing: Iterable[Template] = ()) -> list[Template]:
    """The templates the catalogues imply, keeping the id of every unchanged text."""
    known = {(t.key, t.language): t for t in existing}
    templates = []
    for (key, language), value in sorted(catalogue_texts(catalogues).items(), key=lambda item: (item[0][1], item[0][0])):
        text = dlt_text(value)
        old = known.get((key, language))
        template_id = old.template_id if old is not None and old.text == text else placeholder_id(text)
        templates.append(Template(key, language, kind_of(key), template_id,
                                  "text" if is_gsm7(text) else "unicode", text))
    return templates


def dumps(templates: Iterable[Template]) -> str:
    return json.dumps([asdict(t) for t in templates], ensure_ascii=False, indent=1) + "\n"


def load(path: Path = TEMPLATE_FILE) -> list[Template]:
    if not path.exists():
        return []
    return [Template(**row) for row in json.loads(path.read_text(encoding="utf-8"))]


def current(catalogues: Mapping[str, Mapping[str, str]] | None = None, path: Path = TEMPLATE_FILE) -> list[Template]:
    """What `dlt sync` writes: the catalogues' templates with the file's registered ids."""
    return build(CATALOGUES if catalogues is None else catalogues, load(path))


def _pattern(template_text: str) -> re.Pattern:
    parts = re.split(r"((?:\{#var#\})+)", template_text)
    regex = "".join(
        f".{{0,{VAR_CHARS * (len(part) // len(VAR))}}}" if part.startswith(VAR) else re.escape(part)
        for part in parts if part
    )
    return re.compile(regex, re.DOTALL)


class Registry:
    """The templates in force, for matching outgoing texts."""

    def __init__(self, templates: Iterable[Template]) -> None:
        self.templates = list(templates)
        self._compiled = [(t, _pattern(t.text), len(t.text.replace(VAR, ""))) for t in self.templates]

    def match(self, text: str, language: str | None = None) -> Template | None:
        """The template `text` fills, the most specific (most fixed characters) when several do."""
        best: tuple[int, Template] | None = None
        for template, pattern, fixed in self._compiled:
            if language is not None and template.language != language:
                continue
            if (best is None or fixed > best[0]) and pattern.fullmatch(text):
                best = (fixed, template)
        return best[1] if best else None


@lru_cache(maxsize=1)
def registry() -> Registry:
    """The templates of the repository's file (read once per process)."""
    return Registry(load())


# The columns of the operators' bulk template upload (Jio TrueConnect, Vi, Airtel take a CSV
# with these facts; the column names differ a little per portal: map them on upload).
EXPORT_COLUMNS = ("template_id", "template_name", "template_type", "category", "header", "content_type",
                  "language", "outbox_kind", "variables", "template_content")


def export_csv(templates: Iterable[Template], *, header: str | None) -> str:
    """Every template as the DLT portals' bulk upload takes it: service-implicit (an answer
    or a notice the person's own dealings with the pound call for), Text or Unicode."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EXPORT_COLUMNS)
    for template in templates:
        writer.writerow([
            template.template_id, f"dabbo_{template.language}_{template.key}".replace("+", "__")[:100],
            "Service Implicit", "Others", header or "", "Unicode" if template.content_type == "unicode" else "Text",
            template.language, template.kind, template.text.count(VAR), template.text,
        ])
    return out.getvalue()
