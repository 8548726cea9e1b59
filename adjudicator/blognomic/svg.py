"""The Chart as SVG: the grid with square numbers and Quadrants, Land, ports (allegiance), vessels
(facing, Armour, the controlling Captain's name), this Watch's Shots and Mines, the Watch's order
arrows (moves, shots, mine placements; invalid Orders in grey, listed with their reasons below the
Chart) and a legend of the Sides' colours with each Side's Captains. The Red October's square is
private to the Admiral, so only its Quadrant is shaded."""

from __future__ import annotations

from html import escape

from adjudicator.blognomic.programs import ENTRY, WATCH
from adjudicator.blognomic.watch import RED_OCTOBER, Chart, Orders, VesselState, WatchReport
from adjudicator.solving.messages import messages

CELL = 64
MARGIN = 28
LINE = 16  # one line of text below the Chart
SIDE_COLOURS = {"Red": "#c62828", "Green": "#2e7d32", "Blue": "#1565c0", "None": "#616161"}
ANGLE = {"N": 0, "E": 90, "S": 180, "W": 270}


def _centre(square: int) -> tuple[float, float]:
    r, c = divmod(square - 1, 10)
    return MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2


def _origin(square: int) -> tuple[float, float]:
    r, c = divmod(square - 1, 10)
    return MARGIN + c * CELL, MARGIN + r * CELL


def draw(before: Chart, orders: Orders, report: WatchReport) -> str:
    chart = report.chart
    sides = {c.name: c.side for c in chart.captains}
    size = MARGIN * 2 + CELL * 10
    invalid = [o for o in report.orders if o.result == "INVALID"]
    height = size + 40 + LINE * (len(_legend_rows(chart)) + len(invalid) + (1 if invalid else 0))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" viewBox="0 0 {size} {height}" '
           f'font-family="sans-serif">',
           "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" "
           "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333\"/></marker></defs>",
           f'<rect x="0" y="0" width="{size}" height="{height}" fill="white"/>',
           f'<rect id="sea" x="{MARGIN}" y="{MARGIN}" width="{CELL * 10}" height="{CELL * 10}" fill="#d6eaf8"/>']
    if chart.red_october:
        q = chart.red_october.square
        qx = MARGIN + (0 if (q - 1) % 10 < 5 else 5 * CELL)
        qy = MARGIN + (0 if q <= 50 else 5 * CELL)
        out.append(f'<rect class="red-october-quadrant" x="{qx}" y="{qy}" width="{5 * CELL}" height="{5 * CELL}" '
                   f'fill="#7b1fa2" fill-opacity="0.08"/>')
        out.append(f'<text x="{qx + 4}" y="{qy + 5 * CELL - 6}" font-size="11" fill="#7b1fa2">The Red October '
                   f'(facing {chart.red_october.facing})</text>')
    for s in chart.land:
        x, y = _origin(s)
        out.append(f'<rect class="land" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#c8b27d"/>')
    for s in range(1, 101):
        x, y = _origin(s)
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" stroke="#90a4ae" stroke-width="0.5"/>'
                   f'<text x="{x + 3}" y="{y + 10}" font-size="8" fill="#78909c">{s}</text>')
    out.append(f'<line x1="{MARGIN + 5 * CELL}" y1="{MARGIN}" x2="{MARGIN + 5 * CELL}" y2="{MARGIN + 10 * CELL}" stroke="#455a64" stroke-width="2"/>'
               f'<line x1="{MARGIN}" y1="{MARGIN + 5 * CELL}" x2="{MARGIN + 10 * CELL}" y2="{MARGIN + 5 * CELL}" stroke="#455a64" stroke-width="2"/>')
    for label, x, y in (("N", size / 2, 18), ("S", size / 2, size - 8), ("W", 8, size / 2), ("E", size - 18, size / 2)):
        out.append(f'<text x="{x}" y="{y}" font-size="14" font-weight="bold" fill="#37474f">{label}</text>')
    for p in chart.ports:
        x, y = _origin(p.square)
        colour = SIDE_COLOURS[p.allegiance]
        out.append(f'<g class="port"><rect x="{x + 2}" y="{y + CELL - 14}" width="{CELL - 4}" height="12" fill="{colour}" fill-opacity="0.85"/>'
                   f'<text x="{x + 4}" y="{y + CELL - 5}" font-size="8" fill="white">{escape(p.name)}</text></g>')
    for m in chart.mines:
        cx, cy = _centre(m.square)
        out.append(f'<g class="mine"><circle cx="{cx + 20}" cy="{cy - 18}" r="5" fill="#212121"/>'
                   f'<path d="M{cx + 13},{cy - 18} h14 M{cx + 20},{cy - 25} v14" stroke="#212121" stroke-width="1.5"/></g>')
    arrows = _order_arrows(before, orders, report)
    out += arrows
    by_square: dict[int, list[VesselState]] = {}
    for v in chart.vessels:
        by_square.setdefault(v.square, []).append(v)
    for square, vessels in by_square.items():
        for i, v in enumerate(vessels):
            out.append(_vessel(v, square, i, len(vessels), SIDE_COLOURS[sides.get(v.captain, "None")]))
    for s in sorted(set(chart.shots)):
        cx, cy = _centre(s)
        n = chart.shots.count(s)
        out.append(f'<g class="shot"><path d="M{cx - 12},{cy - 12} L{cx + 12},{cy + 12} M{cx + 12},{cy - 12} L{cx - 12},{cy + 12}" '
                   f'stroke="#d50000" stroke-width="3"/>' + (f'<text x="{cx + 10}" y="{cy + 22}" font-size="10" fill="#d50000">x{n}</text>' if n > 1 else "")
                   + "</g>")
    out.append(f'<text x="{MARGIN}" y="{size + 20}" font-size="13" fill="#263238">Chart Update, start of Watch {chart.watch}: '
               f'{sum(1 for o in report.orders if o.result == "VALID")} of {len(report.orders)} orders valid</text>')
    out += _legend(chart, size + 20 + LINE)
    out += _invalid_list(invalid, size + 20 + LINE * (1 + len(_legend_rows(chart))))
    out.append("</svg>")
    return "\n".join(out)


