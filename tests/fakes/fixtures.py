"""Pytest fixtures for the provider fakes (load with
`pytest_plugins = ["tests.fakes.fixtures"]` or `-p tests.fakes.fixtures`).

Each fake server starts once per test session (starting is cheap, but a
session of many tests needs no more) and is reset before and after every test,
so no test sees another's requests, failures, delay or per-number outcomes.

- `fake_twilio` / `fake_at`: the running, freshly reset `FakeTwilio` /
  `FakeAfricasTalking`.
- `twilio_settings` / `at_settings`: `Settings()` with `sms_provider` and the
  credentials set and the API base pointed at the fake, so
  `get_provider(settings)` builds the production adapter against it.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from sms_gateway.settings import Settings

from .at_server import FakeAfricasTalking
from .exotel_server import FakeExotel
from .twilio_server import FakeTwilio

PUBLIC_BASE_URL = "https://dabbo.example.org"
TWILIO_FROM = "+15005550006"
AT_SENDER_ID = "DABBO"
AT_WEBHOOK_TOKEN = "at-webhook-token-for-tests"
EXOTEL_FROM = "DABBOP"
EXOTEL_CALLER_ID = "07940000000"
EXOTEL_WEBHOOK_TOKEN = "exotel-webhook-token-for-tests"
DLT_ENTITY_ID = "1101000000000000001"


@pytest.fixture(scope="session")
def fake_twilio_server():
    with FakeTwilio() as server:
        yield server


@pytest.fixture(scope="session")
def fake_at_server():
    with FakeAfricasTalking() as server:
        yield server


@pytest.fixture
def fake_twilio(fake_twilio_server):
    fake_twilio_server.reset()
    yield fake_twilio_server
    fake_twilio_server.reset()


@pytest.fixture
def fake_at(fake_at_server):
    fake_at_server.reset()
    yield fake_at_server
    fake_at_server.reset()


@pytest.fixture
def twilio_settings(fake_twilio) -> Settings:
    return replace(
        Settings(),
        sms_provider="twilio",
        twilio_account_sid=fake_twilio.account_sid,
        twilio_auth_token=fake_twilio.auth_token,
        twilio_from=TWILIO_FROM,
        twilio_api_base=fake_twilio.base_url,
        public_base_url=PUBLIC_BASE_URL,
    )


@pytest.fixture
def at_settings(fake_at) -> Settings:
    return replace(
        Settings(),
        sms_provider="africastalking",
        at_username=fake_at.username,
        at_api_key=fake_at.api_key,
        at_sender_id=AT_SENDER_ID,
        at_webhook_token=AT_WEBHOOK_TOKEN,
        at_api_base=fake_at.base_url,
        public_base_url=PUBLIC_BASE_URL,
    )


@pytest.fixture(scope="session")
def fake_exotel_server():
    with FakeExotel() as server:
        yield server


@pytest.fixture
def fake_exotel(fake_exotel_server):
    fake_exotel_server.reset()
    yield fake_exotel_server
    fake_exotel_server.reset()


@pytest.fixture
def exotel_settings(fake_exotel) -> Settings:
    return replace(
        Settings(),
        sms_provider="exotel",
        exotel_sid=fake_exotel.sid,
        exotel_api_key=fake_exotel.api_key,
        exotel_api_token=fake_exotel.api_token,
        exotel_from=EXOTEL_FROM,
        exotel_caller_id=EXOTEL_CALLER_ID,
        exotel_flow_url=f"http://my.exotel.com/{fake_exotel.sid}/exoml/start_voice/123456",
        exotel_api_base=fake_exotel.base_url,
        exotel_webhook_token=EXOTEL_WEBHOOK_TOKEN,
        dlt_entity_id=DLT_ENTITY_ID,
        public_base_url=PUBLIC_BASE_URL,
    )
