"""One handset must not flood keepers or run up SMS costs: each
phone gets `inbound_rate_limit` (20) inbound messages per ten-minute window,
then one polite reply, then silence until the window ends. The count lives
in Redis; when Redis is down the limit fails open (answering beats refusing)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from handlers.catalogue import t
from handlers.text import fits_ussd_page
from models.tables import InboundMessage, OutboundMessage
from sms_gateway import ratelimit

STRANGER = "+919898012345"
EN_OWNER = "+919825000006"
LIMIT = 20  # Settings.inbound_rate_limit's default
POLITE_EN = "Too many messages from this phone. Dabbo will answer again in a few minutes."
POLITE_GU = "આ ફોન પરથી ઘણા બધા સંદેશા આવ્યા છે. થોડી મિનિટ પછી ફરી જવાબ મળશે."


def stored(session) -> int:
    session.expire_all()
    return session.scalar(select(func.count(InboundMessage.id)))


def replies_to(session, phone) -> list[str]:
    session.expire_all()
    return list(session.scalars(select(OutboundMessage.text).where(
        OutboundMessage.to_phone == phone, OutboundMessage.kind == "reply").order_by(OutboundMessage.id)))


def flood(send, phone, count, body="HELP"):
    return [send(phone, body) for _ in range(count)]


def test_the_default_limit_is_20_messages_per_10_minutes(settings):
    assert (settings.inbound_rate_limit, ratelimit.WINDOW) == (20, timedelta(minutes=10))


def test_twilio_the_21st_message_gets_one_polite_reply_then_empty_twiml(world, send_twilio, session):
    answered = flood(send_twilio, EN_OWNER, LIMIT)
    assert all(r.status_code == 200 and r.reply.startswith("Dabbo: send") for r in answered)
    over = flood(send_twilio, EN_OWNER, 5)
    assert [r.status_code for r in over] == [200] * 5
    assert [r.reply for r in over] == [POLITE_EN, "", "", "", ""]
    assert all(r.mimetype == "text/xml" for r in over)
    assert stored(session) == LIMIT  # messages over the limit reach no handler


def test_the_polite_reply_is_in_the_senders_language(world, send_twilio):
    replies = [r.reply for r in flood(send_twilio, STRANGER, LIMIT + 1)]
    assert replies[-1] == POLITE_GU


def test_africas_talking_writes_the_polite_reply_to_the_outbox_once(world, send_at, session):
    flood(send_at, EN_OWNER, LIMIT + 4)
    texts = replies_to(session, EN_OWNER)
    assert len(texts) == LIMIT + 1
    assert texts[-1] == POLITE_EN
    assert stored(session) == LIMIT


def test_messages_over_the_limit_write_nothing(world, send_twilio, session):
    outbox_before = session.scalar(select(func.count(OutboundMessage.id)))
    flood(send_twilio, STRANGER, LIMIT + 10, body="FIND 999999999999")
    assert stored(session) == LIMIT
    assert session.scalar(select(func.count(OutboundMessage.id))) == outbox_before  # Twilio replies in TwiML


def test_the_limit_counts_the_phone_however_it_is_written(world, send_twilio):
    flood(send_twilio, "+919825000006", LIMIT // 2)
    flood(send_twilio, "09825000006", LIMIT // 2)
    assert send_twilio("9825000006", "HELP").reply == POLITE_EN


def test_other_phones_are_not_limited(world, send_twilio):
    flood(send_twilio, STRANGER, LIMIT + 3)
    assert send_twilio(EN_OWNER, "HELP").reply.startswith("Dabbo: send")


def test_a_retried_message_sid_is_counted_once_and_answered_the_same(world, send_twilio, session):
    flood(send_twilio, EN_OWNER, LIMIT - 1)
    last = send_twilio(EN_OWNER, "HELP", sid="SMlast-allowed")
    polite = send_twilio(EN_OWNER, "HELP", sid="SMfirst-over")
    assert send_twilio(EN_OWNER, "HELP", sid="SMlast-allowed").reply == last.reply
    assert send_twilio(EN_OWNER, "HELP", sid="SMfirst-over").reply == polite.reply == POLITE_EN
    assert send_twilio(EN_OWNER, "HELP").reply == ""


def test_a_new_window_answers_again(world, send_twilio, clock):
    flood(send_twilio, EN_OWNER, LIMIT + 2)
    clock.set(clock() + ratelimit.WINDOW)
    assert send_twilio(EN_OWNER, "HELP").reply.startswith("Dabbo: send")


def test_with_redis_down_every_message_is_answered(world, send_twilio, app_redis_down, session):
    with app_redis_down():
        replies = [r.reply for r in flood(send_twilio, EN_OWNER, LIMIT + 3)]
    assert all(reply.startswith("Dabbo: send") for reply in replies)
    assert stored(session) == LIMIT + 3


def test_a_limit_of_zero_turns_the_limit_off(app, clock):
    runtime = app.extensions["dabbo"]
    verdicts = {ratelimit.check(runtime.redis, channel="sms", phone=EN_OWNER, message_id=str(n), limit=0,
                                now=clock()) for n in range(30)}
    assert verdicts == {ratelimit.ALLOW}


@pytest.mark.parametrize("position, verdict", [(1, "allow"), (20, "allow"), (21, "tell"), (22, "silent"),
                                               (500, "silent")])
def test_the_verdict_by_position_in_the_window(position, verdict):
    assert ratelimit.verdict_for(position, LIMIT) == verdict


def test_the_window_key_expires_by_itself(app, clock):
    runtime = app.extensions["dabbo"]
    ratelimit.check(runtime.redis, channel="sms", phone=EN_OWNER, message_id="x", limit=LIMIT, now=clock())
    ttl = runtime.redis.ttl(ratelimit.window_key("sms", EN_OWNER, clock()))
    assert ratelimit.WINDOW.total_seconds() < ttl <= ratelimit.WINDOW.total_seconds() + 60


# --- USSD: dials are counted, not the steps of a session -------------------------------------------


def test_ussd_the_21st_dial_ends_politely(world, ussd):
    for _ in range(LIMIT):
        assert ussd(EN_OWNER).startswith("CON ")
    screen = ussd(EN_OWNER)
    assert screen == "END " + t("en", "ussd.limited")
    assert ussd(EN_OWNER) == screen  # a USSD request is always answered


def test_ussd_steps_of_a_session_are_not_counted(world, ussd):
    assert ussd(EN_OWNER, *["9"] * 3, "00", *["0"] * 30).startswith("CON ")  # one dial, 35 steps
    assert ussd(EN_OWNER, "1", "345678901234").startswith("END ")


def test_ussd_a_dial_over_the_limit_records_nothing(world, ussd, session):
    for _ in range(LIMIT + 3):
        ussd(STRANGER)
    assert stored(session) == LIMIT


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_the_ussd_limit_screen_fits_one_page(language):
    assert fits_ussd_page("END " + t(language, "ussd.limited"))
