"""Whether a deployment is under India's DLT rules is its setting `DLT_ENTITY_ID` (`Settings.under_dlt`),
never the name of its SMS provider: each place that asks, asked both ways round (SPEC 12.3)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from handlers import catalogue
from sms_gateway import cli_golive, create_app
from sms_gateway.providers import registry
from sms_gateway.settings import Settings
from tests.fakes.fixtures import DLT_ENTITY_ID, EXOTEL_CALLER_ID, EXOTEL_FROM, PUBLIC_BASE_URL

PLAIN_LANG = "Replies will now be in English."
REGISTERED_LANG = "Dabbo: replies will now be in English."


def test_a_deployment_is_under_dlt_when_its_entity_id_is_set_whatever_the_provider():
    assert Settings.from_env({"DLT_ENTITY_ID": DLT_ENTITY_ID, "SMS_PROVIDER": "console"}).under_dlt
    assert not Settings.from_env({"SMS_PROVIDER": "exotel"}).under_dlt


@pytest.fixture
def india(settings):
    return replace(settings, dlt_entity_id=DLT_ENTITY_ID, public_base_url=PUBLIC_BASE_URL,
                   exotel_caller_id=EXOTEL_CALLER_ID, exotel_from=EXOTEL_FROM)


def test_sms_are_said_as_registered_templates_under_dlt_even_on_the_console(india):
    create_app(replace(india, sms_provider="console")).extensions["dabbo"].engine.dispose()
    assert catalogue.t("en", "sms.lang") == REGISTERED_LANG


def test_sms_keep_their_own_words_on_exotel_without_a_dlt_entity(india):
    create_app(replace(india, sms_provider="exotel", dlt_entity_id=None)).extensions["dabbo"].engine.dispose()
    assert catalogue.t("en", "sms.lang") == PLAIN_LANG


def composer_shape(settings) -> str:
    """The notice shape the composer offers first: a registered meeting notice under DLT."""
    app = create_app(settings)
    app.config["TESTING"] = True
    with app.test_request_context("/broadcast"):
        from sms_gateway.pages import composer
        shown = "meeting" if composer.in_india() else "general"
    app.extensions["dabbo"].engine.dispose()
    return shown


def test_the_composer_offers_registered_notices_under_dlt_even_on_the_console(india):
    assert composer_shape(replace(india, sms_provider="console")) == "meeting"


def test_the_composer_offers_free_words_on_exotel_without_a_dlt_entity(india):
    assert composer_shape(replace(india, sms_provider="exotel", dlt_entity_id=None)) == "general"


def test_golive_asks_the_provider_whether_it_sends_dlt_templates_not_its_name(india, monkeypatch):
    assert cli_golive.provider(replace(india, sms_provider="exotel")).blocks is None
    assert cli_golive.provider(replace(india, sms_provider="twilio")).blocks == (
        "set SMS_PROVIDER to exotel (SMS_PROVIDER=twilio sends no DLT template ids)")
    declared = registry.spec
    monkeypatch.setattr(registry, "spec", lambda name: replace(declared(name), sends_dlt_templates=True)
                        if name == "twilio" else declared(name))
    assert cli_golive.provider(replace(india, sms_provider="twilio")).blocks is None
