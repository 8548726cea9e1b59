"""The board as a picture: an SVG of one phase on the classic map.

The province outlines, unit spots and label places come from the separate map file read by
`svg_layout` (jDip's standard map; its licence is in adjudicator/data/diplomacy/MAP-LICENSE.md).
On it: provinces shaded by owner (a supply centre by its owner, other land by the unit standing
there, else pale in the colour of the Great Power whose 1901 territory it is), supply-centre
marks in their owner's colour, the units at the start of the phase, and the phase's orders in
their power's colour with their results: failed moves dashed with a red cross, cut or failed
supports dashed with a red cross, invalid orders dotted with an orange one, dislodged units
beside their province ringed red with their retreat options, retreats starting from the
dislodged unit, builds and removals, standoffs, and the orders of a paradox ringed. Arrowheads
are placed clear of every token and of each other, province names clear of all of these (see
`svg_layout`). Right of the map, the order list with the results (`svg_panel`); under both, a
legend of the powers and of every symbol. Every drawn unit and order is a `<g>` with `data-*`
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
from adjudicator.diplomacy import svg_panel

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


def _line(canvas: _Canvas, a, b, colour: str, width: float, dash: str = "") -> None:
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    canvas.add(f'<line x1="{_fmt(a[0])}" y1="{_fmt(a[1])}" x2="{_fmt(b[0])}" y2="{_fmt(b[1])}" stroke="{colour}" '
               f'stroke-width="{_fmt(width)}" stroke-linecap="round"{dash_attr}/>')


def _order_style(kind: str, result: str | None) -> tuple[str, str]:
    """(dash pattern, css state) of an order by its result; its colour is its power's."""
    if result == "INVALID":
        return "3,7", "invalid"
    failed = result == "FAILS"
    if kind in ("move", "retreat"):
        return ("12,8", "failed") if failed else ("", "succeeded")
    if kind == "support":
        return ("6,6", "cut") if failed else ("10,6", "succeeded")
    if kind == "convoy":
        return ("2,8", "failed" if failed else "succeeded")
    return ("8,6", "failed") if failed else ("", "succeeded")


def _edge(colour: str) -> str:
    """The dark outline that keeps a line in a power's colour visible on land of that colour."""
    return _mix(colour, "#000000", 0.6)


class _Scene:
    """What the orders add to the picture: their lines (under the labels and units), the marks
    drawn over everything (arrowheads, crosses), and what the labels and later arrowheads must
    keep clear of."""

    def __init__(self, tokens: list[tuple[float, float, float, float]], letters: list) -> None:
        self.lines = _Canvas()
        self.marks: list[str] = []
        # an arrowhead touches no token, no coast's name (they stay in place) and no earlier head;
        # where two tokens stand too close for that, no letter on a token
        fixed = [layout.corners(box) for box in layout.coast_label_boxes()]
        self.heads: list[tuple] = [layout.corners(box) for box in tokens] + fixed
        self.letters: list[tuple] = [layout.corners(box) for box in letters] + fixed
        self.clear_of: list[tuple[float, float, float, float]] = []  # a label covers none
        self.order: tuple[str, str] = ("", "")  # the power and order being drawn

    def mark(self, text: str, box, kind: str) -> None:
        power, order = self.order
        self.marks.append(f'<g class="order-mark" data-mark="{kind}" data-power="{_esc(power)}" '
                          f'data-order="{_esc(order)}">{text}</g>')
        self.clear_of.append(box)


def _coloured_line(canvas: _Canvas, a, b, colour: str, width: float, dash: str = "") -> None:
    _line(canvas, a, b, _edge(colour), width + 3.0, dash)
    _line(canvas, a, b, colour, width, dash)


def _arrow(scene: _Scene, start, end, colour: str, dash: str, state: str, width: float = 4.5) -> None:
    """A move's or a retreat's arrow: the head placed clear of every token and earlier head."""
    a, b = _shorten(start, end, UNIT + 2, 0.0)
    head = layout.place_arrowhead(a, b, UNIT + 4, scene.heads, scene.letters)
    scene.heads.append(head)
    scene.letters.append(head)
    base = _midpoint(head[1], head[2])
    _line(scene.lines, a, base, "#ffffff", width + 6.0)  # a halo keeps the arrow readable on any colour
    _coloured_line(scene.lines, a, base, colour, width, dash)
    points = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in head)
    scene.mark(f'<polygon class="arrowhead" points="{points}" fill="{colour}" stroke="{_edge(colour)}" '
               f'stroke-width="1.5" stroke-linejoin="round"/>', layout.bounds(head), "arrowhead")
    if state != "succeeded":
        _result_cross(scene, _midpoint(a, base), state)


