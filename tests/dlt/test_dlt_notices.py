"""An official's notices in India (SPEC 12.3): chosen from registered notice templates with
typed fields (a meeting, an auction, or a general notice that points to the public page);
the official's free text goes out as it is only where SMS_PROVIDER is not Exotel."""
from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select

from models.tables import Broadcast, OutboundMessage
from tests.fakes.fixtures import EXOTEL_CALLER_ID, deliver_callbacks, on_exotel

TOKEN = "exotel-notice-token"
OFFICIAL = "+919825000003"  # Ambaji, reads Gujarati


@pytest.fixture
def settings(settings, exotel_settings):
    return on_exotel(settings, exotel_settings, exotel_webhook_token=TOKEN)


def sms(client, text: str) -> None:
    form = {"SmsSid": uuid.uuid4().hex, "From": "0" + OFFICIAL[-10:], "To": EXOTEL_CALLER_ID, "Body": text}
    assert client.post("/webhooks/exotel/sms", query_string={"token": TOKEN}, data=form).status_code == 200


def notices(session) -> dict[str, str]:
    session.expire_all()
    rows = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "broadcast")).all()
    return {row.language: row.text for row in rows}


def test_a_meeting_notice_goes_as_its_registered_template_in_every_language(world, client, session, run_worker,
                                                                             fake_exotel):
    sms(client, "NOTICE MEETING 20-12 10:00 Panchayat office")
    texts = notices(session)
    # under DLT_VALUES=strict the place (typed in any script) is on the public page, the date in ASCII
    assert texts["gu"] == "Dabbo: ગ્રામ સભાની બેઠક 20Dec10am. સ્થળ અને કાર્યસૂચિ http://dabbo.test/n/AMBA પર જુઓ"
    assert texts["en"] == ("Dabbo: gram sabha meeting of the village on 20Dec10am. The place and the agenda are on "
                           "http://dabbo.test/n/AMBA")
    run_worker()
    deliver_callbacks(client, fake_exotel)
    assert fake_exotel.scrubbed_failures == []
    assert {row.status for row in session.scalars(select(OutboundMessage))} <= {"delivered"}


def test_free_text_in_india_becomes_the_general_notice_pointing_to_the_public_page(world, client, session,
                                                                                 run_worker, fake_exotel):
    sms(client, "NOTICE Vaccination camp on Sunday, bring your cattle! Call 98250 12345")
    assert session.scalars(select(Broadcast)).one().text.startswith("Vaccination camp")  # kept on record
    texts = notices(session)
    assert texts["en"] == ("Dabbo: a new notice from your panchayat. Read it at http://dabbo.test/n/AMBA "
                           "or ask at the panchayat office.")
    assert all("Vaccination" not in text for text in texts.values())
    run_worker()
    deliver_callbacks(client, fake_exotel)
    assert fake_exotel.scrubbed_failures == []


def test_outside_india_the_official_s_words_go_as_typed(app, world, send, session):
    from dataclasses import replace

    app.extensions["dabbo"].settings = replace(app.extensions["dabbo"].settings, sms_provider="console",
                                               dlt_entity_id=None)  # not under DLT: no DLT entity
    from sms_gateway import dlt_setup

    dlt_setup.install(app.extensions["dabbo"].settings)
    send(OFFICIAL, "NOTICE MEETING 20-12 10:00 Panchayat office")
    assert notices(session)["en"] == "Ambaji panchayat: gram sabha meeting on 20-12 10am at Panchayat office."


def test_the_general_notice_s_link_is_the_village_s_notices_page_which_shows_the_words(world, client, session,
                                                                                       run_worker, fake_exotel):
    sms(client, "NOTICE Vaccination camp on Sunday, bring your cattle")
    link = "http://dabbo.test/n/AMBA"
    assert all(link in text for text in notices(session).values())
    html = client.get("/n/AMBA?lang=en", follow_redirects=True).get_data(as_text=True)
    assert "Vaccination camp on Sunday, bring your cattle" in html
    run_worker()
    deliver_callbacks(client, fake_exotel)
    assert fake_exotel.scrubbed_failures == []  # the page under the whitelisted link passes the scrubber
