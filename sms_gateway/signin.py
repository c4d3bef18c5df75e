"""Who is signed in to the dashboard, and how they got there.

Two ways in (README "Dashboard sign-in"):

* the administrator types `ADMIN_TOKEN` and sees every village;
* an official (a person registered with role `official`) types their phone
  number, receives a six-digit code by SMS through the outbox (kind `reply`,
  so quiet hours and STOP never hold it back) and types it in. A basic phone
  can receive an SMS; it cannot keep a password manager. The code lives only
  in Redis, hashed, for ten minutes, and is burnt after five wrong tries. An
  official sees only their own village.

The signed-in identity rides in Flask's signed cookie session, re-checked
against the database on every request (an official removed or moved to
another village loses access at once) and refused after `SESSION_HOURS`.
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

from handlers.catalogue import t
from handlers.outbox import queue_message
from models.phones import normalise_phone
from models.queries import person_by_phone
from models.tables import Person

CODE_TTL_SECONDS = 10 * 60
CODE_RESEND_SECONDS = 60
CODE_MAX_TRIES = 5
SESSION_HOURS = 12
CSRF_FIELD = "csrf_token"
# Outbox rows carrying a sign-in code: their text is never shown on the dashboard.
CODE_KEY_PREFIX = "signin:"


@dataclass(frozen=True)
class Viewer:
    """The person at the dashboard: the administrator (every village) or one
    official (`village_id` only)."""

    role: str  # "admin" or "official"
    village_id: int | None = None
    person: Person | None = None

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"

    def village_ids(self) -> list[int] | None:
        """The villages this viewer may see; None means all of them."""
        return None if self.is_admin else [self.village_id]


# --- the session -----------------------------------------------------------------


def start_session(role: str, person: Person | None = None) -> None:
    """A fresh session (never one carried over from before sign-in) with a
    fresh CSRF token."""
    language = session.get("lang")
    session.clear()
    session["who"] = {"role": role, "person": person.id if person else None,
                      "village": person.village_id if person else None}
    session["since"] = int(time.time())
    if language:
        session["lang"] = language
    session[CSRF_FIELD] = secrets.token_urlsafe(32)


def end_session() -> None:
    language = session.get("lang")
    session.clear()
    if language:
        session["lang"] = language


def current_viewer(db_session) -> Viewer | None:
    """The signed-in viewer, or None (not signed in, expired, or no longer an official)."""
    who = session.get("who")
    if not isinstance(who, dict) or time.time() - session.get("since", 0) > SESSION_HOURS * 3600:
        return None
    if who.get("role") == "admin":
        return Viewer("admin")
    if who.get("role") == "official":
        person = db_session.get(Person, who.get("person"))
        if person is None or person.role != "official" or person.village_id != who.get("village"):
            return None
        return Viewer("official", village_id=person.village_id, person=person)
    return None


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


# --- one-time codes for officials ----------------------------------------------------


def _code_key(phone: str) -> str:
    return f"dabbo:signin:{phone}"


def _code_digest(phone: str, code: str) -> str:
    secret = current_app.config["SECRET_KEY"].encode()
    return hmac.new(secret, f"{phone}:{code}".encode(), hashlib.sha256).hexdigest()


def official_for(db_session, raw_phone: str) -> Person | None:
    phone = normalise_phone(raw_phone or "")
    person = person_by_phone(db_session, phone) if phone else None
    return person if person is not None and person.role == "official" and person.village_id else None


def send_code(db_session, redis_client: redis.Redis, person: Person, *, now) -> int | None:
    """Store a new code for `person` and put its SMS in the outbox (the caller
    commits and enqueues). Returns the outbox row's id, or None when a code was
    sent less than a minute ago (one SMS a minute, whatever is typed).
    Raises redis.RedisError when Redis is down."""
    key = _code_key(person.phone)
    if not redis_client.set(key + ":sent", "1", nx=True, ex=CODE_RESEND_SECONDS):
        return None
    code = f"{secrets.randbelow(1_000_000):06d}"
    pipe = redis_client.pipeline()
    pipe.set(key, _code_digest(person.phone, code), ex=CODE_TTL_SECONDS)
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


def check_code(redis_client: redis.Redis, phone: str, code: str) -> bool:
    """True once for the right code; the code is burnt on success and after
    CODE_MAX_TRIES wrong tries. Raises redis.RedisError when Redis is down."""
    key = _code_key(phone)
    stored = redis_client.get(key)
    if stored is None:
        return False
    tries = redis_client.incr(key + ":tries")
    redis_client.expire(key + ":tries", CODE_TTL_SECONDS)
    # Gujarati and Devanagari digits count as digits, as everywhere in Dabbo.
    code = "".join(str(unicodedata.decimal(ch)) for ch in code if unicodedata.decimal(ch, None) is not None)
    if tries > CODE_MAX_TRIES:
        redis_client.delete(key)
        return False
    if not hmac.compare_digest(stored.decode(), _code_digest(phone, code)):
        return False
    redis_client.delete(key, key + ":tries")
    return True