def _result_cross(scene: _Scene, at, state: str, size: float = 8.0) -> None:
    """Red for an order that failed or was cut, orange for one that was invalid."""
    top = _Canvas()
    _cross(top, at, INVALID if state == "invalid" else FAILED, size)
    scene.mark("".join(top.parts), (at[0] - size - 2, at[1] - size - 2, at[0] + size + 2, at[1] + size + 2),
               "invalid" if state == "invalid" else "failed")


def _draw_order(scene: _Scene, power: str, text: str, result: str | None, reason: str, *,
                dislodged_at: set[str], in_paradox: bool) -> None:
    order = _parse(text)
    kind = order.kind if order else "unknown"
    if kind == "move" and order.location in dislodged_at:  # "A BUR - PAR" in a retreat phase
        kind = "retreat"
    dash, state = _order_style(kind, result)
    colour = POWER_COLOURS.get(power, "#444444")
    canvas = scene.lines
    scene.order = (power, text)
    css = f"order order-{kind} {state}" + (" paradox" if in_paradox else "")
    canvas.add(f'<g class="{css}" data-power="{_esc(power)}" data-order="{_esc(text)}" data-kind="{kind}" '
               f'data-result="{_esc(result or "")}" data-colour="{colour}"><title>{_esc(power)}: {_esc(text)} '
               f'{_esc(result or "")} {_esc(reason)}</title>')
    if order is not None and order.location is not None:
        # a retreat or a retreat-phase disband starts from the dislodged unit, beside its province
        from_dislodged = kind in ("retreat", "disband") and order.location in dislodged_at
        start = layout.unit_point(order.location, dislodged=from_dislodged)
        if in_paradox:
            canvas.add(f'<circle class="paradox-mark" cx="{_fmt(start[0])}" cy="{_fmt(start[1])}" '
                       f'r="{_fmt(UNIT + 11)}" fill="none" stroke="{PARADOX}" stroke-width="4" stroke-dasharray="3,5"/>')
        _ORDER_SHAPES.get(kind, _no_shape)(scene, order, start, colour, dash, state, power, text, result)
    canvas.add("</g>")


def _no_shape(*_args) -> None:
    return None


def _move_shape(scene, order, start, colour, dash, state, *_rest) -> None:
    if order.destination:
        _arrow(scene, start, layout.unit_point(order.destination), colour, dash, state)


def _support_shape(scene, order, start, colour, dash, state, *_rest) -> None:
    if not order.target:
        return
    target = layout.unit_point(order.target)
    end = _midpoint(target, layout.unit_point(order.destination), 0.55) if order.destination else target
    a, b = _shorten(start, end, UNIT + 2, 4 if order.destination else UNIT + 6)
    _coloured_line(scene.lines, a, b, colour, 3.2, dash)
    scene.mark(f'<circle class="support-end" cx="{_fmt(b[0])}" cy="{_fmt(b[1])}" r="5" fill="{colour}" '
               f'stroke="{_edge(colour)}" stroke-width="2"/>', (b[0] - 6, b[1] - 6, b[0] + 6, b[1] + 6), "support-end")
    if state != "succeeded":
        _result_cross(scene, _midpoint(a, b), state, 7.0)


def _convoy_shape(scene, order, start, colour, dash, state, *_rest) -> None:
    if not (order.target and order.destination):
        return
    for end in (layout.unit_point(order.target), layout.unit_point(order.destination)):
        a, b = _shorten(start, end, UNIT + 2, UNIT + 2)
        _coloured_line(scene.lines, a, b, colour, 3.5, dash)
    if state != "succeeded":
        _result_cross(scene, (start[0] + UNIT + 4, start[1] - UNIT - 4), state, 6.0)


def _hold_shape(scene, order, start, colour, dash, *_rest) -> None:
    x, y = start
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    for stroke, width in ((_edge(colour), 6.0), (colour, 3.0)):
        scene.lines.add(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(UNIT + 6)}" fill="none" stroke="{stroke}" '
                        f'stroke-width="{_fmt(width)}"{dash_attr}/>')