def _legend_rows(chart: Chart) -> list[tuple[str, list[str]]]:
    """Each Side with a Captain on it, or a vessel or port of its colour: (Side, its Captains)."""
    used = {c.side for c in chart.captains} | {p.allegiance for p in chart.ports}
    return [(side, [c.name for c in chart.captains if c.side == side]) for side in SIDE_COLOURS if side in used]


def _legend(chart: Chart, top: float) -> list[str]:
    """The Sides' colours (vessels and port allegiance) with each Side's Captains."""
    out = ['<g class="legend">']
    for i, (side, captains) in enumerate(_legend_rows(chart)):
        y = top + i * LINE
        out.append(f'<rect x="{MARGIN}" y="{y - 10}" width="12" height="12" fill="{SIDE_COLOURS[side]}"/>'
                   f'<text x="{MARGIN + 18}" y="{y}" font-size="12" fill="#263238">{escape(side)}: '
                   f'{escape(", ".join(captains) or "no Captain")}</text>')
    out.append("</g>")
    return out


def _invalid_list(invalid: list, top: float) -> list[str]:
    """The Watch's invalid Orders with their reasons (drawn in grey on the Chart where they name squares)."""
    if not invalid:
        return []
    words = messages(ENTRY, WATCH)
    out = [f'<g class="invalid-orders"><text x="{MARGIN}" y="{top}" font-size="12" fill="#616161">Invalid Orders (grey):</text>']
    for i, o in enumerate(invalid, 1):
        why = "; ".join(words.text(r) for r in o.reasons)
        out.append(f'<text x="{MARGIN + 10}" y="{top + i * LINE}" font-size="11" fill="#616161">'
                   f'{o.index}. {escape(o.captain)}: {escape(o.detail)} -- {escape(why)}</text>')
    out.append("</g>")
    return out


