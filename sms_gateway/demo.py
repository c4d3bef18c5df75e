"""The demo district: two villages (one §189-notified), a pound in each,
keepers, an official, owners speaking gu / hi / en with registered 12-digit
tags, SAMPLE schedules, and animals impounded 1, 5 and 9 days ago; and beside
Bhavpur, in the same district, a village under the Cattle-trespass Act, 1871
with the Chandigarh schedule (the pack's sample), so each law answers side by
side (`load_trespass_village`, which `flask demo` loads too); and the Taluka Development Officer
of Sanand, who reads the district view of Bhavpur and Mani Majra (`load_taluka_officer`).

The amounts are SAMPLE values for trying Dabbo out, not any notified rates:
the State's and the panchayats' real schedules are entered through the admin
API. Loading twice changes nothing (every step checks what is there first).
"""
from __future__ import annotations

from datetime import date, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from handlers.pound import admin
from handlers.pound import records
from models import queries
from models.tables import Animal, Impoundment, Person, Pound

# SAMPLE pound fees per head, paise (§187(1): the State notifies the real ones).
SAMPLE_POUND_FEES = {
    "cow": 5000, "bull": 10000, "bullock": 7500, "calf": 2500, "buffalo": 7500, "camel": 10000,
    "horse": 10000, "pony": 5000, "mule": 5000, "donkey": 2500, "pig": 2500, "sheep": 1000,
    "goat": 1000, "elephant": 50000,
}
# SAMPLE daily feeding rates, paise (§187(2): each panchayat fixes its own).
SAMPLE_DAILY_RATES = {
    "cow": 4000, "bull": 5000, "bullock": 5000, "calf": 2000, "buffalo": 5000, "camel": 6000,
    "horse": 6000, "pony": 4000, "mule": 4000, "donkey": 2000, "pig": 1500, "sheep": 1000,
    "goat": 1000, "elephant": 0,
}
# SAMPLE §189 security scale: per head, rising with head count and times impounded.
SAMPLE_SECURITY_SCALE = [
    {"min_head": 1, "max_head": 2, "min_times": 1, "max_times": 1, "per_head_paise": 20000},
    {"min_head": 3, "max_head": None, "min_times": 1, "max_times": 1, "per_head_paise": 30000},
    {"min_head": 1, "max_head": 2, "min_times": 2, "max_times": 2, "per_head_paise": 50000},
    {"min_head": 3, "max_head": None, "min_times": 2, "max_times": 2, "per_head_paise": 70000},
    {"min_head": 1, "max_head": None, "min_times": 3, "max_times": None, "per_head_paise": 100000},
]
SCHEDULES_FROM = date(2026, 4, 1)

VILLAGES = [
    # code, name, taluka, district, notified
    ("AMBA", "Ambaji Gram", "Danta", "Banaskantha", True),
    ("BHAV", "Bhavpur", "Sanand", "Ahmedabad", False),
]
POUNDS = [("AMBA-1", "AMBA", "Ambaji panchayat pound"), ("BHAV-1", "BHAV", "Bhavpur panchayat pound")]
# Names in each reader's script, short and without the word "pound" the messages already say.
NAMES = {
    "AMBA": {"gu": "અંબાજી", "hi": "अंबाजी", "en": "Ambaji"},
    "BHAV": {"gu": "ભાવપુર", "hi": "भावपुर", "en": "Bhavpur"},
    "AMBA-1": {"gu": "અંબાજી નં.1", "hi": "अंबाजी नं.1", "en": "Ambaji pound"},
    "BHAV-1": {"gu": "ભાવપુર નં.1", "hi": "भावपुर नं.1", "en": "Bhavpur pound"},
}
PEOPLE = [
    # phone, name as the person writes it (in the script of the language they read), role, village,
    # pound, language. The role is a column, and pages say it in the reader's words (dash.role_*).
    ("+919825000001", "રમેશ પટેલ", "keeper", "AMBA", "AMBA-1", "gu"),
    ("+919825000002", "सुरेश यादव", "keeper", "BHAV", "BHAV-1", "hi"),
    ("+919825000003", "મીના દેસાઈ", "official", "AMBA", None, "gu"),
    ("+919825000004", "કનુ ભરવાડ", "owner", "AMBA", None, "gu"),
    ("+919825000005", "सीता देवी", "owner", "BHAV", None, "hi"),
    ("+919825000006", "John D'Souza", "owner", "AMBA", None, "en"),
]
# §182(1): the Taluka Development Officer's approval of each demo keeper (sample references).
SAMPLE_KEEPER_APPROVALS = {"+919825000001": "SAMPLE/TDO/DANTA/1", "+919825000002": "SAMPLE/TDO/SANAND/1"}
ANIMALS = [
    ("+919825000004", "123456789012", "cow"),
    ("+919825000004", "123456789013", "buffalo"),
    ("+919825000005", "234567890123", "buffalo"),
    ("+919825000006", "345678901234", "bullock"),
    ("+919825000006", "345678901235", "goat"),
]
# tag, pound, kind, days ago
IMPOUNDED = [("123456789012", "AMBA-1", "cow", 1), ("234567890123", "BHAV-1", "buffalo", 5),
             ("345678901234", "AMBA-1", "bullock", 9)]


