"""BT15 conditional orders ("<order> IF <condition> [AND ...]"): the bundled cases with their
expectations, the circular cases reported as conditional paradoxes, the readings, and the
errors (docs/conditional-orders.md)."""

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.diplomacy.movement import adjudicate
from adjudicator.diplomacy.cases import check_expectation, load_case
from adjudicator.diplomacy.game import run_case_phases
from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.orders import parse_order
from adjudicator.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "cases" / "bt15").glob("*.yaml"))


def _turn(units: dict, orders: dict, **extra) -> dict:
    return {"phase": "S1902M", "rules": "bt2020", "units": units, "orders": orders, **extra}


def _by_order(result) -> dict[str, object]:
    return {(f"{r.order} IF {r.condition}" if r.condition else r.order): r for r in result.orders}


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_bundled_case_meets_its_expectations(path):
    case = load_case(path)
    results = run_case_phases(case.phases, source=str(path))
    assert results
    for phase, result in zip(case.phases, results):
        assert check_expectation(phase.expect, result) == []


def test_the_condition_is_read_and_echoed():
    order = parse_order("A ruh s a mun - bur if F Kiel - Holland succeeds and a bur is not dislodged", load_map())
    assert order.canonical() == "A RUH S A MUN - BUR"
    assert order.condition_text() == "F KIE - HOL SUCCEEDS AND A BUR NOT DISLODGED"
    for bad, words in (("A PAR - BUR IF", "unexpected"), ("A PAR - BUR IF A PAR", "is not like"),
                       ("A PAR - BUR IF A XYZ - BUR FAILS", "XYZ")):
        with pytest.raises(InputError, match=words):
            parse_order(bad, load_map())


def test_an_else_order_counts_when_the_first_is_not_in_force():
    units = {"GERMANY": ["A MUN", "F KIE"], "FRANCE": ["A BUR"]}
    first = "A MUN - BUR IF F KIE - HOL SUCCEEDS"
    for fleet, expected in (("F KIE - HOL", ("FAILS", "INVALID")), ("F KIE - BAL", ("FAILS", "SUCCEEDS"))):
        result = _by_order(adjudicate(_turn(units, {"GERMANY": [first, "A MUN H", fleet]})))
        # KIE - HOL succeeds: the move is in force (and bounces), the hold is superseded (DATC 4.D.3)
        # KIE - BAL: the move is not in force, so the hold is the order that counts
        assert (result[first].result, result["A MUN H"].result) == expected
        assert result[first].condition_met is (fleet == "F KIE - HOL")


def test_orders_that_make_each_other_succeed_are_a_paradox_not_silently_neither():
    # each move is in force only if the other succeeds: both moving and neither moving are
    # consistent (a stable-model reading would silently pick "neither")
    units = {"GERMANY": ["A BER", "A KIE"]}
    orders = {"GERMANY": ["A BER - KIE IF A KIE - HOL SUCCEEDS", "A KIE - HOL IF A BER - KIE SUCCEEDS"]}
    result = adjudicate(_turn(units, orders))
    [paradox] = result.paradoxes
    assert paradox.kind == "conditional paradox" and paradox.consistent_resolutions == 2
    outcomes = sorted(tuple(r.result for r in alt.results) for alt in paradox.alternatives)
    assert outcomes == [("FAILS", "FAILS"), ("SUCCEEDS", "SUCCEEDS")]
    assert [r.result for r in result.orders] == ["FAILS", "FAILS"]  # set aside: the units hold
    assert result.units == {"GERMANY": ["A BER", "A KIE"]}


def test_an_order_that_succeeds_only_if_it_fails_has_no_resolution():
    units = {"GERMANY": ["A MUN"], "FRANCE": ["A BUR"]}
    result = adjudicate(_turn(units, {"GERMANY": ["A MUN - RUH IF A MUN - RUH FAILS"]}))
    [paradox] = result.paradoxes
    assert (paradox.kind, paradox.consistent_resolutions) == ("conditional paradox", 0)
    assert result.units["GERMANY"] == ["A MUN"]


def test_the_standard_rules_have_no_conditional_orders():
    units = {"GERMANY": ["A MUN"]}
    result = adjudicate(_turn(units, {"GERMANY": ["A MUN - RUH IF A MUN NOT DISLODGED"]}, rules="standard"))
    assert result.orders[0].result == "INVALID" and "conditional_orders=none" in result.orders[0].reason


def test_a_conditional_order_in_a_retreat_phase_is_an_input_error():
    turn = {"phase": "S1902R", "rules": "bt2020", "units": {"GERMANY": ["A MUN"]},
            "dislodged": {"FRANCE": [{"unit": "A BUR", "attacker_from": "MUN", "retreats": ["PIC"]}]},
            "orders": {"FRANCE": ["A BUR R PIC IF A MUN - BUR SUCCEEDS"]}}
    with pytest.raises(InputError, match="given with the movement turn"):
        adjudicate(turn)


