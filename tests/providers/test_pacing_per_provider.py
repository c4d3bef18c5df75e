"""One pace per provider account, a setting per provider (sms_gateway.providers.pacing.attach):
TWILIO_REQUESTS_PER_MINUTE and AT_REQUESTS_PER_MINUTE, 0 by default (Twilio queues messages itself
and documents a concurrency limit, 429 error 20429; Africa's Talking publishes no numeric limit).
Paced or not, a 429/503 with Retry-After pauses every worker of the account and the request is
made once more, against the fake Twilio and Africa's Talking sending that header."""
from __future__ import annotations

import time
from dataclasses import replace

import pytest

from handlers.catalogue import t
from sms_gateway.providers import pacing
from sms_gateway.providers.base import SENT, TRANSIENT, Outgoing
from sms_gateway.providers.registry import get_provider
from sms_gateway.settings import Settings

TEXT = t("en", "missed.sms_none")


def test_twilio_and_africas_talking_are_unpaced_by_default():
    settings = Settings.from_env({})
    assert settings.twilio_requests_per_minute == 0 and settings.at_requests_per_minute == 0


def test_the_paces_are_read_from_the_environment():
    settings = Settings.from_env({"TWILIO_REQUESTS_PER_MINUTE": "100", "AT_REQUESTS_PER_MINUTE": "30"})
    assert settings.twilio_requests_per_minute == 100 and settings.at_requests_per_minute == 30


@pytest.mark.parametrize("which", ["twilio", "at"])
def test_the_worker_paces_each_provider_by_its_setting(app, request, which):
    settings = request.getfixturevalue(f"{which}_settings")
    settings = replace(settings, twilio_requests_per_minute=120, at_requests_per_minute=60)
    provider = get_provider(settings)
    pacing.attach(provider, app.extensions["dabbo"].redis, settings)
    per_minute = 120 if which == "twilio" else 60
    assert provider.pacer.interval_ms == int(60_000 * pacing.MARGIN / per_minute)


@pytest.mark.parametrize("which", ["twilio", "at"])
def test_unpaced_the_worker_still_has_a_pacer_for_retry_after(app, request, which):
    settings = request.getfixturevalue(f"{which}_settings")
    provider = get_provider(settings)
    pacing.attach(provider, app.extensions["dabbo"].redis, settings)
    assert provider.pacer.interval_ms == 0


def test_a_paced_twilio_account_keeps_its_pace(app, twilio_settings, fake_twilio):
    provider = get_provider(twilio_settings)
    provider.pacer = pacing.Pacer(app.extensions["dabbo"].redis, "twilio:test-pace", 10, 1.0)
    started = time.monotonic()
    results = [provider.send(Outgoing(f"+91982501{i:04d}", TEXT, str(i))) for i in range(6)]
    assert [r.outcome for r in results] == [SENT] * 6
    assert time.monotonic() - started >= 0.5  # five intervals of a tenth of a second


@pytest.mark.parametrize("status", [429, 503])
def test_twilio_retry_after_pauses_the_account_and_the_message_is_sent_again(app, twilio_settings, fake_twilio,
                                                                            status):
    provider = get_provider(twilio_settings)
    pacing.attach(provider, app.extensions["dabbo"].redis, twilio_settings)
    fake_twilio.fail_next(1, status, headers={"Retry-After": "1"})
    started = time.monotonic()
    result = provider.send(Outgoing("+919825011111", TEXT, "1"))
    assert result.outcome == SENT and time.monotonic() - started >= 1.0
    assert [r.status for r in fake_twilio.requests] == [status, 201]


def test_a_twilio_429_without_retry_after_stays_a_transient_failure(app, twilio_settings, fake_twilio):
    provider = get_provider(twilio_settings)
    pacing.attach(provider, app.extensions["dabbo"].redis, twilio_settings)
    fake_twilio.fail_next(1, 429)
    result = provider.send(Outgoing("+919825011111", TEXT, "1"))
    assert result.outcome == TRANSIENT and result.error.startswith("20429")
    assert [r.status for r in fake_twilio.requests] == [429]


@pytest.mark.parametrize("status", [429, 503])
def test_africas_talking_retry_after_pauses_every_worker_and_the_request_is_made_again(app, at_settings, fake_at,
                                                                                      status):
    client = app.extensions["dabbo"].redis
    provider, other = get_provider(at_settings), get_provider(at_settings)  # two workers, one account
    pacing.attach(provider, client, at_settings)
    pacing.attach(other, client, at_settings)
    fake_at.fail_next(1, status, headers={"Retry-After": "1"})
    started = time.monotonic()
    assert provider.send(Outgoing("+919825011111", TEXT, "1")).outcome == SENT
    assert other.send(Outgoing("+919825011112", TEXT, "2")).outcome == SENT
    assert time.monotonic() - started >= 1.0
    assert [r.status for r in fake_at.requests] == [status, 201, 201]


def test_a_forked_work_horse_keeps_its_accounts_pace(app, exotel_settings, monkeypatch):
    from sms_gateway.worker import jobs
    runtime = app.extensions["dabbo"]
    monkeypatch.setattr(runtime, "settings", exotel_settings)
    monkeypatch.setattr(jobs, "_context", jobs.Context(runtime, None, -1))  # the parent's, before the fork
    jobs.after_fork()
    assert jobs._context.provider.pacer.interval_ms == int(60_000 * pacing.MARGIN / 200)
