"""A village's notices on the right header (SPEC 13.2): headers and SmsType are coupled, a header
approved for one category only (INDIA-CHANNELS.md section 7). The fake operator fails a
promotional SMS from a letters header and a service SMS from a numeric one."""
from __future__ import annotations

from sms_gateway.providers.base import SENT, Outgoing
from sms_gateway.providers.registry import get_provider
from sms_gateway.settings import Settings
from tests.fakes.fixtures import EXOTEL_FROM, on_exotel

PHONE = "+919825011111"
AUCTION_EN = ("Dabbo: auction of impounded cattle on 7Dec11am, the place is on http://dabbo.test. Owners can take "
              "an animal back until then.")


def test_notices_go_as_service_sms_from_the_government_header_by_default(settings, exotel_settings, fake_exotel):
    assert Settings().dlt_broadcast_sms_type == "transactional"
    [result] = get_provider(on_exotel(settings, exotel_settings)).send_many(
        [Outgoing(PHONE, AUCTION_EN, "1", kind="auction_notice")])
    assert result.outcome == SENT
    [form] = fake_exotel.forms
    assert (form["From"], form["SmsType"]) == (EXOTEL_FROM, "transactional")
    assert fake_exotel.scrubbed_failures == []


def test_promotional_notices_go_from_their_own_numeric_header(settings, exotel_settings, fake_exotel):
    promo = on_exotel(settings, exotel_settings, dlt_broadcast_sms_type="promotional", exotel_promo_from="123456")
    get_provider(promo).send_many([Outgoing(PHONE, AUCTION_EN, "1", kind="auction_notice")])
    [form] = fake_exotel.forms
    assert (form["From"], form["SmsType"]) == ("123456", "promotional")
    assert fake_exotel.scrubbed_failures == []


def test_the_operator_fails_promotional_from_the_letters_header(settings, exotel_settings, fake_exotel):
    """The old default (promotional, from EXOTEL_FROM) under the coupled reading."""
    old = on_exotel(settings, exotel_settings, dlt_broadcast_sms_type="promotional")
    get_provider(old).send_many([Outgoing(PHONE, AUCTION_EN, "1", kind="auction_notice")])
    [failure] = fake_exotel.scrubbed_failures
    assert (failure["DetailedStatusCode"], failure["DetailedStatus"]) == ("23080", "SENDER_BLOCKED_BY_DLT")


def queued_at_half_past_nine(app, session, clock, settings, exotel_settings, **changes):
    """An auction notice written at 09:30 in Gujarat (04:00 UTC), the worker run at once."""
    import uuid
    from datetime import datetime, timezone

    from handlers.outbox import queue_message

    app.extensions["dabbo"].settings = on_exotel(settings, exotel_settings, **changes)
    clock.set(datetime(2026, 11, 30, 4, 0, tzinfo=timezone.utc))
    row = queue_message(session, to_phone=PHONE, text=AUCTION_EN, language="en", kind="auction_notice",
                        idempotency_key=f"test:{uuid.uuid4().hex}", now=clock())
    session.commit()
    return row


def test_a_promotional_notice_waits_for_ten_oclock(app, session, clock, settings, exotel_settings, fake_exotel,
                                                   run_worker):
    row = queued_at_half_past_nine(app, session, clock, settings, exotel_settings,
                                   dlt_broadcast_sms_type="promotional", exotel_promo_from="123456")
    run_worker()
    session.expire_all()
    assert (row.status, row.send_after.isoformat()) == ("queued", "2026-11-30T04:30:00+00:00")  # 10:00 IST
    assert fake_exotel.forms == []


def test_a_service_notice_goes_at_half_past_nine(app, session, clock, settings, exotel_settings, fake_exotel,
                                                 run_worker):
    row = queued_at_half_past_nine(app, session, clock, settings, exotel_settings)
    run_worker()
    session.expire_all()
    assert row.status == "sent" and fake_exotel.forms[0]["SmsType"] == "transactional"
