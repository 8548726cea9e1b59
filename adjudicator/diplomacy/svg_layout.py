"""Geometry of the classic board for the SVG renderer, read from a separate map file.

The map is `adjudicator/data/diplomacy/standard-map.svg`: jDip's detailed standard map as shipped
by the `diplomacy` package, kept verbatim under its own licence (see MAP-LICENSE.md beside it).
This module only reads it: the province outlines (its `MapLayer`), where a unit and a dislodged
unit stand in each province and on each named coast (`jdipNS:PROVINCE`), where the supply-centre
marks and the province abbreviations go. Terrain, supply centres and ownership come from our own
map data (`adjudicator.diplomacy.maps`), never from the picture.

Coordinates are the map's outer ones (viewBox 0 0 1835 1360); the outlines carry the map's own
offset `OUTLINE_OFFSET`, applied when they are drawn.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

MAP_FILE = "data/diplomacy/standard-map.svg"
WIDTH = 1835.0
HEIGHT = 1360.0
UNIT_SIZE = 40.0  # the map places a unit as a 40x40 box from the given top-left corner
OUTLINE_OFFSET = (-195.0, -170.0)
DISLODGED_DISTANCE = 34.0  # from the occupant's spot to the dislodged unit's

# the picture's names that differ from our abbreviations
PICTURE_NAMES = {"NAT": "NAO", "NRG": "NWG", "MID": "MAO", "GOL": "LYO", "TYN": "TYS"}

# The Great Powers' 1901 territories, including the provinces without a supply centre, as the
# printed board colours them. Pictorial only: no rule reads this.
HOME_TERRITORY = {
    "AUSTRIA": ["BOH", "BUD", "GAL", "TRI", "TYR", "VIE"],
    "ENGLAND": ["CLY", "EDI", "LON", "LVP", "WAL", "YOR"],
    "FRANCE": ["BRE", "BUR", "GAS", "MAR", "PAR", "PIC"],
    "GERMANY": ["BER", "KIE", "MUN", "PRU", "RUH", "SIL"],
    "ITALY": ["APU", "NAP", "PIE", "ROM", "TUS", "VEN"],
    "RUSSIA": ["FIN", "LVN", "MOS", "SEV", "STP", "UKR", "WAR"],
    "TURKEY": ["ANK", "ARM", "CON", "SMY", "SYR"],
}

_SVG = "{http://www.w3.org/2000/svg}"
_JDIP = "{svg.dtd}"


@dataclass(frozen=True)
class Outline:
    province: str  # our abbreviation, or "" for land that is no province (islands)
    kind: str  # the picture's class: nopower (land), water, impassable, neutral
    path: str  # SVG path data, in outline coordinates
    polygons: tuple[tuple[tuple[float, float], ...], ...]  # the path's points, for containment


@dataclass(frozen=True)
class Label:
    province: str
    x: float
    y: float
    size: float  # font size in map units


@dataclass(frozen=True)
class Geometry:
    outlines: tuple[Outline, ...]
    unit_spots: dict[str, tuple[float, float]]  # "PAR", "STP/NC" -> centre of a unit there
    dislodged_spots: dict[str, tuple[float, float]]
    centre_marks: dict[str, tuple[float, float]]  # supply centre -> centre of its mark
    labels: dict[str, Label]


def _our_name(picture_name: str) -> str:
    upper = picture_name.upper().replace("-", "/")
    base, _, coast = upper.partition("/")
    base = PICTURE_NAMES.get(base, base)
    return f"{base}/{coast}" if coast else base


def _polygons(path: str) -> tuple[tuple[tuple[float, float], ...], ...]:
    """The points of each subpath (curve control points included: close enough to test containment)."""
    polygons = []
    for sub in re.split(r"(?=[Mm])", path):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", sub)]
        points = tuple(zip(numbers[0::2], numbers[1::2]))
        if len(points) >= 3:
            polygons.append(points)
    return tuple(polygons)


def contains(polygons, x: float, y: float) -> bool:
    """Even-odd point-in-polygon over all subpaths."""
    inside = False
    for polygon in polygons:
        count = len(polygon)
        for index in range(count):
            (x1, y1), (x2, y2) = polygon[index], polygon[(index + 1) % count]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


def _label_size(css: str | None) -> float:
    return 17.6 if css == "labeltext18" else 22.4  # the map's 1.1em and 1.4em of 16px


@lru_cache(maxsize=1)
def geometry() -> Geometry:
    text = resources.files("adjudicator").joinpath(MAP_FILE).read_text("utf-8")
    root = ET.fromstring(text)
    outlines = []
    map_layer = next(g for g in root.iter(f"{_SVG}g") if g.get("id") == "MapLayer")
    for element in map_layer.iter(f"{_SVG}path"):
        ident, kind, path = element.get("id") or "", element.get("class") or "", element.get("d") or ""
        province = _our_name(ident[1:]) if ident.startswith("_") else ""
        outlines.append(Outline(province, kind, path, _polygons(path)))
    half = UNIT_SIZE / 2
    unit_spots: dict[str, tuple[float, float]] = {}
    dislodged_spots: dict[str, tuple[float, float]] = {}
    for province in root.iter(f"{_JDIP}PROVINCE"):
        name = _our_name(province.get("name", ""))
        for spot in province:
            point = (float(spot.get("x")) + half, float(spot.get("y")) + half)
            if spot.tag == f"{_JDIP}UNIT":
                unit_spots[name] = point
            elif spot.tag == f"{_JDIP}DISLODGED_UNIT":
                dislodged_spots[name] = point
    # the map sets a dislodged unit 11 units up-left of the occupant, made for smaller symbols:
    # ours goes farther, in the direction that keeps it inside its province and away from others
    polygons: dict[str, list] = {}
    for outline in outlines:
        polygons.setdefault(outline.province, []).extend(outline.polygons)
    coast_names = [label_box(x, y + UNIT_HALF + 15, COAST_LABEL_SIZE, "sc") for location, (x, y) in unit_spots.items()
                   if "/" in location]
    for name in list(dislodged_spots):
        dislodged_spots[name] = _dislodged_spot(name, unit_spots, polygons.get(name.split("/")[0], []), coast_names)
    centre_marks = {}
    for use in root.iter(f"{_SVG}use"):
        ident = use.get("id") or ""
        if ident.startswith("sc_"):
            size = float(use.get("width", "20"))
            centre_marks[ident[3:]] = (float(use.get("x")) + size / 2, float(use.get("y")) + size / 2)
    labels = {}
    label_layer = next(g for g in root.iter(f"{_SVG}g") if g.get("id") == "BriefLabelLayer")
    for element in label_layer.iter(f"{_SVG}text"):
        name = _our_name((element.text or "").strip())
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        moved = re.match(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)", element.get("transform") or "")
        if moved:  # a rotated label: placed level at its anchor
            x, y = float(moved.group(1)), float(moved.group(2))
        labels[name] = Label(name, x, y, _label_size(element.get("class")))
    return Geometry(tuple(outlines), unit_spots, dislodged_spots, centre_marks, labels)


def _dislodged_spot(name: str, unit_spots, polygons, coast_names) -> tuple[float, float]:
    """Beside the occupant's spot: inside the province, its ring on the map and clear of the
    coasts' names, as far from other provinces' spots as can be."""
    ux, uy = unit_spots[name]
    others = [spot for other, spot in unit_spots.items() if other.split("/")[0] != name.split("/")[0]]
    dx, dy = OUTLINE_OFFSET
    best, best_score = (ux - DISLODGED_DISTANCE * 0.75, uy - DISLODGED_DISTANCE * 0.65), None
    for ox, oy in ((-0.75, -0.65), (0.75, -0.65), (-0.75, 0.65), (0.75, 0.65), (0, -1), (0, 1), (-1, 0), (1, 0)):
        x, y = ux + ox * DISLODGED_DISTANCE, uy + oy * DISLODGED_DISTANCE
        clearance = min((((x - sx) ** 2 + (y - sy) ** 2) ** 0.5 for sx, sy in others), default=999.0)
        inside = contains(polygons, x - dx, y - dy) if polygons else True
        ring = token_box("A", (x, y), DISLODGED_RING)
        clear = _on_map(ring) and not any(overlaps(ring, box) for box in coast_names)
        score = (inside, clear, min(clearance, 2.5 * UNIT_SIZE))
        if best_score is None or score > best_score:
            best, best_score = (x, y), score
    return best


def outline_polygons(province: str):
    """All polygons of `province` (outline coordinates)."""
    return tuple(p for o in geometry().outlines if o.province == province for p in o.polygons)


def unit_point(location: str, *, dislodged: bool = False) -> tuple[float, float]:
    """Where a unit at `location` ("PAR", "STP/NC") is drawn; a coastless fleet in a split
    province is drawn at the province's own spot."""
    spots = geometry().dislodged_spots if dislodged else geometry().unit_spots
    key = location.upper()
    return spots.get(key) or spots[key.split("/")[0]]