def _disband_shape(scene, order, start, colour, dash, state, power, text, result) -> None:
    """A cross in the power's colour, outlined, over the unit it removes (drawn over the units)."""
    removed = result not in ("FAILS", "INVALID")
    x, y = start
    size = UNIT + 4
    path = f"M{_fmt(x - size)},{_fmt(y - size)} L{_fmt(x + size)},{_fmt(y + size)} M{_fmt(x - size)},{_fmt(y + size)} L{_fmt(x + size)},{_fmt(y - size)}"
    scene.mark(f'<g class="removal-mark" data-power="{_esc(power)}" data-order="{_esc(text)}">'
               f'<path class="cross removal" d="{path}" stroke="{_edge(colour)}" stroke-width="9" stroke-linecap="round"/>'
               f'<path class="cross removal" d="{path}" stroke="{colour if removed else CUT}" stroke-width="5" '
               f'stroke-linecap="round"/></g>', (x - size - 5, y - size - 5, x + size + 5, y + size + 5), "removal")
    if not removed:
        _result_cross(scene, (x + size, y - size), state, 6.0)


def _build_shape(scene, order, start, colour, dash, state, power, text, result) -> None:
    x, y = start
    ok = result == "SUCCEEDS" or result is None
    scene.lines.add(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(layout.BUILD_RING)}" fill="none" '
                    f'stroke="{colour if ok else CUT}" stroke-width="4" stroke-dasharray="6,4"/>')
    _unit_shape(scene.lines, order.unit_type or "A", x, y, colour, opacity=0.85 if ok else 0.3,
                letter=f"{order.unit_type or '?'}+", text=UNIT_TEXT.get(power, "#ffffff"))
    if not ok:
        _result_cross(scene, start, state, UNIT)


_ORDER_SHAPES = {"move": _move_shape, "retreat": _move_shape, "support": _support_shape, "convoy": _convoy_shape,
                 "hold": _hold_shape, "disband": _disband_shape, "build": _build_shape}


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


def _draw_centres_and_coasts(canvas: _Canvas, owners: Mapping[str, str]) -> None:
    board = _map()
    geometry = layout.geometry()
    canvas.add('<g id="centres">')
    for province, info in board.provinces.items():
        if not info.supply_centre:
            continue
        x, y = geometry.centre_marks[province]
        owner = owners.get(province)
        colour = POWER_COLOURS.get(owner, "#ffffff") if owner else "#ffffff"
        canvas.add(f'<circle class="supply-centre" data-province="{province}" data-owner="{owner or ""}" '
                   f'cx="{_fmt(x)}" cy="{_fmt(y)}" r="8" fill="{colour}" stroke="#111" stroke-width="2.5"/>')
    for location, (x, y) in layout.coast_label_points().items():
        cx, cy = layout.unit_point(location)
        coast = location.split("/")[1].lower()
        canvas.add(f'<g class="coast" data-location="{location}"><circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" '
                   f'r="{_fmt(UNIT + 3)}" fill="none" stroke="#335f8a" stroke-width="1.5" stroke-dasharray="3,3"/>'
                   f'<text class="coast-label" x="{_fmt(x)}" y="{_fmt(y)}" '
                   f'font-size="{_fmt(layout.COAST_LABEL_SIZE)}">{coast}</text></g>')
    canvas.add("</g>")


def _draw_labels(canvas: _Canvas, dislodged: Iterable[str], clear_of) -> None:
    """The province abbreviations, each clear of every token, arrowhead, cross and other label;
    drawn over the order lines, with a white halo under the letters."""
    board = _map()
    canvas.add('<g id="labels">')
    for province, (x, y, size) in layout.label_points(frozenset(dislodged), tuple(clear_of)).items():
        info = board.provinces.get(province)
        if info is not None and info.impassable:
            css = "impassable-label"
        else:
            css = "sea-label" if info is not None and info.terrain == "sea" else "label"
            canvas.add(f'<text class="{css} halo" x="{_fmt(x)}" y="{_fmt(y)}" font-size="{_fmt(size)}" '
                       f'aria-hidden="true">{province}</text>')
        canvas.add(f'<text class="{css}" data-province="{province}" x="{_fmt(x)}" y="{_fmt(y)}" '
                   f'font-size="{_fmt(size)}">{province}</text>')
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


