"""An owner's lookup answer is computed once per key (handlers/pound/answers.py) and is
never stale: after any change of what it depends on, the very next request of every
channel (SMS FEES, USSD "find animal", the dues API) answers what a cold process computes
from the database, and that answer is a new one. Real PostgreSQL (the row versions).

World: the demo district. John D'Souza (+919825000006, en) owns the bullock 345678901234,
seized 21-11-2026 08:00 IST in AMBA (§189-notified); the clock is 30-11 10:00 IST.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from handlers.pound import answers as answer_cache
from handlers.pound.answers import ANSWERS
from models import queries

OWNER, KEEPER = "+919825000006", "+919825000001"
TAG, GOAT = "345678901234", "345678901235"


@pytest.fixture
def ask(world, send_twilio, ussd, api, session):
    impoundment_id = queries.impoundment_by_tag(session, TAG).id
    session.rollback()

    def answers() -> dict:
        fees = send_twilio(OWNER, f"FEES {TAG}")
        dues = api.get(f"/impoundments/{impoundment_id}/dues")
        assert fees.status_code == 200 and dues.status_code == 200, dues.get_json()
        return {"sms": fees.reply, "ussd": ussd(OWNER, "1", TAG), "dues": dues.get_json()}

    answers.impoundment_id = impoundment_id
    return answers


def _release(api, ask, clock):
    assert api.post(f"/impoundments/{ask.impoundment_id}/release", {"owner_phone": OWNER}).status_code == 200


def _sale(api, ask, clock):
    response = api.post(f"/impoundments/{ask.impoundment_id}/sale", {"proceeds_paise": 500000})
    assert response.status_code == 200, response.get_json()


def _rate_version(api, ask, clock):
    """A new approved bullock rate, Rs 60 a day from 20-11 (before the seizure date)."""
    response = api.put("/villages/AMBA/daily-rates", {"rates": {"bullock": 6000}, "effective_from": "2026-11-20",
                                                      "approval_ref": "DP/AMBA/2"})
    assert response.status_code == 200, response.get_json()


def _backdated_seizure(api, ask, clock):
    """John's goat recorded as seized at AMBA on 15-11, before the bullock: the bullock's
    seizure becomes his second occasion (§189(1) "the number of times")."""
    response = api.post("/impoundments", {"pound": "AMBA-1", "kind": "goat", "tag": GOAT,
                                          "seized_at": "2026-11-15T08:00:00+05:30", "keeper_phone": KEEPER})
    assert response.status_code == 201, response.get_json()


def _midnight(api, ask, clock):
    """From 30-11 23:59 IST to 01-12 00:01 IST: one more day of feeding."""
    clock.set(clock() + timedelta(minutes=2))


def _language(api, ask, clock):
    ask.send_twilio(OWNER, "LANG HI")


# (change, what to do just before the first answers, the channels whose answer must differ)
CHANGES = {
    "a release": (_release, None, {"sms", "ussd"}),
    "a sale": (_sale, "after the auction", {"sms", "ussd"}),
    "a rate version": (_rate_version, None, {"sms", "ussd", "dues"}),
    "a back-dated seizure": (_backdated_seizure, None, {"sms", "ussd", "dues"}),
    "midnight passing": (_midnight, "before midnight", {"sms", "ussd", "dues"}),
    "a language change": (_language, None, {"sms", "ussd"}),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_the_next_answer_after_a_change_is_the_new_one(change, ask, api, clock, send_twilio, session):
    do, when, differs = CHANGES[change]
    ask.send_twilio = send_twilio
    if when == "after the auction":
        auction_at = datetime.fromisoformat(ask()["dues"]["auction_at"])
        clock.set(auction_at.astimezone(timezone.utc) + timedelta(hours=1))
    elif when == "before midnight":
        clock.set(datetime(2026, 11, 30, 18, 29, tzinfo=timezone.utc))   # 30-11 23:59 IST
    before = ask()
    hits = ANSWERS.hits
    assert ask() == before and ANSWERS.hits >= hits + 3   # served from the cache
    do(api, ask, clock)
    after = ask()                       # the very next request of each channel
    answer_cache.forget()
    cold = ask()                        # what a process that never saw it computes
    assert after == cold
    assert {channel for channel in before if before[channel] != after[channel]} >= differs


def test_a_kind_of_answer_never_given_loads_the_animal_with_its_key(world, clock, session):
    """An animal answered in English and then asked about in Hindi: this process has no
    Hindi answer, so the animal comes with its key in one statement, not after it; asked
    in English again, the key alone is read (the answer it has may still hold)."""
    answer_cache.forget()
    english, hindi = ("FEES", "en"), ("FEES", "hi")
    found = answer_cache.by_tag(session, TAG, asking=english)
    assert found.impoundment is not None
    answer_cache.remembered(session, found, clock(), english, lambda loaded: "the English answer")
    assert answer_cache.by_tag(session, TAG, asking=english).impoundment is None
    in_hindi = answer_cache.by_tag(session, TAG, asking=hindi)
    assert in_hindi.impoundment is not None and in_hindi.key == found.key
    session.rollback()


def test_an_animal_in_the_pound_asked_by_tag_comes_in_one_statement_without_release_or_sale(
        world, session, statements):
    """The bullock is in the pound: its key says it has no release and no sale, so neither
    is read, with the animal or after it."""
    answer_cache.forget()
    statements.clear()
    found = answer_cache.by_tag(session, TAG, asking=("FEES", "en"))
    assert found.impoundment.release is None and found.impoundment.sale is None
    assert len(statements) == 1
    session.rollback()


def test_a_released_animal_asked_by_tag_answers_with_its_release(world, api, session):
    """Released, the bullock's key names a release: the release is read when the answer
    uses it, and is the one the API recorded."""
    impoundment_id = queries.impoundment_by_tag(session, TAG).id
    session.rollback()
    assert api.post(f"/impoundments/{impoundment_id}/release", {"owner_phone": OWNER}).status_code == 200
    answer_cache.forget()
    found = answer_cache.by_tag(session, TAG, asking=("FEES", "en"))
    assert found.key.release_version is not None
    assert found.impoundment.release.impoundment_id == impoundment_id
    assert found.impoundment.sale is None
    session.rollback()


def test_the_dues_read_no_pound_release_or_sale_after_the_animal(world, api, session, statements):
    """The dues API joins what the dues use (the village, the release, the sale) and not the
    pound, which they do not name. Held or released, the bullock's dues (asked of a process
    with no answer kept) read the animal first and nothing of its pound, release or sale after
    it (AMBA is §189-notified: the held animal's security scale is read on its own)."""
    impoundment_id = queries.impoundment_by_tag(session, TAG).id
    session.rollback()
    for released in (False, True):
        if released:
            assert api.post(f"/impoundments/{impoundment_id}/release", {"owner_phone": OWNER}).status_code == 200
        answer_cache.forget()
        statements.clear()
        assert api.get(f"/impoundments/{impoundment_id}/dues").status_code == 200
        assert statements[0].startswith("SELECT impoundments.id, impoundments.seizure_id")
        assert not [s for s in statements[1:] if s.startswith(("SELECT pounds.", "SELECT releases.", "SELECT sales."))]
