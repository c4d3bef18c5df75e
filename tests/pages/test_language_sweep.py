"""No English sentence and no machine timestamp reaches a Gujarati or Hindi reader:
every staff form's refusal, the refused and missing pages, and the admin API's
`message`, each walked in gu and hi (handlers.catalogue.refusals).

"An English sentence" is three or more Latin-letter words in a row in what the page
shows (commands such as `AUCTION 15-12`, "SMS" and "CSV" are fewer); "a machine
timestamp" is ISO 8601 (`2026-11-30T05:30`), or a time on the 24-hour clock (`16:35`,
`08:00`) where the reader says `સાંજે 4:35`, `सुबह 8` (docs/TRANSLATORS.md, "Times").
Demo district, 30-11-2026 10:00 IST.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.catalogue.test_language_sweep_channels import clocks_said_the_24_hour_way
from tests.conftest import ADMIN_TOKEN
from tests.pages.test_dashboard import _worker, csrf_token, sign_in_official  # noqa: F401 (autouse fixture)

KEEPER, BHAV_KEEPER = "+919825000001", "+919825000002"
BHAV_BUFFALO, AMBA_COW = "234567890123", "123456789012"
ENGLISH_SENTENCE = re.compile(r"\b[A-Za-z][a-z']+(?:[ ,]+[A-Za-z][a-z']+){2,}")
ISO_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")


class _Shown(HTMLParser):
    """The text a person sees in the page's language: no script, style or attribute, and
    not a message quoted in its recipient's language (an element marked with another
    `lang`, like the outbox's English SMS to an English-speaking owner)."""

    def __init__(self, page_lang: str = "") -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0
        self._page_lang = page_lang
        self._quoted: list[str] = []   # the tags of the open other-language elements

    def handle_starttag(self, tag, attrs):
        lang = dict(attrs).get("lang")
        if tag in ("script", "style") or (self._skip and tag in self._quoted):
            self._skip += 1
            self._quoted.append(tag)
        elif lang and self._page_lang and not lang.startswith(self._page_lang) and tag != "html":
            self._skip += 1
            self._quoted.append(tag)

    def handle_endtag(self, tag):
        if self._quoted and tag == self._quoted[-1]:
            self._quoted.pop()
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.parts.append(data.strip())


def shown(html: str, page_lang: str = "") -> list[str]:
    parser = _Shown(page_lang)
    parser.feed(html)
    return parser.parts


def leaks(texts: list[str], lang: str = "gu") -> list[str]:
    return [text for text in texts if ENGLISH_SENTENCE.search(text) or ISO_TIMESTAMP.search(text)
            or clocks_said_the_24_hour_way(text, lang)]


def errors_on(html: str) -> list[str]:
    """The refusals a form page shows: the field errors and the flashed reason."""
    found = re.findall(r'class="[^"]*(?:field-error|error)[^"]*"[^>]*>(.*?)</', html, re.S)
    return [re.sub(r"<[^>]+>", "", text).strip() for text in found if text.strip()]


def switch(client, lang: str) -> None:
    client.get(f"/?lang={lang}")


FORM_CASES = [
    # (form, what is typed): each refused, for a reason a handler gives in English in its log.
    ("seizure", {"pound": "AMBA-1", "kind": "cow", "tag": "777766665555", "seized_at": "2026-12-25T10:00"}),
    ("release", {"tag": AMBA_COW, "mode": "normal", "at": "2026-11-01T10:00"}),
    ("release", {"tag": AMBA_COW, "mode": "normal", "at": "2026-12-25T10:00"}),
    ("sale", {"tag": AMBA_COW, "proceeds": "5000"}),
    ("sale", {"tag": AMBA_COW, "proceeds": "abc"}),
    ("release", {"tag": "999999999999", "mode": "normal"}),
    ("release", {"tag": BHAV_BUFFALO, "mode": "normal"}),   # another pound's animal
]


@pytest.mark.parametrize("lang", ["gu", "hi"])
@pytest.mark.parametrize("slug,typed", FORM_CASES)
def test_a_refused_form_says_why_in_the_readers_language_and_keeps_what_was_typed(client, session, world, lang,
                                                                                  slug, typed):
    token = sign_in_official(client, session, KEEPER)
    switch(client, lang)
    response = client.post(f"/records/{slug}", data={"csrf_token": token, **typed})
    html = response.get_data(as_text=True)
    assert response.status_code in (403, 409, 422)
    said = errors_on(html)
    assert said, html
    assert leaks(said, lang) == []
    assert f'value="{typed["tag"]}"' in html   # the form is kept as typed
    assert not any("  " in text for text in said)   # no value left out of the sentence


