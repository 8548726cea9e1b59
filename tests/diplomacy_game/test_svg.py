"""The SVG board on the classic map: well-formed, every province, unit and order drawn, results
visibly marked, labels clear of units, a legend entry for every symbol; and, when Debian's
chromium is installed, screenshots of every phase of a bundled game (tests/artefacts/, ignored)."""

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator.diplomacy import svg_layout as layout
from adjudicator.diplomacy.movement import adjudicate
from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.svg import POWER_COLOURS, render_svg

ROOT = Path(__file__).resolve().parents[2]
ARTEFACTS = ROOT / "tests" / "artefacts" / "svg"
SVG = "{http://www.w3.org/2000/svg}"

TURN = Turn(
    phase="S1901M",
    units={"FRANCE": ["A BUR", "A MAR", "F BRE"], "GERMANY": ["A MUN", "A RUH"], "ITALY": ["A PIE"],
           "RUSSIA": ["F STP/SC"]},
    orders={"FRANCE": ["A BUR H", "A MAR S A BUR", "F BRE - MAO"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"],
            "ITALY": ["A PIE - MAR"], "RUSSIA": ["F STP/SC - BOT"]},
)


def _groups(root, css):
    return [g for g in root.iter(f"{SVG}g") if css in (g.get("class") or "").split()]


def test_every_unit_and_order_is_drawn_with_its_result():
    result = adjudicate(TURN)
    root = ET.fromstring(render_svg(TURN, result))
    units = {(g.get("data-power"), g.get("data-unit")) for g in _groups(root, "unit")}
    assert units == {(p, u) for p, us in TURN.units.items() for u in us}
    orders = {(g.get("data-power"), g.get("data-order")): g for g in _groups(root, "order")}
    assert set(orders) == {(r.power, r.order) for r in result.orders}
    for r in result.orders:
        assert orders[(r.power, r.order)].get("data-result") == r.result
    # the failed move, the cut support and the dislodged unit are marked differently
    assert "failed" in orders[("ITALY", "A PIE - MAR")].get("class")
    assert "cut" in orders[("FRANCE", "A MAR S A BUR")].get("class")
    assert "succeeded" in orders[("GERMANY", "A MUN - BUR")].get("class")
    # every order in its power's colour; a failed move dashed, with a red cross over everything
    failed_line = orders[("ITALY", "A PIE - MAR")].findall(f"{SVG}line")[-1]
    assert failed_line.get("stroke-dasharray") and failed_line.get("stroke") == POWER_COLOURS["ITALY"]
    assert orders[("GERMANY", "A RUH S A MUN - BUR")].findall(f"{SVG}line")[-1].get("stroke") == POWER_COLOURS["GERMANY"]
    marks = {(g.get("data-order"), g.get("data-mark")): g for g in _groups(root, "order-mark")}
    assert ("A PIE - MAR", "failed") in marks and ("A MUN - BUR", "failed") not in marks
    assert marks[("A PIE - MAR", "arrowhead")].find(f"{SVG}polygon").get("fill") == POWER_COLOURS["ITALY"]
    assert ("A MAR S A BUR", "failed") in marks  # the cut support
    dislodged = _groups(root, "dislodged")
    assert [(g.get("data-unit"), g.get("data-attacker-from")) for g in dislodged] == [("A BUR", "MUN")]


def test_the_classic_map_every_province_centre_coast_and_switzerland():
    root = ET.fromstring(render_svg(TURN, adjudicate(TURN)))
    paths = list(root.iter(f"{SVG}path"))
    provinces = {p.get("data-province") for p in paths if "province" in (p.get("class") or "").split()}
    board = load_map("standard")
    assert provinces == {name for name, info in board.provinces.items() if not info.impassable}
    assert len(provinces) == 75
    assert any(p.get("data-name") == "Switzerland (impassable)" for p in paths)
    # real coastlines: each outline is a curve of many points, not a straight-edged cell
    assert all(p.get("d").count("C") > 5 for p in paths if p.get("data-province") in ("NWY", "SPA", "ITA", "GRE"))
    centres = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "supply-centre"]
    assert len(centres) == 34
    coasts = {g.get("data-location") for g in _groups(root, "coast")}
    assert coasts == {"STP/NC", "STP/SC", "SPA/NC", "SPA/SC", "BUL/EC", "BUL/SC"}
    # the two coasts of a split province are drawn apart
    assert layout.unit_point("SPA/NC") != layout.unit_point("SPA/SC")
    owners = {p.get("data-province"): p.get("data-owner") for p in paths if p.get("data-owner")}
    assert owners["PAR"] == "FRANCE" and owners["MOS"] == "RUSSIA" and "BEL" not in owners
    shades = {p.get("data-province"): (p.get("data-shade"), p.get("data-shade-power")) for p in paths
              if p.get("data-shade")}
    assert shades["BUR"] == ("occupier", "FRANCE")  # a unit stands there
    assert shades["PIC"] == ("home", "FRANCE") and shades["BEL"] == ("unowned", None)


def test_owner_shading_follows_the_centres():
    turn = Turn(phase="F1902M", units={"GERMANY": ["A PAR"]}, centers={"GERMANY": ["PAR", "BER"]}, orders={})
    root = ET.fromstring(render_svg(turn, adjudicate(turn)))
    owners = {p.get("data-province"): p.get("data-owner") for p in root.iter(f"{SVG}path") if p.get("data-owner")}
    assert owners == {"PAR": "GERMANY", "BER": "GERMANY"}
    marks = {c.get("data-province"): c.get("data-owner") for c in root.iter(f"{SVG}circle")
             if c.get("class") == "supply-centre"}
    assert marks["PAR"] == "GERMANY" and marks["MUN"] == ""


