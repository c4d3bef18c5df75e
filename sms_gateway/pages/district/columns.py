"""The district view's figures as a reader and a program see them: one `Column` per figure (its
software name, the section it belongs to, the number its bar is drawn to), the cell's text in the
reader's language, and the spreadsheet's lines in both forms (books_csv's rule: headers and money
in the reader's form, `?headers=en` the software form: English names, paise, yyyy-mm)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Callable

from handlers.catalogue import grouped, place_name, rate, t
from models.queries.district import Figures, Taluka
from sms_gateway.pages import books_csv

SECTIONS = ("animals", "money", "messages")


@dataclass(frozen=True)
class Column:
    name: str
    section: str
    kind: str                                        # count | share | days | money
    value: Callable[[Figures, int], int | float | Fraction | None]   # (figures, price a segment)


COLUMNS = (
    Column("seized", "animals", "count", lambda f, _: f.seized),
    Column("claimed", "animals", "count", lambda f, _: f.claimed),
    Column("sold", "animals", "count", lambda f, _: f.sold),
    Column("handed_over", "animals", "count", lambda f, _: f.handed_over),   # 1871 s.14 proviso
    Column("still_held", "animals", "count", lambda f, _: f.still_held),
    Column("share_reclaimed", "animals", "share", lambda f, _: f.share_reclaimed),
    Column("median_days", "animals", "days", lambda f, _: f.median_days),
    Column("collected", "money", "money", lambda f, _: f.collected_paise),
    Column("paid_out", "money", "money", lambda f, _: f.paid_out_paise),
    Column("to_fund", "money", "money", lambda f, _: f.to_fund_paise),
    Column("sent", "messages", "count", lambda f, _: f.sent),
    Column("delivered", "messages", "count", lambda f, _: f.delivered),
    Column("failed", "messages", "count", lambda f, _: f.failed),
    Column("cost", "messages", "money", lambda f, price: f.cost_paise(price)),
)


def of_section(section: str) -> list[Column]:
    return [column for column in COLUMNS if column.section == section]


def month_name(language: str, month: date) -> str:
    """November 2026, in the reader's words."""
    return t(language, f"dash.district.month_{month.month}", year=month.year)


def village_name(language: str, village) -> str:
    """As the other pages name it: the registered name in English, else the reader's script."""
    return village.name if language == "en" else place_name(language, village.name, village.names, village.code)


def taluka_name(language: str, taluka: Taluka) -> str:
    return taluka.name or t(language, "dash.district_no_taluka")


def _decimal(language: str, value: float) -> str:
    """A median: a whole number grouped as the reader writes it, or a half (3.5)."""
    whole = int(value)
    return grouped(language, whole) + ("" if value == whole else ".5")


def cell(language: str, column: Column, figures: Figures, price: int) -> str:
    """The figure as the page shows it: 1,430 · રૂ. 1,430 · 75% · 3.5; a share or a median of
    a month in which no animal left the pound says so."""
    value = column.value(figures, price)
    if value is None:
        return t(language, "dash.district_none_left")
    if column.kind == "money":
        return rate(language, value)        # to the paisa, grouped (an SMS may cost 25 paise)
    if column.kind == "share":
        return t(language, "dash.district_percent", percent=grouped(language, round(value * 100)))
    if column.kind == "days":
        return _decimal(language, value)
    return grouped(language, value)


def bar_value(column: Column, figures: Figures, price: int) -> float:
    """The length a figure's bar is drawn to (nothing for a share or median with no animal)."""
    value = column.value(figures, price)
    return 0.0 if value is None else float(value)


# --- the spreadsheet ---------------------------------------------------------------------

LEADING = ("taluka", "village", "village_code", "month")


def headers(language: str, software: bool) -> list[str]:
    names = [*LEADING, *(c.name + ("_paise" if c.kind == "money" else "") for c in COLUMNS)]
    return names if software else [t(language, f"dash.csv.district.{name}") for name in (*LEADING,
                                                                                        *(c.name for c in COLUMNS))]


def _number(column: Column, figures: Figures, price: int, software: bool) -> object:
    value = column.value(figures, price)
    if value is None:
        return ""
    if column.kind == "money":
        return value if software else books_csv.exact_rupees(value)
    if column.kind == "share":
        return f"{float(value):.4f}" if software else round(value * 100)
    if column.kind == "days":
        return int(value) if value == int(value) else value
    return value


def rows(language: str, talukas: list[Taluka], month: date, price: int, software: bool) -> list[dict]:
    """A line per village and one per taluka's total (its village empty), in the page's order."""
    names = headers(language, software)
    month_text = month.strftime("%Y-%m") if software else month_name(language, month)
    found = []
    for taluka in talukas:
        label = (taluka.name or "") if software else taluka_name(language, taluka)
        lines = [(village.name if software else village_name(language, village), village.code, figures)
                 for village, figures in taluka.villages]
        lines.append(("" if software else t(language, "dash.district_total", taluka=label), "", taluka.total))
        for village, code, figures in lines:
            values = [label, village, code, month_text, *(_number(c, figures, price, software) for c in COLUMNS)]
            found.append(dict(zip(names, values)))
    return found
