"""Inputs that were adjudicated without a word of warning into a wrong answer (issue 13), each
now an error or the right answer."""

import json
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.diplomacy import retreats
from adjudicator.diplomacy.movement import adjudicate
from adjudicator.errors import InputError
from adjudicator.solving import SolveResult

ROOT = Path(__file__).resolve().parents[2]


def _run(tmp_path, capsys, text: str, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "turn.yaml"
    path.write_text(text)
    code = main(["diplomacy", "adjudicate", str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_turn_without_units_is_an_error_unless_the_empty_board_is_said(tmp_path, capsys):
    code, _, err = _run(tmp_path, capsys, "phase: S1901M\norders: {FRANCE: [A PAR - BUR]}\n")
    assert code == 2 and "no `units:` given" in err
    code, _, err = _run(tmp_path, capsys, "phase: S1901M\nunits:\norders: {FRANCE: [A PAR - BUR]}\n")
    assert code == 2 and "units: {}" in err
    code, out, _ = _run(tmp_path, capsys, "phase: S1901M\nunits: {}\norders: {FRANCE: [A PAR - BUR]}\n", "--json")
    assert code == 0 and json.loads(out)["orders"][0]["result"] == "INVALID"  # no unit there, as said
    with pytest.raises(InputError, match="no `units:` given"):
        adjudicate({"phase": "S1901M", "orders": {}})


def test_text_in_parentheses_is_read_not_dropped(tmp_path, capsys):
    turn = "phase: S1901M\nunits: {FRANCE: [A PAR]}\norders: {FRANCE: [A PAR - BUR (via convoy)]}\n"
    code, out, _ = _run(tmp_path, capsys, turn, "--json")
    order = json.loads(out)["orders"][0]
    # read as a convoyed move: from inland Paris no fleet could carry it, so it is illegal (DATC 4.E.1)
    assert code == 0 and order["order"] == "A PAR - BUR VIA" and order["result"] == "INVALID"
    assert "no chain of fleets could convoy" in order["reason"]
    code, _, err = _run(tmp_path, capsys, turn.replace("(via convoy)", "(quickly)"))
    assert code == 2 and "unexpected 'quickly'" in err
    code, _, err = _run(tmp_path, capsys, turn.replace("(via convoy)", "!"))
    assert code == 2 and "unexpected '!'" in err


def test_an_ordinary_rotation_is_no_paradox(capsys):
    assert main(["diplomacy", "adjudicate", str(ROOT / "cases/datc/6.C.01.yaml")]) == 0
    out = capsys.readouterr().out
    assert "PARADOX" not in out and out.count("SUCCEEDS  circular movement") == 3
    result = adjudicate({"phase": "S1901M", "units": {"TURKEY": ["A CON", "A SMY", "F ANK"]},
                         "orders": {"TURKEY": ["F ANK - CON", "A CON - SMY", "A SMY - ANK"]}})
    assert result.paradoxes == [] and {r.result for r in result.orders} == {"SUCCEEDS"}


def test_case_file_expectations_are_checked(tmp_path, capsys):
    case = (ROOT / "cases/datc/6.A.01.yaml").read_text()
    assert main(["diplomacy", "adjudicate", str(ROOT / "cases/datc/6.A.01.yaml")]) == 0
    capsys.readouterr()
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(case.replace("F NTH - PIC: INVALID", "F NTH - PIC: SUCCEEDS"))
    assert main(["diplomacy", "adjudicate", str(wrong), "--json"]) == 1
    err = capsys.readouterr().err
    assert "expectation not met: S1901M: ENGLAND: F NTH - PIC: expected SUCCEEDS" in err


def test_a_case_files_rules_apply_to_its_phases(tmp_path, capsys):
    case = tmp_path / "case.yaml"
    case.write_text("title: named path\nrules: bt2020\nphases:\n- phase: S1901M\n"
                    "  units: {ENGLAND: [A LON, F NTH]}\n  orders: {ENGLAND: [A LON - BEL, F NTH C A LON - BEL]}\n"
                    "  expect: {results: {ENGLAND: {A LON - BEL: INVALID}}}\n")
    assert main(["diplomacy", "adjudicate", str(case), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["orders"][0]["result"] == "INVALID"  # BT17: no path named


def test_the_order_field_is_the_canonical_order():
    result = adjudicate({"phase": "S1901M", "units": {"FRANCE": ["A PAR", "F BRE"]},
                         "orders": {"FRANCE": ["Army Paris -> Burgundy", "BRE - MAO"]}})
    first, second = result.orders
    assert (first.order, first.written) == ("A PAR - BUR", "Army Paris -> Burgundy")
    assert (second.order, second.written) == ("F BRE - MAO", "BRE - MAO")  # the type of the unit there
    plain = adjudicate({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}})
    assert "written" not in plain.model_dump(mode="json")["orders"][0]


def test_an_encoding_fault_is_an_internal_error_naming_the_phase(monkeypatch, capsys):
    monkeypatch.setattr(retreats, "solve", lambda *a, **k: SolveResult(models=[[], []]))
    case = ROOT / "cases/datc/6.H.01.yaml"
    assert main(["diplomacy", "adjudicate", str(case)]) == 1
    err = capsys.readouterr().err
    assert "internal error in the retreat phase S1901R" in err and "several models" in err
