"""SPEC 13.1, "timestamps local and in the reader's format": every time a person reads is said
as the alerts say it ("30-11 બપોરે 2:44", "30-11 दोपहर 2:44", "30-11 2:44pm"), and a refusal
names a pound in the reader's language (docs/TRANSLATORS.md, "Times").

The demo district (sms_gateway/demo.py), test clock Mon 30-11-2026 10:00 IST: the Gujarati
owner +919825000004's buffalo 123456789013 is not in a pound; the cow 123456789012 is in
Ambaji's pound (AMBA-1, "અંબાજી નં.1" / "अंबाजी नं.1") since 29-11 08:00, the buffalo
234567890123 in Bhavpur's (BHAV-1, "ભાવપુર નં.1" / "भावपुर नं.1") since 25-11 08:00. AMBA's
keeper +919825000001 reads Gujarati, BHAV's +919825000002 Hindi.
"""
from __future__ import annotations

from datetime import datetime, timezone

import pytest
from sqlalchemy import select, update

from handlers.notices.common import SEIZURE_ALERT
from models.tables import OutboundMessage, Person

OWNER, AMBA_KEEPER, BHAV_KEEPER = "+919825000004", "+919825000001", "+919825000002"
FREE_BUFFALO, AMBA_COW, BHAV_BUFFALO = "123456789013", "123456789012", "234567890123"
AT_2_44_PM = datetime(2026, 11, 30, 9, 14, tzinfo=timezone.utc)   # 30-11 14:44 IST


@pytest.mark.parametrize("language,said", [("gu", "30-11 બપોરે 2:44"), ("hi", "30-11 दोपहर 2:44")])
def test_the_find_reply_says_the_seizure_time_as_the_alert_does(world, send, session, clock, language, said):
    """Seized at 14:44: the alert and the FIND reply both say the afternoon's 2:44, its minutes kept
    (a moment that happened), never "14:44"."""
    session.execute(update(Person).where(Person.phone == OWNER).values(language=language))
    session.commit()
    clock.set(AT_2_44_PM)
    send(AMBA_KEEPER, f"SEIZE {FREE_BUFFALO} buffalo")
    alert = session.scalars(select(OutboundMessage.text).where(
        OutboundMessage.kind == SEIZURE_ALERT, OutboundMessage.to_phone == OWNER,
        OutboundMessage.text.contains(FREE_BUFFALO))).one()

    reply = send(OWNER, f"FIND {FREE_BUFFALO}")

    assert said in alert
    assert said in reply
    assert "14:44" not in reply


@pytest.mark.parametrize("language,claim_by", [("gu", "07-12 બપોરે 2 સુધી"), ("hi", "07-12 दोपहर 2 तक")])
def test_the_find_reply_says_the_claim_deadline_on_the_hour_before_the_laws_moment(world, send, session, clock,
                                                                                  language, claim_by):
    """Seized 30-11 14:44: the 7 days run out 07-12 14:44, said "07-12 2 in the afternoon", never later."""
    session.execute(update(Person).where(Person.phone == OWNER).values(language=language))
    session.commit()
    clock.set(AT_2_44_PM)
    send(AMBA_KEEPER, f"SEIZE {FREE_BUFFALO} buffalo")

    assert claim_by in send(OWNER, f"FIND {FREE_BUFFALO}")


def test_a_second_seizure_is_refused_with_the_pound_named_in_the_keepers_language(world, send):
    """Bhavpur's buffalo, seized again by Ambaji's Gujarati keeper: where it is, by the pound's
    Gujarati name, and since when, as a Gujarati says it."""
    assert send(AMBA_KEEPER, f"SEIZE {BHAV_BUFFALO} buffalo") == (
        f"ટેગ {BHAV_BUFFALO} 25-11 સવારે 8થી ભાવપુર નં.1માં છે જ. કંઈ નોંધાયું નથી.")


def test_a_second_seizure_is_refused_with_the_pound_named_in_hindi_for_a_hindi_keeper(world, send):
    reply = send(BHAV_KEEPER, f"SEIZE {AMBA_COW} cow")
    assert "अंबाजी नं.1" in reply and "29-11 सुबह 8" in reply
    assert "Ambaji" not in reply


def test_a_second_seizure_on_ussd_names_the_pound_in_the_keepers_language(world, ussd):
    screen = ussd(AMBA_KEEPER, "1", BHAV_BUFFALO)
    assert screen.startswith("END ") and "ભાવપુર નં.1" in screen and "25-11 સવારે 8" in screen
    assert "Bhavpur" not in screen


@pytest.mark.parametrize("lang,name", [("gu", "અંબાજી"), ("hi", "अंबाजी")])
def test_the_public_fee_list_and_notices_name_the_village_in_the_readers_language(world, client, lang, name):
    for path in ("/v/amba", "/v/amba/notices"):
        html = client.get(f"{path}?lang={lang}").get_data(as_text=True)
        assert "<h1>" in html and name in html.split("<h1>")[1].split("</h1>")[0], path
        assert "Ambaji Gram" not in html
