"""The board as a picture: an SVG of one phase, drawn from our own map data and layout.

Provinces are Voronoi cells of hand-placed points (`svg_layout`), coloured by terrain and, for
supply centres, by owner. On top: supply-centre dots, coast markers, units, the phase's orders
as arrows, with failed moves (red, dashed, a cross), cut or failed supports (grey, a cross) and
dislodged units (red ring, shifted, with their retreat options) visibly different. Every drawn
unit and order is a `<g>` with `data-*` attributes naming it, so tests can check the structure.

The renderer reads the turn (input contract) and its result (output contract) as plain
dictionaries; it decides nothing, it only draws what the adjudication said.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from adjudicator.diplomacy import svg_layout as layout

POWER_COLOURS = {
    "AUSTRIA": "#c4514d",
    "ENGLAND": "#3f64b5",
    "FRANCE": "#58a9d6",
    "GERMANY": "#6b6b6b",
    "ITALY": "#4d9a4d",
    "RUSSIA": "#9b7fc4",
    "TURKEY": "#d9b43f",
}
OWNED_TINT = 0.45  # how strongly an owned supply centre's province takes its owner's colour
SEA = "#b5d3ec"
COASTAL = "#f1e6c8"
INLAND = "#e3d4a8"
IMPASSABLE = "#a6a6a6"
FAILED = "#d62728"
CUT = "#8c8c8c"
INVALID = "#ff8c00"
UNIT_RADIUS = 9.0

# ----------------------------------------------------------------------------- geometry


def _clip(polygon: list[tuple[tuple[float, float], str]], a: float, b: float, c: float, tag: str):
    """Keep the part of `polygon` with a*x + b*y <= c. Each vertex carries the tag of the edge
    that starts at it (which neighbouring seed made that edge), so borders can be told apart."""
    out: list[tuple[tuple[float, float], str]] = []
    count = len(polygon)
    for index in range(count):
        (p, p_tag), (q, _) = polygon[index], polygon[(index + 1) % count]
        fp = a * p[0] + b * p[1] - c
        fq = a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append((p, p_tag))
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            point = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
            # entering the kept side continues the old edge; leaving it starts the new border
            out.append((point, tag if fp < 0 else p_tag))
    return out


@lru_cache(maxsize=1)
def cells() -> tuple[tuple[str, tuple[tuple[tuple[float, float], str], ...]], ...]:
    """Voronoi cells of all seeds, clipped to the canvas: (province, ((point, edge tag), ...))."""
    seeds = [(name, point) for name, points in layout.SEEDS.items() for point in points]
    frame = [((0.0, 0.0), "_edge"), ((layout.WIDTH, 0.0), "_edge"),
             ((layout.WIDTH, layout.HEIGHT), "_edge"), ((0.0, layout.HEIGHT), "_edge")]
    result = []
    for index, (name, (px, py)) in enumerate(seeds):
        polygon = list(frame)
        for other, (other_name, (qx, qy)) in enumerate(seeds):
            if other == index:
                continue
            a, b = qx - px, qy - py
            c = (qx * qx + qy * qy - px * px - py * py) / 2
            polygon = _clip(polygon, a, b, c, other_name)
            if not polygon:
                break
        result.append((name, tuple(polygon)))
    return tuple(result)


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _cell_path(polygons: Iterable[Iterable[tuple[tuple[float, float], str]]]) -> str:
    parts = []
    for polygon in polygons:
        points = [point for point, _ in polygon]
        parts.append("M" + " L".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points) + " Z")
    return " ".join(parts)


def _border_path() -> str:
    """Segments between cells of different provinces (each drawn once)."""
    parts = []
    for name, polygon in cells():
        count = len(polygon)
        for index in range(count):
            (p, tag), (q, _) = polygon[index], polygon[(index + 1) % count]
            if tag == "_edge" or tag == name or tag < name:
                continue  # canvas edge, inner seam of one province, or drawn from the other side
            parts.append(f"M{_fmt(p[0])},{_fmt(p[1])} L{_fmt(q[0])},{_fmt(q[1])}")
    return " ".join(parts)


def _mix(colour: str, other: str, amount: float) -> str:
    def rgb(text: str) -> tuple[int, int, int]:
        text = text.lstrip("#")
        return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)

    c1, c2 = rgb(colour), rgb(other)
    mixed = [round(x + (y - x) * amount) for x, y in zip(c1, c2)]
    return "#" + "".join(f"{v:02x}" for v in mixed)


def _shorten(start: tuple[float, float], end: tuple[float, float], at_start: float, at_end: float):
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    return ((start[0] + ux * at_start, start[1] + uy * at_start),
            (end[0] - ux * at_end, end[1] - uy * at_end))


def _midpoint(a: tuple[float, float], b: tuple[float, float], t: float = 0.5) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


# ----------------------------------------------------------------------------- map facts


def _map():
    from adjudicator.diplomacy.maps import load_map  # our own map data

    return load_map("standard")


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _plain(value: Any) -> Any:
    """pydantic models -> plain data (the renderer reads the JSON contract)."""
    if hasattr(value, "model_dump"):
        return value.model_dump()
    return value


def _order_text(entry: Any) -> tuple[str, str | None]:
    """An order as given in a turn: a string, or {"order": ..., "by": ...}."""
    if isinstance(entry, Mapping):
        return str(entry.get("order", "")), entry.get("by")
    return str(entry), None


def _parse(text: str):
    from adjudicator.diplomacy.orders import parse_order

    try:
        return parse_order(text, _map())
    except Exception:  # an unreadable order is drawn as text only; the adjudicator reported it
        return None


def _unit_of(text: str) -> tuple[str, str]:
    unit_type, location = text.split()[:2]
    return unit_type.upper(), location.upper()


# ----------------------------------------------------------------------------- drawing


class _Canvas:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, text: str) -> None:
        self.parts.append(text)


def _point(location: str) -> tuple[float, float]:
    return layout.label_point(location)


def _draw_unit(canvas: _Canvas, power: str, unit_type: str, location: str, *, css: str = "unit",
               offset: tuple[float, float] = (0.0, 0.0), extra: str = "") -> None:
    x, y = _point(location)
    x, y = x + offset[0], y + offset[1]
    colour = POWER_COLOURS.get(power, "#444444")
    stroke = FAILED if "dislodged" in css else "#1a1a1a"
    width = 2.5 if "dislodged" in css else 1.2
    canvas.add(f'<g class="{css}" data-power="{_esc(power)}" data-unit="{_esc(unit_type + " " + location)}"'
               f' data-location="{_esc(location)}"{extra}>')
    if unit_type == "F":
        r = UNIT_RADIUS
        canvas.add(f'<path d="M{_fmt(x - r - 2)},{_fmt(y - 2)} L{_fmt(x + r + 2)},{_fmt(y - 2)} '
                   f'L{_fmt(x + r - 2)},{_fmt(y + r - 1)} L{_fmt(x - r + 2)},{_fmt(y + r - 1)} Z" '
                   f'fill="{colour}" stroke="{stroke}" stroke-width="{width}"/>')
        canvas.add(f'<rect x="{_fmt(x - 2)}" y="{_fmt(y - r - 2)}" width="4" height="{_fmt(r)}" '
                   f'fill="{colour}" stroke="{stroke}" stroke-width="0.8"/>')
    else:
        canvas.add(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(UNIT_RADIUS)}" fill="{colour}" '
                   f'stroke="{stroke}" stroke-width="{width}"/>')
    canvas.add(f'<text x="{_fmt(x)}" y="{_fmt(y + 4)}" class="unit-letter">{unit_type}</text>')
    if "dislodged" in css:
        canvas.add(f'<text x="{_fmt(x + 12)}" y="{_fmt(y - 8)}" class="mark" fill="{FAILED}">⚡</text>')
    canvas.add("</g>")


def _cross(canvas: _Canvas, at: tuple[float, float], colour: str, size: float = 5.0) -> None:
    x, y = at
    canvas.add(f'<path d="M{_fmt(x - size)},{_fmt(y - size)} L{_fmt(x + size)},{_fmt(y + size)} '
               f'M{_fmt(x - size)},{_fmt(y + size)} L{_fmt(x + size)},{_fmt(y - size)}" '
               f'stroke="{colour}" stroke-width="2.5" class="cross"/>')


def _order_style(kind: str, result: str | None) -> tuple[str, str, str]:
    """(colour, dash pattern, css state) for an order and its result."""
    if result == "INVALID":
        return INVALID, "2,3", "invalid"
    failed = result == "FAILS"
    if kind in ("move", "retreat"):
        return (FAILED, "6,4", "failed") if failed else ("#111111", "", "succeeded")
    if kind == "support":
        return (CUT, "3,3", "cut") if failed else ("#111111", "5,3", "succeeded")
    if kind == "convoy":
        return (CUT, "1,4", "failed") if failed else ("#1f5fa8", "1,4", "succeeded")
    return (FAILED, "4,3", "failed") if failed else ("#111111", "", "succeeded")


def _draw_order(canvas: _Canvas, power: str, text: str, result: str | None, reason: str,
                moves: dict[str, str]) -> None:
    order = _parse(text)
    kind = order.kind if order else "unknown"
    colour, dash, state = _order_style(kind, result)
    attrs = (f' class="order order-{kind} {state}" data-power="{_esc(power)}" data-order="{_esc(text)}"'
             f' data-kind="{kind}" data-result="{_esc(result or "")}"')
    canvas.add(f"<g{attrs}><title>{_esc(power)}: {_esc(text)} {_esc(result or '')} {_esc(reason)}</title>")
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    if order is None or order.location is None:
        canvas.add("</g>")
        return
    start = _point(order.location)
    if kind in ("move", "retreat") and order.destination:
        end = _point(order.destination)
        a, b = _shorten(start, end, UNIT_RADIUS + 1, UNIT_RADIUS + 3)
        marker = "arrow-failed" if state == "failed" else ("arrow-invalid" if state == "invalid" else "arrow")
        canvas.add(f'<line x1="{_fmt(a[0])}" y1="{_fmt(a[1])}" x2="{_fmt(b[0])}" y2="{_fmt(b[1])}" '
                   f'stroke="{colour}" stroke-width="2.6"{dash_attr} marker-end="url(#{marker})"/>')
        if state != "succeeded":
            _cross(canvas, _midpoint(a, b), colour)
    elif kind == "support" and order.target:
        target = _point(order.target)
        if order.destination:  # support of a move: to the middle of the supported arrow
            end = _midpoint(target, _point(order.destination), 0.55)
        else:
            end = target
        a, b = _shorten(start, end, UNIT_RADIUS + 1, UNIT_RADIUS if not order.destination else 2)
        canvas.add(f'<line x1="{_fmt(a[0])}" y1="{_fmt(a[1])}" x2="{_fmt(b[0])}" y2="{_fmt(b[1])}" '
                   f'stroke="{colour}" stroke-width="1.8"{dash_attr}/>')
        canvas.add(f'<circle cx="{_fmt(b[0])}" cy="{_fmt(b[1])}" r="3" fill="none" stroke="{colour}" '
                   f'stroke-width="1.5"/>')
        if state != "succeeded":
            _cross(canvas, _midpoint(a, b), FAILED if state == "cut" else colour, 4.0)
    elif kind == "convoy" and order.target and order.destination:
        army, goal = _point(order.target), _point(order.destination)
        for end in (army, goal):
            a, b = _shorten(start, end, UNIT_RADIUS + 1, UNIT_RADIUS + 1)
            canvas.add(f'<line x1="{_fmt(a[0])}" y1="{_fmt(a[1])}" x2="{_fmt(b[0])}" y2="{_fmt(b[1])}" '
                       f'stroke="{colour}" stroke-width="2" stroke-linecap="round"{dash_attr}/>')
    elif kind == "hold":
        x, y = start
        canvas.add(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(UNIT_RADIUS + 4)}" fill="none" '
                   f'stroke="{colour}" stroke-width="2"{dash_attr}/>')
    elif kind == "disband":
        _cross(canvas, start, FAILED if result != "FAILS" else CUT, UNIT_RADIUS + 3)
    elif kind == "build":
        x, y = start
        ok = result == "SUCCEEDS"
        canvas.add(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(UNIT_RADIUS + 5)}" fill="none" '
                   f'stroke="{colour if not ok else "#2ca02c"}" stroke-width="2.2" stroke-dasharray="3,2"/>')
        # the new unit, pale: its type and its power's colour
        canvas.add(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(UNIT_RADIUS)}" fill="{POWER_COLOURS.get(power, "#444")}" '
                   f'fill-opacity="{0.75 if ok else 0.3}" stroke="#1a1a1a" stroke-width="0.8"/>')
        canvas.add(f'<text x="{_fmt(x)}" y="{_fmt(y + 4)}" class="unit-letter">{order.unit_type or "?"}+</text>')
        if not ok:
            _cross(canvas, start, colour, UNIT_RADIUS)
    canvas.add("</g>")


def _owner_map(centres: Mapping[str, Iterable[str]] | None) -> dict[str, str]:
    board = _map()
    if centres is None:  # 1901 ownership
        return {c: p.home_of for c, p in board.provinces.items() if p.home_of}
    owner = {}
    for power, names in centres.items():
        full = board.power(power) or power.upper()
        for name in names:
            owner[board.province(name.split("/")[0]) or name.upper()] = full
    return owner


def render_svg(turn: Any, result: Any = None, *, title: str | None = None) -> str:
    """The SVG of one phase: `turn` is the input turn (contract), `result` its adjudication.

    Units are drawn where they stood at the start of the phase; the orders with their results;
    dislodged units (from `result`) marked; builds of an adjustment phase as dashed rings."""
    turn = _plain(turn) or {}
    result = _plain(result) or {}
    board = _map()
    phase = str(turn.get("phase", result.get("phase", "")))
    owners = _owner_map(turn.get("centers") if turn.get("centers") is not None else result.get("centers"))
    canvas = _Canvas()
    canvas.add(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {layout.WIDTH} {layout.HEIGHT + 40}" '
               f'width="{layout.WIDTH}" height="{layout.HEIGHT + 40}" class="diplomacy-board" '
               f'data-phase="{_esc(phase)}">')
    canvas.add("<style>text{font-family:DejaVu Sans,Arial,sans-serif}"
               ".label{font-size:10px;fill:#333;text-anchor:middle;pointer-events:none}"
               ".sea-label{font-size:9px;fill:#335f8a;font-style:italic;text-anchor:middle}"
               ".unit-letter{font-size:10px;font-weight:bold;fill:#fff;text-anchor:middle}"
               ".mark{font-size:13px;font-weight:bold}"
               ".legend{font-size:12px;fill:#222}</style>")
    canvas.add("<defs>")
    for name, colour in (("arrow", "#111111"), ("arrow-failed", FAILED), ("arrow-invalid", INVALID)):
        canvas.add(f'<marker id="{name}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
                   f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>')
    canvas.add("</defs>")
    # provinces
    by_province: dict[str, list] = {}
    for name, polygon in cells():
        by_province.setdefault(name, []).append(polygon)
    canvas.add('<g id="provinces">')
    for name, polygons in by_province.items():
        key = name.upper()
        province = board.provinces.get(key)
        if province is None or province.impassable or name.startswith("_"):
            canvas.add(f'<path class="impassable" d="{_cell_path(polygons)}" fill="{IMPASSABLE}" '
                       f'stroke="{IMPASSABLE}" stroke-width="0.6"/>')
            continue
        fill = SEA if province.terrain == "sea" else COASTAL if province.terrain == "coastal" else INLAND
        owner = owners.get(key)
        if owner and province.supply_centre:
            fill = _mix(fill, POWER_COLOURS.get(owner, "#888888"), OWNED_TINT)
        canvas.add(f'<path class="province {province.terrain}" data-province="{key}"'
                   f'{f" data-owner={chr(34)}{owner}{chr(34)}" if owner and province.supply_centre else ""}'
                   f' d="{_cell_path(polygons)}" fill="{fill}" stroke="{fill}" stroke-width="0.6">'
                   f"<title>{_esc(province.name)}</title></path>")
    canvas.add("</g>")
    canvas.add(f'<path id="borders" d="{_border_path()}" stroke="#55524a" stroke-width="1" fill="none"/>')
    # names, supply centres, coasts
    canvas.add('<g id="labels">')
    for key, province in board.provinces.items():
        if province.impassable or key.lower() not in layout.SEEDS:
            continue
        x, y = _point(key)
        css = "sea-label" if province.terrain == "sea" else "label"
        canvas.add(f'<text class="{css}" x="{_fmt(x)}" y="{_fmt(y + 21)}">{key}</text>')
        if province.supply_centre:
            owner = owners.get(key)
            colour = POWER_COLOURS.get(owner, "#ffffff") if owner else "#ffffff"
            canvas.add(f'<circle class="supply-centre" data-province="{key}" cx="{_fmt(x + 14)}" '
                       f'cy="{_fmt(y + 12)}" r="4" fill="{colour}" stroke="#222" stroke-width="1.2"/>')
        for coast in province.coasts:
            location = f"{key}/{coast}"
            cx, cy = _point(location)
            canvas.add(f'<g class="coast" data-location="{location}"><circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" '
                       f'r="11" fill="none" stroke="#335f8a" stroke-width="0.8" stroke-dasharray="2,2"/>'
                       f'<text class="sea-label" x="{_fmt(cx)}" y="{_fmt(cy - 13)}">{coast.lower()}</text></g>')
    canvas.add("</g>")
    # orders (below units so units stay readable)
    results = {}
    for entry in result.get("orders", []) or []:
        results[(str(entry.get("power", "")).upper(), str(entry.get("order", "")))] = entry
    canvas.add('<g id="orders">')
    drawn = set()
    for entry in result.get("orders", []) or []:
        power = str(entry.get("power", "")).upper()
        text = str(entry.get("order", ""))
        drawn.add((power, text))
        _draw_order(canvas, power, text, entry.get("result"), str(entry.get("reason", "")), {})
    for power, entries in (turn.get("orders") or {}).items():  # orders without a result (no adjudication)
        full = board.power(power) or power.upper()
        for item in entries:
            text, _ = _order_text(item)
            if (full, text) not in drawn and not result:
                _draw_order(canvas, full, text, None, "", {})
    canvas.add("</g>")
    # units at the start of the phase; dislodged ones shifted and ringed in red
    dislodged = {}
    for power, entries in (result.get("dislodged") or turn.get("dislodged") or {}).items():
        for item in entries:
            item = _plain(item)
            unit_type, location = _unit_of(item["unit"])
            dislodged[location] = (board.power(power) or power.upper(), unit_type, item)
    canvas.add('<g id="units">')
    for power, units in (turn.get("units") or {}).items():
        full = board.power(power) or power.upper()
        for unit in units:
            unit_type, location = _unit_of(unit)
            if location in dislodged and phase.endswith("M"):
                continue  # drawn below, as dislodged
            _draw_unit(canvas, full, unit_type, location)
    for location, (power, unit_type, item) in dislodged.items():
        retreats = " ".join(item.get("retreats") or [])
        attacker = item.get("attacker_from") or ""
        offset = (13.0, 13.0)  # beside the province's new occupant
        _draw_unit(canvas, power, unit_type, location, css="unit dislodged", offset=offset,
                   extra=f' data-attacker-from="{_esc(attacker)}" data-retreats="{_esc(retreats)}"')
    canvas.add("</g>")
    # legend
    heading = title or (_phase_title(phase) if phase else "")
    y = layout.HEIGHT + 26
    canvas.add(f'<rect x="0" y="{layout.HEIGHT}" width="{layout.WIDTH}" height="40" fill="#f7f7f2"/>')
    canvas.add(f'<text class="legend" x="10" y="{y}" font-weight="bold">{_esc(heading)}</text>')
    legend = [("#111111", "", "move"), (FAILED, "6,4", "failed move"), ("#111111", "5,3", "support"),
              (CUT, "3,3", "cut / failed support"), ("#1f5fa8", "1,4", "convoy"), (INVALID, "2,3", "invalid")]
    x = 200
    for colour, dash, label in legend:
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        canvas.add(f'<line x1="{_fmt(x)}" y1="{y - 4}" x2="{_fmt(x + 26)}" y2="{y - 4}" stroke="{colour}" stroke-width="2.4"{dash_attr}/>')
        canvas.add(f'<text class="legend" x="{_fmt(x + 31)}" y="{y}">{label}</text>')
        x += 31 + 6.5 * len(label) + 14
    canvas.add(f'<circle cx="{_fmt(x + 6)}" cy="{y - 4}" r="6" fill="#ccc" stroke="{FAILED}" stroke-width="2.5"/>')
    canvas.add(f'<text class="legend" x="{_fmt(x + 16)}" y="{y}">dislodged</text>')
    canvas.add("</svg>")
    return "\n".join(canvas.parts) + "\n"


def _phase_title(phase: str) -> str:
    try:
        from adjudicator.diplomacy.models import phase_name

        return phase_name(phase)
    except Exception:
        return phase