UNIT_HALF = 18.0  # half the size of a drawn army token (see svg.py)
CENTRE_MARK = 9.5  # radius of a drawn supply-centre mark, its outline included
DISLODGED_RING = UNIT_HALF + 6  # the red ring round a dislodged unit
BUILD_RING = UNIT_HALF + 8  # the dashed ring round a unit built
HEAD_LENGTH = 18.0  # an arrowhead, tip to base
HEAD_HALF_WIDTH = 8.0

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1

# The advance width, in em, of each letter a label uses: the widest of the fonts the picture
# asks for (DejaVu Sans Bold and Bold Oblique, Liberation Sans Bold for Arial), measured from them.
GLYPH_WIDTH = {
    "A": 0.774, "B": 0.762, "C": 0.734, "D": 0.83, "E": 0.683, "F": 0.683, "G": 0.821, "H": 0.837, "I": 0.372,
    "J": 0.556, "K": 0.775, "L": 0.637, "M": 0.995, "N": 0.837, "O": 0.85, "P": 0.733, "Q": 0.85, "R": 0.77,
    "S": 0.72, "T": 0.682, "U": 0.812, "V": 0.774, "W": 1.103, "X": 0.771, "Y": 0.724, "Z": 0.725,
    "c": 0.593, "e": 0.678, "n": 0.712, "s": 0.595, "w": 0.924,
}
CAP_HEIGHT = 0.76  # the letters' height above the baseline, in em (0.73 measured, and a little)