def _vessel(v: VesselState, square: int, i: int, n: int, colour: str) -> str:
    kind, number, facing, armour = v.parts
    cx, cy = _centre(square)
    cy -= 6  # keep clear of the port band at the bottom of the square
    if n > 1:
        cx += (i - (n - 1) / 2) * (CELL / n)
    scale = 1.0 if n == 1 else 0.7
    sunk = armour == 0
    hull = (f'<path d="M0,-20 L10,12 L-10,12 z" transform="translate({cx},{cy}) rotate({ANGLE[facing]}) scale({scale})" '
            f'fill="{colour}" stroke="#111" stroke-width="1"/>')
    text = (f'<text x="{cx}" y="{cy + 23}" font-size="9" text-anchor="middle" fill="#111">{escape(v.name)}'
            f'{{{armour}}}</text>'
            f'<text class="captain" x="{cx}" y="{cy - 22}" font-size="8" text-anchor="middle" fill="#111">'
            f'{escape(v.captain)}</text>')
    cross = (f'<path d="M{cx - 10},{cy - 10} L{cx + 10},{cy + 10} M{cx + 10},{cy - 10} L{cx - 10},{cy + 10}" stroke="black" stroke-width="2"/>'
             if sunk else "")
    return f'<g class="vessel" data-code="{escape(v.code)}" data-captain="{escape(v.captain)}"><title>{escape(v.code)} [{escape(v.captain)}]</title>{hull}{text}{cross}</g>'


def _order_arrows(before: Chart, orders: Orders, report: WatchReport) -> list[str]:
    start = {v.name: v.square for v in before.vessels}
    final = {v.vessel: v.after.rsplit(" at ", 1)[1] for v in report.vessels}
    out = []
    for result, order in zip(report.orders, orders.orders):
        if not order.vessel:
            continue
        if result.result != "VALID":
            out += _invalid_arrows(order, start)
            continue
        name = order.vessel.strip().split("(")[0].upper()
        name = next((k for k in start if k.upper() == name), None)
        if name is None or name == RED_OCTOBER:
            continue  # The Red October's square is private
        x1, y1 = _centre(start[name])
        if order.order == "move" and final.get(name) and int(final[name]) != start[name]:
            x2, y2 = _centre(int(final[name]))
            out.append(f'<line class="order move" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#333" stroke-width="2" '
                       f'marker-end="url(#arrow)"/>')
        for s in order.at or []:
            x2, y2 = _centre(s)
            dash = "6,4" if order.order == "shoot" else "2,3"
            out.append(f'<line class="order {order.order}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#d50000" '
                       f'stroke-dasharray="{dash}" stroke-width="1.5" marker-end="url(#arrow)"/>')
    return out


def _invalid_arrows(order, start: dict[str, int]) -> list[str]:
    """An invalid Order naming a vessel: grey dashed lines to the squares it names, or a grey cross on
    the vessel for a move (the Chart does not show where an invalid move would have gone)."""
    name = next((k for k in start if k.upper() == order.vessel.strip().split("(")[0].upper()), None)
    if name is None:
        return []
    x1, y1 = _centre(start[name])
    out = [f'<line class="order invalid {order.order}" x1="{x1}" y1="{y1}" x2="{_centre(s)[0]}" y2="{_centre(s)[1]}" '
           f'stroke="#9e9e9e" stroke-dasharray="3,3" stroke-width="1.5"/>' for s in order.at or []]
    if order.order == "move":
        out.append(f'<path class="order invalid move" d="M{x1 - 16},{y1 - 16} l8,8 m0,-8 l-8,8" stroke="#9e9e9e" stroke-width="2"/>')
    return out
