"""A bar chart drawn on the server as SVG: no script, prints as it shows, read by a screen reader
as one image named by its title (`role="img"`, `aria-labelledby` its `<title>`); the numbers are
in the table beside it for whoever needs them one by one.

One horizontal bar per row, its label above it and its value at its end, so that a village's
name has the whole width at 390 px and a long name never overlaps its bar."""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup, escape

WIDTH = 300            # the drawing's own units; the SVG scales to its box
ROW = 38               # label line and bar per row
BAR = 14
VALUE_ROOM = 96        # what the value text at the bar's end may take
PAD = 4


@dataclass(frozen=True)
class Bar:
    label: str
    value: float       # the length drawn (0 for nothing)
    text: str          # the value as the reader reads it


def bar_chart(ident: str, title: str, bars: list[Bar]) -> Markup:
    """`<svg>` of `bars`, longest bar to the largest value; `ident` makes the title's id."""
    height = max(1, len(bars)) * ROW + PAD
    top = max((bar.value for bar in bars), default=0) or 1
    room = WIDTH - VALUE_ROOM
    parts = [f'<svg class="chart" role="img" aria-labelledby="{escape(ident)}-title" '
             f'viewBox="0 0 {WIDTH} {height}" width="100%" preserveAspectRatio="xMinYMin meet" '
             f'xmlns="http://www.w3.org/2000/svg">',
             f'<title id="{escape(ident)}-title">{escape(title)}</title>']
    for index, bar in enumerate(bars):
        y = PAD + index * ROW
        length = round(room * max(bar.value, 0) / top, 1)
        parts.append(f'<text class="chart-label" x="0" y="{y + 12}">{escape(bar.label)}</text>')
        parts.append(f'<rect class="chart-bar" x="0" y="{y + 18}" width="{length}" height="{BAR}"></rect>')
        parts.append(f'<text class="chart-value" x="{length + PAD}" y="{y + 30}">{escape(bar.text)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