def text_width(text: str, size: float) -> float:
    return size * sum(GLYPH_WIDTH.get(letter, 1.0) for letter in text)


def label_box(x: float, y: float, size: float, text: str) -> Box:
    """The box of a centred label with its baseline at y (capitals: nothing below the baseline)."""
    width = text_width(text, size) + 5  # and the slant of an italic's letters, either side
    return (x - width / 2, y - CAP_HEIGHT * size, x + width / 2, y + 0.08 * size)


def token_box(unit_type: str, at: Point, ring: float = 0.0) -> Box:
    """The box a unit's token covers: an army's round token, a fleet's boat (wider, with its sail),
    or the ring drawn round it (`ring`: its radius)."""
    x, y = at
    if ring:
        return (x - ring, y - ring, x + ring, y + ring)
    if unit_type == "F":
        return (x - UNIT_HALF - 3, y - UNIT_HALF - 2, x + UNIT_HALF + 3, y + UNIT_HALF - 2)
    return (x - UNIT_HALF, y - UNIT_HALF, x + UNIT_HALF, y + UNIT_HALF)


def overlaps(box: Box, other: Box) -> bool:
    return box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]


def corners(box: Box) -> tuple[Point, ...]:
    return ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))


def bounds(points) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def convex_overlap(a, b) -> bool:
    """Whether two convex polygons (point sequences) share interior: no edge normal of either
    separates them."""
    for polygon in (a, b):
        for index, (x1, y1) in enumerate(polygon):
            x2, y2 = polygon[(index + 1) % len(polygon)]
            nx, ny = y1 - y2, x2 - x1
            first = [nx * x + ny * y for x, y in a]
            second = [nx * x + ny * y for x, y in b]
            if max(first) <= min(second) or max(second) <= min(first):
                return False
    return True


