"""The send path in India (SPEC 12.3): every Exotel request carries the DLT fields; a value that
breaks its slot, or a template not yet registered, is refused before any HTTP with a reason; and
the operator's scrubber (the fake) fails what does not match with Exotel's own codes."""
from __future__ import annotations

import uuid
from dataclasses import replace

import pytest

from handlers import dlt as templates
from handlers.dlt import wording
from handlers.dlt.profile import Profile
from handlers.outbox import queue_message
from models.tables import OutboundMessage
from sms_gateway import dlt_setup
from sms_gateway.providers.base import PERMANENT, SENT, Outgoing
from sms_gateway.providers.registry import get_provider
from sms_gateway.providers.exotel.adapter import ExotelProvider
from tests.fakes.fixtures import DLT_ENTITY_ID, deliver_callbacks, on_exotel

PHONE = "+919825011111"
# values as DLT_VALUES=strict (the default) writes them: ASCII letters and digits, no spaces
AUCTION_EN = ("Dabbo: auction of impounded cattle on 7Dec11am, the place is on http://dabbo.test. Owners can take an "
              "animal back until then.")
CLAIM_EN = "Dabbo: tag 123456789012, Rs 1250 due today. Take it home by {deadline}, or it will be auctioned."
CLAIM_EN, CLAIM_AS = CLAIM_EN.format(deadline="7Dec10am"), CLAIM_EN


@pytest.fixture
def settings(settings, exotel_settings):
    return on_exotel(settings, exotel_settings, dlt_broadcast_sms_type="transactional_opt_in")


@pytest.fixture
def exotel(settings) -> ExotelProvider:
    return get_provider(settings)


def test_every_request_carries_entity_template_sms_type_and_encoding(exotel, fake_exotel, settings):
    results = exotel.send_many([Outgoing(PHONE, CLAIM_EN, "1", kind="claim_reminder"),
                                Outgoing(PHONE, AUCTION_EN, "2", kind="auction_notice")])
    assert [r.outcome for r in results] == [SENT, SENT]
    claim, auction = fake_exotel.forms
    registry = dlt_setup.registry(settings)
    assert claim["DltEntityId"] == auction["DltEntityId"] == DLT_ENTITY_ID
    assert claim["DltTemplateId"] == registry.match(CLAIM_EN).template.template_id
    assert (claim["SmsType"], claim["EncodingType"]) == ("transactional", "plain")
    assert auction["SmsType"] == "transactional_opt_in"  # DLT_BROADCAST_SMS_TYPE: a notice to the village
    assert fake_exotel.scrubbed_failures == []


def test_a_gujarati_value_in_an_english_template_is_refused_before_any_http(exotel, fake_exotel):
    result = exotel.send(Outgoing(PHONE, CLAIM_AS.format(deadline="7ડિસે"), "3"))
    assert (result.outcome, result.error) == (
        PERMANENT, "dlt_value: deadline has a character other than ASCII letters and digits (DLT_VALUES=strict)")
    assert fake_exotel.requests == []


def test_a_31_character_value_is_refused_before_any_http(exotel, fake_exotel):
    deadline = "7December2026AtTenInTheMorning"[:30] + "X"  # 31 characters
    result = exotel.send(Outgoing(PHONE, CLAIM_AS.format(deadline=deadline), "4"))
    assert (result.outcome, result.error) == (PERMANENT, "dlt_value: deadline has 31 characters (under 30)")
    assert fake_exotel.requests == []


def test_a_long_value_written_by_the_wording_is_cut_under_30_and_delivered(exotel, fake_exotel):
    text = wording.render("en", "notice.claim_reminder", {"tag": "123456789012", "amount": "1250",
                                                          "deadline": "7 December 2026 at ten in the morning"},
                          exotel.templates.context)
    assert "Take it home by 7December2026AtTenInTheMornin, or" in text  # 29 characters
    assert exotel.send(Outgoing(PHONE, text, "5")).outcome == SENT
    assert fake_exotel.scrubbed_failures == []