STYLE = ("<style>text{font-family:DejaVu Sans,Arial,sans-serif}"
         ".label{fill:#2b2925;text-anchor:middle;font-weight:bold}"
         ".sea-label{fill:#2f5a80;text-anchor:middle;font-style:italic;font-weight:bold}"
         ".halo{fill:none;stroke:#ffffff;stroke-width:4px;stroke-opacity:0.8;stroke-linejoin:round}"
         ".impassable-label{fill:#eeeeee;text-anchor:middle;font-style:italic}"
         ".coast-label{fill:#2f5a80;text-anchor:middle;font-style:italic}"
         ".unit-letter{font-size:17px;font-weight:bold;text-anchor:middle}"
         ".legend{font-size:19px;fill:#222}.legend-title{font-size:22px;font-weight:bold;fill:#222}"
         ".phase-title{font-size:34px;font-weight:bold;fill:#111}"
         ".panel-title{font-size:26px;font-weight:bold;fill:#111}.panel-power{font-weight:bold}"
         ".panel-order{font-weight:bold}.panel-result{text-anchor:end;font-weight:bold}"
         ".panel-reason{fill:#444;font-style:italic}</style>")


def _dislodged_units(turn: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, tuple[str, str, dict]]:
    """location -> (power, unit type, entry): from the movement result, or the retreat phase's input."""
    dislodged = {}
    for power, entries in (result.get("dislodged") or turn.get("dislodged") or {}).items():
        for item in entries:
            item = _plain(item)
            unit_type, location = _unit_of(item["unit"])
            dislodged[location] = (_power(power), unit_type, item)
    return dislodged


def _orders_drawn(turn: Mapping[str, Any], result: Mapping[str, Any]) -> list[dict]:
    """The orders to draw and list: the result's (a conditional order whose condition did not
    hold was not given, BT15: listed, drawn only in a paradox), else the turn's without results."""
    paradox_orders = _paradox_orders(result)
    drawn = []
    for entry in result.get("orders", []) or []:
        entry = _plain(entry)
        power, text = str(entry.get("power", "")).upper(), str(entry.get("order", ""))
        reason = str(entry.get("reason", ""))
        if entry.get("condition"):
            reason = f"IF {entry['condition']}: {reason}"
        in_paradox = (power, text) in paradox_orders
        drawn.append({"power": power, "order": text, "result": entry.get("result"), "reason": reason,
                      "in_paradox": in_paradox, "not_given": entry.get("condition_met") is False and not in_paradox})
    if not result:
        for power, entries in (turn.get("orders") or {}).items():
            for item in entries:
                drawn.append({"power": _power(power), "order": _order_text(item)[0], "result": None, "reason": "",
                              "in_paradox": False, "not_given": False})
    return drawn


def _tokens(units: Mapping[str, Iterable[str]], dislodged: Mapping[str, tuple], retreat_phase: bool,
            orders: list[dict]) -> tuple[list, list]:
    """The boxes of every token the picture draws (units, dislodged units, units built), and of
    the letters on them."""
    boxes, letters = [], []
    for entries in units.values():
        for unit in entries:
            unit_type, location = _unit_of(unit)
            if location not in dislodged or retreat_phase:
                boxes.append(layout.token_box(unit_type, layout.unit_point(location)))
                letters.append(layout.letter_box(unit_type, layout.unit_point(location)))
    for location, (_, unit_type, _) in dislodged.items():
        boxes.append(layout.token_box(unit_type, layout.unit_point(location, dislodged=True), layout.DISLODGED_RING))
        letters.append(layout.letter_box(unit_type, layout.unit_point(location, dislodged=True)))
    for entry in orders:
        order = _parse(entry["order"])
        if order is not None and order.kind == "build" and order.location:
            boxes.append(layout.token_box("A", layout.unit_point(order.location), layout.BUILD_RING))
            letters.append(layout.letter_box(order.unit_type or "A", layout.unit_point(order.location), 2))
    return boxes, letters


