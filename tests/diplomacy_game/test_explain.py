"""--explain: the reasons come from the solver's model (strengths, supports, cuts, paradox rule)."""

from pathlib import Path

from adjudicator.cli import main
from adjudicator.diplomacy.movement import adjudicate
from adjudicator.diplomacy.cases import load_case
from adjudicator.diplomacy.explain import explain
from adjudicator.diplomacy.models import Turn

ROOT = Path(__file__).resolve().parents[2]


def _line(lines, start):
    return next(line for line in lines if line.startswith(start))


def test_strengths_supports_and_cuts_are_explained():
    turn = Turn(**{"phase": "S1901M",
                   "units": {"FRANCE": ["A BUR", "A MAR"], "GERMANY": ["A MUN", "A RUH"], "ITALY": ["A PIE"]},
                   "orders": {"FRANCE": ["A BUR H", "A MAR S A BUR"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"],
                              "ITALY": ["A PIE - MAR"]}})
    lines = explain(turn, adjudicate(turn))
    assert "attack strength 2 (1 + support from RUH)" in _line(lines, "GERMANY: A MUN - BUR: SUCCEEDS")
    assert "hold strength of BUR: 1" in _line(lines, "GERMANY: A MUN - BUR")
    assert "cut by the attack from PIE (BT20)" in _line(lines, "FRANCE: A MAR S A BUR: FAILS")
    assert "hold strength 1" in _line(lines, "FRANCE: A BUR H: FAILS")


def test_head_to_head_and_paradox_rule_are_explained():
    turn = load_case(ROOT / "cases/datc/6.F.14.yaml").phases[0].turn()
    lines = explain(turn, adjudicate(turn))
    assert any(line.startswith("paradox (convoy paradox): DATC 4.A.2") for line in lines)
    h2h = Turn(phase="S1901M", units={"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]},
               orders={"FRANCE": ["A BUR - MUN"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]})
    lines = explain(h2h, adjudicate(h2h))
    assert "head-to-head with the unit in MUN: its defend strength 2" in _line(lines, "FRANCE: A BUR - MUN: FAILS")
    assert "attack strength 2 (1 + support from RUH)" in _line(lines, "GERMANY: A MUN - BUR: SUCCEEDS")


def test_cli_explain_json_and_text(capsys):
    path = str(ROOT / "cases/examples/contested-turn.yaml")
    assert main(["diplomacy", "adjudicate", path, "--explain"]) == 0
    out = capsys.readouterr().out
    assert "Why:" in out and "cut by the attack from PIE" in out
    assert main(["diplomacy", "adjudicate", path, "--explain", "--json"]) == 0
    import json

    result = json.loads(capsys.readouterr().out)
    assert any("attack strength 2" in line for line in result["explanations"])
