"""The panchayat dashboard (`/`) and the phone simulator (`/simulator`), SPEC section 8.

Server-rendered pages with no JavaScript, for an old office PC and a phone
screen alike, in Gujarati, Hindi or English. Views only translate HTTP: sign-in
lives in `signin`, what the dashboard reads in `overview`, what the simulated
phone does in `simulator`, and every record change in `handlers`.
"""
from __future__ import annotations

from collections import Counter
from urllib.parse import urlsplit

import redis
from flask import Blueprint, abort, current_app, flash, g, redirect, render_template, request, session, url_for
from flask.sessions import SecureCookieSessionInterface
from flask_wtf import FlaskForm
from wtforms import StringField

from handlers.catalogue import CATALOGUES, DEFAULT_LANGUAGE, days_text, kind_name, money, place_name, spoken, t
from models import law
from models.phones import normalise_phone
from models.tables import Person
from handlers.text.digits import normalise_digits
from sms_gateway.pages import dates
from sms_gateway.pages import overview
from sms_gateway.pages import signin
from sms_gateway.pages import simulator
from sms_gateway.extensions import db, now, runtime, settings

bp = Blueprint("dashboard", __name__)

# A sanity bound on the form; the SMS segment budget is the broadcast handler's business.
BROADCAST_MAX_CHARS = 1000
SIMULATOR_PEOPLE = 500  # the phone picker lists this many registered numbers; any other can be typed
# Each language named in itself, as its own catalogue names it (the language menu's words).
LANGUAGE_NAMES = {code: t(code, f"ussd.lang.{code}") for code in ("gu", "hi", "en")}


@bp.record_once
def secure_cookies(state) -> None:
    """The session cookie is the dashboard's key: not readable by scripts, not
    sent on cross-site POSTs, HTTPS-only when the public URL is HTTPS."""
    config = state.app.config
    if config.get("SESSION_COOKIE_SAMESITE") is None:
        config["SESSION_COOKIE_SAMESITE"] = "Lax"
    public_url = state.app.extensions["dabbo"].settings.public_base_url or ""
    if public_url.startswith("https://"):
        config["SESSION_COOKIE_SECURE"] = True
    state.app.session_interface = SessionOnlyWhenCookieSent()


class SessionOnlyWhenCookieSent(SecureCookieSessionInterface):
    """Flask's signed-cookie session, except that a request carrying no session
    cookie (every webhook and API call: providers and API clients send none)
    starts with an empty session without building the cookie's signer first,
    as Flask does for every request. The same empty session Flask would give;
    a request with a cookie, and every cookie written, go through Flask's own."""

    def open_session(self, app, request):
        if app.secret_key and not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)


# --- every request ----------------------------------------------------------------


@bp.before_request
def before_request():
    if request.args.get("lang") in CATALOGUES:
        session["lang"] = request.args["lang"]
    g.viewer = signin.current_viewer(db())   # the CSRF token was checked before (pages.csrf)
    if g.viewer is not None and g.viewer.is_taluka and request.endpoint == "dashboard.index":
        return redirect(url_for("district.district_page"))   # his home: the district view
    if g.viewer is not None and not g.viewer.may_open(request.endpoint):
        abort(403)


def language() -> str:
    chosen = session.get("lang")
    if chosen in CATALOGUES:
        return chosen
    viewer = g.get("viewer")
    if viewer is not None and viewer.person is not None:
        return viewer.person.language
    return DEFAULT_LANGUAGE


@bp.context_processor
def page_helpers() -> dict:
    lang = language()

    def local(moment, tz: str = law.DEFAULT_TZ, deadline: bool = False) -> str:
        """A moment as the reader says it, village time, with its year: "07-12-2026 સવારે 8:44"; a
        deadline rounded down to the hour (handlers.catalogue.spoken)."""
        return "" if moment is None else spoken(lang, moment, tz, deadline=deadline, year=True)

    return {
        "_": lambda key, **values: t(lang, f"dash.{key}", **values),
        "lang": lang,
        "languages": LANGUAGE_NAMES,
        "rs": lambda paise: money(lang, paise),
        "kind": lambda value: kind_name(lang, value),
        "days_text": lambda days: days_text(lang, days),
        "message_kind": lambda code: message_kind(lang, code),
        "local": local,
        "day": lambda value: "" if value is None else value.strftime("%d-%m-%Y"),
        "csrf_field": current_app.config["WTF_CSRF_FIELD_NAME"],   # csrf_token() itself is Flask-WTF's
        "viewer": g.get("viewer"),
        "simulator_enabled": settings().simulator_enabled,
        "here": here(),
        "carries_code": signin.carries_code,
        # a village's or pound's name in the reader's script (its gu/hi/en name where one is set)
        # (an English page keeps the registered name, the one the books and the State use)
        "named": lambda place: place.name if lang == "en" else place_name(lang, place.name, getattr(place, "names", None),
                                                                          getattr(place, "code", "")),
    }