def render_svg(turn: Any, result: Any = None, *, title: str | None = None) -> str:
    """The SVG of one phase: `turn` is the input turn (contract), `result` its adjudication.

    Units are drawn where they stood at the start of the phase; the orders in their power's
    colour with their results; dislodged units (from `result`, or the turn's own in a retreat
    phase) beside their province; the order list right of the map, the legend under both."""
    turn = _plain(turn) or {}
    result = _plain(result) or {}
    phase = str(turn.get("phase", result.get("phase", "")))
    owners = _owner_map(turn.get("centers") if turn.get("centers") is not None else result.get("centers"))
    units = turn.get("units") or {}
    dislodged = _dislodged_units(turn, result)
    retreat_phase = phase.endswith("R")
    orders = _orders_drawn(turn, result)
    tokens, letters = _tokens(units, dislodged, retreat_phase, orders)
    scene = _Scene(tokens, letters)
    scene.lines.add('<g id="orders">')
    starts = set(dislodged) if retreat_phase else set()
    for entry in orders:
        if not entry["not_given"]:
            _draw_order(scene, entry["power"], entry["order"], entry["result"], entry["reason"],
                        dislodged_at=starts, in_paradox=entry["in_paradox"])
    scene.lines.add("</g>")
    heading = title or (_phase_title(phase) if phase else "")
    title_box = (12.0, 12.0, 12.0 + max(240, 19 * len(heading) + 40), 68.0)
    width, height = layout.WIDTH + svg_panel.WIDTH, layout.HEIGHT + LEGEND_HEIGHT
    canvas = _Canvas()
    canvas.add(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_fmt(width)} {_fmt(height)}" '
               f'width="{_fmt(width * 0.6)}" height="{_fmt(height * 0.6)}" class="diplomacy-board" '
               f'data-phase="{_esc(phase)}">')
    canvas.add("<title>Diplomacy board. Map: jDip standard map (see MAP-LICENSE.md of adjudicator)</title>")
    canvas.add(STYLE)
    canvas.add('<defs><pattern id="standoff" width="12" height="12" patternUnits="userSpaceOnUse" '
               'patternTransform="rotate(45)"><rect width="4" height="12" fill="#d62728" fill-opacity="0.35"/>'
               '</pattern></defs>')
    contested = {str(c).upper().split("/")[0] for c in (result.get("contested") or [])}
    influence = {str(p).upper().split("/")[0]: str(power).upper()
                 for power, provinces in (turn.get("influence") or {}).items() for p in provinces}
    _draw_provinces(canvas, owners, _occupiers(units), contested, influence)
    _draw_centres_and_coasts(canvas, owners)
    canvas.parts.extend(scene.lines.parts)
    _draw_labels(canvas, dislodged, scene.clear_of + tokens + [title_box])
    _draw_units(canvas, units, dislodged, retreat_phase)
    canvas.add('<g id="marks">')
    canvas.parts.extend(scene.marks)
    canvas.add("</g>")
    canvas.add(f'<rect x="{_fmt(title_box[0])}" y="{_fmt(title_box[1])}" width="{_fmt(title_box[2] - title_box[0])}" '
               f'height="56" rx="6" fill="#ffffff" fill-opacity="0.85" stroke="#333"/>')
    canvas.add(f'<text class="phase-title" x="30" y="52">{_esc(heading)}</text>')
    misorders = [_plain(m) for m in result.get("misorders") or []]
    svg_panel.draw_order_panel(canvas.add, layout.WIDTH, layout.HEIGHT, [e for e in orders],
                               [{**m, "power": _power(str(m.get("power", "")))} for m in misorders],
                               POWER_COLOURS, _text_colour)
    _draw_legend(canvas, owners, units, width, bool(influence))
    canvas.add("</svg>")
    return "\n".join(canvas.parts) + "\n"


def _text_colour(colour: str) -> str:
    """A power's colour dark enough to read as text on the panel's light ground."""
    return _mix(colour, "#000000", 0.35)


def _draw_units(canvas: _Canvas, units: Mapping[str, Iterable[str]], dislodged: Mapping[str, tuple],
                retreat_phase: bool) -> None:
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


SAMPLE = "#8a8a8a"  # the legend's stand-in for a power's colour


def _sample_line(canvas: _Canvas, x: float, y: float, dash: str, *, head: bool, width: float = 4.5) -> None:
    end = (x + 56, y)
    if head:
        tip = layout.arrowhead(end, (1.0, 0.0))
        _coloured_line(canvas, (x, y), _midpoint(tip[1], tip[2]), SAMPLE, width, dash)
        points = " ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in tip)
        canvas.add(f'<polygon points="{points}" fill="{SAMPLE}" stroke="{_edge(SAMPLE)}" stroke-width="1.5"/>')
    else:
        _coloured_line(canvas, (x, y), end, SAMPLE, width, dash)


