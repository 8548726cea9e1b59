"""The board as a picture: an SVG of one phase on the classic map.

The province outlines, unit spots and label places come from the separate map file read by
`svg_layout` (jDip's standard map; its licence is in adjudicator/data/diplomacy/MAP-LICENSE.md).
On it: provinces shaded by owner (a supply centre by its owner, other land by the unit standing
there, else pale in the colour of the Great Power whose 1901 territory it is), supply-centre
marks in their owner's colour, the units at the start of the phase, and the phase's orders with
their results: failed moves red and dashed with a cross, cut or failed supports grey with a
cross, dislodged units beside their province ringed red with their retreat options, retreats
starting from the dislodged unit, builds and removals, standoffs, and the orders of a paradox
ringed. A legend explains every symbol. Every drawn unit and order is a `<g>` with `data-*`
attributes naming it, so tests can check the structure.

The renderer reads the turn (input contract) and its result (output contract) as plain
dictionaries; it decides nothing, it only draws what the adjudication said.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

import adjudicator.diplomacy.svg_layout as layout

POWER_COLOURS = {
    "AUSTRIA": "#c4514d",
    "ENGLAND": "#2f52b0",
    "FRANCE": "#4fb0e6",
    "GERMANY": "#5e5e5e",
    "ITALY": "#3f9a3f",
    "RUSSIA": "#9b7fc4",
    "TURKEY": "#e0b531",
}
UNIT_TEXT = {"TURKEY": "#222222", "FRANCE": "#111111"}  # dark letters on a light unit
SEA = "#c5dfea"
LAND = "#f3ead3"
NEUTRAL_ISLAND = "#d9d9d9"
IMPASSABLE = "#4a4845"
BORDER = "#2b2925"
FAILED = "#d62728"
CUT = "#7f7f7f"
INVALID = "#ff8c00"
PARADOX = "#9b30d9"
SUCCEEDED = "#111111"
CONVOY = "#1f5fa8"
BUILD = "#2ca02c"
OCCUPIED_TINT = 0.55  # how strongly land takes the colour of the unit standing on it
HOME_TINT = 0.28  # ... of the Great Power whose 1901 territory it is
OWNED_TINT = 0.75  # ... of the owner of its supply centre
UNIT = layout.UNIT_HALF
LEGEND_HEIGHT = 215.0


# ----------------------------------------------------------------------------- helpers


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _mix(colour: str, other: str, amount: float) -> str:
    def rgb(text: str) -> tuple[int, int, int]:
        text = text.lstrip("#")
        return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)

    mixed = [round(x + (y - x) * amount) for x, y in zip(rgb(colour), rgb(other))]
    return "#" + "".join(f"{v:02x}" for v in mixed)


def _shorten(start, end, at_start: float, at_end: float):
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    return ((start[0] + ux * at_start, start[1] + uy * at_start), (end[0] - ux * at_end, end[1] - uy * at_end))


def _midpoint(a, b, t: float = 0.5):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _map():
    from adjudicator.diplomacy.maps import load_map  # our own map data

    return load_map("standard")


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


def _power(name: str) -> str:
    return _map().power(name) or name.upper()


class _Canvas:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.on_top: list[str] = []  # drawn after the units (removal crosses)

    def add(self, text: str) -> None:
        self.parts.append(text)


# ----------------------------------------------------------------------------- symbols


def _unit_shape(canvas: _Canvas, unit_type: str, x: float, y: float, colour: str, *, stroke: str = "#1a1a1a",
                width: float = 1.6, opacity: float = 1.0, letter: str | None = None, text: str = "#ffffff") -> None:
    """An army is a round token, a fleet a boat; both carry their letter."""
    fill = f' fill="{colour}" fill-opacity="{_fmt(opacity)}" stroke="{stroke}" stroke-width="{_fmt(width)}"'
    if unit_type == "F":
        r = UNIT
        canvas.add(f'<path d="M{_fmt(x - r - 3)},{_fmt(y - 3)} L{_fmt(x + r + 3)},{_fmt(y - 3)} '
                   f'L{_fmt(x + r - 3)},{_fmt(y + r - 2)} L{_fmt(x - r + 3)},{_fmt(y + r - 2)} Z"{fill}/>')
        canvas.add(f'<path d="M{_fmt(x - 1)},{_fmt(y - 3)} L{_fmt(x - 1)},{_fmt(y - r - 2)} '
                   f'L{_fmt(x + 9)},{_fmt(y - 7)} L{_fmt(x - 1)},{_fmt(y - 7)}"{fill}/>')
        canvas.add(f'<text x="{_fmt(x)}" y="{_fmt(y + 10)}" class="unit-letter" fill="{text}">{letter or "F"}</text>')
    else:
        canvas.add(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(UNIT)}"{fill}/>')
        canvas.add(f'<text x="{_fmt(x)}" y="{_fmt(y + 6)}" class="unit-letter" fill="{text}">{letter or "A"}</text>')


def _draw_unit(canvas: _Canvas, power: str, unit_type: str, location: str, *, dislodged: bool = False,
               extra: str = "") -> None:
    x, y = layout.unit_point(location, dislodged=dislodged)
    colour = POWER_COLOURS.get(power, "#444444")
    css = "unit dislodged" if dislodged else "unit"
    canvas.add(f'<g class="{css}" data-power="{_esc(power)}" data-unit="{_esc(unit_type + " " + location)}"'
               f' data-location="{_esc(location)}"{extra}>')
    if dislodged:
        canvas.add(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(UNIT + 6)}" fill="#ffffff" fill-opacity="0.6" '
                   f'stroke="{FAILED}" stroke-width="3.5"/>')
    _unit_shape(canvas, unit_type, x, y, colour, text=UNIT_TEXT.get(power, "#ffffff"))
    canvas.add("</g>")


def _cross(canvas: _Canvas, at, colour: str, size: float = 8.0, css: str = "cross") -> None:
    x, y = at
    canvas.add(f'<path class="{css}" d="M{_fmt(x - size)},{_fmt(y - size)} L{_fmt(x + size)},{_fmt(y + size)} '
               f'M{_fmt(x - size)},{_fmt(y + size)} L{_fmt(x + size)},{_fmt(y - size)}" '
               f'stroke="{colour}" stroke-width="4" stroke-linecap="round"/>')


def _line(canvas: _Canvas, a, b, colour: str, width: float, dash: str = "", marker: str = "") -> None:
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    marker_attr = f' marker-end="url(#{marker})"' if marker else ""
    canvas.add(f'<line x1="{_fmt(a[0])}" y1="{_fmt(a[1])}" x2="{_fmt(b[0])}" y2="{_fmt(b[1])}" stroke="{colour}" '
               f'stroke-width="{_fmt(width)}" stroke-linecap="round"{dash_attr}{marker_attr}/>')


def _order_style(kind: str, result: str | None) -> tuple[str, str, str]:
    """(colour, dash pattern, css state) for an order and its result."""
    if result == "INVALID":
        return INVALID, "4,6", "invalid"
    failed = result == "FAILS"
    if kind in ("move", "retreat"):
        return (FAILED, "12,8", "failed") if failed else (SUCCEEDED, "", "succeeded")
    if kind == "support":
        return (CUT, "6,6", "cut") if failed else (SUCCEEDED, "10,6", "succeeded")
    if kind == "convoy":
        return (CUT, "2,8", "failed") if failed else (CONVOY, "2,8", "succeeded")
    return (FAILED, "8,6", "failed") if failed else (SUCCEEDED, "", "succeeded")


def _draw_order(canvas: _Canvas, power: str, text: str, result: str | None, reason: str, *,
                dislodged_at: set[str], in_paradox: bool) -> None:
    order = _parse(text)
    kind = order.kind if order else "unknown"
    if kind == "move" and order.location in dislodged_at:  # "A BUR - PAR" in a retreat phase
        kind = "retreat"
    colour, dash, state = _order_style(kind, result)
    css = f"order order-{kind} {state}" + (" paradox" if in_paradox else "")
    canvas.add(f'<g class="{css}" data-power="{_esc(power)}" data-order="{_esc(text)}" data-kind="{kind}" '
               f'data-result="{_esc(result or "")}"><title>{_esc(power)}: {_esc(text)} {_esc(result or "")} '
               f'{_esc(reason)}</title>')
    if order is None or order.location is None:
        canvas.add("</g>")
        return
    # a retreat or a retreat-phase disband starts from the dislodged unit, beside its province
    from_dislodged = kind in ("retreat", "disband") and order.location in dislodged_at
    start = layout.unit_point(order.location, dislodged=from_dislodged)
    if in_paradox:
        canvas.add(f'<circle class="paradox-mark" cx="{_fmt(start[0])}" cy="{_fmt(start[1])}" r="{_fmt(UNIT + 11)}" '
                   f'fill="none" stroke="{PARADOX}" stroke-width="4" stroke-dasharray="3,5"/>')
    if kind in ("move", "retreat") and order.destination:
        end = layout.unit_point(order.destination)
        a, b = _shorten(start, end, UNIT + 2, UNIT + 4)
        marker = {"failed": "arrow-failed", "invalid": "arrow-invalid"}.get(state, "arrow")
        _line(canvas, a, b, "#ffffff", 8.0)  # a halo keeps the arrow readable on any colour
        _line(canvas, a, b, colour, 4.5, dash, marker)
        if state != "succeeded":
            _cross(canvas, _midpoint(a, b), colour)
    elif kind == "support" and order.target:
        target = layout.unit_point(order.target)
        end = _midpoint(target, layout.unit_point(order.destination), 0.55) if order.destination else target
        a, b = _shorten(start, end, UNIT + 2, 4 if order.destination else UNIT + 4)
        _line(canvas, a, b, colour, 3.2, dash)
        canvas.add(f'<circle cx="{_fmt(b[0])}" cy="{_fmt(b[1])}" r="5" fill="none" stroke="{colour}" stroke-width="2.5"/>')
        if state != "succeeded":
            _cross(canvas, _midpoint(a, b), FAILED if state == "cut" else colour, 7.0)
    elif kind == "convoy" and order.target and order.destination:
        for end in (layout.unit_point(order.target), layout.unit_point(order.destination)):
            a, b = _shorten(start, end, UNIT + 2, UNIT + 2)
            _line(canvas, a, b, colour, 3.5, dash)
        if state != "succeeded":
            _cross(canvas, (start[0] + UNIT, start[1] - UNIT), colour, 6.0)
    elif kind == "hold":
        x, y = start
        canvas.add(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(UNIT + 6)}" fill="none" stroke="{colour}" '
                   f'stroke-width="3"{f" stroke-dasharray={chr(34)}{dash}{chr(34)}" if dash else ""}/>')
    elif kind == "disband":  # over the unit it removes, so drawn after the units
        removed = result != "FAILS" and result != "INVALID"
        top = _Canvas()
        top.add(f'<g class="removal-mark" data-power="{_esc(power)}" data-order="{_esc(text)}">')
        _cross(top, start, FAILED if removed else CUT, UNIT + 4, css="cross removal")
        top.add("</g>")
        canvas.on_top.extend(top.parts)
    elif kind == "build":
        x, y = start
        ok = result == "SUCCEEDS" or result is None
        canvas.add(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(UNIT + 8)}" fill="none" '
                   f'stroke="{BUILD if ok else colour}" stroke-width="3.5" stroke-dasharray="6,4"/>')
        _unit_shape(canvas, order.unit_type or "A", x, y, POWER_COLOURS.get(power, "#444444"),
                    opacity=0.85 if ok else 0.3, letter=f"{order.unit_type or '?'}+",
                    text=UNIT_TEXT.get(power, "#ffffff"))
        if not ok:
            _cross(canvas, start, colour, UNIT)
    canvas.add("</g>")


# ----------------------------------------------------------------------------- the board


def _owner_map(centres: Mapping[str, Iterable[str]] | None) -> dict[str, str]:
    board = _map()
    if centres is None:  # 1901 ownership
        return {c: p.home_of for c, p in board.provinces.items() if p.home_of}
    owner = {}
    for power, names in centres.items():
        for name in names:
            owner[board.province(name.split("/")[0]) or name.upper()] = _power(power)
    return owner


@lru_cache(maxsize=1)
def _home_of() -> dict[str, str]:
    return {province: power for power, provinces in layout.HOME_TERRITORY.items() for province in provinces}


def _fill(province: str, owners: Mapping[str, str], occupiers: Mapping[str, str],
          influence: Mapping[str, str] | None = None) -> tuple[str, str | None, str]:
    """(fill colour, the power it shows, why) of a province."""
    board = _map()
    info = board.provinces[province]
    if info.terrain == "sea":
        return SEA, None, "sea"
    if info.supply_centre:
        owner = owners.get(province)
        if owner:
            return _mix(LAND, POWER_COLOURS.get(owner, "#888888"), OWNED_TINT), owner, "owner"
        return LAND, None, "unowned"
    if province in occupiers:
        power = occupiers[province]
        return _mix(LAND, POWER_COLOURS.get(power, "#888888"), OCCUPIED_TINT), power, "occupier"
    if influence and province in influence:  # a saved game's influence (the province last occupied)
        power = influence[province]
        return _mix(LAND, POWER_COLOURS.get(power, "#888888"), OCCUPIED_TINT), power, "influence"
    home = _home_of().get(province)
    if home:
        return _mix(LAND, POWER_COLOURS.get(home, "#888888"), HOME_TINT), home, "home"
    return LAND, None, "neutral"


def _draw_provinces(canvas: _Canvas, owners: Mapping[str, str], occupiers: Mapping[str, str],
                    contested: set[str], influence: Mapping[str, str] | None = None) -> None:
    board = _map()
    dx, dy = layout.OUTLINE_OFFSET
    canvas.add(f'<g id="provinces" transform="translate({_fmt(dx)} {_fmt(dy)})">')
    canvas.add(f'<rect x="{_fmt(-dx)}" y="{_fmt(-dy)}" width="{_fmt(layout.WIDTH)}" height="{_fmt(layout.HEIGHT)}" '
               f'fill="{BORDER}"/>')
    for outline in layout.geometry().outlines:
        province = outline.province
        if outline.kind == "water" and not province:  # straits drawn as part of a land province, the Caspian
            canvas.add(f'<path class="water" d="{outline.path}" fill="{SEA}" stroke="{BORDER}" stroke-width="1"/>')
            continue
        if not province or province not in board.provinces or board.provinces[province].impassable:
            fill = NEUTRAL_ISLAND if outline.kind == "neutral" else IMPASSABLE
            name = "Switzerland (impassable)" if province == "SWI" else "no province (islands)"
            canvas.add(f'<path class="impassable" data-name="{_esc(name)}" d="{outline.path}" fill="{fill}" '
                       f'stroke="{BORDER}" stroke-width="1.5"><title>{_esc(name)}</title></path>')
            continue
        info = board.provinces[province]
        fill, shown, why = _fill(province, owners, occupiers, influence)
        owner_attr = f' data-owner="{shown}"' if why == "owner" else ""
        shade_attr = f' data-shade="{why}"' + (f' data-shade-power="{shown}"' if shown else "")
        canvas.add(f'<path class="province {info.terrain}" data-province="{province}"{owner_attr}{shade_attr} '
                   f'd="{outline.path}" fill="{fill}" stroke="{BORDER}" stroke-width="1.5">'
                   f"<title>{_esc(info.name)}</title></path>")
        if province in contested:
            canvas.add(f'<path class="standoff" data-province="{province}" d="{outline.path}" '
                       f'fill="url(#standoff)" stroke="none"/>')
    canvas.add("</g>")


def _draw_labels_and_centres(canvas: _Canvas, owners: Mapping[str, str], dislodged: Iterable[str]) -> None:
    board = _map()
    geometry = layout.geometry()
    canvas.add('<g id="labels">')
    for province, (x, y, size) in layout.label_points(frozenset(dislodged)).items():
        if province in board.provinces and board.provinces[province].impassable:
            canvas.add(f'<text class="impassable-label" x="{_fmt(x)}" y="{_fmt(y)}" font-size="{_fmt(size)}">'
                       f'{province}</text>')
            continue
        css = "sea-label" if province in board.provinces and board.provinces[province].terrain == "sea" else "label"
        canvas.add(f'<text class="{css}" data-province="{province}" x="{_fmt(x)}" y="{_fmt(y)}" '
                   f'font-size="{_fmt(size)}">{province}</text>')
    for province, info in board.provinces.items():
        if not info.supply_centre:
            continue
        x, y = geometry.centre_marks[province]
        owner = owners.get(province)
        colour = POWER_COLOURS.get(owner, "#ffffff") if owner else "#ffffff"
        canvas.add(f'<circle class="supply-centre" data-province="{province}" data-owner="{owner or ""}" '
                   f'cx="{_fmt(x)}" cy="{_fmt(y)}" r="8" fill="{colour}" stroke="#111" stroke-width="2.5"/>')
    for province, info in board.provinces.items():
        for coast in info.coasts:
            location = f"{province}/{coast}"
            cx, cy = layout.unit_point(location)
            canvas.add(f'<g class="coast" data-location="{location}"><circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" '
                       f'r="{_fmt(UNIT + 3)}" fill="none" stroke="#335f8a" stroke-width="1.5" stroke-dasharray="3,3"/>'
                       f'<text class="coast-label" x="{_fmt(cx)}" y="{_fmt(cy + UNIT + 15)}">{coast.lower()}</text></g>')
    canvas.add("</g>")


def _occupiers(units: Mapping[str, Iterable[str]]) -> dict[str, str]:
    occupied = {}
    for power, entries in units.items():
        for unit in entries:
            occupied[_unit_of(unit)[1].split("/")[0]] = _power(power)
    return occupied


def _paradox_orders(result: Mapping[str, Any]) -> set[tuple[str, str]]:
    marked = set()
    for paradox in result.get("paradoxes") or []:
        for text in _plain(paradox).get("orders", []):
            power, _, order = str(text).partition(":")
            marked.add((_power(power.strip()), order.strip()))
    return marked


def render_svg(turn: Any, result: Any = None, *, title: str | None = None) -> str:
    """The SVG of one phase: `turn` is the input turn (contract), `result` its adjudication.

    Units are drawn where they stood at the start of the phase; the orders with their results;
    dislodged units (from `result`, or the turn's own in a retreat phase) beside their province."""
    turn = _plain(turn) or {}
    result = _plain(result) or {}
    phase = str(turn.get("phase", result.get("phase", "")))
    owners = _owner_map(turn.get("centers") if turn.get("centers") is not None else result.get("centers"))
    units = turn.get("units") or {}
    canvas = _Canvas()
    total_height = layout.HEIGHT + LEGEND_HEIGHT
    canvas.add(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_fmt(layout.WIDTH)} {_fmt(total_height)}" '
               f'width="{_fmt(layout.WIDTH * 0.6)}" height="{_fmt(total_height * 0.6)}" class="diplomacy-board" '
               f'data-phase="{_esc(phase)}">')
    canvas.add("<title>Diplomacy board. Map: jDip standard map (see MAP-LICENSE.md of adjudicator)</title>")
    canvas.add("<style>text{font-family:DejaVu Sans,Arial,sans-serif}"
               ".label{fill:#2b2925;text-anchor:middle;font-weight:bold;paint-order:stroke;stroke:#fff;"
               "stroke-width:3px;stroke-opacity:0.7}"
               ".sea-label{fill:#2f5a80;text-anchor:middle;font-style:italic;font-weight:bold}"
               ".impassable-label{fill:#eeeeee;text-anchor:middle;font-style:italic}"
               ".coast-label{font-size:13px;fill:#2f5a80;text-anchor:middle;font-style:italic}"
               ".unit-letter{font-size:17px;font-weight:bold;text-anchor:middle}"
               ".legend{font-size:19px;fill:#222}.legend-title{font-size:22px;font-weight:bold;fill:#222}"
               ".phase-title{font-size:34px;font-weight:bold;fill:#111}</style>")
    canvas.add("<defs>")
    for name, colour in (("arrow", SUCCEEDED), ("arrow-failed", FAILED), ("arrow-invalid", INVALID)):
        canvas.add(f'<marker id="{name}" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" '
                   f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>')
    canvas.add('<pattern id="standoff" width="12" height="12" patternUnits="userSpaceOnUse" '
               'patternTransform="rotate(45)"><rect width="4" height="12" fill="#d62728" fill-opacity="0.35"/></pattern>')
    canvas.add("</defs>")
    contested = {str(c).upper().split("/")[0] for c in (result.get("contested") or [])}
    # dislodged units: from the movement result, or the retreat phase's input
    dislodged = {}
    for power, entries in (result.get("dislodged") or turn.get("dislodged") or {}).items():
        for item in entries:
            item = _plain(item)
            unit_type, location = _unit_of(item["unit"])
            dislodged[location] = (_power(power), unit_type, item)
    influence = {str(p).upper().split("/")[0]: str(power).upper()
                 for power, provinces in (turn.get("influence") or {}).items() for p in provinces}
    _draw_provinces(canvas, owners, _occupiers(units), contested, influence)
    _draw_labels_and_centres(canvas, owners, dislodged)
    retreat_phase = phase.endswith("R")
    # orders (below units so units stay readable)
    paradox_orders = _paradox_orders(result)
    canvas.add('<g id="orders">')
    drawn = set()
    starts = set(dislodged) if retreat_phase else set()
    for entry in result.get("orders", []) or []:
        power, text = str(entry.get("power", "")).upper(), str(entry.get("order", ""))
        drawn.add((power, text))
        in_paradox = (power, text) in paradox_orders
        if entry.get("condition_met") is False and not in_paradox:
            continue  # a conditional order whose condition did not hold was not given (BT15)
        reason = str(entry.get("reason", ""))
        if entry.get("condition"):
            reason = f"IF {entry['condition']}: {reason}"
        _draw_order(canvas, power, text, entry.get("result"), reason,
                    dislodged_at=starts, in_paradox=in_paradox)
    if not result:  # orders without a result (nothing adjudicated): drawn plain
        for power, entries in (turn.get("orders") or {}).items():
            for item in entries:
                text, _ = _order_text(item)
                _draw_order(canvas, _power(power), text, None, "", dislodged_at=starts, in_paradox=False)
    canvas.add("</g>")
    canvas.add('<g id="units">')
    for power, entries in units.items():
        for unit in entries:
            unit_type, location = _unit_of(unit)
            if location in dislodged and not retreat_phase:
                continue  # drawn once, beside its province, as dislodged
            _draw_unit(canvas, _power(power), unit_type, location)
    for location, (power, unit_type, item) in dislodged.items():
        retreats = " ".join(item.get("retreats") or [])
        attacker = item.get("attacker_from") or ""
        _draw_unit(canvas, power, unit_type, location, dislodged=True,
                   extra=f' data-attacker-from="{_esc(attacker)}" data-retreats="{_esc(retreats)}"')
    canvas.add("</g>")
    canvas.parts.extend(canvas.on_top)
    heading = title or (_phase_title(phase) if phase else "")
    canvas.add(f'<rect x="12" y="12" width="{_fmt(max(240, 19 * len(heading) + 40))}" height="56" rx="6" '
               f'fill="#ffffff" fill-opacity="0.85" stroke="#333"/>')
    canvas.add(f'<text class="phase-title" x="30" y="52">{_esc(heading)}</text>')
    _draw_legend(canvas, owners, units, dislodged, bool(influence))
    canvas.add("</svg>")
    return "\n".join(canvas.parts) + "\n"


def _draw_legend(canvas: _Canvas, owners: Mapping[str, str], units: Mapping[str, Iterable[str]],
                 dislodged: Mapping[str, Any], with_influence: bool = False) -> None:
    top = layout.HEIGHT
    canvas.add(f'<g id="legend" transform="translate(0 {_fmt(top)})">')
    canvas.add(f'<rect x="0" y="0" width="{_fmt(layout.WIDTH)}" height="{_fmt(LEGEND_HEIGHT)}" fill="#f7f5ee" '
               f'stroke="#333"/>')
    # row 1: the powers, their centres and units
    centres: dict[str, int] = {}
    for power in owners.values():
        centres[power] = centres.get(power, 0) + 1
    counts = {_power(p): len(list(u)) for p, u in units.items()}
    x = 20.0
    canvas.add('<text class="legend-title" x="20" y="34">Powers (supply centres / units)</text>')
    for power, colour in POWER_COLOURS.items():
        canvas.add(f'<g class="legend-item" data-symbol="power" data-power="{power}">'
                   f'<rect x="{_fmt(x)}" y="48" width="26" height="22" fill="{_mix(LAND, colour, OWNED_TINT)}" '
                   f'stroke="#333"/><text class="legend" x="{_fmt(x + 34)}" y="66">{power.title()} '
                   f'{centres.get(power, 0)} / {counts.get(power, 0)}</text></g>')
        x += 250
    # rows 2-3: symbols
    y1, y2 = 112.0, 172.0
    items: list[tuple[str, str, Any]] = [
        ("army", "army", lambda cx, cy: _unit_shape(canvas, "A", cx, cy, "#888888")),
        ("fleet", "fleet", lambda cx, cy: _unit_shape(canvas, "F", cx, cy, "#888888")),
        ("dislodged", "dislodged unit (beside its province)", lambda cx, cy: (
            canvas.add(f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(UNIT + 6)}" fill="#fff" stroke="{FAILED}" '
                       f'stroke-width="3.5"/>'), _unit_shape(canvas, "A", cx, cy, "#888888"))),
        ("supply-centre", "supply centre (owner's colour, white: none)", lambda cx, cy: canvas.add(
            f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="8" fill="#fff" stroke="#111" stroke-width="2.5"/>')),
        ("standoff", "standoff (province left empty)", lambda cx, cy: canvas.add(
            f'<rect x="{_fmt(cx - 16)}" y="{_fmt(cy - 12)}" width="32" height="24" fill="url(#standoff)" stroke="#333"/>')),
        ("build", "build", lambda cx, cy: (
            canvas.add(f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(UNIT + 6)}" fill="none" stroke="{BUILD}" '
                       f'stroke-width="3.5" stroke-dasharray="6,4"/>'),
            _unit_shape(canvas, "A", cx, cy, "#888888", opacity=0.85, letter="A+"))),
        ("removal", "removal / disband", lambda cx, cy: _cross(canvas, (cx, cy), FAILED, 14)),
    ]
    lines = [
        ("move", "move / retreat", SUCCEEDED, "", "arrow"),
        ("failed-move", "failed move", FAILED, "12,8", "arrow-failed"),
        ("support", "support", SUCCEEDED, "10,6", ""),
        ("cut-support", "cut / failed support", CUT, "6,6", ""),
        ("convoy", "convoy", CONVOY, "2,8", ""),
        ("invalid", "invalid order", INVALID, "4,6", "arrow-invalid"),
    ]
    x = 40.0
    for symbol, label, draw in items:
        canvas.add(f'<g class="legend-item" data-symbol="{symbol}">')
        draw(x, y1)
        canvas.add(f'<text class="legend" x="{_fmt(x + 30)}" y="{_fmt(y1 + 7)}">{_esc(label)}</text></g>')
        x += 64 + 9.6 * len(label)
    x = 20.0
    for symbol, label, colour, dash, marker in lines:
        canvas.add(f'<g class="legend-item" data-symbol="{symbol}">')
        _line(canvas, (x, y2), (x + 50, y2), colour, 4.5, dash, marker)
        if symbol in ("failed-move", "cut-support"):
            _cross(canvas, (x + 25, y2), FAILED if symbol == "cut-support" else colour, 6)
        canvas.add(f'<text class="legend" x="{_fmt(x + 62)}" y="{_fmt(y2 + 7)}">{_esc(label)}</text></g>')
        x += 80 + 10.5 * len(label)
    canvas.add(f'<g class="legend-item" data-symbol="hold"><circle cx="{_fmt(x + 10)}" cy="{_fmt(y2)}" '
               f'r="{_fmt(UNIT + 2)}" fill="none" stroke="{SUCCEEDED}" stroke-width="3"/>'
               f'<text class="legend" x="{_fmt(x + 36)}" y="{_fmt(y2 + 7)}">hold</text></g>')
    x += 100
    canvas.add(f'<g class="legend-item" data-symbol="paradox"><circle cx="{_fmt(x + 10)}" cy="{_fmt(y2)}" '
               f'r="{_fmt(UNIT + 2)}" fill="none" stroke="{PARADOX}" stroke-width="4" stroke-dasharray="3,5"/>'
               f'<text class="legend" x="{_fmt(x + 36)}" y="{_fmt(y2 + 7)}">order in a paradox (backup rule)</text></g>')
    canvas.add(f'<text class="legend" x="{_fmt(layout.WIDTH - 20)}" y="{_fmt(LEGEND_HEIGHT - 10)}" '
               f'text-anchor="end" font-size="13">Province colour: its supply centre\'s owner; other land: the unit '
               f'on it, {"else its influence, " if with_influence else ""}'
               f'else pale for the 1901 power. Map: jDip (GPL), via the diplomacy package.</text>')
    canvas.add("</g>")


def _phase_title(phase: str) -> str:
    try:
        from adjudicator.diplomacy.models import phase_name

        return phase_name(phase)
    except Exception:
        return phase
