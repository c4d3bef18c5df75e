"""A confirm step carries what it confirms and checks it again: a keeper who typed a tag, chose
the kind and confirms after someone else recorded that tag is told where the animal is, and
nothing is recorded; the replayed keys never drift into another question (an untagged
seizure of the same kind) on the way."""
from __future__ import annotations

import uuid

from sqlalchemy import func, select

from models.tables import Impoundment, Pound
from tests.conftest import ADMIN_TOKEN, UssdDialler
from tests.pound.test_races import at_once
from tests.voice.voice_phone import VoicePhone

AMBA_KEEPER, BHAV_KEEPER = "+919825000001", "+919825000002"
HEADERS = {"Authorization": f"Bearer {ADMIN_TOKEN}"}


def at_amba(session) -> int:
    session.rollback()
    pound = session.scalars(select(Pound).where(Pound.code == "AMBA-1")).one()
    return session.scalar(select(func.count(Impoundment.id)).where(Impoundment.pound_id == pound.id))


def taken_by_the_api(client, tag: str) -> None:
    response = client.post("/api/v1/impoundments", json={"pound": "BHAV-1", "kind": "cow", "tag": tag},
                           headers=HEADERS)
    assert response.status_code == 201


def test_ussd_kind_chosen_after_the_tag_was_taken_is_told_where_it_is_not_asked_about_an_untagged_cow(
        world, app, client, session):
    tag, sid = "818181818181", f"ATUid_{uuid.uuid4().hex[:8]}"
    dialler = UssdDialler(client)
    for typed in ("", "1", f"1*{tag}"):
        dialler.post(AMBA_KEEPER, typed, sid)
    taken_by_the_api(client, tag)
    screen = dialler.post(AMBA_KEEPER, f"1*{tag}*1", sid).get_data(as_text=True)
    assert screen.startswith("END ") and ("Bhavpur" in screen or "ભાવપુર" in screen), screen


def test_ussd_confirm_after_the_tag_was_taken_records_nothing_and_says_where(world, app, client, session):
    tag, sid = "828282828282", f"ATUid_{uuid.uuid4().hex[:8]}"
    dialler = UssdDialler(client)
    for typed in ("", "1", f"1*{tag}", f"1*{tag}*1"):
        dialler.post(AMBA_KEEPER, typed, sid)
    before = at_amba(session)
    taken_by_the_api(client, tag)
    screen = dialler.post(AMBA_KEEPER, f"1*{tag}*1*1", sid).get_data(as_text=True)
    again = dialler.post(AMBA_KEEPER, f"1*{tag}*1*1*1", sid).get_data(as_text=True)  # pressed once more
    assert screen.startswith("END ") and ("Bhavpur" in screen or "ભાવપુર" in screen), screen
    assert again.startswith("END ")
    assert at_amba(session) == before  # no phantom untagged cow in AMBA's register


def test_the_voice_loser_of_a_tag_race_is_told_where_the_animal_is(world, app, settings, session):
    for round_ in range(10):
        tag = f"8383838383{round_:02d}"
        phones = [VoicePhone(app.test_client(), settings, "twilio", keeper) for keeper in (AMBA_KEEPER, BHAV_KEEPER)]
        for phone in phones:
            phone.call()
            phone.keys("1", tag, "1")   # seize, the tag, cow: the confirm screen
        documents = at_once(*[(lambda p=p: p.press("1")) for p in phones])
        session.rollback()
        [winner] = session.scalars(select(Impoundment).where(Impoundment.tag == tag)).all()
        # the loser hears the winner's pound by its name in the loser's language
        names = ("Ambaji", "અંબાજી", "अंबाजी") if winner.pound.code == "AMBA-1" else ("Bhavpur", "भावपुर", "ભાવપુર")
        told = [d for d in documents if any(name in " ".join(d.said()) for name in names)]
        assert len(told) == 1 and all(d.ends for d in documents), [" ".join(d.said()) for d in documents]