def _legend_symbols(canvas: _Canvas) -> list[tuple[str, str, Any]]:
    def ring(cx, cy, radius, stroke, dash=""):
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        canvas.add(f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(radius)}" fill="none" stroke="{stroke}" '
                   f'stroke-width="3.5"{dash_attr}/>')

    return [
        ("army", "army", lambda cx, cy: _unit_shape(canvas, "A", cx, cy, SAMPLE)),
        ("fleet", "fleet", lambda cx, cy: _unit_shape(canvas, "F", cx, cy, SAMPLE)),
        ("dislodged", "dislodged (beside its province)", lambda cx, cy: (
            canvas.add(f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(UNIT + 6)}" fill="#fff" stroke="{FAILED}" '
                       f'stroke-width="3.5"/>'), _unit_shape(canvas, "A", cx, cy, SAMPLE))),
        ("supply-centre", "supply centre (white: unowned)", lambda cx, cy: canvas.add(
            f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="8" fill="#fff" stroke="#111" stroke-width="2.5"/>')),
        ("standoff", "standoff (left empty)", lambda cx, cy: canvas.add(
            f'<rect x="{_fmt(cx - 16)}" y="{_fmt(cy - 12)}" width="32" height="24" fill="url(#standoff)" stroke="#333"/>')),
        ("build", "build", lambda cx, cy: (
            ring(cx, cy, UNIT + 6, SAMPLE, "6,4"), _unit_shape(canvas, "A", cx, cy, SAMPLE, opacity=0.85, letter="A+"))),
        ("removal", "removal / disband", lambda cx, cy: (
            _cross(canvas, (cx, cy), _edge(SAMPLE), 14), _cross(canvas, (cx, cy), SAMPLE, 14))),
        ("hold", "hold", lambda cx, cy: ring(cx, cy, UNIT + 2, SAMPLE)),
        ("paradox", "order in a paradox", lambda cx, cy: ring(cx, cy, UNIT + 2, PARADOX, "3,5")),
    ]


def _draw_legend(canvas: _Canvas, owners: Mapping[str, str], units: Mapping[str, Iterable[str]],
                 width: float, with_influence: bool = False) -> None:
    canvas.add(f'<g id="legend" transform="translate(0 {_fmt(layout.HEIGHT)})">')
    canvas.add(f'<rect x="0" y="0" width="{_fmt(width)}" height="{_fmt(LEGEND_HEIGHT)}" fill="#f7f5ee" stroke="#333"/>')
    # row 1: the powers, their colours, centres and units
    centres: dict[str, int] = {}
    for power in owners.values():
        centres[power] = centres.get(power, 0) + 1
    counts = {_power(p): len(list(u)) for p, u in units.items()}
    x = 20.0
    canvas.add('<text class="legend-title" x="20" y="34">Powers: their colour, supply centres / units. '
               'Every order is drawn in its power\'s colour (grey below).</text>')
    for power, colour in POWER_COLOURS.items():
        canvas.add(f'<g class="legend-item" data-symbol="power" data-power="{power}">'
                   f'<rect x="{_fmt(x)}" y="48" width="26" height="22" fill="{colour}" stroke="#333"/>'
                   f'<text class="legend" x="{_fmt(x + 34)}" y="66">{power.title()} '
                   f'{centres.get(power, 0)} / {counts.get(power, 0)}</text></g>')
        x += 250
    # rows 2-3: symbols, then the orders' lines and the marks of their results
    y1, y2 = 112.0, 172.0
    x = 40.0
    for symbol, label, draw in _legend_symbols(canvas):
        canvas.add(f'<g class="legend-item" data-symbol="{symbol}">')
        draw(x, y1)
        canvas.add(f'<text class="legend" x="{_fmt(x + 30)}" y="{_fmt(y1 + 7)}">{_esc(label)}</text></g>')
        x += 76 + 10.2 * len(label)
    lines = [("move", "move / retreat", "", True, ""), ("failed-move", "failed move", "12,8", True, "failed"),
             ("support", "support", "10,6", False, ""), ("cut-support", "cut / failed support", "6,6", False, "failed"),
             ("convoy", "convoy", "2,8", False, ""), ("invalid", "invalid order", "3,7", True, "invalid")]
    x = 20.0
    for symbol, label, dash, head, cross in lines:
        canvas.add(f'<g class="legend-item" data-symbol="{symbol}">')
        _sample_line(canvas, x, y2, dash, head=head, width=3.5 if symbol in ("support", "cut-support", "convoy") else 4.5)
        if cross:
            _cross(canvas, (x + 25, y2), INVALID if cross == "invalid" else FAILED, 6)
        canvas.add(f'<text class="legend" x="{_fmt(x + 66)}" y="{_fmt(y2 + 7)}">{_esc(label)}</text></g>')
        x += 86 + 10.5 * len(label)
    canvas.add(f'<text class="legend" x="{_fmt(x)}" y="{_fmt(y2 + 7)}">red cross: failed or cut; '
               f'orange: invalid</text>')
    canvas.add(f'<text class="legend" x="{_fmt(width - 20)}" y="{_fmt(LEGEND_HEIGHT - 10)}" '
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