def load(session: Session, now: datetime) -> str:
    for kind, amount in SAMPLE_POUND_FEES.items():
        admin.set_pound_fee(session, kind, amount, SCHEDULES_FROM)
    for code, name, taluka, district, notified in VILLAGES:
        village = queries.village_by_code(session, code) or admin.create_village(
            session, code=code, name=name, taluka=taluka, district=district, security_notified=notified, now=now,
            names=NAMES.get(code))
        admin.set_daily_rates(session, village, SAMPLE_DAILY_RATES, SCHEDULES_FROM,
                              approval_ref=f"SAMPLE/DP/{code}/1")   # §187(2): only approved rates are charged
        if notified:
            admin.set_security_scale(session, village, SAMPLE_SECURITY_SCALE, SCHEDULES_FROM)
    for code, village_code, name in POUNDS:
        if session.scalars(select(Pound).where(Pound.code == code)).first() is None:
            admin.create_pound(session, queries.village_by_code(session, village_code), code=code, name=name,
                               names=NAMES.get(code))
    for phone, name, role, village_code, pound_code, language in PEOPLE:
        if queries.person_by_phone(session, phone) is None:
            admin.create_person(session, phone=phone, name=name, role=role, language=language, now=now,
                                village=queries.village_by_code(session, village_code),
                                pound=admin.require_pound(session, pound_code) if pound_code else None)
    for phone, ref in SAMPLE_KEEPER_APPROVALS.items():   # §182(1): approved keepers may release and sell
        keeper = queries.person_by_phone(session, phone)
        if keeper.approved_on is None:
            admin.approve_keeper(keeper, approved_on=SCHEDULES_FROM, approval_ref=ref)
    for phone, tag, kind in ANIMALS:
        if session.scalars(select(Animal).where(Animal.tag == tag)).first() is None:
            admin.register_animal(session, queries.person_by_phone(session, phone), tag=tag, kind=kind)
    for tag, pound_code, kind, days_ago in IMPOUNDED:
        if queries.impoundment_by_tag(session, tag) is None:
            pound = admin.require_pound(session, pound_code)
            keeper = session.scalars(select(Person).where(Person.pound_id == pound.id)).first()
            records.seize(session, pound=pound, kind=kind, tags=[tag], keeper=keeper, now=now,
                          seized_at=now - timedelta(days=days_ago, hours=2))
    session.flush()
    ours = select(Pound.id).where(Pound.code.in_([code for code, _, _ in POUNDS]))
    held = session.scalars(select(Impoundment).where(Impoundment.status == "impounded",
                                                     Impoundment.pound_id.in_(ours))).all()
    return f"demo data loaded: 2 villages, 2 pounds, {len(PEOPLE)} people, {len(held)} animals in pounds"



