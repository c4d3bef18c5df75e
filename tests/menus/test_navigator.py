"""The menu tree is walked the same way by any channel (handlers/menus/navigator.py): a channel
brings only its keys and its pages. Here a spoken one, as a voice call would be: every screen
one page, "*" for back and "**" for the first screen. Against the demo district."""
from __future__ import annotations

from sqlalchemy import func, select

from handlers import menus
from handlers.menus import navigator
from handlers.menus import ussd
from handlers.menus.navigator import Layout, Page
from models.tables import Impoundment

OWNER_EN, KEEPER_AMBA = "+919825000006", "+919825000001"


def spoken_pages(ctx, state) -> list[Page]:
    shown = navigator.view(ctx, state)
    if shown.title is None:
        return [Page(shown.lines, True)]
    said = [shown.title] + [f"Press {n} for {label}" for n, (label, _) in enumerate(shown.choices, 1)]
    return [Page(tuple(said), False, tuple(step for _, step in shown.choices))]


SPOKEN = Layout(pages=spoken_pages, back="*", home="**", more="#")


def walk(session, clock, phone: str, *keys: str):
    ctx = navigator.start(session, phone=phone, now=clock(), tree=menus.TREE)
    return ctx, navigator.walk(ctx, list(keys), SPOKEN)


def test_a_spoken_channel_reaches_the_same_facts_as_ussd(world, session, clock):
    ctx, where = walk(session, clock, OWNER_EN, "1", "345678901234")
    assert where.state.node == "find.result" and where.error is None
    said = navigator.pages(ctx, where.state, SPOKEN)[where.page].lines
    assert "\n".join(said) == ussd.screen(session, phone=OWNER_EN, text="1*345678901234", now=clock()).text


def test_a_spoken_menu_offers_the_same_options(world, session, clock):
    ctx, where = walk(session, clock, OWNER_EN)
    said = navigator.pages(ctx, where.state, SPOKEN)[0].lines
    assert said[0] == "Dabbo cattle pound"
    assert said[1:] == ("Press 1 for Find animal by tag", "Press 2 for Fees and deposit",
                        "Press 3 for Upcoming auctions", "Press 4 for My animals", "Press 5 for Language",
                        "Press 6 for Rates")


def test_the_channels_own_keys_go_back_and_a_wrong_key_is_an_error(world, session, clock):
    assert walk(session, clock, OWNER_EN, "1", "*")[1].state.node == "owner"
    assert walk(session, clock, OWNER_EN, "1", "12", "**")[1].state.node == "owner"
    wrong = walk(session, clock, OWNER_EN, "1", "12")[1]
    assert (wrong.state.node, wrong.error) == ("find", "ussd.tag.bad")


def test_the_walk_hands_back_a_confirm_without_running_it(world, session, clock):
    before = session.scalar(select(func.count(Impoundment.id)))
    _, where = walk(session, clock, KEEPER_AMBA, "1", "777777777777", "1", "1")
    assert where.act is not None and where.state.node == "seize.confirm" and where.state.kind == "cow"
    assert session.scalar(select(func.count(Impoundment.id))) == before
