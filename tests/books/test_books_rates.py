"""earlier, the list of fees exhibited (Cattle Pounds Rules r.6; SPEC
11.2): SMS `RATES [village code]` for anyone and the public page /v/{code},
no sign-in, in gu/hi/en; and §187(2)'s approval reference on a daily-rate
version. Demo amounts (SAMPLE): cow fee Rs 50, cow rate Rs 40 a day; AMBA's
scale starts at Rs 200 a head; BHAV is not §189-notified.
"""
from __future__ import annotations

from datetime import date

from sqlalchemy import func, select

from models.tables import DailyRate, InboundMessage

STRANGER, EN_OWNER, HI_OWNER = "+919825000077", "+919825000006", "+919825000005"


def test_rates_for_the_senders_village_in_english(world, send):
    reply = send(EN_OWNER, "RATES")
    assert reply.startswith("Pound fees Ambaji (fee + per day): cow Rs 50+Rs 40; bull Rs 100+Rs 50")


def test_rates_for_a_named_village_lists_no_security_where_not_notified(world, send, api):
    api.put("/villages/BHAV/daily-rates", json={"rates": {"cow": 3000}, "effective_from": "2026-11-01",
                                                "approval_ref": "DP/BHAV/2"})
    reply = send(HI_OWNER, "rates bhav")
    assert reply.startswith("कांजी शुल्क भावपुर (शुल्क + प्रतिदिन): गाय रु. 50+रु. 30; ")


def test_rates_of_an_unknown_village_says_so_and_changes_nothing(world, send, session):
    reply = send(STRANGER, "RATES NOWHERE")
    assert reply == "NOWHERE કોડનું કોઈ ગામ નથી. RATES <ગામનો કોડ> મોકલો."


def test_rates_from_a_stranger_without_a_code_asks_which_village(world, send):
    assert send(STRANGER, "RATES") == "કયું ગામ? RATES <ગામનો કોડ> મોકલો."


def test_the_public_page_needs_no_sign_in_and_shows_all_fourteen_kinds(world, client):
    response = client.get("/v/amba?lang=en")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<title>Pound fees, Ambaji Gram</title>" in html
    for kind in ("cow", "bull", "bullock", "calf", "buffalo", "camel", "horse", "pony", "mule", "donkey",
                 "pig", "sheep", "goat", "elephant"):
        assert f'<th scope="row">{kind}</th>' in html
    assert "Rs 500" in html  # the elephant's fee
    assert "Security deposit per head (s.189)" in html and "Rs 1,000" in html


def test_the_public_page_defaults_to_the_village_language(world, client):
    html = client.get("/v/BHAV").get_data(as_text=True)  # BHAV's language: gu (the default)
    assert '<html lang="gu">' in html and "આ ગામને કલમ 189 લાગુ નથી" in html
    assert '<html lang="hi">' in client.get("/v/BHAV?lang=hi").get_data(as_text=True)


def test_an_unknown_village_on_the_public_page_is_a_clear_404(world, client, session):
    before = session.scalar(select(func.count()).select_from(InboundMessage))
    response = client.get("/v/NOWHERE?lang=en")
    assert response.status_code == 404
    assert "No village has the code NOWHERE." in response.get_data(as_text=True)
    response = client.get("/v/%3Cscript%3E?lang=en")
    assert response.status_code == 404 and "<script>" not in response.get_data(as_text=True)
    assert session.scalar(select(func.count()).select_from(InboundMessage)) == before


def test_a_daily_rate_version_carries_the_district_panchayats_approval(world, api, session, client):
    response = api.put("/villages/AMBA/daily-rates", json={
        "rates": {"cow": 4500}, "effective_from": "2026-11-15", "approval_ref": "DP/BK/2026/117"})
    assert response.status_code == 200 and response.get_json()["approval_ref"] == "DP/BK/2026/117"
    row = session.scalars(select(DailyRate).where(DailyRate.kind == "cow",
                                                  DailyRate.effective_from == date(2026, 11, 15))).one()
    assert row.approval_ref == "DP/BK/2026/117"
    html = client.get("/v/AMBA?lang=en").get_data(as_text=True)
    assert "Daily rates approved by the District Panchayat: DP/BK/2026/117" in html


def test_the_public_page_reads_every_kinds_fees_in_one_statement(world, client, app):
    """Fourteen kinds: the village, its rates, every kind's fee versions and the §189 scale,
    at most four statements, the fees one of them (before: one statement per kind's fee)."""
    from sqlalchemy import event

    engine, seen = app.extensions["dabbo"].engine, []
    listen = lambda *args: seen.append(args[2])   # noqa: E731
    client.get("/v/amba?lang=en")   # anything read once per process is read
    event.listen(engine, "before_cursor_execute", listen)
    try:
        assert client.get("/v/amba?lang=en").status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", listen)
    assert len([s for s in seen if "pound_fees" in s]) == 1
    assert len(seen) <= 4, seen
