"""The order list beside the board: each power's orders with their results, and the orders that
could not be read (option misorders=hold), as a gamemaster posts them with the map.

Part of the SVG renderer (`svg.py`): it reads the result as plain data and decides nothing.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

from adjudicator.diplomacy.maps import POWER_ORDER

WIDTH = 620.0  # the panel's width, right of the map
MARGIN = 22.0
SIZES = {"power": 24.0, "order": 19.0, "reason": 15.0, "gap": 10.0}  # line heights at full size
RESULT_COLOURS = {"SUCCEEDS": "#1d6b2a", "FAILS": "#c0161a", "INVALID": "#c25f00", "": "#555555"}
RESULT_WORDS = {"SUCCEEDS": "succeeds", "FAILS": "FAILS", "INVALID": "INVALID", "": ""}


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _fit(text: str, size: float, width: float) -> str:
    """`text` cut (with an ellipsis) to about `width` at font size `size` (DejaVu Sans averages
    0.6 em a letter in running text; the panel's widest lines are reasons in such text)."""
    room = int(width / (0.6 * size))
    return text if len(text) <= room else text[:max(room - 3, 1)].rstrip() + "..."


def _lines(entries: list[dict], misorders: list[dict]) -> list[tuple[str, dict]]:
    """The panel's lines in order: a heading per power (the seven in the rulebook's order, then
    any other), its orders, the reason under each that did not succeed, its misorders."""
    powers = [p for p in POWER_ORDER if any(e["power"] == p for e in entries + misorders)]
    powers += sorted({e["power"] for e in entries + misorders} - set(powers))
    lines: list[tuple[str, dict]] = []
    for power in powers:
        lines.append(("power", {"power": power}))
        for entry in (e for e in entries if e["power"] == power):
            lines.append(("order", entry))
            if entry.get("result") in ("FAILS", "INVALID") or entry.get("not_given"):
                lines.append(("reason", entry))
        for entry in (e for e in misorders if e["power"] == power):
            lines.append(("order", {**entry, "result": "", "misorder": True}))
            lines.append(("reason", {**entry, "reason": f"ruled a hold: {entry.get('reason', '')}"}))
        lines.append(("gap", {}))
    return lines


def draw_order_panel(add: Callable[[str], None], left: float, height: float, entries: list[dict],
                     misorders: list[dict], colours: Mapping[str, str], dark: Callable[[str], str]) -> None:
    """The panel at x = `left`, `height` high: `entries` are the result's orders ({power, order,
    result, reason}, `not_given` for a conditional order whose condition failed); `colours` the
    powers' colours, `dark` a darker shade for text."""
    lines = _lines(entries, misorders)
    top = 74.0
    needed = sum(SIZES[kind] for kind, _ in lines)
    scale = min(1.0, (height - top - MARGIN) / needed) if needed else 1.0
    add(f'<g id="order-list" transform="translate({_fmt(left)} 0)">')
    add(f'<rect x="0" y="0" width="{_fmt(WIDTH)}" height="{_fmt(height)}" fill="#fbfaf5" stroke="#333"/>')
    add(f'<text class="panel-title" x="{_fmt(MARGIN)}" y="46">Orders and results</text>')
    y = top
    text_room = WIDTH - 2 * MARGIN
    for kind, entry in lines:
        step = SIZES[kind] * scale
        y += step
        if kind == "power":
            power = entry["power"]
            colour = colours.get(power, "#888888")
            add(f'<g class="listed-power" data-power="{_esc(power)}"><rect x="{_fmt(MARGIN)}" '
                f'y="{_fmt(y - 17 * scale)}" width="{_fmt(20 * scale)}" height="{_fmt(18 * scale)}" fill="{colour}" '
                f'stroke="#222"/><text class="panel-power" x="{_fmt(MARGIN + 30 * scale)}" y="{_fmt(y)}" '
                f'font-size="{_fmt(21 * scale)}" fill="{dark(colour)}">{_esc(power.title())}</text></g>')
        elif kind == "order":
            _order_line(add, entry, y, scale, colours, dark)
        elif kind == "reason":
            reason = _fit(str(entry.get("reason", "")), 14 * scale, text_room - 30)
            add(f'<text class="panel-reason" x="{_fmt(MARGIN + 30 * scale)}" y="{_fmt(y - 2 * scale)}" '
                f'font-size="{_fmt(14 * scale)}">{_esc(reason)}</text>')
    add("</g>")


def _order_line(add: Callable[[str], None], entry: dict, y: float, scale: float, colours: Mapping[str, str],
                dark: Callable[[str], str]) -> None:
    power, order, result = entry["power"], entry["order"], entry.get("result") or ""
    word = "not given" if entry.get("not_given") else ("misorder" if entry.get("misorder") else RESULT_WORDS[result])
    colour = "#555555" if entry.get("not_given") or entry.get("misorder") else RESULT_COLOURS[result]
    text = _fit(order, 18 * scale * 1.25, WIDTH - 2 * MARGIN - 150 * scale)  # capitals: wider
    add(f'<g class="listed-order" data-power="{_esc(power)}" data-order="{_esc(order)}" data-result="{_esc(result)}">'
        f'<title>{_esc(power)}: {_esc(order)} {_esc(result)} {_esc(entry.get("reason", ""))}</title>'
        f'<text class="panel-order" x="{_fmt(MARGIN + 30 * scale)}" y="{_fmt(y)}" font-size="{_fmt(18 * scale)}" '
        f'fill="{dark(colours.get(power, "#888888"))}">{_esc(text)}</text>'
        f'<text class="panel-result" x="{_fmt(WIDTH - MARGIN)}" y="{_fmt(y)}" font-size="{_fmt(17 * scale)}" '
        f'fill="{colour}">{_esc(word)}</text></g>')