def arrowhead(tip: Point, toward: Point, scale: float = 1.0) -> tuple[Point, Point, Point]:
    """The triangle of an arrowhead with its tip at `tip`, pointing along the unit vector `toward`."""
    ux, uy = toward
    length, half = HEAD_LENGTH * scale, HEAD_HALF_WIDTH * scale
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    return (tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half))


def place_arrowhead(start: Point, end: Point, gap: float, obstacles, fallback_obstacles=()) -> tuple[Point, Point, Point]:
    """The head of an arrow from `start` to `end`: its tip `gap` short of `end`, or farther back,
    step by step, until it touches none of `obstacles` (convex polygons: the tokens, the heads
    already placed); else nearer `end`, up to a little past it (a province left empty, its unit
    dislodged beside it); else the same with a smaller head. Between two tokens too close for any
    head (Clyde and Edinburgh), a small head is placed clear of `fallback_obstacles` only (the
    tokens' letters, the other heads): drawn over the tokens' edges, it hides no letter."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    toward = (dx / length, dy / length)
    farthest = max(gap, length - UNIT_HALF - HEAD_LENGTH - 2)
    backs = [gap + 3.0 * step for step in range(int((farthest - gap) / 3.0) + 1)]
    backs += [gap - 3.0 * step for step in range(1, int((gap + HEAD_LENGTH) / 3.0) + 1)]  # past an empty spot
    for scale, avoid in ((1.0, obstacles), (0.7, obstacles), (0.7, fallback_obstacles), (0.5, fallback_obstacles)):
        for back in backs:
            head = arrowhead((end[0] - toward[0] * back, end[1] - toward[1] * back), toward, scale)
            near = bounds(head)
            if not any(overlaps(near, bounds(other)) and convex_overlap(head, other) for other in avoid):
                return head
    return arrowhead((end[0] - toward[0] * gap, end[1] - toward[1] * gap), toward, 0.7)


def letter_box(unit_type: str, at: Point, letters: int = 1) -> Box:
    """The box of the letter ("A", "F", "A+") written on a token."""
    x, y = at
    half = 7.0 * letters
    return (x - half, y - 7, x + half, y + 7) if unit_type != "F" else (x - half, y - 3, x + half, y + 11)


def _spot_boxes(dislodged: frozenset[str]) -> list[Box]:
    """Where a token may stand: a boat-sized box at every unit spot (ordinary, on a coast), the
    ring of each dislodged unit of the picture."""
    geo = geometry()
    boxes = [(x - UNIT_HALF - 3, y - UNIT_HALF - 2, x + UNIT_HALF + 3, y + UNIT_HALF) for x, y in geo.unit_spots.values()]
    boxes += [token_box("A", geo.dislodged_spots[d], DISLODGED_RING) for d in dislodged]
    boxes += [(x - CENTRE_MARK, y - CENTRE_MARK, x + CENTRE_MARK, y + CENTRE_MARK) for x, y in geo.centre_marks.values()]
    return boxes


COAST_LABEL_SIZE = 13.0


@lru_cache(maxsize=1)
def coast_label_points() -> dict[str, Point]:
    """"STP/NC" -> where its small coast name is written: under the coast's ring."""
    return {location: (x, y + UNIT_HALF + 15) for location, (x, y) in geometry().unit_spots.items() if "/" in location}


def coast_label_boxes() -> list[Box]:
    return [label_box(x, y, COAST_LABEL_SIZE, location.split("/")[1].lower())
            for location, (x, y) in coast_label_points().items()]