def test_another_pounds_tag_is_refused_beside_the_tag_in_gujarati(client, session, world):
    token = sign_in_official(client, session, KEEPER)
    switch(client, "gu")
    response = client.post("/records/release", data={"csrf_token": token, "tag": BHAV_BUFFALO, "mode": "normal"})
    assert response.status_code == 403
    assert "આ નોંધ બીજા ડબ્બા કે ગામની છે" in response.get_data(as_text=True)
    assert "Forbidden" not in response.get_data(as_text=True)


@pytest.mark.parametrize("lang,said", [("gu", "25-11 સવારે 8થી ભાવપુર નં.1માં છે જ"),
                                      ("hi", "25-11 सुबह 8 से भावपुर नं.1 में है")])
def test_a_second_seizure_on_the_form_names_the_pound_in_the_readers_language(client, session, world, lang, said):
    """Bhavpur's buffalo typed on Ambaji's seizure form: where it is, by the pound's name in the
    page's language, and since when as the reader says it (never "Bhavpur panchayat pound", "08:00")."""
    token = sign_in_official(client, session, KEEPER)
    switch(client, lang)
    response = client.post("/records/seizure", data={"csrf_token": token, "pound": "AMBA-1", "kind": "buffalo",
                                                     "tag": BHAV_BUFFALO})
    assert response.status_code == 422   # a field error, beside the tag
    assert said in " ".join(errors_on(response.get_data(as_text=True)))


@pytest.mark.parametrize("lang,words", [("gu", "આ બીજા ડબ્બા કે ગામનું છે"), ("hi", "यह दूसरे कांजी हाउस या गांव का है")])
def test_a_page_of_another_pound_is_refused_in_the_readers_language(client, session, world, lang, words):
    sign_in_official(client, session, KEEPER)
    switch(client, lang)
    from models import queries
    other = queries.impoundment_by_tag(session, BHAV_BUFFALO).id
    response = client.get(f"/impoundments/{other}")
    assert response.status_code in (403, 404)
    html = response.get_data(as_text=True)
    assert leaks(shown(html)) == []
    assert "Forbidden" not in html


API_CASES = [
    ("post", "/impoundments", {"pound": "AMBA-1", "kind": "cow", "seized_at": "2027-01-01T10:00:00+05:30"}),
    ("post", "/impoundments", {"pound": "NOPE-1", "kind": "cow"}),
    ("post", "/impoundments", {"pound": "AMBA-1", "kind": "unicorn"}),
    ("post", "/impoundments/1/release", {"at": "2020-01-01T10:00:00+05:30"}),
    ("post", "/impoundments/1/sale", {"proceeds_paise": 500000}),
    ("get", "/impoundments/999999", None),
    ("get", "/nothing-here", None),
]


@pytest.mark.parametrize("lang", ["gu", "hi"])
@pytest.mark.parametrize("method,path,body", API_CASES)
def test_every_admin_api_refusal_carries_a_message_in_the_clients_language(client, world, lang, method, path,
                                                                           body):
    headers = {"Authorization": f"Bearer {ADMIN_TOKEN}", "Accept-Language": lang}
    call = getattr(client, method)
    response = call(f"/api/v1{path}", json=body, headers=headers) if body is not None else \
        call(f"/api/v1{path}", headers=headers)
    assert 400 <= response.status_code < 500
    message = response.get_json()["message"]
    assert message and leaks([message]) == [], message
    assert re.search(r"[\u0A80-\u0AFF]" if lang == "gu" else r"[\u0900-\u097F]", message), message


def test_a_wrong_token_is_explained_in_hindi(client, world):
    response = client.get("/api/v1/impoundments", headers={"Authorization": "Bearer wrong", "Accept-Language": "hi"})
    assert response.status_code == 401
    assert response.get_json()["message"] == "प्रवेश कुंजी (bearer token) नहीं है या गलत है."


PAGES = ["/", "/records", "/records/seizure", "/records/release", "/records/sale", "/records/auction",
         "/records/complaint", "/books", "/books/AMBA-1/register", "/books/AMBA-1/accounts", "/broadcast", "/costs"]


@pytest.mark.parametrize("lang", ["gu", "hi"])
def test_no_page_shows_an_english_sentence_or_a_machine_timestamp(client, session, world, lang):
    sign_in_official(client, session, "+919825000003")
    switch(client, lang)
    from models import queries
    cow = queries.impoundment_by_tag(session, AMBA_COW)
    found = {}
    for path in PAGES + [f"/impoundments/{cow.id}"]:
        response = client.get(path)
        assert response.status_code == 200, path
        found[path] = leaks(shown(response.get_data(as_text=True), lang), lang)
    assert {path: texts for path, texts in found.items() if texts} == {}
