"""Redis killed for 10 s under the Procfile's three processes, run by honcho as `make run` runs
them (SPEC 13.6): no process exits (honcho would stop them all), and the replies written during
and after the outage go out within 60 s of Redis's return, each once.

Before: `rq cron` exited at its first enqueue after the kill (`rq/cron.py enqueue_jobs` ->
`ConnectionError`), honcho stopped the web and the worker with it, and the rows written while
Redis was down stayed `queued`.
"""
from __future__ import annotations

import os
import shutil
import time

import pytest

from tests.outages.stack import PrivateRedis, Sender, Stack, TimedTwilio, environment, outbox_statuses, wait_until
from tests.support import scratch_database

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server")]

OUTAGE_S = 10


@pytest.fixture
def stack_parts():
    database_url, drop = scratch_database(os.environ.get("DATABASE_URL")
                                          or "postgresql+psycopg://postgres@127.0.0.1:5432/test", prefix="dabbo_outage")
    server = PrivateRedis()
    server.start()
    fake = TimedTwilio()
    fake.start()
    stack = Stack(environment(database_url, server.url, fake))
    try:
        yield database_url, server, fake, stack
    finally:
        stack.stop()
        fake.stop()
        server.kill()
        drop()


def test_a_redis_restart_under_web_worker_and_cron_loses_no_reply_and_sends_none_twice(stack_parts):
    database_url, server, fake, stack = stack_parts
    stack.start()
    sender = Sender(stack.url, rate=4.0)
    sender.start()
    try:
        assert wait_until(lambda: len(fake.accepted) >= 8, 30), "nothing sent before the fault:\n" + stack.log()
        server.kill()
        time.sleep(OUTAGE_S)
        server.start()
        back = time.monotonic()
        time.sleep(10)  # traffic goes on after Redis is back
    finally:
        sender.stop()
    written_during = [phone for at, phone in sender.answered if back - OUTAGE_S <= at < back]
    assert written_during, "the web answered nothing while Redis was down"
    everyone = {phone for _, phone in sender.answered}
    all_sent = wait_until(lambda: everyone <= set(fake.sends_to()), max(0.0, back + 60 - time.monotonic()))
    last_sent = {to: at for at, to, _ in fake.accepted}
    outage_replies_sent_after_s = max(last_sent.get(phone, float("inf")) for phone in written_during) - back
    assert stack.alive(), "a process of the Procfile exited, and honcho stopped them all:\n" + stack.log()
    assert all_sent, (f"{len(everyone - set(fake.sends_to()))} of {len(everyone)} replies not sent 60 s after "
                      f"Redis came back; outbox {outbox_statuses(database_url)}\n" + stack.log())
    assert sender.refused == []
    assert {phone: n for phone, n in fake.sends_to().items() if n > 1} == {}
    assert outbox_statuses(database_url) == {"sent": len(everyone)}
    assert outage_replies_sent_after_s < 60
    print(f"\n{len(everyone)} replies, {len(written_during)} written while Redis was down and sent by "
          f"{outage_replies_sent_after_s:.1f} s after it came back; none twice")