def _candidates(name: str, label: Label) -> list[Point]:
    """The map's place; else under, over or beside the province's own unit; else a little away."""
    ux, uy = geometry().unit_spots.get(name, (label.x, label.y))
    below, above = uy + UNIT_HALF + 0.95 * label.size, uy - UNIT_HALF - 0.45 * label.size
    side = UNIT_HALF + 4 + text_width(name, label.size) / 2
    points = [(label.x, label.y), (ux, below), (ux, above), (ux + side, uy + 0.3 * label.size),
              (ux - side, uy + 0.3 * label.size)]
    return points + [(label.x + ox, label.y + oy) for radius in (8, 16, 24, 32, 40, 48, 60, 72) for ox, oy in _ring(radius)]


def _on_map(box: Box) -> bool:
    return box[0] >= 4 and box[1] >= 4 and box[2] <= WIDTH - 4 and box[3] <= HEIGHT - 4


def _place(name: str, taken: list[Box]) -> tuple[float, float, float]:
    """The first candidate place of a label, inside its province, that no box of `taken` meets;
    else the first clear one; else the one least covered."""
    label = geometry().labels[name]
    dx, dy = OUTLINE_OFFSET
    candidates = [(x, y, label_box(x, y, label.size, name)) for x, y in _candidates(name, label)]
    region = bounds([corner for *_, box in candidates for corner in corners(box)])
    near = [box for box in taken if overlaps(box, region)]
    polygons = outline_polygons(name)
    clear, least = None, None
    for x, y, box in candidates:
        if not _on_map(box):
            continue
        covered = sum(_common_area(box, other) for other in near)
        if covered:
            least = least if least and least[0] <= covered else (covered, (x, y, label.size))
            continue
        if not polygons or contains(polygons, x - dx, y - dy - label.size * 0.3):
            return (x, y, label.size)
        clear = clear or (x, y, label.size)
    return clear or (least[1] if least else (label.x, label.y, label.size))


def _common_area(box: Box, other: Box) -> float:
    width = min(box[2], other[2]) - max(box[0], other[0])
    height = min(box[3], other[3]) - max(box[1], other[1])
    return width * height if width > 0 and height > 0 else 0.0


@lru_cache(maxsize=64)
def _label_points(dislodged: frozenset[str]) -> dict[str, tuple[float, float, float]]:
    taken = _spot_boxes(dislodged) + coast_label_boxes()
    labels = geometry().labels
    # labels already clear where the map puts them keep their place; the others are moved after
    clear = lambda n: not any(overlaps(label_box(labels[n].x, labels[n].y, labels[n].size, n), b) for b in taken)  # noqa: E731
    placed: dict[str, tuple[float, float, float]] = {}
    for name in sorted(labels, key=lambda n: not clear(n)):
        placed[name] = _place(name, taken)
        taken.append(label_box(*placed[name], name))
    return placed


def label_points(dislodged: frozenset[str] = frozenset(), obstacles: tuple[Box, ...] = ()) -> dict[str, tuple[float, float, float]]:
    """province -> (x, y, font size): the map's label position, or the nearest position, inside
    the province if there is one, that no unit spot (of any province, and of the dislodged units
    of the picture: `dislodged` names their locations), no supply-centre mark, no coast name, no
    other label and none of `obstacles` (the picture's arrowheads, crosses, built units) covers."""
    placed = dict(_label_points(dislodged))
    blocked = [name for name, (x, y, size) in placed.items()
               if any(overlaps(label_box(x, y, size, name), box) for box in obstacles)]
    if not blocked:
        return placed
    taken = _spot_boxes(dislodged) + coast_label_boxes() + list(obstacles)
    taken += [label_box(*spot, name) for name, spot in placed.items() if name not in blocked]
    for name in blocked:
        placed[name] = _place(name, taken)
        taken.append(label_box(*placed[name], name))
    return placed


def _ring(radius: float):
    return [(radius * ox, radius * oy) for ox, oy in
            ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1), (2, 0), (-2, 0),
             (0, 2), (0, -2), (2, 1), (-2, 1), (2, -1), (-2, -1))]
