"""SPEC §5: every screen, `CON `/`END ` included, fits one USSD page (182
GSM-7 characters, 80 when any character is not) in all three languages.

The screens are not hand-picked: both menu trees are walked breadth-first
through the real webhook, from each screen trying every numbered choice,
`9`, `0`, `00`, a wrong key and, on prompts, real tags and receipts from the
demo district (and an unknown and a malformed one). Confirm steps are taken
too, so the screens after a seizure or a release are checked as well.
"""
from __future__ import annotations

import re
from collections import deque

import pytest
from sqlalchemy import select, update

from handlers.pound import admin
from handlers.pound import records
from handlers.catalogue import LANGUAGES, days_text, kind_name, t
from handlers.text import fits_ussd_page, ussd_length, ussd_limit
from models import law
from models.tables import Impoundment, Person

KEEPER_AMBA, KEEPER_BHAV, OFFICIAL, OWNER_GU, OWNER_HI, OWNER_EN = (
    "+919825000001", "+919825000002", "+919825000003", "+919825000004", "+919825000005", "+919825000006")
STRANGER = "+919825099999"
MAX_DEPTH = 7
CHOICE = re.compile(r"^([1-8]) ", re.MULTILINE)
ERROR_KEYS = ("ussd.invalid", "ussd.tag.bad", "ussd.tag.unknown", "ussd.seize.already", "ussd.release.not_here")


def walk(ussd, session, phone: str, language: str, tags: list[str]) -> dict[str, str]:
    """Every screen reachable from the first one within MAX_DEPTH inputs: {text: body}.

    From each screen: every numbered choice, 9 when it says "More", and a tag of
    `tags` on a tag prompt are followed; 0, 00 and a wrong key are answered and
    checked but not followed further (they lead to screens seen already, or to
    the same screen with an error). A screen already followed from is not
    followed again when reached by the same last key (the find and fees
    prompts look alike but are reached by 1 and 2). A language chosen is set
    back, so the whole walk is in `language`."""
    prompts = {t(language, "ussd.tag.prompt"), t(language, "ussd.seize.tag_prompt")}
    errors = {t(language, key) for key in ERROR_KEYS}
    language_set = {"END " + t(code, "ussd.lang.done") for code in LANGUAGES}
    screens: dict[str, str] = {}
    followed: set[tuple[str, str | None]] = set()
    queue = deque([()])
    while queue:
        inputs = queue.popleft()
        text = "*".join(inputs)
        response = ussd.post(phone, text, session_id=f"walk-{len(screens)}")
        assert response.status_code == 200 and response.mimetype == "text/plain"
        body = screens[text] = response.get_data(as_text=True)
        if body in language_set:
            set_language(session, language)
        title = body[len("CON "):].split("\n")[0]
        if body.startswith("END ") or len(inputs) >= MAX_DEPTH or title in errors:
            continue
        if inputs and inputs[-1] in ("0", "00", "7"):
            continue
        if (body, inputs[-1] if inputs else None) in followed:
            continue
        followed.add((body, inputs[-1] if inputs else None))
        keys = CHOICE.findall(body) + ["0", "00", "7"]
        if "\n" + t(language, "ussd.more") in body:
            keys.append("9")
        if title in prompts:
            keys += tags
        queue.extend(inputs + (key,) for key in keys)
    return screens


def set_language(session, language: str) -> None:
    session.execute(update(Person).values(language=language))
    session.commit()


def demo_tags(session) -> list[str]:
    """Tags in each pound, a receipt, a registered tag not impounded, an unknown and a malformed one."""
    receipts = session.scalars(select(Impoundment.receipt).where(Impoundment.tag == "345678901234")).all()
    return ["123456789012", "345678901234", "234567890123", "123456789013", *receipts, "999999999999", "12"]


def keeper_tags(session) -> list[str]:
    """As demo_tags, less the ones that would only repeat a path: a keeper's
    walk seizes every kind once with a tag and once without."""
    return [tag for tag in demo_tags(session) if tag not in ("345678901234", "999999999999")]


