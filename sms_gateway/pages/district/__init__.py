"""`/district` (SPEC 13.3): per taluka, village and month, the animals seized, claimed, sold and
still held, the share reclaimed and the median days held; the money collected, paid out and sent
to the village fund; the messages sent, delivered and failed and their cost. Each figure is a
bar chart drawn here as SVG beside a table of the same numbers, and the lot is a CSV download.

Read by the administrator (every village) and a Taluka Development Officer (role `taluka`, his
taluka's villages, nothing else); a village's official or keeper is answered 403, as is a taluka
officer asking for another taluka. The figures are models.queries.district's; this module only
reads the request (`?taluka=`, `?month=yyyy-mm`, `?format=csv`, `?headers=en`) and lays them out.
"""
from __future__ import annotations

from datetime import date

from flask import abort, g, render_template, request

from handlers.catalogue import t
from models.queries import district
from sms_gateway.api import books as api_books
from sms_gateway.api.costs import month_asked
from sms_gateway.extensions import db, settings
from sms_gateway.pages import books_csv, dashboard
from sms_gateway.pages.costs import MONTH
from sms_gateway.pages.district import columns
from sms_gateway.pages.district.chart import Bar, bar_chart
from sms_gateway.pages.staff import staff_blueprint

bp = staff_blueprint("district")


def _next_month(month: date, step: int) -> date:
    index = month.year * 12 + month.month - 1 + step
    return date(index // 12, index % 12 + 1, 1)


def _charts(lang: str, talukas: list[district.Taluka], month: date, price: int) -> dict:
    """Per taluka (by its place on the page) and figure, the figure's bar chart, a bar a village."""
    month_text = columns.month_name(lang, month)
    charts = {}
    for index, taluka in enumerate(talukas):
        name = columns.taluka_name(lang, taluka)
        for column in columns.COLUMNS:
            bars = [Bar(columns.village_name(lang, village), columns.bar_value(column, figures, price),
                        columns.cell(lang, column, figures, price)) for village, figures in taluka.villages]
            title = t(lang, f"dash.district.chart.{column.name}", month=month_text, taluka=name)
            charts[index, column.name] = bar_chart(f"chart-{index}-{column.name}", title, bars)
    return charts


@bp.get("/district")
def district_page():
    if (refused := dashboard.require_viewer()) is not None:
        return refused
    viewer = g.viewer
    if not viewer.sees_district:
        abort(403)
    raw_month, asked = request.args.get("month", ""), request.args.get("taluka", "")[:120].strip() or None
    month = month_asked(raw_month if MONTH.match(raw_month) else None)
    if viewer.is_taluka and asked is not None and not district.same_taluka(asked, viewer.person.taluka):
        abort(403)
    village_ids = viewer.village_ids()
    found = district.talukas(db(), month, village_ids, asked)
    lang, price = dashboard.language(), settings().sms_price_paise
    if request.args.get("format") == "csv":
        software = books_csv.for_software(request.args)
        return api_books.as_csv(columns.rows(lang, found, month, price, software), f"district-{month:%Y-%m}.csv",
                                columns.headers(lang, software))
    return render_template(
        "district.html", talukas=found, month=month, asked=asked or "",
        taluka_choices=district.taluka_names(db(), village_ids), sections=columns.SECTIONS,
        columns_of=columns.of_section, charts=_charts(lang, found, month, price),
        month_name=lambda value: columns.month_name(lang, value),
        before=_next_month(month, -1), after=_next_month(month, 1),
        cell=lambda column, figures: columns.cell(lang, column, figures, price),
        village_name=lambda village: columns.village_name(lang, village),
        taluka_name=lambda taluka: columns.taluka_name(lang, taluka))