def test_a_line_break_in_a_value_goes_as_a_space_never_as_a_silent_drop(exotel, fake_exotel):
    text = wording.render("en", "notice.auction", {"when": "07-12\n11am"}, exotel.templates.context)
    assert "on 7Dec11am, the place" in text
    assert exotel.send(Outgoing(PHONE, text, "6", kind="auction_notice")).outcome == SENT
    raw = CLAIM_EN.replace("Take it", "Take\nit")  # a text written elsewhere: the body is one line
    assert exotel.send(Outgoing(PHONE, raw, "7")).outcome == SENT
    assert fake_exotel.forms[-1]["Body"] == CLAIM_EN
    assert fake_exotel.scrubbed_failures == []


def test_a_template_still_pending_is_never_sent(settings, fake_exotel, tmp_path):
    unregistered = replace(settings, dlt_template_file=str(tmp_path / "none-registered.json"))
    result = get_provider(unregistered).send(Outgoing(PHONE, CLAIM_EN, "8"))
    assert (result.outcome, result.error) == (PERMANENT, "dlt_unregistered")
    assert fake_exotel.requests == []


def test_a_pending_template_fails_the_outbox_row_with_dlt_unregistered(app, session, clock, run_worker, settings,
                                                                        fake_exotel, tmp_path):
    message = queue_message(session, to_phone=PHONE, text=CLAIM_EN, language="en", kind="claim_reminder",
                            idempotency_key=f"test:{uuid.uuid4().hex}", now=clock())
    session.commit()
    run_worker(get_provider(replace(settings, dlt_template_file=str(tmp_path / "none.json"))))
    session.expire_all()
    row = session.get(OutboundMessage, message.id)
    assert (row.status, row.last_error) == ("failed", "dlt_unregistered")


# --- the operator's scrubber: what gets past our checks is still judged by the operator ---------


def lax_provider(settings, edit=None, profile: Profile | None = None) -> ExotelProvider:
    """An adapter whose own checks are looser than the operator's (an edited wording sent under
    the registered id; values up to 40 characters): what the fake then says is the operator's."""
    registered = templates.load(dlt_setup.template_file(settings))
    if edit:
        registered = [replace(t, text=edit(t.text)) if (t.name, t.language) == ("claim_reminder", "en") else t
                      for t in registered]
    registry = templates.Registry(registered, profile or Profile(var_chars=40), dlt_setup.context(settings))
    return ExotelProvider.from_settings(settings, templates=registry)


@pytest.mark.parametrize("edit,text,code", [
    (lambda t: t.replace("today.", "today!"), CLAIM_EN.replace("today.", "today!"),
     "23185 DLT_TEMPLATE_DOES_NOT_MATCH"),
    (None, CLAIM_AS.format(deadline="7December2026AtTenInTheMorning"), "23186 DLT_LENGTH_EXCEEDED"),
])
def test_the_scrubber_fails_what_the_portal_did_not_register_with_exotels_code(app, client, session, clock, settings,
                                                                                run_worker, fake_exotel, edit, text,
                                                                                code):
    message = queue_message(session, to_phone=PHONE, text=text, language="en", kind="claim_reminder",
                            idempotency_key=f"test:{uuid.uuid4().hex}", now=clock())
    session.commit()
    run_worker(lax_provider(settings, edit))
    deliver_callbacks(client, fake_exotel)
    session.expire_all()
    row = session.get(OutboundMessage, message.id)
    assert (row.status, row.last_error) == ("failed", code)


def test_an_id_the_portal_never_gave_is_failed_23182(settings, fake_exotel):
    registered = [replace(t, template_id="1107999999999999999") for t in templates.load(
        dlt_setup.template_file(settings))]
    provider = ExotelProvider.from_settings(settings, templates=templates.Registry(
        registered, Profile(), dlt_setup.context(settings)))
    assert provider.send(Outgoing(PHONE, CLAIM_EN, "9")).outcome == SENT  # Exotel takes it ...
    [failure] = fake_exotel.scrubbed_failures  # ... and the operator refuses it
    assert (failure["DetailedStatusCode"], failure["DetailedStatus"]) == ("23182", "DLT_TEMPLATE_NOT_FOUND")
