"""PostgreSQL stopped while people call (a private cluster, restarted: tests.test_faults_postgres):
a Twilio voice call gets TwiML asking to call again later (never a 500), and every missed call
that arrives while the database is down is rejected / answered 200 at once, parked, and answered
by SMS once the database is back: twenty missed calls in the outage, twenty answers after it."""
from __future__ import annotations

import uuid
import xml.etree.ElementTree as ElementTree
from dataclasses import replace

import pytest
from sqlalchemy import select

from models.tables import OutboundMessage
from sms_gateway.worker import missed_calls
from tests.outbox.test_faults_postgres import BIN, private_postgres  # noqa: F401 (the module's private cluster)
from tests.voice.test_missed_calls import TOKEN, exotel_missed_call, twilio_missed_call
from tests.voice.voice_phone import VoicePhone

pytestmark = pytest.mark.skipif(not BIN, reason="needs PostgreSQL server binaries")


@pytest.fixture
def settings(settings, private_postgres):  # noqa: F811
    return replace(settings, database_url=private_postgres.url, exotel_webhook_token=TOKEN)


@pytest.mark.slow
def test_calls_while_postgres_is_stopped_get_their_providers_answer_and_missed_calls_are_answered_after(
        world, app, client, session, private_postgres, dispatch):  # noqa: F811
    runtime = app.extensions["dabbo"]
    callers = [f"+9198252{i:05d}" for i in range(20)]
    session.close()
    private_postgres.stop()
    try:
        phone = VoicePhone(client, runtime.settings, "twilio", "+919825000006")
        response = phone._post_twilio(runtime.settings.public_base_url + "/webhooks/twilio/voice", {})
        assert response.status_code == 200 and response.mimetype == "text/xml"
        verbs = [verb.tag for verb in ElementTree.fromstring(response.get_data())]
        assert verbs[-1] == "Hangup" and "Say" in verbs
        for n, caller in enumerate(callers):
            if n % 2:
                answered = exotel_missed_call(client, caller)
                assert answered.status_code == 200 and answered.get_data() == b""
            else:
                answered = twilio_missed_call(client, runtime.settings, caller, call_sid=f"CA{uuid.uuid4().hex}")
                assert answered.status_code == 200 and b"<Reject" in answered.get_data()
        assert runtime.redis.llen(missed_calls.PARKED_KEY) == 20
    finally:
        private_postgres.start()
    assert "20 missed calls answered late" in dispatch()
    session.rollback()
    written = session.scalars(select(OutboundMessage.to_phone).where(
        OutboundMessage.idempotency_key.startswith("missed:"))).all()
    assert sorted(written) == sorted(callers)
