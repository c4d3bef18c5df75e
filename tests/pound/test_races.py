"""and F: races between concurrent requests, against real PostgreSQL.

Each test fires its requests at the same moment from threads (one Flask test
client each, one database connection each) and repeats the round, because a
race lost once in ten is still a race.
"""
from __future__ import annotations

import threading
import uuid

from sqlalchemy import func, select

from models.tables import Impoundment, Person
from tests.conftest import ADMIN_TOKEN, AfricasTalkingSms, TwilioSms

AMBA_KEEPER, BHAV_KEEPER = "+919825000001", "+919825000002"
ROUNDS = 10


def at_once(*calls):
    """Run every call in its own thread, released together; their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        barrier.wait()
        results[index] = call()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def held(session, tag: str) -> int:
    session.rollback()
    return session.scalar(select(func.count(Impoundment.id)).where(Impoundment.tag == tag,
                                                                  Impoundment.status == "impounded"))


def test_two_keepers_seizing_one_tag_at_once_make_one_impoundment_and_the_loser_is_told_where(
        world, app, settings, session):
    for round_ in range(ROUNDS):
        tag = f"5151515151{round_:02d}"
        senders = [TwilioSms(app.test_client(), settings) for _ in range(4)]
        keepers = [AMBA_KEEPER, BHAV_KEEPER, AMBA_KEEPER, BHAV_KEEPER]
        replies = [r.reply for r in at_once(*[
            (lambda s=s, k=k: s(k, f"SEIZE {tag} cow")) for s, k in zip(senders, keepers)])]
        assert held(session, tag) == 1, replies
        winner = session.scalars(select(Impoundment).where(Impoundment.tag == tag)).one()
        # Each loser is told where and since when, in their language (gu for AMBA's keeper, hi for BHAV's),
        # the pound by its name in that language.
        names = [winner.pound.names["gu"], winner.pound.names["hi"]]
        told = [reply for reply in replies if any(name in reply for name in names)
                and winner.seized_at.strftime("%d-%m") in reply and (("માં છે જ" in reply) or ("में है" in reply))]
        assert len(told) == 3, replies


def test_the_api_racing_an_sms_for_one_tag_makes_one_impoundment(world, app, settings, session):
    headers = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    for round_ in range(ROUNDS):
        tag = f"5252525252{round_:02d}"
        sms, api = TwilioSms(app.test_client(), settings), app.test_client()
        sms_response, api_response = at_once(
            lambda: sms(AMBA_KEEPER, f"SEIZE {tag} cow"),
            lambda: api.post("/api/v1/impoundments", json={"pound": "BHAV-1", "kind": "cow", "tag": tag},
                             headers=headers))
        assert held(session, tag) == 1
        if api_response.status_code == 409:
            body = api_response.get_json()
            assert body["field"] == "tag" and "Ambaji panchayat pound since" in body["error"]
        else:
            assert api_response.status_code == 201
            assert "ભાવપુર નં.1" in sms_response.reply   # AMBA's keeper reads Gujarati


def test_the_same_keeper_twice_at_once_makes_one_impoundment(world, app, settings, session):
    for round_ in range(ROUNDS):
        tag = f"5353535353{round_:02d}"
        senders = [TwilioSms(app.test_client(), settings) for _ in range(2)]
        at_once(*[(lambda s=s: s(AMBA_KEEPER, f"SEIZE {tag} cow")) for s in senders])
        assert held(session, tag) == 1


def test_a_new_phones_first_messages_at_once_are_all_answered(world, app, session):
    """F: creating the person was check-then-insert; the loser got
    the generic "try again". Every one of the burst must get the real answer."""
    for round_ in range(ROUNDS):
        phone = f"+9198790{round_:05d}"
        senders = [AfricasTalkingSms(app.test_client(), app) for _ in range(4)]
        responses = at_once(*[(lambda s=s: s(phone, "HELP", message_id=f"ATX-{uuid.uuid4().hex}"))
                              for s in senders])
        replies = [r.reply for r in responses]
        assert all(r.status_code == 200 for r in responses)
        assert len(set(replies)) == 1 and replies[0], replies
        session.rollback()
        assert session.scalar(select(func.count(Person.id)).where(Person.phone == phone)) == 1


def test_two_keepers_confirming_one_tag_by_ussd_at_once_make_one_impoundment(world, app, session):
    from tests.conftest import UssdDialler

    for round_ in range(ROUNDS):
        tag = f"5454545454{round_:02d}"
        diallers = [UssdDialler(app.test_client()) for _ in range(2)]
        screens = at_once(*[(lambda d=d, k=k: d.post(k, f"1*{tag}*1*1", f"ATUid_race_{uuid.uuid4().hex[:8]}"))
                            for d, k in zip(diallers, [AMBA_KEEPER, BHAV_KEEPER])])
        texts = [s.get_data(as_text=True) for s in screens]
        assert held(session, tag) == 1, texts
        winner = session.scalars(select(Impoundment).where(Impoundment.tag == tag)).one()
        # AMBA's keeper reads Gujarati, BHAV's Hindi: the loser reads the winner's pound in its own language
        [loser] = [text for text in texts if winner.pound.names["gu"] in text or winner.pound.names["hi"] in text]
        assert loser.startswith("END ") and winner.seized_at.strftime("%d-%m") in loser
