"""`/records` and `/records/<form>`: staff data entry in the browser.

Server-rendered forms that work without JavaScript: every POST carries the
CSRF token (checked in dashboard.before_request), is answered on the same
page with the result at the top, an error beside each field it concerns and
the values as typed. What a form does is in `staff_form_specs`, through the
same handlers as SMS and the admin API; this module only translates HTTP.
"""
from __future__ import annotations

from flask import abort, flash, g, render_template, request, url_for
from werkzeug.exceptions import Forbidden

from handlers.sms.scanner import normalise_digits
from handlers.catalogue import LANGUAGES, place_name, t
from handlers.catalogue.refusals import field_words, refusal_words
from handlers.errors import Refused
from handlers.pound.text_limits import TEXT_LIMITS, too_long
from models import law
from models import queries
from models.ranges import OutOfRange
from models.tables import Deposit, Pound, Village
from sms_gateway.pages import dashboard
from sms_gateway.pages.dashboard import require_viewer, say
from sms_gateway.extensions import db
from sms_gateway.pages.staff.form_auction import AUCTION_FORMS
from sms_gateway.pages.staff.form_money import MONEY_FORMS
from sms_gateway.pages.staff.form_specs import FORMS as RECORD_FORMS
from sms_gateway.pages.staff.form_specs import FieldError, Form
from sms_gateway.pages.staff import staff_blueprint

bp = staff_blueprint("staff")
FORMS = {**RECORD_FORMS, **{form.slug: form for form in MONEY_FORMS + AUCTION_FORMS}}

# A refusal's field, as a handler names it, to the form field it concerns.
FIELD_ALIASES = {"proceeds_paise": "proceeds", "amount_paise": "amount", "sale_expenses_paise": "sale_expenses",
                 "buyer_phone": "buyer_phone", "seized_at": "seized_at", "security_paise": "security"}


def choices(name: str | None) -> list[tuple[str, str]]:
    """The options of a select, limited to what the viewer may use."""
    village_ids, pound_ids = g.viewer.village_ids(), g.viewer.pound_ids()
    if name == "villages":
        query = db().query(Village).order_by(Village.code)
        rows = query.all() if village_ids is None else query.filter(Village.id.in_(village_ids)).all()
        return [(v.code, f"{local_name(v)} ({v.code})") for v in rows]
    if name == "pounds":
        query = db().query(Pound).order_by(Pound.code)
        rows = query.all() if village_ids is None else query.filter(Pound.village_id.in_(village_ids)).all()
        rows = [p for p in rows if pound_ids is None or p.id in pound_ids]
        return [(p.code, f"{local_name(p)} ({p.code})") for p in rows]
    if name == "kinds":
        return [(k, t(dashboard.language(), f"kind.{k}")) for k in law.KINDS]
    if name == "languages":
        return [("", "-")] + [(code, t(code, "ussd.lang." + code)) for code in LANGUAGES]
    options = {"roles": ("keeper", "official"), "modes": ("normal", "protest"), "outcomes": ("upheld", "dismissed")}
    if name in options:
        return [(o, say(f"form_{o}")) for o in options[name]]
    return []


def local_name(place) -> str:
    """A village's or pound's name in the viewer's script (English: the registered name)."""
    lang = dashboard.language()
    return place.name if lang == "en" else place_name(lang, place.name, place.names, place.code)


def may_use(form: Form) -> bool:
    """Administrator every form; official all but the administrator's; keeper his records only."""
    if g.viewer.is_keeper:
        return form.keeper
    return g.viewer.is_admin or not form.admin_only


def allowed_forms() -> list[Form]:
    return [form for form in FORMS.values() if may_use(form)]


def form_for(slug: str) -> Form:
    form = FORMS.get(slug)
    if form is None:
        abort(404)
    if not may_use(form):
        abort(403)
    return form


def render(form: Form, values: dict, errors: dict, status: int = 200, done_link: str | None = None):
    lang = dashboard.language()
    limits = {f.name: (TEXT_LIMITS[f.name], field_words(lang, "page.err.too_long", max=TEXT_LIMITS[f.name]))
              for f in form.fields if f.name in TEXT_LIMITS and f.type in ("text", "tel", "textarea")}
    return render_template("staff_form.html", form=form, values=values, errors=errors, choices=choices,
                           forms=allowed_forms(), limits=limits, done_link=done_link), status