def test_the_cli_adjudicates_and_draws_the_contested_turn(tmp_path, capsys):
    svg = tmp_path / "turn.svg"
    code = main(["diplomacy", "adjudicate", str(ROOT / "cases/bt15/bt15-contested-turn.yaml"), "--json",
                 "--svg", str(svg)])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    orders = {o["order"]: o for o in out[0]["orders"]}  # a case file: one result per phase
    assert orders["A LON - ENG - BEL"]["condition"] == "F NTH DISLODGED"
    assert orders["A LON - ENG - BEL"]["condition_met"] is True
    assert orders["F MAO - ENG"]["condition_met"] is False
    assert "condition" not in orders["F NWY H"]
    drawn = svg.read_text()
    assert 'data-order="A LON - ENG - BEL"' in drawn and 'data-order="F MAO - IRI"' in drawn
    groups = list(ET.fromstring(drawn).iter("{http://www.w3.org/2000/svg}g"))
    on_map = {g.get("data-order") for g in groups if "order" in (g.get("class") or "").split()}
    listed = {g.get("data-order"): "".join(g.itertext()) for g in groups if g.get("class") == "listed-order"}
    assert "F MAO - ENG" not in on_map and "not given" in listed["F MAO - ENG"]  # not in force: listed, not drawn


def test_a_bad_condition_is_one_line_exit_2(tmp_path, capsys):
    path = tmp_path / "turn.yaml"
    path.write_text("phase: S1902M\nrules: bt2020\nunits: {GERMANY: [A MUN]}\n"
                    "orders: {GERMANY: [A MUN - RUH IF the weather is fine]}\n")
    code = main(["diplomacy", "adjudicate", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and "is not like" in err


def _fall_turn(rules: str, orders: dict) -> dict:
    return {"phase": "F1901M", "rules": rules, "units": {"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A MUN", "A RUH"]},
            "orders": orders}


def test_retreats_and_builds_given_with_the_fall_orders_are_carried():
    orders = {"FRANCE": ["A BUR H", "A BUR R PIC", "Build A MAR IF A BUR NOT DISLODGED", "Remove A PAR"],
              "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]}
    result = adjudicate(_fall_turn("bt2020", orders))
    assert [r.order for r in result.orders if r.power == "FRANCE"] == ["A BUR H"]  # the others wait
    carried = {p.order: p for p in result.pending_orders["FRANCE"]}
    assert (carried["A BUR R PIC"].phase, carried["A PAR D"].phase) == ("retreat", "adjustment")
    assert carried["A MAR B"].condition_met is False  # Burgundy was dislodged
    # the retreat phase uses the retreat given in advance; the removal waits for the adjustments
    retreat = adjudicate({**result.model_dump(exclude_none=True), "phase": result.next_phase, "orders": {}})
    assert [(r.order, r.result) for r in retreat.orders] == [("A BUR R PIC", "SUCCEEDS")]
    assert [p.order for p in retreat.pending_orders["FRANCE"]] == ["A MAR B", "A PAR D"]
    # an order given in the retreat phase itself replaces the one given in advance
    changed = adjudicate({**result.model_dump(exclude_none=True), "phase": result.next_phase,
                          "orders": {"FRANCE": ["A BUR R GAS"]}})
    assert [(r.order, r.result) for r in changed.orders] == [("A BUR R GAS", "SUCCEEDS")]


def test_under_the_standard_rules_a_retreat_in_the_movement_orders_is_invalid():
    orders = {"FRANCE": ["A BUR H", "A BUR R PIC"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]}
    result = adjudicate(_fall_turn("standard", orders))
    assert result.pending_orders is None
    assert [r.result for r in result.orders if r.order == "A BUR R PIC"] == ["INVALID"]


def test_a_condition_on_a_retreat_order_is_an_input_error():
    with pytest.raises(InputError, match="names a movement order"):
        parse_order("Build A PAR IF A BUR R PIC SUCCEEDS", load_map())


def test_a_game_with_orders_given_in_advance_plays_through(tmp_path, capsys):
    code = main(["diplomacy", "play", str(ROOT / "cases/games/bt15-orders-in-advance.yaml"), "--json",
                 "--svg", str(tmp_path)])
    played = json.loads(capsys.readouterr().out)
    assert code == 0
    phases = {p["phase"]: p for p in played}  # one result per phase
    assert [(o["order"], o["result"]) for o in phases["F1901R"]["orders"]] == [("A BUR R MAR", "SUCCEEDS")]
    assert ("A PAR B", "SUCCEEDS") in [(o["order"], o["result"]) for o in phases["W1901A"]["orders"]]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["F1901M.svg", "F1901R.svg", "W1901A.svg"]