def assert_all_fit(screens: dict[str, str]) -> None:
    too_long = {text: (ussd_length(body), ussd_limit(body), body)
                for text, body in screens.items() if not fits_ussd_page(body)}
    assert too_long == {}


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
@pytest.mark.parametrize("phone", [OWNER_GU, OFFICIAL])
def test_every_owner_menu_screen_fits_one_page(world, session, ussd, language, phone):
    set_language(session, language)
    screens = walk(ussd, session, phone, language, demo_tags(session))
    assert_all_fit(screens)
    bodies = "\n".join(screens.values())
    # The walk really went everywhere: find, fees, auctions, my animals, language.
    for key in ("ussd.owner.find", "ussd.tag.prompt", "ussd.tag.unknown", "ussd.tag.bad", "ussd.lang.title",
                "ussd.invalid"):
        assert t(language, key) in bodies, key
    if language != "en":    # at 80 characters the facts of one animal take several pages
        assert t(language, "ussd.invalid_more") in bodies
    for key in ("ussd.fees.fee", "ussd.find.due", "ussd.fees.security"):
        assert t(language, key, amount="") in bodies, key
    assert t(language, "ussd.find.claim", when="") in bodies
    assert t(language, "ussd.fees.expenses", days=10, days_text=days_text(language, 10), rate="",
             amount="").split(" ")[1] in bodies


def test_every_stranger_screen_fits_one_page(world, session, ussd):
    """An unregistered caller gets the owner menu in Gujarati, the default."""
    screens = walk(ussd, session, STRANGER, "gu", demo_tags(session))
    assert_all_fit(screens)
    assert "CON " + t("gu", "ussd.owner.title") in "\n".join(screens.values())


def test_language_answers_fit_one_page(world, session, ussd):
    """Choosing a language answers in the language chosen, whatever was spoken before."""
    for spoken in ("gu", "hi", "en"):
        for choice, language in (("1", "gu"), ("2", "hi"), ("3", "en")):
            set_language(session, spoken)
            screen = ussd(OWNER_GU, "5", choice)
            assert screen == "END " + t(language, "ussd.lang.done")
            assert fits_ussd_page(screen)


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
@pytest.mark.parametrize("phone", [KEEPER_AMBA, KEEPER_BHAV])
def test_every_keeper_menu_screen_fits_one_page(world, session, ussd, language, phone):
    set_language(session, language)
    screens = walk(ussd, session, phone, language, keeper_tags(session))
    assert_all_fit(screens)
    bodies = "\n".join(screens.values())
    # Every kind was offered (paged with 9), and seizures and releases were confirmed.
    for kind in law.KINDS:
        assert f" {kind_name(language, kind)}\n" in bodies, kind
    assert t(language, "ussd.more") in bodies
    assert t(language, "ussd.seize.done", receipt="", claim="", auction="")[:6] in bodies
    assert t(language, "ussd.release.done", amount="")[:5] in bodies


def test_kind_list_pages_with_9_in_gujarati(world, session, ussd):
    screen = ussd(KEEPER_AMBA, "1", "1")
    assert screen.startswith("CON " + t("gu", "ussd.seize.kind_title"))
    assert "\n9 વધુ\n0 પાછા" in screen
    assert fits_ussd_page(screen) and ussd_limit(screen) == 80


@pytest.mark.parametrize("language", ["gu", "hi", "en"])
def test_long_pound_and_village_names_still_fit(world, session, ussd, clock, language):
    """A pound named at length (admin data, not the catalogue) is split or
    clipped, never overflowing a page."""
    village = admin.create_village(session, code="LONG", name="ઘણા લાંબા નામવાળું ગામ " * 4, now=clock())
    pound = admin.create_pound(session, village, code="LONG-1", name="ગ્રામ પંચાયતનો ઢોર ડબ્બો, ઘણો લાંબો " * 3)
    records.seize(session, pound=pound, kind="camel", tags=["555555555555"], now=clock())
    session.commit()
    set_language(session, language)
    screens = walk(ussd, session, STRANGER, "gu", ["555555555555"])
    assert_all_fit(screens)
    assert any("555555555555" in body for body in screens.values())