@bp.get("/records")
def staff_home():
    if (refused := require_viewer()) is not None:
        return refused
    return render_template("staff_home.html", forms=allowed_forms())


@bp.get("/records/<slug>")
def show_form(slug: str):
    if (refused := require_viewer()) is not None:
        return refused
    form = form_for(slug)
    # A link from the record's page fills in the animal (and the choice it stands for).
    return render(form, {f.name: request.args.get(f.name, "")[:TEXT_LIMITS.get(f.name, 40)] for f in form.fields
                         if request.args.get(f.name)}, {})


def missing(form: Form, values: dict) -> dict[str, str]:
    return {f.name: say("form_required") for f in form.fields if f.required and not values.get(f.name, "").strip()}


def refusal_text(refused: Refused, values: dict | None = None) -> str:
    """Why nothing was saved, in the viewer's language (never the handler's English)."""
    return refusal_words(dashboard.language(), refused, tag=(values or {}).get("tag", "").strip())


# A record of another pound or village: the field that named it gets the reason.
_WHOSE_FIELDS = ("tag", "pound", "village", "owner_phone", "id")


@bp.post("/records/<slug>")
def submit_form(slug: str):
    if (refused := require_viewer()) is not None:
        return refused
    form = form_for(slug)
    values = {f.name: _native_digits(f, request.form.get(f.name, "")) for f in form.fields}
    errors = missing(form, values)
    lang = dashboard.language()
    errors.update({name: field_words(lang, "page.err.too_long", max=limit)
                   for name, limit in too_long(values).items() if name not in errors})
    if errors:
        return render(form, values, errors, 422)
    try:
        done = form.apply(values, g.viewer)
    except FieldError as error:
        db().rollback()
        return render(form, values, {error.field: say(error.key, **error.values)}, 422)
    except Forbidden:
        # Another pound's tag, another village's record: the form stays as typed, with the reason.
        db().rollback()
        reason = field_words(dashboard.language(), "page.err.forbidden")
        field = next((name for name in _WHOSE_FIELDS if values.get(name, "").strip()), None)
        if field is None:
            flash(reason, "error")
        return render(form, values, {field: reason} if field else {}, 403)
    except (Refused, OutOfRange) as refusal:  # OutOfRange: an amount computed past its column
        db().rollback()
        field = FIELD_ALIASES.get(refusal.field or "", refusal.field or "")
        if field.startswith("rates."):
            field = "kind"
        if field in values:
            return render(form, values, {field: refusal_text(refusal, values)}, 422)
        flash(refusal_text(refusal, values), "error")
        return render(form, values, {}, 422)
    done, record_id = done if isinstance(done, tuple) else (done, None)
    record_id = record_id or record_named(values)
    db().commit()  # any notices the change implies reach RQ through the after-commit hook
    flash(done, "info")
    response, status = render(form, {}, {}, done_link=url_for("impoundment.impoundment_page",
                                                               impoundment_id=record_id) if record_id else None)
    return response, status


def record_named(values: dict) -> int | None:
    """The impoundment a form's result concerns, to link to it: by tag or receipt, or by deposit."""
    if values.get("tag", "").strip():
        found = queries.impoundment_by_tag(db(), values["tag"])
        return found.id if found else None
    if values.get("deposit", "").strip().isdigit():
        deposit = db().get(Deposit, int(values["deposit"]))
        return deposit.impoundment_id if deposit else None
    return None


# Fields that hold numbers: ૧૨૦ and १२० are read as 120, as in every SMS.
_NUMBER_TYPES = ("number", "tel", "date", "datetime-local")
_NUMBER_NAMES = ("tag", "deposit", "receipt")


def _native_digits(field, raw: str) -> str:
    """A number typed in Gujarati or Devanagari digits, in ASCII digits; other text as typed."""
    return normalise_digits(raw) if field.type in _NUMBER_TYPES or field.name in _NUMBER_NAMES else raw