@pytest.mark.parametrize("dislodged", [frozenset(), frozenset({"BUR", "MUN", "VIE", "STP/SC", "CON", "NTH"})])
def test_labels_are_clear_of_every_unit_spot_and_centre_mark(dislodged):
    spots = list(layout.geometry().unit_spots.values()) + [layout.geometry().dislodged_spots[d] for d in dislodged]
    marks = list(layout.geometry().centre_marks.values())
    placed = layout.label_points(dislodged)
    assert len(placed) == 76  # 75 provinces and Switzerland
    for name, (x, y, size) in placed.items():
        x0, y0, x1, y1 = layout.label_box(x, y, size, name)
        for sx, sy in spots:
            assert not (x0 - layout.UNIT_HALF < sx < x1 + layout.UNIT_HALF
                        and y0 - layout.UNIT_HALF < sy < y1 + layout.UNIT_HALF), (name, sx, sy)
        for sx, sy in marks:
            assert not (x0 - layout.CENTRE_MARK < sx < x1 + layout.CENTRE_MARK
                        and y0 - layout.CENTRE_MARK < sy < y1 + layout.CENTRE_MARK), (name, sx, sy)


def test_the_legend_names_every_symbol_drawn():
    root = ET.fromstring(render_svg(TURN, adjudicate(TURN)))
    symbols = {g.get("data-symbol") for g in _groups(root, "legend-item")}
    assert {"army", "fleet", "dislodged", "supply-centre", "standoff", "build", "removal", "move", "failed-move",
            "support", "cut-support", "convoy", "invalid", "hold", "paradox", "power"} <= symbols


def test_retreats_start_at_the_dislodged_unit_and_removals_cross_the_unit():
    movement = Turn(phase="S1901M", units={"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]},
                    orders={"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]})
    moved = adjudicate(movement)
    retreat = Turn(phase=moved.next_phase, units=moved.units, dislodged=moved.dislodged,
                   orders={"FRANCE": ["A BUR - PAR"]})
    root = ET.fromstring(render_svg(retreat, adjudicate(retreat)))
    (order,) = _groups(root, "order-retreat")
    line = order.findall(f"{SVG}line")[-1]
    start = (float(line.get("x1")), float(line.get("y1")))
    at_dislodged, at_unit = layout.unit_point("BUR", dislodged=True), layout.unit_point("BUR")
    distance = lambda a, b: ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5  # noqa: E731
    assert distance(start, at_dislodged) < distance(start, at_unit)
    adjust = Turn(phase="W1901A", units={"FRANCE": ["A PAR", "A BUR", "F BRE"]},
                  centers={"FRANCE": ["PAR", "BRE"]}, orders={"FRANCE": ["A BUR D"]})
    text = render_svg(adjust, adjudicate(adjust))
    assert text.index('class="removal-mark"') > text.index('id="units"')  # the cross is over the unit


def test_paradox_orders_are_marked():
    case = ROOT / "cases/examples/convoy-paradox.yaml"
    from adjudicator.diplomacy.cli import read_document

    turn = Turn.model_validate(read_document(str(case)))
    result = adjudicate(turn)
    assert result.paradoxes
    root = ET.fromstring(render_svg(turn, result))
    marked = {(g.get("data-power"), g.get("data-order")) for g in _groups(root, "paradox")}
    expected = {(p.split(":")[0].strip(), p.split(":", 1)[1].strip()) for x in result.paradoxes for p in x.orders}
    assert marked and marked <= expected


def test_cli_writes_the_svg(tmp_path):
    from adjudicator.cli import main

    target = tmp_path / "board.svg"
    assert main(["diplomacy", "adjudicate", str(ROOT / "cases/examples/contested-turn.yaml"), "--svg", str(target)]) == 0
    root = ET.fromstring(target.read_text())
    assert root.get("data-phase") == "S1901M"
    assert _groups(root, "dislodged")


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")
def test_screenshot_of_every_phase_of_a_bundled_game():
    """Every phase of a bundled game, drawn by a headless browser on one contact sheet
    (tests/artefacts/svg/phases.png, beside the phases' SVGs) to look at; the test checks that
    the browser made a picture of the right size that is not blank."""
    from adjudicator.cli import main

    game = ROOT / "cases/games/bt2020-example-1901-1903.yaml"
    shutil.rmtree(ARTEFACTS, ignore_errors=True)
    ARTEFACTS.mkdir(parents=True)
    assert main(["diplomacy", "play", str(game), "--svg", str(ARTEFACTS)]) == 0
    pictures = sorted(ARTEFACTS.glob("*.svg"), key=lambda p: (p.stem[1:5], "SFW".index(p.stem[0]), "MRA".index(p.stem[5])))
    assert len(pictures) >= 10
    columns, width, height = 3, 734, 630  # each phase at 40% of its size
    cells = "".join(f'<img src="{p.name}" width="{width}" height="{height}">' for p in pictures)
    sheet = ARTEFACTS / "phases.html"
    sheet.write_text(f'<html><body style="margin:0;display:grid;grid-template-columns:repeat({columns},{width}px)">'
                     f"{cells}</body></html>")
    rows = -(-len(pictures) // columns)
    target = ARTEFACTS / "phases.png"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--no-first-run", "--hide-scrollbars",
                    f"--window-size={columns * width},{rows * height}", f"--screenshot={target}", sheet.as_uri()],
                   capture_output=True, timeout=120, check=False)
    assert target.exists(), "chromium made no screenshot"
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == columns * width and int.from_bytes(data[20:24], "big") == rows * height
    assert len(data) > 500_000  # twelve maps, not a blank page
