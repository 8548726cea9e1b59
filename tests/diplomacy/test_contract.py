"""The JSON contract of `adjudicator diplomacy adjudicate` and the importable function."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.diplomacy import adjudicate
from adjudicator.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "cases" / "examples" / "contested-turn.yaml"
CLI = [sys.executable, "-m", "adjudicator.cli"]


def run_cli(*args, stdin=None):
    return subprocess.run([*CLI, *args], capture_output=True, text=True, cwd=ROOT, input=stdin, timeout=120)


def test_importable():
    import inspect

    from adjudicator.diplomacy import adjudicate as fn
    assert inspect.isfunction(fn) and fn.__name__ == "adjudicate"


def test_contract_example_from_the_issue():
    turn = {"phase": "S1901M",
            "units": {"ENGLAND": ["F NTH", "A YOR"], "FRANCE": ["F SPA/SC"]},
            "centers": {"ENGLAND": ["LON", "EDI", "LVP"]},
            "orders": {"ENGLAND": ["F NTH - PIC", "A YOR H"]},
            "rules": "standard"}
    out = adjudicate(turn).model_dump(mode="json")
    for key in ("phase", "next_phase", "orders", "units", "dislodged", "contested", "centers", "paradoxes"):
        assert key in out
    assert out["phase"] == "S1901M"
    assert out["orders"][0] == {"power": "ENGLAND", "order": "F NTH - PIC", "result": "INVALID",
                                "reason": out["orders"][0]["reason"]}
    assert "adjacent" in out["orders"][0]["reason"]  # NTH-PIC: not neighbours (DATC 6.A.1)
    assert out["orders"][1]["result"] == "SUCCEEDS"
    assert out["units"] == {"ENGLAND": ["A YOR", "F NTH"], "FRANCE": ["F SPA/SC"]}
    assert out["centers"]["ENGLAND"] == ["EDI", "LON", "LVP"]


def test_contested_example():
    out = json.loads(run_cli("diplomacy", "adjudicate", str(EXAMPLE), "--json").stdout)
    results = {(o["power"], o["order"]): o["result"] for o in out["orders"]}
    assert results[("AUSTRIA", "A VIE - GAL")] == results[("RUSSIA", "A WAR - GAL")] == "FAILS"
    assert out["contested"] == ["GAL"]
    assert results[("FRANCE", "A MAR S A BUR")] == "FAILS"  # cut from Piedmont
    assert results[("GERMANY", "A MUN - BUR")] == "SUCCEEDS"
    assert out["dislodged"] == {"FRANCE": [{"unit": "A BUR", "attacker_from": "MUN", "retreats": ["BEL", "GAS", "PIC"]}]}
    assert out["next_phase"] == "S1901R"
    assert "A BUR" in out["units"]["GERMANY"] and "A BUR" not in out["units"]["FRANCE"]


def test_table_output():
    proc = run_cli("diplomacy", "adjudicate", str(EXAMPLE))
    assert proc.returncode == 0
    assert "A MUN - BUR" in proc.stdout and "SUCCEEDS" in proc.stdout
    assert "FRANCE A BUR by the unit from MUN; may retreat to: BEL, GAS, PIC" in proc.stdout
    assert "Contested (standoff): GAL" in proc.stdout


def test_list_of_turns_and_next_phase_chaining():
    first = {"phase": "Spring 1901 Movement", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}}
    results = adjudicate([first, first])
    assert [r.phase for r in results] == ["S1901M", "S1901M"]
    nxt = results[0]
    second = {"phase": nxt.next_phase, "units": nxt.units, "orders": {"FRANCE": ["A BUR - MUN"]}}
    assert second["phase"].startswith("F1901")
    assert adjudicate(second).units == {"FRANCE": ["A MUN"]}


def test_power_abbreviations_any_case_and_unordered_units_hold():
    out = adjudicate({"phase": "S1901M", "units": {"fra": ["A PAR"], "Ger": ["A MUN", "A RUH"]},
                      "orders": {"GER": ["A MUN - BUR"]}})
    assert out.units == {"FRANCE": ["A PAR"], "GERMANY": ["A BUR", "A RUH"]}


@pytest.mark.parametrize("document, words", [
    ({"phase": "S1901M", "units": {"ENGLAND": ["F NTH"]}, "orders": {"ENGLAND": ["F NTH - XYZ"]}}, "unknown province 'XYZ'"),
    ({"phase": "S1901M", "units": {"ENGLND": ["F NTH"]}}, "unknown power 'ENGLND'"),
    ({"phase": "S1901M", "units": {"ENGLAND": ["F NTH"]}, "orders": {"ENGLAND": ["F NTH flies PIC"]}}, "F NTH flies PIC"),
    ({"phase": "Q1901M"}, "phase 'Q1901M'"),
    ({"phase": "S1901M", "units": {"FRANCE": ["F PAR"]}}, "inland"),
    ({"phase": "S1901M", "units": {"FRANCE": ["F SPA"]}}, "must name its coast"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A PAR"]}}, "two units in PAR"),
    # centres are checked in every phase, not only in adjustments
    ({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["XYZ"]}}, "'XYZ' is not a supply centre"),
    ({"phase": "S1901M", "centers": {"FRANCE": ["PAR"], "GERMANY": ["PAR"]}}, "PAR is listed for both"),
    ({"phase": "S1901M", "centers": {"ATLANTIS": ["PAR"]}}, "unknown power 'ATLANTIS'"),
    # fields carried from a result: a typo used to be ignored silently
    ({"phase": "S1901M", "civil_disorder": ["ATLANTIS"]}, "civil_disorder: unknown power 'ATLANTIS'"),
    ({"phase": "S1901R", "contested": ["XYZ"]}, "contested: unknown province 'XYZ'"),
    ({"phase": "S1901R", "dislodged": {"FRANCE": [{"unit": "A BUR", "attacker_from": "XYZ"}]}},
     "attacker_from: unknown province 'XYZ'"),
])
def test_bad_input_is_an_input_error(document, words):
    with pytest.raises(InputError) as exc:
        adjudicate(document)
    assert words in str(exc.value)


def test_bad_input_exits_2_with_a_message(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("phase: S1901M\nunits: {ENGLAND: [F NTH]}\norders: {ENGLAND: [F NTH - Atlantis]}\n")
    proc = run_cli("diplomacy", "adjudicate", str(bad))
    assert proc.returncode == 2
    assert "error:" in proc.stderr and "Atlantis" in proc.stderr and "Traceback" not in proc.stderr
    broken = tmp_path / "broken.yaml"
    broken.write_text("phase: [\n")
    proc = run_cli("diplomacy", "adjudicate", str(broken))
    assert proc.returncode == 2 and "not valid YAML (line 2" in proc.stderr
    proc = run_cli("diplomacy", "adjudicate", str(tmp_path / "missing.yaml"))
    assert proc.returncode == 2 and "cannot read" in proc.stderr


@pytest.mark.parametrize("content, words", [
    (b"\xff\xfe\x00binary", "not a text file"),
    (b"[]", "the list of turns is empty"),
])
def test_unreadable_files_exit_2_naming_the_file(tmp_path, content, words):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(content)
    for command in ("adjudicate", "play"):
        proc = run_cli("diplomacy", command, str(bad))
        assert proc.returncode == 2 and "Traceback" not in proc.stderr
        assert str(bad) in proc.stderr
        if command == "adjudicate" or b"xff" in content:
            assert words in proc.stderr


@pytest.mark.parametrize("command, path", [("adjudicate", EXAMPLE),
                                           ("play", ROOT / "cases" / "games" / "bt2020-example-1901-1903.yaml")])
def test_a_budget_must_be_positive_seconds(command, path):
    for seconds in ("0", "-1", "inf"):  # 0 or less used to be reported as a budget overrun (exit 3)
        proc = run_cli("diplomacy", command, str(path), "--timeout", seconds)
        assert proc.returncode == 2 and "--timeout" in proc.stderr


def test_a_json_file_with_a_byte_order_mark(tmp_path):
    turns = tmp_path / "turns.json"
    turns.write_bytes(b"\xef\xbb\xbf" + (ROOT / "cases" / "examples" / "two-turns.json").read_bytes())
    proc = run_cli("diplomacy", "adjudicate", str(turns), "--json")
    assert proc.returncode == 0 and len(json.loads(proc.stdout)) == 2


@pytest.mark.parametrize("rules, says, not_says", [("standard", "No orders submitted", "BT24"),
                                                   ("bt2020", "Civil disorder (BT24", "No orders submitted")])
def test_no_orders_cites_bt24_only_under_the_tournament_rules(tmp_path, rules, says, not_says):
    turn = tmp_path / "turn.yaml"
    turn.write_text(f"phase: S1901M\nrules: {rules}\nunits: {{FRANCE: [A PAR], GERMANY: [A MUN]}}\n"
                    "orders: {GERMANY: [A MUN H]}\n")
    proc = run_cli("diplomacy", "adjudicate", str(turn))
    assert proc.returncode == 0 and says in proc.stdout and not_says not in proc.stdout


def test_an_unknown_rules_option_names_the_file(tmp_path):
    bad = tmp_path / "options.yaml"
    bad.write_text("phase: S1901M\nunits: {FRANCE: [A PAR]}\norders: {}\noptions: {bogus: x}\n")
    proc = run_cli("diplomacy", "adjudicate", str(bad))
    assert proc.returncode == 2 and f"{bad}: unknown rules option 'bogus'" in proc.stderr


def test_invalid_orders_are_adjudicated_not_errors():
    out = adjudicate({"phase": "S1901M",
                      "units": {"ENGLAND": ["A LVP", "F LON"], "GERMANY": ["F KIE"]},
                      "orders": {"ENGLAND": ["A LVP - IRI", "F LON - BUR", "A YOR H"],
                                 "GERMANY": ["F KIE - MUN", "F LON - NTH"]}})
    results = {o.order: (o.result, o.reason) for o in out.orders}
    assert results["A LVP - IRI"][0] == "INVALID" and "sea" in results["A LVP - IRI"][1]
    assert results["F LON - BUR"][0] == "INVALID" and "inland" in results["F LON - BUR"][1]
    assert results["A YOR H"][0] == "INVALID" and "no unit" in results["A YOR H"][1]
    assert results["F KIE - MUN"][0] == "INVALID"
    assert results["F LON - NTH"][0] == "INVALID" and "another power" in results["F LON - NTH"][1]
    assert out.units == {"ENGLAND": ["A LVP", "F LON"], "GERMANY": ["F KIE"]}  # everyone held


def test_json_list_via_stdin():
    turns = [{"phase": "S1901M", "units": {"ITALY": ["A VEN"]}, "orders": {"ITALY": ["A VEN - TRI"]}}] * 3
    proc = run_cli("diplomacy", "adjudicate", "-", "--json", stdin=json.dumps(turns))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert isinstance(out, list) and len(out) == 3
    assert all(o["units"] == {"ITALY": ["A TRI"]} for o in out)


def test_bundled_examples_run():
    import yaml

    paradox = adjudicate(yaml.safe_load((ROOT / "cases/examples/convoy-paradox.yaml").read_text()))
    assert [p.kind for p in paradox.paradoxes] == ["convoy paradox"]
    assert paradox.paradoxes[0].consistent_resolutions == 2 and "Szykman" in paradox.paradoxes[0].rule
    assert "FRANCE: F ENG C A BRE - LON" in paradox.paradoxes[0].orders
    two = adjudicate(json.loads((ROOT / "cases/examples/two-turns.json").read_text()))
    assert len(two) == 2 and two[1].units == {"TURKEY": ["A ANK", "A SMY", "F CON"]}
    assert two[0].units["ITALY"] == ["A ROM", "A VEN", "F ION"]  # VEN-TRI bounced off a supported hold


def test_json_written_from_plain_data_is_the_models_json():
    """The CLI's `--json` text of a movement result is written from its plain data
    (adjudicate_json); it must be the TurnResult's own `model_dump_json(indent=2)` byte for byte:
    calm turns, dislodged units, a paradox, BT15 conditional and pending orders, rule 7's
    submitters, civil disorder, a Fall turn (ownership, next phase)."""
    from adjudicator.diplomacy.movement import adjudicate_json, json_text
    from adjudicator.diplomacy.cases import load_case
    from adjudicator.inputs import read_structured

    turns = [read_structured(ROOT / "cases/examples" / name, "turn") for name in ("contested-turn.yaml", "convoy-paradox.yaml")]
    for name in ("datc/6.J.02.yaml", "bt15/bt15-contested-turn.yaml", "bt15/bt15-fall-orders-in-advance.yaml",
                 "bt15/bt15-paradoxes.yaml"):
        turns += [phase.turn().model_dump(exclude_unset=True) for phase in load_case(ROOT / "cases" / name).phases
                  if phase.phase.endswith("M")]
    teams = {"FRANCE": {"contestant": "alice", "authorised": ["bob"]}}
    turns.append({"phase": "F1901M", "rules": "diplonomic2020", "contestants": teams,
                  "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
                  "orders": {"FRANCE": [{"order": "A PAR - BUR", "by": "bob"}, {"order": "A MAR - PIE", "by": "mallory"}]}})
    turns.append({"phase": "F1901M", "rules": "bt2020", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
                  "orders": {"FRANCE": ["A PAR H"]}})  # BT24: Germany gave no orders
    eighteen = ["PAR", "MAR", "BRE", "SPA", "POR", "BEL", "HOL", "MUN", "KIE", "BER", "DEN", "SWE", "NWY", "LON",
                "LVP", "EDI", "ROM", "VEN"]
    turns.append({"phase": "F1905M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": eighteen},
                  "orders": {"FRANCE": ["A PAR - BUR"]}})  # BT16: a winner
    texts, _ = adjudicate_json(turns)  # (laid out as the list's elements: json_text)
    assert texts == [json_text(result, "listed") for result in adjudicate(turns)]  # from the TurnResult
    assert any('"paradoxes": []' not in text for text in texts)  # the paths through the model are taken too
    assert any('"submitted_by"' in text for text in texts) and '"civil_disorder"' in texts[-2] and '"winner"' in texts[-1]
