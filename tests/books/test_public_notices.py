"""The village's notices page (SPEC 12.3: the general notice's `{#url#}` leads to it):
`/v/{code}/notices`, no sign-in, the village's broadcasts of the last 30 days, newest first,
each with its date and in the official's own words; `/n/{code}` is its short link."""
from __future__ import annotations

from datetime import timedelta

from models.queries import village_by_code
from models.tables import Broadcast


def broadcast(session, code: str, text: str, at) -> None:
    session.add(Broadcast(village_id=village_by_code(session, code).id, text=text, created_at=at))
    session.commit()


def test_the_last_30_days_of_a_village_s_notices_newest_first_in_the_official_s_words(world, client, session,
                                                                                     clock):
    now = clock()
    broadcast(session, "AMBA", "Old notice from long ago", now - timedelta(days=31))
    broadcast(session, "AMBA", "ગ્રામ સભા રવિવારે", now - timedelta(days=3))
    broadcast(session, "AMBA", "Vaccination camp on Sunday", now - timedelta(hours=1))
    broadcast(session, "BHAV", "Bhavpur's own notice", now - timedelta(hours=1))
    response = client.get("/v/AMBA/notices?lang=en")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Old notice" not in html and "Bhavpur's own notice" not in html
    assert html.index("Vaccination camp on Sunday") < html.index("ગ્રામ સભા રવિવારે")
    assert '<p lang="gu">ગ્રામ સભા રવિવારે</p>' in html  # marked as written, on an English page
    assert (now - timedelta(days=3)).strftime("%d-%m") in html


def test_the_short_link_leads_to_the_notices_page_and_the_fee_list_links_to_it(world, client):
    response = client.get("/n/AMBA?lang=hi")
    assert response.status_code == 302 and response.headers["Location"].endswith("/v/AMBA/notices?lang=hi")
    assert 'href="/v/AMBA/notices"' in client.get("/v/AMBA").get_data(as_text=True)


def test_an_unknown_village_s_notices_page_says_so(world, client):
    assert client.get("/v/NOWHERE/notices?lang=en").status_code == 404
