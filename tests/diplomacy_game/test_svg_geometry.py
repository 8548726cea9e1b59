"""The board's geometry on crowded real turns, read back from the SVG: no province or coast name
overlaps a unit's token (ordinary, dislodged, built), an arrowhead or another name; no arrowhead
overlaps a token or another arrowhead; every order is drawn in its power's colour and listed
beside the map with its result.

Names are measured with the DejaVu fonts the picture asks for (matplotlib ships them), not with
the renderer's own table, so the check does not trust what it checks."""

import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

import pytest

from adjudicator.diplomacy.cli import read_document
from adjudicator.diplomacy.formats import read_droidippy
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.movement import adjudicate
from adjudicator.diplomacy.svg import POWER_COLOURS, render_svg

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
CROWDED = ROOT / "cases/examples/crowded-fall-1903.yaml"
LABELS = {"label": "DejaVuSans-Bold.ttf", "sea-label": "DejaVuSans-BoldOblique.ttf",
          "impassable-label": "DejaVuSans-Oblique.ttf", "coast-label": "DejaVuSans-Oblique.ttf",
          "unit-letter": "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=16)
def _font(name: str, size: float):
    image_font = pytest.importorskip("PIL.ImageFont")
    matplotlib = pytest.importorskip("matplotlib")
    return image_font.truetype(str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / name), size)


def _label_box(text_element, css):
    x, y = float(text_element.get("x")), float(text_element.get("y"))
    size = float(text_element.get("font-size") or 17)  # a unit's letter: 17px by the style sheet
    left, top, right, bottom = _font(LABELS[css], size).getbbox(text_element.text, anchor="ms")
    return (x + left, y + top, x + right, y + bottom)


def _numbers(text):
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]


def _shape_box(group):
    """The box of the circles and paths of a token's group."""
    xs, ys = [], []
    for circle in group.iter(f"{SVG}circle"):
        cx, cy, r = (float(circle.get(k)) for k in ("cx", "cy", "r"))
        xs += [cx - r, cx + r]
        ys += [cy - r, cy + r]
    for path in group.iter(f"{SVG}path"):
        numbers = _numbers(path.get("d"))
        xs += numbers[0::2]
        ys += numbers[1::2]
    return (min(xs), min(ys), max(xs), max(ys))


def _overlap(a, b, slack=0.0):
    return a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]


def _triangle_points(points, steps=10):
    """Points spread over a triangle (its corners, edges and inside)."""
    (ax, ay), (bx, by), (cx, cy) = points
    for i in range(steps + 1):
        for j in range(steps + 1 - i):
            u, v = i / steps, j / steps
            yield (ax + u * (bx - ax) + v * (cx - ax), ay + u * (by - ay) + v * (cy - ay))


def _inside_triangle(point, triangle):
    (x, y), signs = point, []
    for (x1, y1), (x2, y2) in zip(triangle, triangle[1:] + triangle[:1]):
        signs.append((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1))
    return all(s > 1e-6 for s in signs) or all(s < -1e-6 for s in signs)


def _inside_box(point, box, slack=0.5):
    return box[0] + slack < point[0] < box[2] - slack and box[1] + slack < point[1] < box[3] - slack


def _picture(svg_text):
    root = ET.fromstring(svg_text)
    groups = list(root.iter(f"{SVG}g"))
    tokens = [g for g in groups if {"unit", "order-build"} & set((g.get("class") or "").split())]
    letters = [_label_box(t, "unit-letter") for g in tokens for t in g.iter(f"{SVG}text")]
    labels = [(t.text, _label_box(t, t.get("class"))) for t in root.iter(f"{SVG}text")
              if t.get("class") in LABELS and t.get("class") != "unit-letter"]
    heads = [tuple(zip(*[iter(_numbers(g.find(f"{SVG}polygon").get("points")))] * 2))
             for g in groups if g.get("data-mark") == "arrowhead"]
    return root, [_shape_box(g) for g in tokens], letters, labels, heads


def _check_geometry(turn, svg_text=None, *, strict=True):
    """Names clear of tokens, arrowheads and each other; arrowheads clear of each other and of
    the letters on tokens, drawn over the tokens; `strict`: clear of the tokens too (a real
    board may put two tokens too close for any head between them: Clyde and Edinburgh)."""
    root, tokens, letters, labels, heads = _picture(svg_text or render_svg(turn, adjudicate(turn)))
    assert len(labels) == 76 + 6  # 75 provinces and Switzerland, six coasts
    for index, (name, box) in enumerate(labels):
        assert not any(_overlap(box, token) for token in tokens), f"{turn.phase}: {name} under a token"
        assert not any(_overlap(box, other) for _, other in labels[index + 1:]), f"{turn.phase}: {name} on a name"
        assert not any(_inside_box(p, box) for head in heads for p in _triangle_points(head)), \
            f"{turn.phase}: {name} under an arrowhead"
    ids = [g.get("id") for g in root.iter(f"{SVG}g") if g.get("id")]
    assert ids.index("marks") > ids.index("units")  # arrowheads are drawn over the tokens
    for index, head in enumerate(heads):
        points = list(_triangle_points(head))
        assert not any(_inside_box(p, letter) for p in points for letter in letters), f"{turn.phase}: head on a letter"
        assert not (strict and any(_inside_box(p, token) for p in points for token in tokens)), \
            f"{turn.phase}: head on a token"
        assert not any(_inside_triangle(p, list(other)) for p in points for other in heads[index + 1:]), \
            f"{turn.phase}: two arrowheads overlap"
    return root, heads


def test_a_crowded_real_fall_turn_keeps_names_and_arrowheads_clear():
    turn = Turn.model_validate(read_document(str(CROWDED)))
    root, heads = _check_geometry(turn)
    moves = [o for os in turn.orders.values() for o in os if " - " in o and " S " not in o and " C " not in o]
    assert len(heads) == len(moves) == 19
    # every order in its power's colour, and listed beside the map with its result
    result = adjudicate(turn)
    drawn = {(g.get("data-power"), g.get("data-order")): g.get("data-colour") for g in root.iter(f"{SVG}g")
             if "order" in (g.get("class") or "").split()}
    assert drawn == {(o.power, o.order): POWER_COLOURS[o.power] for o in result.orders}
    listed = {(g.get("data-power"), g.get("data-order")): g.get("data-result") for g in root.iter(f"{SVG}g")
              if g.get("class") == "listed-order"}
    assert listed == {(o.power, o.order): o.result for o in result.orders}
    panel = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "order-list")
    assert "FAILS" in "".join(panel.itertext()) and "standoff" in "".join(panel.itertext())


@pytest.mark.parametrize("game", ["game_10029.txt", "game_10101.txt"])
def test_every_fall_turn_of_the_bundled_real_games(game):
    phases = read_droidippy((ROOT / "cases/games/droidippy" / game).read_text(), game)
    falls = [p for p in phases if p.phase.startswith("F") and p.phase.endswith("M")]
    assert len(falls) >= 4
    for phase in falls:
        _check_geometry(Turn(phase=phase.phase, units=phase.units, centers=phase.centers, orders=phase.orders))
