"""What every staff page shares with the dashboard: the same
sign-in, language and template helpers (dashboard.before_request and page_helpers; the
CSRF token is checked for the whole app, sms_gateway.pages.csrf), on blueprints of their own so that dashboard.py does not
grow. `viewer_may_see` is the one place that says which village a viewer may
read or change: administrator every village, official their own, keeper only
his own pound's records (`signin.Viewer.may_see`)."""
from __future__ import annotations

from flask import Blueprint, abort, g

from handlers.catalogue import CATALOGUES
from sms_gateway.pages import dashboard


def staff_blueprint(name: str) -> Blueprint:
    bp = Blueprint(name, __name__)
    bp.before_request(dashboard.before_request)
    bp.context_processor(dashboard.page_helpers)
    bp.context_processor(lambda: {"paise": paise_text, "event_name": event_name})
    return bp


def event_name(type_: str) -> str:
    key = f"event_{type_}"
    return dashboard.say(key) if f"dash.{key}" in CATALOGUES[dashboard.language()] else type_.replace("_", " ")


def paise_text(paise: int) -> str:
    """Rs 12.75: a cost to the paisa (a segment may cost less than a rupee)."""
    return f"Rs {paise // 100}.{paise % 100:02d}"


def viewer_may_see(village_id: int, pound_id: int | None = None) -> bool:
    viewer = g.viewer
    return viewer is not None and viewer.may_see(village_id, pound_id)


def require_village_access(village_id: int, pound_id: int | None = None) -> None:
    """403 unless the record (of this village, and pound when it has one) is the viewer's."""
    if not viewer_may_see(village_id, pound_id):
        abort(403)
