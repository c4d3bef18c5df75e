"""Actions where the record is: the impoundment page links to the forms that record what
happens next to this animal, with the animal filled in, and a form's result links back to
the record it changed. Demo district, 30-11-2026 10:00 IST; Ambaji keeper +919825000001
(gu); the cow 123456789012 is held at AMBA-1."""
from __future__ import annotations

import re

from models import queries
from tests.pages.test_dashboard import _worker, sign_in_admin, sign_in_official  # noqa: F401 (autouse fixture)

KEEPER = "+919825000001"
COW = "123456789012"


def test_the_impoundment_page_offers_release_and_sale_with_the_animal_filled_in(client, session, world):
    sign_in_official(client, session, KEEPER)
    cow = queries.impoundment_by_tag(session, COW)
    html = client.get(f"/impoundments/{cow.id}").get_data(as_text=True)
    actions = re.search(r'<nav id="actions".*?</nav>', html, re.S).group(0)
    assert f'href="/records/release?tag={COW}&amp;mode=normal"' in actions
    assert f'href="/records/release?tag={COW}&amp;mode=protest"' in actions
    assert f'href="/records/sale?tag={COW}"' in actions
    assert "deposit-refund" not in actions        # no deposit is refundable
    assert "complaint-outcome" not in actions     # not a keeper's form


def test_an_official_also_gets_the_complaint_forms(client, session, world):
    sign_in_official(client, session, "+919825000003")
    cow = queries.impoundment_by_tag(session, COW)
    html = client.get(f"/impoundments/{cow.id}").get_data(as_text=True)
    assert f'href="/records/complaint?tag={COW}"' in html
    assert f'href="/records/complaint-outcome?tag={COW}"' in html


def test_the_release_link_opens_the_form_filled_in_and_its_result_links_to_the_record(client, session, world):
    token = sign_in_official(client, session, KEEPER)
    cow = queries.impoundment_by_tag(session, COW)
    form = client.get(f"/records/release?tag={COW}&mode=protest").get_data(as_text=True)
    assert f'name="tag" value="{COW}"' in form
    assert '<option value="protest" selected>' in form
    done = client.post("/records/release", data={"csrf_token": token, "tag": COW, "mode": "normal"})
    assert done.status_code == 200
    assert f'<a id="done-link" href="/impoundments/{cow.id}">' in done.get_data(as_text=True)


def test_a_seizure_without_a_tag_links_to_the_record_it_made(client, session, world):
    token = sign_in_official(client, session, KEEPER)
    done = client.post("/records/seizure", data={"csrf_token": token, "pound": "AMBA-1", "kind": "goat"})
    assert done.status_code == 200
    link = re.search(r'<a id="done-link" href="/impoundments/(\d+)">', done.get_data(as_text=True))
    session.rollback()
    made = queries.impoundment_by_id(session, int(link.group(1)))
    assert (made.kind, made.tag) == ("goat", None)
