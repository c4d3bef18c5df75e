"""The staff forms' fields, on WTForms: each field reads what a clerk types (ASCII, Gujarati or
Devanagari digits, dates as dd-mm-yyyy, whole rupees), keeps its limit and says what is wrong
beside itself in the reader's language.

Every message comes from the gettext catalogues: the validators here say their own
(`dash.form_required`, `page.err.too_long`, `dash.form_date`, …), and WTForms' built-in
messages ("Not a valid choice.") are read through `Catalogue`, the forms' translations, so no
English default reaches a Gujarati page. `kind` tells the template how to draw a field; the
label is the catalogue key of its words.

The forms carry no CSRF field of their own: `CSRFProtect` has checked every POST before a form
is read (`sms_gateway.pages.csrf`).
"""
from __future__ import annotations

import re

from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import Optional, StopValidation, ValidationError

from handlers.catalogue.refusals import field_words
from handlers.text.digits import normalise_digits
from handlers.text.limits import TEXT_LIMITS, too_long
from models.ranges import fits
from sms_gateway.pages import dashboard, dates


class Catalogue:
    """WTForms' own messages in the reader's words: the catalogue entry each stands for; any
    other one WTForms might say is told as a value to check, never in English."""

    WORDS = {"This field is required.": "form_required", "Not a valid choice.": "form_choice",
             "Invalid Choice: could not coerce.": "form_choice", "Choices cannot be None.": "form_choice"}

    def gettext(self, string: str) -> str:
        return dashboard.say(self.WORDS.get(string, "form_invalid"))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular)


class StaffForm(FlaskForm):
    class Meta:
        csrf = False   # CSRFProtect checked the request before the form was read

        def get_translations(self, form):
            return Catalogue()


def fields(**declared) -> type[StaffForm]:
    """A staff form's WTForms class, its fields in the order written."""
    return type("StaffFormFields", (StaffForm,), declared)


# ------------------------------------------------------------------ validators


class Required:
    """Something typed (spaces are nothing); says `dash.form_required` and nothing else."""

    field_flags = {"required": True}

    def __call__(self, form, field) -> None:
        if not field.raw_data or not str(field.raw_data[0]).strip():
            field.errors[:] = []
            raise StopValidation(dashboard.say("form_required"))


class Limit:
    """The field's length limit (handlers.text.limits), the one shown beside it; `says`: a
    `dash.` sentence of the form's own, given the limit as {max}."""

    def __init__(self, says: str | None = None):
        self.says = says

    def __call__(self, form, field) -> None:
        if too_long({field.name: field.data}):
            limit = TEXT_LIMITS[field.name]
            raise ValidationError(dashboard.say(self.says, max=limit) if self.says
                                  else field_words(dashboard.language(), "page.err.too_long", max=limit))


def _presence(required: bool) -> list:
    return [Required()] if required else [Optional()]


# ------------------------------------------------------------------ fields


class Text(StringField):
    """Free text, kept to its limit; `digits`: a number typed in any digit set, read in ASCII."""

    kind = "text"

    def __init__(self, label: str, required: bool = True, digits: bool = False, too_long: str | None = None,
                 filters=(), **kwargs):
        super().__init__(label, validators=[*_presence(required), Limit(too_long)], default="",
                         filters=[normalise_digits, *filters] if digits else list(filters), **kwargs)

    def limit(self) -> tuple[int, str] | None:
        """The limit and its sentence, shown beside the field."""
        if self.name not in TEXT_LIMITS:
            return None
        return TEXT_LIMITS[self.name], field_words(dashboard.language(), "page.err.too_long", max=TEXT_LIMITS[self.name])


class Tel(Text):
    kind = "tel"

    def __init__(self, label: str, required: bool = True, **kwargs):
        super().__init__(label, required, digits=True, **kwargs)


class Lines(Text):
    kind = "textarea"


class Parsed(StringField):
    """A value typed as text and read into something else (`read`); shown back as typed,
    empty when nothing was typed (data None), refused with `message` when it cannot be read."""

    kind = "text"
    message = "form_invalid"

    def __init__(self, label: str, required: bool = True, message: str | None = None, **kwargs):
        super().__init__(label, validators=_presence(required), **kwargs)
        self.message = message or self.message

    def read(self, text: str):
        raise NotImplementedError

    def process_formdata(self, valuelist) -> None:
        text = normalise_digits(valuelist[0] if valuelist else "").strip()
        self.data = None
        if text:
            self.data = self.read(text)
            if self.data is None:
                raise ValueError(dashboard.say(self.message))

    def _value(self) -> str:
        return self.raw_data[0] if self.raw_data else ""

    def limit(self) -> None:
        return None


class Rupees(Parsed):
    """Whole rupees, as paise; past what the amount's column holds (Rs 2,14,74,836:
    models.ranges) it is refused beside the field like any other bad number."""

    kind, message = "number", "form_rupees"

    def read(self, text: str) -> int | None:
        ok = text.isascii() and text.isdigit() and len(text) <= 9 and fits(int(text) * 100)
        return int(text) * 100 if ok else None


class Hour(Parsed):
    kind, message = "number", "form_hour"

    def read(self, text: str) -> int | None:
        return int(text) if text.isascii() and text.isdigit() and len(text) <= 2 and int(text) <= 23 else None


_CLOCK = re.compile(r"^(\d{1,2})[:.](\d{1,2})(?::\d{2})?$")


class Clock(Parsed):
    """hh:mm, as a (hour, minute) pair."""

    kind, message = "time", "form_hour"

    def read(self, text: str) -> tuple[int, int] | None:
        found = _CLOCK.match(text)
        if found is None or int(found[1]) > 23 or int(found[2]) > 59:
            return None
        return int(found[1]), int(found[2])


class Day(Parsed):
    """dd-mm-yyyy in any of the four digit sets (sms_gateway.pages.dates)."""

    kind, message = "date", "form_date"

    def read(self, text: str):
        return dates.parse_day(text)


class Moment(Parsed):
    """dd-mm-yyyy hh:mm, naive: the form puts it in the village's zone."""

    kind, message = "datetime-local", "form_date"

    def read(self, text: str):
        return dates.parse_moment(text)


class Choice(SelectField):
    """One of `options` (staff.forms.choices: villages, pounds, kinds, …), given per request.
    `check`: refused beside the field when not one of them; otherwise the record's own lookup
    says what is wrong (an unknown village, a kind the Act does not list)."""

    kind = "select"

    def __init__(self, label: str, options: str, required: bool = True, check: bool = False, **kwargs):
        super().__init__(label, validators=_presence(required), validate_choice=check, default="", **kwargs)
        self.options = options

    def _value(self) -> str:
        return self.data or ""

    def limit(self) -> None:
        return None


class Tick(BooleanField):
    kind = "checkbox"

    def __init__(self, label: str, **kwargs):
        super().__init__(label, **kwargs)

    def limit(self) -> None:
        return None
