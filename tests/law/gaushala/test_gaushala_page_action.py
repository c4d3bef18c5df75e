"""1871 s.14 proviso on the staff pages: Mani Majra's official records the cow handed to a
gaushala with the record action `/records/handover`, as `POST /impoundments/{id}/handover`
(tests/law/gaushala/gaushala_support.py: seized 01-12-2026 10:00, notice 08-12 10:00, the
handover not before 15-12 10:00). Refused beside its field before then; recorded from then."""
from __future__ import annotations

import html

from tests.law.gaushala.gaushala_support import COW, GAUSHALA, noticed_cow
from tests.law.packs.test_trespass_1871_book_pages import OFFICIAL, set_up_mani
from tests.law.packs.trespass_support import ist
from tests.pages.test_dashboard import _worker, sign_in_official  # noqa: F401 (autouse fixture)


def post_form(client, token: str, **values):
    response = client.post("/records/handover?lang=en", data={"csrf_token": token, **values})
    return response.status_code, html.unescape(response.get_data(as_text=True))


def test_the_page_records_the_cow_handed_to_the_gaushala(api, client, session, clock):
    set_up_mani(api)
    cow = noticed_cow(api, clock)
    clock.set(ist(15))
    token = sign_in_official(client, session, OFFICIAL)
    status, page = post_form(client, token, tag=COW, handed_to=GAUSHALA)
    assert status == 200, page
    receipt = api.get(f"/impoundments/{cow}").json["receipt"]
    assert f"Handed to the gaushala {GAUSHALA}; it has left the pound, nothing collected (receipt {receipt})." in page
    assert api.get(f"/impoundments/{cow}").json["status"] == "handed_over"


def test_the_page_refuses_the_handover_a_minute_early_beside_its_time(api, client, session, clock):
    """15-12 09:59, a minute before the notice's 7 days are over: 422, nothing saved."""
    set_up_mani(api)
    cow = noticed_cow(api, clock)
    clock.set(ist(15, 9, 59))
    token = sign_in_official(client, session, OFFICIAL)
    status, page = post_form(client, token, tag=COW, handed_to=GAUSHALA)
    assert status == 422
    assert (f'<span class="field-error" id="at-error">Tag {COW} cannot go to the gaushala before 15-12 10am, '
            '7 days after the police notice (s.14).') in page
    assert api.get(f"/impoundments/{cow}").json["status"] == "impounded"
