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
    for name in list(dislodged_spots):
        dislodged_spots[name] = _dislodged_spot(name, unit_spots, polygons.get(name.split("/")[0], []))
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


def _dislodged_spot(name: str, unit_spots, polygons) -> tuple[float, float]:
    ux, uy = unit_spots[name]
    others = [spot for other, spot in unit_spots.items() if other.split("/")[0] != name.split("/")[0]]
    dx, dy = OUTLINE_OFFSET
    best, best_score = (ux - DISLODGED_DISTANCE * 0.75, uy - DISLODGED_DISTANCE * 0.65), None
    for ox, oy in ((-0.75, -0.65), (0.75, -0.65), (-0.75, 0.65), (0.75, 0.65), (0, -1), (0, 1), (-1, 0), (1, 0)):
        x, y = ux + ox * DISLODGED_DISTANCE, uy + oy * DISLODGED_DISTANCE
        clearance = min((((x - sx) ** 2 + (y - sy) ** 2) ** 0.5 for sx, sy in others), default=999.0)
        inside = contains(polygons, x - dx, y - dy) if polygons else True
        score = (inside, min(clearance, 2.5 * UNIT_SIZE))
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


UNIT_HALF = 18.0  # half the size of a drawn unit symbol (see svg.py)
CENTRE_MARK = 9.0  # radius of a drawn supply-centre mark


def _near_spot(box, spots, reach: float) -> bool:
    x0, y0, x1, y1 = box
    return any(x0 - reach < sx < x1 + reach and y0 - reach < sy < y1 + reach for sx, sy in spots)


def _box_hits_unit(box: tuple[float, float, float, float], dislodged: frozenset[str] = frozenset(),
                   margin: float = 1.0) -> bool:
    spots = list(geometry().unit_spots.values()) + [geometry().dislodged_spots[d] for d in dislodged]
    return _near_spot(box, spots, UNIT_HALF + margin)


def _overlaps(box, other) -> bool:
    return box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]


def label_box(x: float, y: float, size: float, text: str) -> tuple[float, float, float, float]:
    """The box of a centred label with its baseline at y (an estimate of the glyphs' extent)."""
    width = 0.62 * size * len(text)
    return (x - width / 2, y - 0.75 * size, x + width / 2, y + 0.2 * size)


@lru_cache(maxsize=64)
def label_points(dislodged: frozenset[str] = frozenset()) -> dict[str, tuple[float, float, float]]:
    """province -> (x, y, font size): the map's label position, or the nearest position, inside
    the province if there is one, that no unit spot (of any province, and of the dislodged units
    of the picture: `dislodged` names their locations), no supply-centre mark and no other label
    covers."""
    dx, dy = OUTLINE_OFFSET
    marks = list(geometry().centre_marks.values())
    placed: dict[str, tuple[float, float, float]] = {}
    boxes: list[tuple[float, float, float, float]] = []

    def free(name: str, x: float, y: float, size: float) -> bool:
        box = label_box(x, y, size, name)
        return (not _box_hits_unit(box, dislodged) and not _near_spot(box, marks, CENTRE_MARK)
                and not any(_overlaps(box, other) for other in boxes))

    labels = geometry().labels
    # labels already free where the map puts them keep their place; the others are moved after
    order = sorted(labels, key=lambda n: not free(n, labels[n].x, labels[n].y, labels[n].size))
    for name in order:
        label = labels[name]
        polygons = outline_polygons(name)
        # the map's place; else under, over or beside the province's own unit; else a little away
        ux, uy = geometry().unit_spots.get(name, (label.x, label.y))
        below, above = uy + UNIT_HALF + 0.95 * label.size, uy - UNIT_HALF - 0.45 * label.size
        side = UNIT_HALF + 0.35 * label.size * len(name) + 4
        candidates = [(label.x, label.y), (ux, below), (ux, above), (ux + side, uy + 0.3 * label.size),
                      (ux - side, uy + 0.3 * label.size)]
        candidates += [(label.x + ox, label.y + oy) for radius in (8, 16, 24, 32) for ox, oy in _ring(radius)]
        unblocked = [(x, y) for x, y in candidates if free(name, x, y, label.size)]
        inside = [(x, y) for x, y in unblocked
                  if not polygons or contains(polygons, x - dx, y - dy - label.size * 0.3)]
        best = (inside or unblocked or [(label.x, label.y)])[0]
        placed[name] = (best[0], best[1], label.size)
        boxes.append(label_box(best[0], best[1], label.size, name))
    return placed


def _ring(radius: float):
    if radius == 0:
        return [(0.0, 0.0)]
    return [(radius * ox, radius * oy) for ox, oy in
            ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1), (2, 0), (-2, 0),
             (0, 2), (0, -2), (2, 1), (-2, 1), (2, -1), (-2, -1))]
