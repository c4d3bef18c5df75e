"""One pace per provider account, shared in Redis by every worker (sms_gateway.providers.pacing),
against the fake Exotel enforcing its documented rate limit (tests/fakes/exotel_server.py:
past the limit, 429 with Retry-After). The limit is scaled down (20 requests per 2 s instead of
200 per 60 s) so that the test takes seconds; the arithmetic is the same."""
from __future__ import annotations

import threading
import time

from handlers.catalogue import t
from sms_gateway.providers import pacing
from sms_gateway.providers.base import SENT, Outgoing
from sms_gateway.providers.registry import get_provider

TEXT = t("en", "missed.sms_none")
LIMIT, PERIOD = 20, 2.0
REQUESTS = 60


def workers_sending(exotel_settings, paced_by, count=2, each=REQUESTS // 2):
    """`count` workers (threads, each its own adapter), `each` one-recipient requests apiece."""
    results, threads = [], []

    def work(n):
        provider = get_provider(exotel_settings)
        provider.pacer = paced_by()
        for i in range(each):
            results.append(provider.send(Outgoing(f"+9198253{n}{i:04d}", TEXT, f"{n}-{i}")))

    for n in range(count):
        threads.append(threading.Thread(target=work, args=(n,)))
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return results, time.monotonic() - started


def test_two_workers_sharing_one_exotel_account_are_never_refused_and_take_about_the_floor(
        app, exotel_settings, fake_exotel):
    fake_exotel.limit_requests(LIMIT, PERIOD)
    client = app.extensions["dabbo"].redis
    results, elapsed = workers_sending(exotel_settings, lambda: pacing.Pacer(client, "exotel:dabbo1", LIMIT, PERIOD))
    assert fake_exotel.rate_limited == 0
    assert [r.outcome for r in results] == [SENT] * REQUESTS
    floor = (REQUESTS - LIMIT) / LIMIT * PERIOD  # the provider's own window: 20 at once, then 20 per 2 s
    assert floor <= elapsed < REQUESTS / LIMIT * PERIOD * 1.5, elapsed


def test_the_fake_refuses_the_same_workers_unpaced(app, exotel_settings, fake_exotel):
    """What the pace prevents: the same traffic without it runs into the wall."""
    fake_exotel.limit_requests(LIMIT, PERIOD)
    results, _ = workers_sending(exotel_settings, lambda: None)
    assert fake_exotel.rate_limited > 0
    assert any(r.outcome != SENT for r in results)


def test_a_429_with_retry_after_pauses_the_account_and_the_request_is_made_again(app, exotel_settings, fake_exotel):
    client = app.extensions["dabbo"].redis
    provider = get_provider(exotel_settings)
    provider.pacer = pacing.Pacer(client, "exotel:dabbo1", 200)
    fake_exotel.fail_next(1, 429, headers={"Retry-After": "1"})
    started = time.monotonic()
    result = provider.send(Outgoing("+919825011111", TEXT, "1"))
    assert result.outcome == SENT and time.monotonic() - started >= 1.0
    assert [r.status for r in fake_exotel.requests] == [429, 200]


def test_a_saturated_sms_platform_503_with_retry_after_is_honoured_too(app, exotel_settings, fake_exotel):
    client = app.extensions["dabbo"].redis
    provider = get_provider(exotel_settings)
    provider.pacer = pacing.Pacer(client, "exotel:dabbo1", 200)
    other = get_provider(exotel_settings)  # a second worker of the same account
    other.pacer = pacing.Pacer(client, "exotel:dabbo1", 200)
    fake_exotel.fail_next(1, 503, headers={"Retry-After": "1"})
    started = time.monotonic()
    assert provider.send(Outgoing("+919825011111", TEXT, "1")).outcome == SENT
    assert other.send(Outgoing("+919825011112", TEXT, "2")).outcome == SENT
    assert time.monotonic() - started >= 1.0
    assert [r.status for r in fake_exotel.requests] == [503, 200, 200]


def test_the_worker_paces_exotel_by_its_setting(app, exotel_settings):
    provider = get_provider(exotel_settings)
    pacing.attach(provider, app.extensions["dabbo"].redis, exotel_settings)
    assert exotel_settings.exotel_requests_per_minute == 200
    assert provider.pacer.interval_ms == int(60_000 * pacing.MARGIN / 200)