def message_kind(lang: str, code: str) -> str:
    """An outbox kind in words in the reader's language, never the code."""
    key = f"dash.kind_{code}"
    return t(lang, key) if key in CATALOGUES[lang] else code.replace("_", " ")


def here() -> str:
    """The page the language links point at: a POST's answer has no URL of its own."""
    if request.method == "GET":
        return request.path
    if request.path.startswith("/simulator"):
        return url_for("dashboard.simulator_home")
    if request.path.startswith("/signin"):
        return url_for("dashboard.signin_page")
    return url_for("dashboard.index")


def say(key: str, **values) -> str:
    return t(language(), f"dash.{key}", **values)


def safe_next(target: str | None) -> str:
    """Only a path on this site, never an open redirect."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return url_for("dashboard.index")
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else url_for("dashboard.index")


def require_viewer():
    if g.viewer is None:
        return redirect(url_for("dashboard.signin_page", next=request.full_path.rstrip("?")))
    return None


# --- sign-in ---------------------------------------------------------------------


class SignInFields(FlaskForm):
    """What the three sign-in forms send. Nothing is refused here: the answer to a phone must
    not depend on the phone (signin.request_code), so every check is signin's, the same for all."""

    class Meta:
        csrf = False   # CSRFProtect checked the request first (pages.csrf)

    next = StringField(default="")
    token = StringField(default="")
    phone = StringField(default="")
    code = StringField(default="")


@bp.get("/signin")
def signin_page():
    return render_template("signin.html", next=safe_next(request.args.get("next")), phone="", code_sent=False)


@bp.post("/signin/token")
def signin_token():
    typed = SignInFields()
    target = safe_next(typed.next.data)
    if not signin.token_matches(typed.token.data, settings().admin_token):
        flash(say("signin_wrong_token"), "error")
        return render_template("signin.html", next=target, phone="", code_sent=False), 401
    signin.start_session(db(), "admin")
    return redirect(target)


@bp.post("/signin/code")
def signin_code():
    """Send an official or a keeper a one-time code. The answer, its status and
    the work behind it are the same whether or not the number belongs to one,
    so the form reveals nobody's role (signin.request_code)."""
    typed = SignInFields()
    target = safe_next(typed.next.data)
    phone = normalise_phone(typed.phone.data) or ""
    try:
        signin.request_code(runtime().redis, typed.phone.data)
    except redis.RedisError:
        flash(say("signin_unavailable"), "error")
        return render_template("signin.html", next=target, phone=phone, code_sent=False), 503
    flash(say("signin_code_sent"), "info")
    return render_template("signin.html", next=target, phone=phone, code_sent=True)


@bp.post("/signin/verify")
def signin_verify():
    typed = SignInFields()
    target, typed_phone = safe_next(typed.next.data), typed.phone.data
    try:
        verdict = signin.check_code(runtime().redis, typed_phone, typed.code.data, request.remote_addr or "")
    except redis.RedisError:
        flash(say("signin_unavailable"), "error")
        return render_template("signin.html", next=target, phone=typed_phone, code_sent=True), 503
    staff = signin.staff_for(db(), typed_phone)
    if verdict != signin.RIGHT or staff is None:
        flash(say("signin_too_many" if verdict == signin.TOO_MANY else "signin_wrong_code"), "error")
        status = 429 if verdict == signin.TOO_MANY else 401
        return render_template("signin.html", next=target, phone=typed_phone, code_sent=True), status
    signin.start_session(db(), staff.role, staff)
    return redirect(target)


@bp.post("/signout")
def signout():
    signin.end_session(db())
    return redirect(url_for("dashboard.signin_page"))


# --- the dashboard ------------------------------------------------------------------


