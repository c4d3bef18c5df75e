"""Who is signed in to the dashboard, and how they got there.

Two ways in (README "Dashboard sign-in"):

* the administrator types `ADMIN_TOKEN` and sees every village;
* an official (a person registered with role `official`), a pound keeper
  (role `keeper`) or a Taluka Development Officer (role `taluka`) types their phone number,
  receives a six-digit code by SMS through the outbox (kind `reply`,
  so quiet hours and STOP never hold it back) and types it in. A basic phone
  can receive an SMS; it cannot keep a password manager. The code lives only
  in Redis, hashed, for ten minutes. An official sees only their own village,
  a keeper only their own pound (and only the endpoints in KEEPER_ENDPOINTS), a Taluka
  Development Officer only the district view of his taluka's villages (TALUKA_ENDPOINTS).

What the sign-in form reveals: nothing about whose phone it is.
The web request does the same work for every phone (Redis counters, one RQ
job); the job, in the worker, looks the phone up and writes the code's SMS
only for an official or a keeper. Wrong codes are counted per phone and per client
address over `TRIES_WINDOW_SECONDS`, counters a resent code does not reset.

The signed-in identity rides in Flask's signed cookie session, re-checked
against the database on every request (an official removed or moved to
another village, a keeper moved to another pound, loses access at once) and refused after `SESSION_HOURS`,
once its identity has signed out since (a session generation),
and, for the administrator, once ADMIN_TOKEN is unset or changed.
Every POST carries the session's CSRF token in a hidden field (`sms_gateway.pages.csrf`).
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import unicodedata
from dataclasses import dataclass

import redis
from flask import current_app, session
from sqlalchemy import select

from handlers.catalogue import t
from handlers.outbox import queue_message
from models.db import insert_on_conflict
from models.phones import normalise_phone
from models.queries import person_by_phone
from models.tables import Person, SessionGeneration, Village
from sms_gateway.worker import jobs
from sms_gateway.worker import queues
from sms_gateway.settings import Settings

CODE_TTL_SECONDS = 10 * 60
CODE_RESEND_SECONDS = 60
# Wrong codes per code sent: the fifth burns the code, so whoever guesses waits for the next one
# (at most one a minute per phone, CODE_RESEND_SECONDS); a fresh code starts the count again, so
# an attacker's wrong guesses never lock the official out of the code their phone receives.
CODE_MAX_TRIES = 5
ADDRESS_MAX_TRIES = 20  # wrong codes per client address per window, over every phone
TRIES_WINDOW_SECONDS = 60 * 60
SESSION_HOURS = 12
# Outbox rows carrying a sign-in code: their text is never shown on the dashboard.
CODE_KEY_PREFIX = "signin:"
SIGN_IN_ROLES = ("official", "keeper", "taluka")
# What a keeper may open (README): their pound's animals on the dashboard, one
# impoundment's page and the record forms of their own pound. Every other page, including
# any added later, answers 403: a keeper is let in to a page, never left in by default.
KEEPER_ENDPOINTS = frozenset({
    "dashboard.index", "dashboard.signin_page", "dashboard.signin_token", "dashboard.signin_code",
    "dashboard.signin_verify", "dashboard.signout", "impoundment.impoundment_page",
    "staff.staff_home", "staff.show_form", "staff.submit_form",
})
# A Taluka Development Officer reads (SPEC 13.3): the district view of his taluka, nothing that
# records or sends. His home is the district view (the dashboard sends him there); every other
# page answers 403.
SIGN_IN_ENDPOINTS = frozenset({"dashboard.signin_page", "dashboard.signin_token", "dashboard.signin_code",
                               "dashboard.signin_verify", "dashboard.signout"})
TALUKA_ENDPOINTS = SIGN_IN_ENDPOINTS | {"district.district_page"}


@dataclass(frozen=True)
class Viewer:
    """The person at the dashboard: the administrator (every village), one
    official (`village_id` only), one keeper (`pound_id` only, in the
    pound's village) or one Taluka Development Officer (the villages of his taluka, read only)."""

    role: str  # "admin", "official", "keeper" or "taluka"
    village_id: int | None = None
    person: Person | None = None
    pound_id: int | None = None
    taluka_village_ids: tuple[int, ...] = ()

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"

    @property
    def is_keeper(self) -> bool:
        return self.role == "keeper"

    @property
    def is_taluka(self) -> bool:
        return self.role == "taluka"

    @property
    def sees_district(self) -> bool:
        """SPEC 13.3: the district view is the administrator's and the Taluka Development
        Officer's; a village's official or keeper has his own village's pages."""
        return self.is_admin or self.is_taluka

    def may_open(self, endpoint: str | None) -> bool:
        """A keeper and a taluka officer are let in to a page, never left in by default."""
        if self.is_keeper:
            return endpoint in KEEPER_ENDPOINTS
        if self.is_taluka:
            return endpoint in TALUKA_ENDPOINTS
        return True

    def village_ids(self) -> list[int] | None:
        """The villages this viewer may see; None means all of them."""
        if self.is_taluka:
            return list(self.taluka_village_ids)
        return None if self.is_admin else [self.village_id]

    def pound_ids(self) -> list[int] | None:
        """The pounds this viewer may see; None means every pound of `village_ids()`."""
        return [self.pound_id] if self.is_keeper else None

    def may_see(self, village_id: int, pound_id: int | None = None) -> bool:
        """Whether a record of this village (and pound) is the viewer's. A
        keeper's records are a pound's: anything not tied to a pound is not his."""
        if self.is_admin:
            return True
        if self.is_taluka:   # he reads the district's figures; no village's records are his
            return False
        if self.is_keeper:
            return pound_id is not None and pound_id == self.pound_id and village_id == self.village_id
        return village_id == self.village_id


# --- the session -----------------------------------------------------------------


def signing_key(settings: Settings) -> str | None:
    """The key that signs sessions and sign-in codes: SECRET_KEY, else
    ADMIN_TOKEN. Never a fixed fallback: with neither, create_app refuses."""
    return settings.secret_key or settings.admin_token


def _admin_mark(admin_token: str) -> str:
    """Ties an administrator's session to the ADMIN_TOKEN it was opened
    with: a changed or unset token ends it."""
    return hmac.new(admin_token.encode(), b"dabbo-admin-session", hashlib.sha256).hexdigest()[:32]


def _identity(role: str, person_id: int | None) -> str:
    return "admin" if role == "admin" else f"{role}:{person_id}"


def generation(db_session, identity: str) -> int:
    return db_session.scalar(select(SessionGeneration.generation).where(
        SessionGeneration.identity == identity)) or 0


def start_session(db_session, role: str, person: Person | None = None) -> None:
    """A fresh session (never one carried over from before sign-in), so a fresh CSRF token,
    in its identity's current generation."""
    language = session.get("lang")
    session.clear()
    session["who"] = {"role": role, "person": person.id if person else None,
                      "village": _village_of(person), "pound": person.pound_id if person else None,
                      "taluka": person.taluka if person is not None and role == "taluka" else None}
    session["gen"] = generation(db_session, _identity(role, person.id if person else None))
    if role == "admin":
        session["admin"] = _admin_mark(current_app.extensions["dabbo"].settings.admin_token)
    session["since"] = int(time.time())
    if language:
        session["lang"] = language


def end_session(db_session) -> None:
    """Sign out: every session of this identity, this cookie and any copy of
    it, ends here (the generation moves on)."""
    who = session.get("who")
    if isinstance(who, dict) and who.get("role") in ("admin", *SIGN_IN_ROLES):
        insert = insert_on_conflict(db_session, SessionGeneration).values(
            identity=_identity(who["role"], who.get("person")), generation=1)
        db_session.execute(insert.on_conflict_do_update(
            index_elements=["identity"], set_={"generation": SessionGeneration.generation + 1}))
        db_session.commit()
    language = session.get("lang")
    session.clear()
    if language:
        session["lang"] = language


def current_viewer(db_session) -> Viewer | None:
    """The signed-in viewer, or None (not signed in, expired, signed out
    since, or no longer the official, keeper or taluka officer of the same village, pound or taluka)."""
    who = session.get("who")
    if not isinstance(who, dict) or time.time() - session.get("since", 0) > SESSION_HOURS * 3600:
        return None
    if who.get("role") == "admin":
        admin_token = current_app.extensions["dabbo"].settings.admin_token
        if not admin_token or not hmac.compare_digest(str(session.get("admin", "")), _admin_mark(admin_token)):
            return None
        return Viewer("admin") if session.get("gen") == generation(db_session, "admin") else None
    if who.get("role") in SIGN_IN_ROLES:
        person = db_session.get(Person, who.get("person"))
        moved_taluka = person is not None and person.role == "taluka" and person.taluka != who.get("taluka")
        if person is None or person.role != who["role"] or _village_of(person) != who.get("village") \
                or person.pound_id != who.get("pound") or moved_taluka:
            return None
        if session.get("gen") != generation(db_session, _identity(person.role, person.id)):
            return None
        taluka_villages = villages_of_taluka(db_session, person.taluka) if person.role == "taluka" else ()
        return Viewer(person.role, village_id=_village_of(person), person=person,
                      pound_id=person.pound_id if person.role == "keeper" else None, taluka_village_ids=taluka_villages)
    return None


def villages_of_taluka(db_session, taluka: str | None) -> tuple[int, ...]:
    """The villages registered in `taluka` (its name as the village and the officer were given
    it, case and spaces aside, as a mamlatdar's order reads it)."""
    wanted = (taluka or "").strip().casefold()
    if not wanted:
        return ()
    rows = db_session.execute(select(Village.id, Village.taluka).where(Village.taluka.is_not(None))).all()
    return tuple(village_id for village_id, name in rows if name.strip().casefold() == wanted)


def _village_of(person: Person | None) -> int | None:
    """An official's village; a keeper's is his pound's (SPEC 1: bound to one pound)."""
    if person is None:
        return None
    return person.pound.village_id if person.role == "keeper" and person.pound else person.village_id


def token_matches(given: str, expected: str | None) -> bool:
    return bool(expected) and hmac.compare_digest(given.strip().encode(), expected.encode())


# --- one-time codes for officials and keepers ---------------------------------------


def _code_key(phone: str) -> str:
    return f"dabbo:signin:{phone}"


def _code_digest(secret: str, phone: str, code: str) -> str:
    return hmac.new(secret.encode(), f"{phone}:{code}".encode(), hashlib.sha256).hexdigest()


def staff_for(db_session, raw_phone: str) -> Person | None:
    """The official (with a village), keeper (with a pound) or taluka officer (with a taluka)
    behind a phone, else None."""
    phone = normalise_phone(raw_phone or "")
    person = person_by_phone(db_session, phone) if phone else None
    if person is None or person.role not in SIGN_IN_ROLES:
        return None
    bound = {"keeper": person.pound_id, "taluka": person.taluka}.get(person.role, person.village_id)
    return person if bound else None


def request_code(redis_client: redis.Redis, raw_phone: str) -> None:
    """The web's half of sending a code, the same work for every phone: at
    most one request a minute per phone goes on to the worker
    (`send_code_job`), which alone asks whether the phone is an official's
    or a keeper's.
    Raises redis.RedisError when Redis is down (for every phone alike)."""
    phone = normalise_phone(raw_phone or "") or (raw_phone or "")[:32]
    if redis_client.set(_code_key(phone) + ":sent", "1", nx=True, ex=CODE_RESEND_SECONDS):
        queues.outbox_queue(redis_client).enqueue(send_code_job, args=(phone,), result_ttl=0,
                                                  job_timeout=60, description="sign-in code")


def send_code_job(phone: str) -> str:
    """RQ job: a new code for the official or keeper behind `phone`, if any."""
    runtime = jobs.context().runtime
    with runtime.sessions() as db_session:
        staff = staff_for(db_session, phone)
        if staff is None:
            return "no code: not an official, a keeper nor a taluka officer"
        send_code(db_session, runtime.redis, signing_key(runtime.settings), staff, now=runtime.clock())
        db_session.commit()  # the code's SMS reaches RQ through the after-commit hook
    return "code sent"


def send_code(db_session, redis_client: redis.Redis, secret: str, person: Person, *, now) -> int | None:
    """Store a new code for `person` and put its SMS in the outbox (the caller
    commits). The phone's wrong-code count starts again with the new code (a guesser gets
    CODE_MAX_TRIES a code, a code a minute; the address's count is left as it is, so one
    address never gets more than ADDRESS_MAX_TRIES an hour). Returns the outbox row's id."""
    code = f"{secrets.randbelow(1_000_000):06d}"
    key = _code_key(person.phone)
    pipe = redis_client.pipeline()
    pipe.set(key, _code_digest(secret, person.phone, code), ex=CODE_TTL_SECONDS)
    pipe.delete(key + ":tries")
    pipe.execute()
    message = queue_message(
        db_session, to_phone=person.phone, person=person, language=person.language, kind="reply", now=now,
        text=t(person.language, "dash.signin_code_sms", code=code, minutes=CODE_TTL_SECONDS // 60),
        idempotency_key=f"{CODE_KEY_PREFIX}{person.id}:{secrets.token_hex(8)}",
)
    db_session.flush()
    return message.id if message is not None else None


def carries_code(message) -> bool:
    """True for the SMS that carried a sign-in code: whoever reads the outbox
    must not be able to sign in with it."""
    return message.idempotency_key.startswith(CODE_KEY_PREFIX)


RIGHT, WRONG, TOO_MANY = "right", "wrong", "too_many"


def check_code(redis_client: redis.Redis, raw_phone: str, code: str, address: str) -> str:
    """RIGHT once for the right code (then burnt), WRONG, or TOO_MANY once the
    phone's code has had its tries or the address has used up its tries in the
    window (the code is burnt then too). One Redis round trip, the same for every phone, whether
    or not a code exists. Raises redis.RedisError when Redis is down."""
    phone = normalise_phone(raw_phone or "") or (raw_phone or "")[:32]
    key, address_key = _code_key(phone), f"dabbo:signin-address:{address}:tries"
    pipe = redis_client.pipeline()
    pipe.get(key)
    for counter in (key + ":tries", address_key):
        # The window starts at the first try and is never moved by later ones.
        pipe.set(counter, 0, nx=True, ex=TRIES_WINDOW_SECONDS)
        pipe.incr(counter)
    stored, _, tries, _, address_tries = pipe.execute()
    # Gujarati and Devanagari digits count as digits, as everywhere in Dabbo.
    code = "".join(str(unicodedata.decimal(ch)) for ch in code if unicodedata.decimal(ch, None) is not None)
    expected = _code_digest(current_app.config["SECRET_KEY"], phone, code)
    matches = hmac.compare_digest((stored or b"").decode(), expected)
    if tries > CODE_MAX_TRIES or address_tries > ADDRESS_MAX_TRIES:
        redis_client.delete(key)
        return TOO_MANY
    if not matches:
        return WRONG
    # The right code: burnt, and this phone's count starts again (the address's does not).
    redis_client.delete(key, key + ":tries")
    return RIGHT
