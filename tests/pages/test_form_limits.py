"""Length and shape limits on every free-text field, kept by the server and shown beside
the field (handlers.text.limits); a tag has one shape in every form and channel,
native digits included (models.queries.normalise_tag, tag_shape_ok). Demo district,
30-11-2026 10:00 IST; Ambaji keeper +919825000001 (gu)."""
from __future__ import annotations

from models import queries
from tests.conftest import ADMIN_TOKEN
from tests.pages.test_dashboard import _worker, sign_in_official  # noqa: F401 (autouse fixture)

KEEPER = "+919825000001"


def test_the_seizure_form_shows_the_place_limit_beside_the_field(client, session, world):
    sign_in_official(client, session, KEEPER)
    client.get("/?lang=gu")
    html = client.get("/records/seizure").get_data(as_text=True)
    assert '<span class="hint field-limit" id="place-limit">વધુમાં વધુ 40 અક્ષર.</span>' in html
    assert 'name="place" value="" maxlength="40"' in html


def test_a_place_over_forty_characters_is_refused_beside_it_and_nothing_is_saved(client, session, world):
    token = sign_in_official(client, session, KEEPER)
    client.get("/?lang=gu")
    response = client.post("/records/seizure", data={"csrf_token": token, "pound": "AMBA-1", "kind": "cow",
                                                      "tag": "777766665555", "place": "ક" * 5000})
    assert response.status_code == 422
    assert '<span class="field-error" id="place-error">વધુમાં વધુ 40 અક્ષર.</span>' in response.get_data(as_text=True)
    session.rollback()
    assert queries.impoundment_by_tag(session, "777766665555") is None


def test_a_tag_of_letters_is_refused_in_the_seizure_form(client, session, world):
    token = sign_in_official(client, session, KEEPER)
    client.get("/?lang=gu")
    response = client.post("/records/seizure", data={"csrf_token": token, "pound": "AMBA-1", "kind": "cow",
                                                      "tag": "abc"})
    assert response.status_code == 422
    assert "ટેગ એટલે કાનની ટેગનો 12 આંકડાનો નંબર કે ડબ્બાની પહોંચનો નંબર." in response.get_data(as_text=True)
    session.rollback()
    assert queries.impoundment_by_tag(session, "ABC") is None


def test_a_tag_in_gujarati_digits_releases_the_animal_from_the_form(client, session, world):
    token = sign_in_official(client, session, KEEPER)
    response = client.post("/records/release", data={"csrf_token": token, "tag": "૧૨૩૪ ૫૬૭૮ ૯૦૧૨", "mode": "normal"})
    assert response.status_code == 200, response.get_data(as_text=True)
    session.rollback()
    assert queries.impoundment_by_tag(session, "123456789012").status == "released"


def test_the_admin_api_refuses_a_five_thousand_character_place_and_says_the_limit(client, world):
    response = client.post("/api/v1/impoundments", json={"pound": "AMBA-1", "kind": "cow", "place": "x" * 5000},
                           headers={"Authorization": f"Bearer {ADMIN_TOKEN}", "Accept-Language": "en"})
    assert response.status_code == 422
    assert (response.get_json()["field"], response.get_json()["message"]) == ("place", "At most 40 characters.")


def test_the_admin_api_refuses_a_tag_of_letters(client, world):
    response = client.post("/api/v1/impoundments", json={"pound": "AMBA-1", "kind": "cow", "tag": "abc"},
                           headers={"Authorization": f"Bearer {ADMIN_TOKEN}", "Accept-Language": "hi"})
    assert response.status_code == 422
    assert response.get_json()["message"] == "टैग यानी कान के टैग का 12 अंकों का नंबर या कांजी हाउस की रसीद का नंबर."


def test_an_amount_and_a_date_in_gujarati_digits_are_read_as_numbers_in_a_form(client, session, world):
    """The State's pound fee for a camel typed by a Gujarati clerk as ૧૨૦ rupees from ૨૦૨૬-૧૨-૦૧:
    Rs 120 = 12,000 paise, in force from 1 December 2026, as if typed in ASCII digits."""
    from datetime import date

    from sqlalchemy import select

    from models.tables import PoundFee
    from tests.pages.test_dashboard import sign_in_admin

    token = sign_in_admin(client)
    response = client.post("/records/pound-fee", data={"csrf_token": token, "kind": "camel", "amount": "૧૨૦",
                                                       "effective_from": "૨૦૨૬-૧૨-૦૧"})
    assert response.status_code == 200, response.get_data(as_text=True)
    session.rollback()
    fee = session.scalars(select(PoundFee).where(PoundFee.kind == "camel",
                                                 PoundFee.effective_from == date(2026, 12, 1))).one()
    assert fee.amount_paise == 12_000


def test_a_staff_form_without_its_csrf_token_is_refused_in_the_viewers_language(client, session, world):
    """A forged or stale seizure form (no token) records nothing; the keeper reads why in the
    language he asked for (Hindi here), with a link to open the form again, never Flask-WTF's
    English reason."""
    sign_in_official(client, session, KEEPER)
    response = client.post("/records/seizure?lang=hi", data={"pound": "AMBA-1", "kind": "cow", "tag": "777766665555"})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "इस फ़ॉर्म की अवधि समाप्त हो गई। पेज फिर खोलकर प्रयास करें।" in html
    assert '<a href="/records/seizure">फ़ॉर्म फिर से खोलें</a>' in html
    assert "CSRF" not in html and "Bad Request" not in html
    session.rollback()
    assert queries.impoundment_by_tag(session, "777766665555") is None


def test_a_wtforms_validation_message_reaches_the_page_in_gujarati_beside_its_field(client, session, world):
    """WTForms' own "Not a valid choice." for a role that is neither keeper nor official, and
    a 31st of February typed in Gujarati digits, each said in Gujarati beside its field."""
    from tests.pages.test_dashboard import sign_in_admin

    token = sign_in_admin(client)
    client.get("/?lang=gu")
    response = client.post("/records/staff", data={"csrf_token": token, "phone": "+919825000077", "role": "boss",
                                                   "village": "AMBA"})
    assert response.status_code == 422
    assert '<span class="field-error" id="role-error">એક પસંદ કરો.</span>' in response.get_data(as_text=True)
    response = client.post("/records/seizure", data={"csrf_token": token, "pound": "AMBA-1", "kind": "cow",
                                                     "tag": "777766665555", "seized_at": "૩૧-૦૨-૨૦૨૬ ૧૦:૦૦"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'value="૩૧-૦૨-૨૦૨૬ ૧૦:૦૦"' in html   # kept as typed
    assert '<span class="field-error" id="seized_at-error">આ તારીખ કે સમય બરાબર નથી.</span>' in html
    session.rollback()
    assert queries.impoundment_by_tag(session, "777766665555") is None
