"""`make words`: the template from the English catalogue, every other catalogue brought up to it, compiled.

English (`locale/en/LC_MESSAGES/dabbo.po`) is the source: a developer adds an entry there (its
key, its channel as `msgctxt`, a `#.` comment saying where it is used, its placeholders and its
budget). This writes `locale/dabbo.pot` from it (each entry's comment gains the English text), then
updates `gu`, `hi` and `gul` to it: a new entry arrives empty (the completeness test fails until a
translator fills it), a removed one goes, every comment is the template's. `gul` holds no entry of
a channel it takes from another language (`po.FALLBACKS`). Each catalogue's `Plural-Forms` header is
CLDR's rule for its language (`po.plural_forms`). Last, every catalogue is compiled to
`dabbo.mo` (ignored by git) for gettext tools. On a clean tree it changes nothing.
"""
from __future__ import annotations

import io
import re
import sys

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from handlers.catalogue.po import (DOMAIN, FALLBACKS, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, fields, forms, is_plural,
                                   message_key, plural_forms, po_path, read)

TEMPLATE_PATH = LOCALE_DIR / f"{DOMAIN}.pot"
ENGLISH = "English: "
WIDTH = 76


def template(source: Catalog) -> Catalog:
    """The `.pot`: every source entry, empty, its comment followed by the English text."""
    pot = Catalog(domain=DOMAIN, project=source.project, version=source.version, charset="utf-8",
                  fuzzy=False, creation_date=source.creation_date, revision_date=source.revision_date,
                  copyright_holder="Dabbo", msgid_bugs_address=source.msgid_bugs_address,
                  last_translator=source.last_translator, language_team=source.language_team)
    for message in source:
        if not message.id:
            continue
        english = " / ".join(forms(message)).replace("\n", "\\n")
        comments = [line for line in message.auto_comments if not line.startswith(ENGLISH)]
        empty = ("",) * len(message.id) if is_plural(message) else ""
        pot.add(message.id, empty, context=message.context, auto_comments=[*comments, ENGLISH + english],
                flags=set(message.flags) - {"fuzzy"})
    return pot


def updated(language: str, pot: Catalog) -> Catalog:
    catalog = read(language)
    catalog.mime_headers = [("Plural-Forms", plural_forms(language))]
    catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False, update_creation_date=True)
    catalog.obsolete.clear()
    borrowed = FALLBACKS.get(language, {})
    for message in list(catalog):
        if message.id and message.context in borrowed:
            catalog.delete(message.id, context=message.context)
    return catalog


_GIVEN = re.compile(r"Placeholders: (.*?)(?:Budget:|$)")


def given(message) -> set[str]:
    """The values an entry is given, as its comment declares them ("Placeholders: {tag}, {kind}")."""
    declared = _GIVEN.search(" ".join(message.auto_comments))
    return set(fields(declared[1])) if declared else set()


def problems(source: Catalog, catalog: Catalog, language: str) -> list[str]:
    """What keeps `catalog` from shipping: an entry of the source missing, empty or fuzzy, one
    using a placeholder its message is not given (the source's comment declares them), one the
    source does not have. The source is held to the same placeholders. A plural entry is held to
    it form by form (`msgstr[n]`, as many as its `Plural-Forms` says), and the header to CLDR's rule."""
    borrowed = FALLBACKS.get(language, {})
    found, wanted = [], {(m.context, message_key(m)): m for m in source if m.id}
    if catalog.plural_forms != plural_forms(language):
        found.append(f"{language}: Plural-Forms is {catalog.plural_forms!r}, CLDR's rule is {plural_forms(language)!r}")
    for (context, key), english in wanted.items():
        if context in borrowed:
            continue
        message = catalog.get(key, context=context)
        where = f"{language} [{context}] {key}"
        if message is None:
            found.append(f"{where}: missing")
            continue
        if is_plural(message) != is_plural(english):
            found.append(f"{where}: " + ("a plural entry (msgid_plural) in English" if is_plural(english)
                                         else "not a plural entry in English"))
            continue
        texts = forms(message)
        labels = [f"{where} msgstr[{n}]" for n in range(len(texts))] if is_plural(message) else [where]
        if is_plural(message) and len(texts) != catalog.num_plurals:
            found.append(f"{where}: {len(texts)} forms, Plural-Forms says {catalog.num_plurals}")
        if message.fuzzy:
            found.append(f"{where}: fuzzy")
            continue
        for label, text in zip(labels, texts):
            if not text:
                found.append(f"{label}: missing")
            elif not set(fields(text)) <= given(english):
                found.append(f"{label}: {{{'}, {'.join(sorted(set(fields(text)) - given(english)))}}} "
                             f"is not among the values it is given ({', '.join(sorted(given(english))) or 'none'})")
    for message in catalog:
        if message.id and (message.context, message_key(message)) not in wanted:
            found.append(f"{language} [{message.context}] {message_key(message)}: not in the English catalogue")
        if message.id and message.context in borrowed:
            found.append(f"{language} [{message.context}] {message_key(message)}: {language} takes "
                         f"{message.context} from {borrowed[message.context]} (po.FALLBACKS)")
    return found


def po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, ignore_obsolete=True, include_previous=False)
    return out.getvalue()


def write_if_changed(path, content: bytes) -> bool:
    if path.exists() and path.read_bytes() == content:
        return False
    path.write_bytes(content)
    return True


def main() -> int:
    source = read(SOURCE_LANGUAGE)
    pot = template(source)
    changed = [TEMPLATE_PATH] if write_if_changed(TEMPLATE_PATH, po_text(pot)) else []
    for language in LANGUAGES:
        catalog = source if language == SOURCE_LANGUAGE else updated(language, pot)
        if language != SOURCE_LANGUAGE and write_if_changed(po_path(language), po_text(catalog)):
            changed.append(po_path(language))
        compiled = io.BytesIO()
        write_mo(compiled, catalog, use_fuzzy=False)
        write_if_changed(po_path(language).with_suffix(".mo"), compiled.getvalue())
    for path in changed:
        print(f"updated {path.relative_to(LOCALE_DIR.parent)}")
    to_do = [problem for language in LANGUAGES for problem in problems(source, read(language), language)]
    for problem in to_do:
        print(f"to translate: {problem}")
    print(f"words: {len(changed)} catalogue(s) changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
