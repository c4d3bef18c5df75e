"""The inbound limit fits the person (SPEC 3, the per-phone limit): a stranger's handset gets
20 messages per ten minutes, then one polite reply, then silence; a registered keeper or
official, who may record a raid of thirty strays in ten minutes, has a much higher limit
(STAFF_INBOUND_RATE_LIMIT, 300) and past it is told to wait every time, never silenced."""
from __future__ import annotations

from dataclasses import replace

from sqlalchemy import func, select

from models.tables import Impoundment

KEEPER = "+919825000001"      # AMBA-1, gu
OFFICIAL = "+919825000003"    # AMBA, gu
STRANGER = "+919898012345"
POLITE_GU = "આ ફોન પરથી ઘણા બધા સંદેશા આવ્યા છે. થોડી મિનિટ પછી ફરી જવાબ મળશે."


def staff_limit(app, limit: int) -> None:
    runtime = app.extensions["dabbo"]
    runtime.settings = replace(runtime.settings, staff_inbound_rate_limit=limit)


def test_a_keeper_recording_a_raid_of_thirty_strays_by_sms_has_every_seizure_recorded(world, send_twilio, session):
    tags = [f"4400000000{i:02d}" for i in range(30)]
    replies = [send_twilio(KEEPER, f"SEIZE {tag} cow").reply for tag in tags]
    assert all(reply and reply != POLITE_GU for reply in replies), replies[20:]
    session.rollback()
    assert session.scalar(select(func.count(Impoundment.id)).where(Impoundment.tag.in_(tags))) == 30


def test_an_official_over_twenty_messages_by_africas_talking_gets_every_answer(world, send_at):
    replies = [send_at(OFFICIAL, "HELP").reply for _ in range(25)]
    assert all(reply and reply != POLITE_GU for reply in replies)


def test_a_keeper_dialling_ussd_more_than_twenty_times_gets_his_menu_each_time(world, ussd):
    screens = [ussd(KEEPER) for _ in range(25)]
    assert all(screen.startswith("CON ") for screen in screens), screens[20:]


def test_past_the_staff_limit_a_keeper_is_told_to_wait_every_time_never_silenced(world, app, send_twilio):
    staff_limit(app, 22)
    replies = [send_twilio(KEEPER, "LIST").reply for _ in range(26)]
    assert all(reply and reply != POLITE_GU for reply in replies[:22])
    assert replies[22:] == [POLITE_GU] * 4


def test_a_stranger_keeps_twenty_then_one_polite_reply_then_silence(world, send_twilio):
    replies = [send_twilio(STRANGER, "HELP").reply for _ in range(23)]
    assert all(replies[:20]) and replies[20:] == [POLITE_GU, "", ""]
