"""Who is signed in to the dashboard, and how they got there.

Two ways in (README "Dashboard sign-in"):

* the administrator types `ADMIN_TOKEN` and sees every village;
* an official (a person registered with role `official`) or a pound keeper
  (role `keeper`) types their phone number, receives a six-digit code by SMS through the outbox (kind `reply`,
  so quiet hours and STOP never hold it back) and types it in. A basic phone
  can receive an SMS; it cannot keep a password manager. The code lives only
  in Redis, hashed, for ten minutes. An official sees only their own village,
  a keeper only their own pound (and only the endpoints in KEEPER_ENDPOINTS).

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
Every POST carries a per-session CSRF token in a hidden field.
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
from models.tables import Person, SessionGeneration
from sms_gateway.worker import jobs
from sms_gateway.worker import queues
from sms_gateway.settings import Settings

CODE_TTL_SECONDS = 10 * 60
CODE_RESEND_SECONDS = 60
CODE_MAX_TRIES = 5  # wrong codes per phone per window, however many codes were sent
ADDRESS_MAX_TRIES = 20  # wrong codes per client address per window, over every phone
TRIES_WINDOW_SECONDS = 60 * 60
SESSION_HOURS = 12
CSRF_FIELD = "csrf_token"
# Outbox rows carrying a sign-in code: their text is never shown on the dashboard.
CODE_KEY_PREFIX = "signin:"
SIGN_IN_ROLES = ("official", "keeper")
# What a keeper may open (README): their pound's animals on the dashboard, one
# impoundment's page and the record forms of their own pound. Every other page, including
# any added later, answers 403: a keeper is let in to a page, never left in by default.
KEEPER_ENDPOINTS = frozenset({
    "dashboard.index", "dashboard.signin_page", "dashboard.signin_token", "dashboard.signin_code",
    "dashboard.signin_verify", "dashboard.signout", "impoundment.impoundment_page",
    "staff.staff_home", "staff.show_form", "staff.submit_form",
})


@dataclass(frozen=True)
class Viewer:
    """The person at the dashboard: the administrator (every village), one
    official (`village_id` only) or one keeper (`pound_id` only, in the
    pound's village)."""

    role: str  # "admin", "official" or "keeper"
    village_id: int | None = None
    person: Person | None = None
    pound_id: int | None = None

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"

    @property
    def is_keeper(self) -> bool:
        return self.role == "keeper"

    def village_ids(self) -> list[int] | None:
        """The villages this viewer may see; None means all of them."""
        return None if self.is_admin else [self.village_id]

    def pound_ids(self) -> list[int] | None:
        """The pounds this viewer may see; None means every pound of `village_ids()`."""
        return [self.pound_id] if self.is_keeper else None

    def may_see(self, village_id: int, pound_id: int | None = None) -> bool:
        """Whether a record of this village (and pound) is the viewer's. A
        keeper's records are a pound's: anything not tied to a pound is not his."""
        if self.is_admin:
            return True
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
    """A fresh session (never one carried over from before sign-in) with a
    fresh CSRF token, in its identity's current generation."""
    language = session.get("lang")
    session.clear()
    session["who"] = {"role": role, "person": person.id if person else None,
                      "village": _village_of(person), "pound": person.pound_id if person else None}
    session["gen"] = generation(db_session, _identity(role, person.id if person else None))
    if role == "admin":
        session["admin"] = _admin_mark(current_app.extensions["dabbo"].settings.admin_token)
    session["since"] = int(time.time())
    if language:
        session["lang"] = language
    session[CSRF_FIELD] = secrets.token_urlsafe(32)


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
    since, or no longer the official or keeper of the same village or pound)."""
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
        if person is None or person.role != who["role"] or _village_of(person) != who.get("village") \
                or person.pound_id != who.get("pound"):
            return None
        if session.get("gen") != generation(db_session, _identity(person.role, person.id)):
            return None
        return Viewer(person.role, village_id=_village_of(person), person=person,
                      pound_id=person.pound_id if person.role == "keeper" else None)
    return None


def _village_of(person: Person | None) -> int | None:
    """An official's village; a keeper's is his pound's (SPEC 1: bound to one pound)."""
    if person is None:
        return None
    return person.pound.village_id if person.role == "keeper" and person.pound else person.village_id


def token_matches(given: str, expected: str | None) -> bool:
    return bool(expected) and hmac.compare_digest(given.strip().encode(), expected.encode())


# --- CSRF --------------------------------------------------------------------------


def csrf_token() -> str:
    """This session's CSRF token, made on first use (the sign-in form has one too)."""
    if CSRF_FIELD not in session:
        session[CSRF_FIELD] = secrets.token_urlsafe(32)
    return session[CSRF_FIELD]


def csrf_ok(form) -> bool:
    expected = session.get(CSRF_FIELD)
    given = form.get(CSRF_FIELD, "")
    return bool(expected) and hmac.compare_digest(given.encode(), expected.encode())


# --- one-time codes for officials and keepers ---------------------------------------


def _code_key(phone: str) -> str:
    return f"dabbo:signin:{phone}"


def _code_digest(secret: str, phone: str, code: str) -> str:
    return hmac.new(secret.encode(), f"{phone}:{code}".encode(), hashlib.sha256).hexdigest()


def staff_for(db_session, raw_phone: str) -> Person | None:
    """The official (with a village) or keeper (with a pound) behind a phone, else None."""
    phone = normalise_phone(raw_phone or "")
    person = person_by_phone(db_session, phone) if phone else None
    if person is None or person.role not in SIGN_IN_ROLES:
        return None
    return person if (person.pound_id if person.role == "keeper" else person.village_id) else None


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
            return "no code: not an official nor a keeper"
        send_code(db_session, runtime.redis, signing_key(runtime.settings), staff, now=runtime.clock())
        db_session.commit()  # the code's SMS reaches RQ through the after-commit hook
    return "code sent"


def send_code(db_session, redis_client: redis.Redis, secret: str, person: Person, *, now) -> int | None:
    """Store a new code for `person` and put its SMS in the outbox (the caller
    commits). The wrong-code counters are left as they are: a resend must not
    buy more guesses. Returns the outbox row's id."""
    code = f"{secrets.randbelow(1_000_000):06d}"
    redis_client.set(_code_key(person.phone), _code_digest(secret, person.phone, code), ex=CODE_TTL_SECONDS)
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
    phone or the address has used up its tries in the window (the code is
    burnt then too). One Redis round trip, the same for every phone, whether
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