@bp.get("/")
def index():
    if (refused := require_viewer()) is not None:
        return refused
    session_, moment, village_ids = db(), now(), g.viewer.village_ids()
    villages = overview.villages(session_, village_ids)
    pound_ids = g.viewer.pound_ids()  # a keeper: his pound only, and not the village's outbox
    held = overview.held_animals(session_, village_ids, moment, pound_ids)
    wanted = {"q": request.args.get("q", "")[:60].strip(), "pound": request.args.get("pound", "")[:16],
              "state": request.args.get("state", "held"), "from": request.args.get("from", "")[:20],
              "to": request.args.get("to", "")[:20]}
    if wanted["state"] not in overview.FIND_STATES:
        wanted["state"] = "held"
    try:
        page = int(normalise_digits(request.args.get("page", "1")))
    except ValueError:
        page = 1
    found = overview.find_animals(session_, village_ids, moment, pound_ids=pound_ids, text=normalise_digits(wanted["q"]),
                                  pound_code=wanted["pound"], state=wanted["state"],
                                  seized_from=dates.parse_day(wanted["from"]), seized_to=dates.parse_day(wanted["to"]),
                                  page=page)
    return render_template(
        "dashboard.html",
        now=moment,
        found=found,
        wanted=wanted,
        states=overview.FIND_STATES,
        villages=villages,
        pounds=[row for row in overview.pounds(session_, village_ids)
                if pound_ids is None or row.pound.id in pound_ids],
        held=held,
        auctions=overview.upcoming_auctions(held, moment),
        handovers=overview.upcoming_auctions(held, moment, gaushala=True),   # 1871 s.14 proviso
        to_gaushala=overview.to_gaushala,
        messages=[] if g.viewer.is_keeper else overview.outbox(session_, village_ids),
        counts=Counter() if g.viewer.is_keeper else overview.outbox_counts(session_, village_ids),
        schedules=overview.schedules(session_, villages, moment),
        kinds=law.KINDS,
        max_chars=BROADCAST_MAX_CHARS,
)


# --- the phone simulator --------------------------------------------------------------


def require_simulator():
    """404 when SIMULATOR is off; administrator only, since it can speak as any phone."""
    if not settings().simulator_enabled:
        abort(404)
    if (refused := require_viewer()) is not None:
        return refused
    if not g.viewer.is_admin:
        abort(403)
    return None


def simulator_page(phone: str, status: int = 200, **result):
    people = db().query(Person).order_by(Person.phone).limit(SIMULATOR_PEOPLE).all()
    return render_template("simulator.html", phone=phone, people=people,
                           inbox=simulator.inbox(db(), phone) if phone else [],
                           service_code=settings().ussd_service_code, **result), status


def chosen_phone() -> tuple[str, str | None]:
    """The phone the simulator speaks as: typed wins over picked."""
    raw = (request.values.get("typed_phone") or request.values.get("phone") or "").strip()
    if not raw:
        return "", None
    phone = normalise_phone(raw)
    return (phone, None) if phone else (raw, say("sim_bad_phone"))


@bp.get("/simulator")
def simulator_home():
    if (refused := require_simulator()) is not None:
        return refused
    phone, problem = chosen_phone()
    return simulator_page(phone, error=problem)


@bp.post("/simulator/sms")
def simulator_sms():
    if (refused := require_simulator()) is not None:
        return refused
    phone, problem = chosen_phone()
    text = request.form.get("text", "")
    if problem or not phone:
        return simulator_page(phone, 422, error=problem or say("sim_bad_phone"))
    reply = simulator.send_sms(db(), phone=phone, text=text, now=now(), settings=settings())
    return simulator_page(phone, sent_text=text, reply=reply)


@bp.post("/simulator/ussd")
def simulator_ussd():
    """One USSD step. Like Africa's Talking, the page keeps the whole path
    typed so far (`1*123456789012`) and sends it with every step."""
    if (refused := require_simulator()) is not None:
        return refused
    phone, problem = chosen_phone()
    if problem or not phone:
        return simulator_page(phone, 422, error=problem or say("sim_bad_phone"))
    dialling = request.form.get("action") == "dial"
    path = simulator.next_ussd_text(request.form.get("ussd_text", ""), request.form.get("answer"), dialling=dialling)
    session_id = simulator.new_ussd_session() if dialling else request.form.get("ussd_session", "")[:64]
    screen = simulator.dial(db(), phone=phone, text=path, session_id=session_id, now=now(), settings=settings())
    return simulator_page(phone, screen=screen.body, ussd_text=None if screen.end else path,
                          ussd_session=session_id, ussd_ongoing=not screen.end)
