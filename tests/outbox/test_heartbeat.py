"""A worker's heartbeat (sms_gateway/worker/hands.py) says which outbox rows it holds. The
thread that writes it must outlive any one failed write: if it died, the rows would look
lost once the key expired and be sent again while this worker is still sending them."""
from __future__ import annotations

import json

import pytest
import redis

from sms_gateway.worker.hands import Hands


class ClosedUnderTheThread:
    """A client whose connection was torn down under the thread: not a RedisError."""

    def set(self, *_args, **_kwargs):
        raise AttributeError("'NoneType' object has no attribute 'sendall'")

    delete = set


@pytest.fixture
def hands(app):
    return Hands()   # beaten by hand: `hold` is never called, so no thread is started


def test_a_beat_that_fails_outside_redis_leaves_the_heartbeat_running(hands, caplog):
    hands.client, hands.key, hands.ids = ClosedUnderTheThread(), "dabbo:test:hands", {7}
    hands.beat()   # does not raise
    assert "heartbeat not written" in caplog.text


def test_the_next_beat_writes_the_held_rows_again(hands, app):
    client: redis.Redis = app.extensions["dabbo"].redis
    hands.client, hands.key, hands.ids = ClosedUnderTheThread(), "dabbo:test:hands", {7, 9}
    hands.beat()
    hands.client = client
    hands.beat()
    assert json.loads(client.get("dabbo:test:hands")) == [7, 9]
    client.delete("dabbo:test:hands")
