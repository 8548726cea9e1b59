"""The SVG board: well-formed, every unit and every order drawn, results visibly marked."""

import xml.etree.ElementTree as ET
from pathlib import Path

from adjudicator.diplomacy.adjudicate import adjudicate
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.svg import cells, render_svg

ROOT = Path(__file__).resolve().parents[2]
NS = {"s": "http://www.w3.org/2000/svg"}

TURN = Turn(
    phase="S1901M",
    units={"FRANCE": ["A BUR", "A MAR", "F BRE"], "GERMANY": ["A MUN", "A RUH"], "ITALY": ["A PIE"],
           "RUSSIA": ["F STP/SC"]},
    orders={"FRANCE": ["A BUR H", "A MAR S A BUR", "F BRE - MAO"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"],
            "ITALY": ["A PIE - MAR"], "RUSSIA": ["F STP/SC - BOT"]},
)


def _groups(root, css):
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g") if css in (g.get("class") or "").split()]


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
    dislodged = _groups(root, "dislodged")
    assert [(g.get("data-unit"), g.get("data-attacker-from")) for g in dislodged] == [("A BUR", "MUN")]


def test_provinces_supply_centres_and_coasts_are_drawn():
    root = ET.fromstring(render_svg(TURN, adjudicate(TURN)))
    provinces = {p.get("data-province") for p in root.iter("{http://www.w3.org/2000/svg}path") if p.get("data-province")}
    assert len(provinces) == 75
    centres = [c for c in root.iter("{http://www.w3.org/2000/svg}circle") if c.get("class") == "supply-centre"]
    assert len(centres) == 34
    coasts = {g.get("data-location") for g in _groups(root, "coast")}
    assert coasts == {"STP/NC", "STP/SC", "SPA/NC", "SPA/SC", "BUL/EC", "BUL/SC"}
    owners = {p.get("data-province"): p.get("data-owner") for p in root.iter("{http://www.w3.org/2000/svg}path")
              if p.get("data-owner")}
    assert owners["PAR"] == "FRANCE" and owners["MOS"] == "RUSSIA" and "BEL" not in owners


def test_every_cell_is_a_closed_polygon_inside_the_canvas():
    for name, polygon in cells():
        assert len(polygon) >= 3, name
        for (x, y), _ in polygon:
            assert -0.01 <= x <= 1000.01 and -0.01 <= y <= 800.01


def test_cli_writes_the_svg(tmp_path):
    from adjudicator.cli import main

    target = tmp_path / "board.svg"
    assert main(["diplomacy", "adjudicate", str(ROOT / "cases/examples/contested-turn.yaml"), "--svg", str(target)]) == 0
    root = ET.fromstring(target.read_text())
    assert root.get("data-phase") == "S1901M"
    assert _groups(root, "dislodged")
