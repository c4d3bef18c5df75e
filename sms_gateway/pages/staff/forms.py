"""`/records` and `/records/<form>`: staff data entry in the browser.

Server-rendered forms that work without JavaScript: every POST carries the
CSRF token (checked by CSRFProtect, sms_gateway.pages.csrf), is read and checked by the
form's WTForms fields (staff.fields), and is answered on the same page with the result at
the top, an error beside each field it concerns and the values as typed. What a form does
is in `form_specs`, `form_money` and `form_auction`, through the same handlers as SMS and
the admin API; this module only translates HTTP.
"""
from __future__ import annotations

from flask import abort, flash, g, render_template, request, url_for
from werkzeug.exceptions import Forbidden

from werkzeug.datastructures import MultiDict

from handlers.catalogue import LANGUAGES, place_name, t
from handlers.catalogue.refusals import field_words, refusal_words
from handlers.errors import Refused
from handlers.text.limits import TEXT_LIMITS
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
from sms_gateway.pages.staff.form_specs import FieldError, Form, NeedsConfirmation
from sms_gateway.pages.staff.fields import Choice, StaffForm
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


def render(form: Form, fields: StaffForm, status: int = 200, done_link: str | None = None,
           confirm: NeedsConfirmation | None = None):
    """The form page; `fields` is its WTForms form, with the values as typed and each field's errors."""
    return render_template("staff_form.html", form=form, fields=fields, forms=allowed_forms(),
                           errors={field.name: field.errors[0] for field in fields if field.errors},
                           done_link=done_link, confirm=confirm), status


def read(form: Form, **formdata) -> StaffForm:
    """The form's fields over the request's values (or `formdata`), their options the viewer's."""
    fields = form.fields(**formdata)
    for field in fields:
        if isinstance(field, Choice):
            field.choices = choices(field.options)
    return fields


def say_beside(fields: StaffForm, name: str, reason: str) -> None:
    """A reason found after the fields were read (the record's own checks), beside its field."""
    fields[name].errors = [reason]


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
    wanted = MultiDict({name: value[:TEXT_LIMITS.get(name, 40)] for name, value in request.args.items()
                        if name != "lang" and value})
    return render(form, read(form, formdata=wanted))


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
    fields = read(form)   # the POST's values, read by each field
    if not fields.validate():
        return render(form, fields, 422)
    values = {**fields.data, "confirmed": request.form.get("confirmed", "")}
    try:
        done = form.apply(values, g.viewer)
    except NeedsConfirmation as confirm:
        db().rollback()   # nothing recorded, nobody told: shown, to be submitted again
        return render(form, fields, 200, confirm=confirm)
    except FieldError as error:
        db().rollback()
        say_beside(fields, error.field, say(error.key, **error.values))
        return render(form, fields, 422)
    except Forbidden:
        # Another pound's tag, another village's record: the form stays as typed, with the reason.
        db().rollback()
        reason = field_words(dashboard.language(), "page.err.forbidden")
        field = next((name for name in _WHOSE_FIELDS if name in fields and str(values.get(name) or "").strip()), None)
        if field is None:
            flash(reason, "error")
        else:
            say_beside(fields, field, reason)
        return render(form, fields, 403)
    except (Refused, OutOfRange) as refusal:  # OutOfRange: an amount computed past its column
        db().rollback()
        field = FIELD_ALIASES.get(refusal.field or "", refusal.field or "")
        if field.startswith("rates."):
            field = "kind"
        if field in fields:
            say_beside(fields, field, refusal_text(refusal, values))
        else:
            flash(refusal_text(refusal, values), "error")
        return render(form, fields, 422)
    done, record_id = done if isinstance(done, tuple) else (done, None)
    record_id = record_id or record_named(values)
    db().commit()  # any notices the change implies reach RQ through the after-commit hook
    flash(done, "info")
    return render(form, read(form, formdata=None), done_link=url_for(
        "impoundment.impoundment_page", impoundment_id=record_id) if record_id else None)


def record_named(values: dict) -> int | None:
    """The impoundment a form's result concerns, to link to it: by tag or receipt, or by deposit."""
    if values.get("tag", "").strip():
        found = queries.impoundment_by_tag(db(), values["tag"])
        return found.id if found else None
    if values.get("deposit", "").strip().isdigit():
        deposit = db().get(Deposit, int(values["deposit"]))
        return deposit.impoundment_id if deposit else None
    return None