# SPEC 13.4: a village under the 1871 Act beside BHAV (Ahmedabad district). Its fines and feeding
# come from the pack's Chandigarh schedule (models/law/packs/cattle_trespass_1871), not from the
# SAMPLE tables above: a demo pairing; a real village takes its own state's schedule.
TRESPASS_VILLAGE = ("MANI", "Mani Majra", "Sanand", "Ahmedabad", "cattle_trespass_1871", "chandigarh")
TRESPASS_POUND = ("MANI-1", "Mani Majra pound")
TRESPASS_NAMES = {"MANI": {"gu": "મની માજરા", "hi": "मनी माजरा", "en": "Mani Majra"},
                  "MANI-1": {"gu": "મની માજરા નં.1", "hi": "मनी माजरा नं.1", "en": "Mani Majra pound"}}
TRESPASS_PEOPLE = [
    ("+919825000007", "Gurpreet Singh (keeper)", "keeper", "hi"),
    ("+919825000008", "Harjit Kaur", "owner", "hi"),
    ("+919825000009", "बलविंदर सिंह", "official", "hi"),   # finds the s.7 register and s.16 accounts on /books
]
TRESPASS_ANIMALS = [("456789012345", "buffalo"), ("456789012346", "goat")]
# tag, kind, days ago: the goat is past the police report (s.14: seven days), the buffalo not yet.
TRESPASS_IMPOUNDED = [("456789012345", "buffalo", 3), ("456789012346", "goat", 9)]


def load_trespass_village(session: Session, now: datetime) -> str:
    """The 1871 village, its pound, keeper, owner and two animals held (safe to run twice)."""
    code, name, taluka, district, law_id, schedule = TRESPASS_VILLAGE
    village = queries.village_by_code(session, code) or admin.create_village(
        session, code=code, name=name, taluka=taluka, district=district, now=now, language="hi",
        names=TRESPASS_NAMES[code], law_id=law_id, law_schedule=schedule)
    pound_code, pound_name = TRESPASS_POUND
    pound = session.scalars(select(Pound).where(Pound.code == pound_code)).first() or admin.create_pound(
        session, village, code=pound_code, name=pound_name, names=TRESPASS_NAMES[pound_code])
    for phone, person_name, role, language in TRESPASS_PEOPLE:
        if queries.person_by_phone(session, phone) is None:
            admin.create_person(session, phone=phone, name=person_name, role=role, language=language, now=now,
                                village=village, pound=pound if role == "keeper" else None)
    keeper = queries.person_by_phone(session, TRESPASS_PEOPLE[0][0])
    if keeper.approved_on is None:
        admin.approve_keeper(keeper, approved_on=SCHEDULES_FROM, approval_ref="SAMPLE/DM/MANI/1")
    owner = queries.person_by_phone(session, TRESPASS_PEOPLE[1][0])
    for tag, kind in TRESPASS_ANIMALS:
        if session.scalars(select(Animal).where(Animal.tag == tag)).first() is None:
            admin.register_animal(session, owner, tag=tag, kind=kind)
    for tag, kind, days_ago in TRESPASS_IMPOUNDED:
        if queries.impoundment_by_tag(session, tag) is None:
            records.seize(session, pound=pound, kind=kind, tags=[tag], keeper=keeper, now=now,
                          seized_at=now - timedelta(days=days_ago, hours=2))
    session.flush()
    return f"and {name} under the {law_id} pack ({schedule} schedule) beside it in {district} district"


# SPEC 13.3: the Taluka Development Officer of Sanand (Bhavpur and Mani Majra), who signs in by
# phone and reads /district; bound to the taluka, not to a village.
TALUKA_OFFICER = ("+919825000010", "ભરત જોશી", "Sanand", "gu")


def load_taluka_officer(session: Session, now: datetime) -> str:
    """The demo's taluka officer (safe to run twice)."""
    phone, name, taluka, language = TALUKA_OFFICER
    if queries.person_by_phone(session, phone) is None:
        admin.create_person(session, phone=phone, name=name, role="taluka", language=language, now=now,
                            village=None, taluka=taluka)
    session.flush()
    return f"the {taluka} taluka officer {phone} reads /district"
