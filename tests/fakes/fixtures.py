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

import csv
import io
from dataclasses import replace

import pytest

from handlers import catalogue, dlt as dlt_templates
from handlers.dlt import wording
from handlers.dlt.profile import Profile

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
# The links and call-back numbers the panchayat whitelisted on the DLT portal.
WHITELISTED_URLS = (PUBLIC_BASE_URL, "http://dabbo.test")
WHITELISTED_NUMBERS = (EXOTEL_CALLER_ID,)


@pytest.fixture(autouse=True)
def catalogue_words_after_each_test():
    """An app under DLT has the catalogues say every SMS as its registered template (handlers/dlt/
    wording.py); a test that reads the catalogues without an app of its own gets them back."""
    yield
    catalogue.send_registered_templates(None)


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


def approve_on_portal(exported_csv: str) -> str:
    """What a DLT portal gives back for an uploaded export: each template approved with an id
    (19 digits), in its own CSV layout (more columns than the two `dlt import` reads)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Template ID", "Template Name", "Template Content", "Template Type", "Status"])
    for number, row in enumerate(csv.DictReader(io.StringIO(exported_csv)), start=1):
        writer.writerow([f"1107{number:015d}", row["Template Name"], row["Template Content"], row["Category"],
                         "Approved"])
    return out.getvalue()


@pytest.fixture(scope="session")
def dlt_registered(tmp_path_factory):
    """The templates as a portal registered them: the committed template file (what `dlt sync`
    wrote and `dlt export` uploads) approved, and the approved ids imported into the wording's
    templates, in a template file of the session's own. A wording edited since the file was
    written keeps a PENDING id, as it would in a deployment. Returns (that file, [(id, text)])."""
    profile = Profile()
    exported = dlt_templates.export_csv(dlt_templates.load(), wording.Context(profile, PUBLIC_BASE_URL,
                                                                               EXOTEL_CALLER_ID),
                                        header=EXOTEL_FROM, broadcast_category="Promotional")
    registered, _matched, _unknown = dlt_templates.import_ids(dlt_templates.build(profile),
                                                              approve_on_portal(exported))
    path = tmp_path_factory.mktemp("dlt") / "dlt_templates.json"
    path.write_text(dlt_templates.dumps(registered), encoding="utf-8")
    return path, [(t.template_id, t.text) for t in registered if t.registered]


@pytest.fixture
def fake_exotel(fake_exotel_server, dlt_registered):
    """The fake Exotel, scrubbing every SMS against the registered templates, its values read as
    the default DLT_VALUES reads them (strict: ASCII letters and digits)."""
    fake_exotel_server.reset()
    fake_exotel_server.register(DLT_ENTITY_ID, dlt_registered[1], urls=WHITELISTED_URLS, numbers=WHITELISTED_NUMBERS)
    fake_exotel_server.scrub_values(Profile().values)
    yield fake_exotel_server
    fake_exotel_server.reset()


@pytest.fixture
def exotel_settings(fake_exotel, dlt_registered) -> Settings:
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
        dlt_template_file=str(dlt_registered[0]),
        public_base_url=PUBLIC_BASE_URL,
    )


EXOTEL_FIELDS = ("sms_provider", "exotel_sid", "exotel_api_key", "exotel_api_token", "exotel_from", "exotel_caller_id",
                 "exotel_flow_url", "exotel_api_base", "exotel_webhook_token", "dlt_entity_id", "dlt_template_file")


# The readings of Exotel no public page settles (INDIA-CHANNELS.md section 7), for the journeys that
# run under each: where Exotel puts the webhook token, and whether it keeps a configured query string.
@pytest.fixture(params=["path", "query"])
def token_in(request):
    return request.param


@pytest.fixture(params=["kept", "rewritten"])
def exotel_query(request):
    return request.param


def on_exotel(settings: Settings, exotel_settings: Settings, **changes) -> Settings:
    """A test app's settings (database, Redis, tokens) with Exotel and the registered templates:
    a deployment in India."""
    return replace(settings, **{**{name: getattr(exotel_settings, name) for name in EXOTEL_FIELDS}, **changes})


def post_callbacks(client, fake: FakeExotel) -> list[tuple[str, int]]:
    """Post the status callbacks the fake Exotel owes to the app, as Exotel does (form POST to
    the StatusCallback URL, its query as the fake's `rewrite_query` leaves it): (path, HTTP
    status) of each."""
    with fake._lock:
        owed, fake.callbacks = fake.callbacks, []
        fake.delivered_callbacks += owed
    answered = []
    for url, form in owed:
        path = "/" + url.split("://", 1)[1].split("/", 1)[1]
        answered.append((path, client.post(path, data=form).status_code))
    return answered


def deliver_callbacks(client, fake: FakeExotel) -> int:
    """Post the status callbacks the fake Exotel owes to the app, each answered 200; how many."""
    answered = post_callbacks(client, fake)
    for path, status in answered:
        assert status == 200, (path, status)
    return len(answered)
