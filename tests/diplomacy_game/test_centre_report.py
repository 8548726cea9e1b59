"""The gamemaster's report of a Fall turn: each power's centres gained and lost and the builds or
removals due (adjust_report.lp), in the text of `adjudicate` and `play`."""

from itertools import takewhile
from pathlib import Path

from adjudicator.cli import main
from adjudicator.diplomacy.centre_report import adjustments_due

ROOT = Path(__file__).resolve().parents[2]


def test_play_reports_centres_gained_and_lost_and_the_builds_due(capsys):
    assert main(["diplomacy", "play", str(ROOT / "cases/games/bt2020-example-1901-1903.yaml")]) == 0
    out = capsys.readouterr().out
    report = out[out.index("Supply centres after Fall 1901"):].splitlines()[1:]
    lines = list(takewhile(lambda line: line.startswith("  ") and ": gains " in line, report))
    assert len(lines) >= 5 and all("; loses " in line for line in lines)
    assert any("builds" in line for line in lines)
    assert "Supply centres after Spring" not in out  # only the close of a Fall turn


def test_removals_and_builds_nowhere_to_build_are_told_apart():
    units = {"FRANCE": ["A PAR", "A MAR", "F BRE", "A BUR"], "GERMANY": ["A MUN", "A KIE"],
             "ITALY": ["A VEN"]}
    centers = {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "KIE", "BER", "HOL"],
               "ITALY": ["VEN", "ROM", "NAP"]}
    due = adjustments_due(units, centers, "F1901M", "standard", None)
    assert due["FRANCE"] == ("remove", 1) and due["GERMANY"] == ("build", 2) and due["ITALY"] == ("build", 2)
    units["ITALY"] += ["A ROM", "A NAP"]
    centers["ITALY"] += ["TUN"]
    assert adjustments_due(units, centers, "F1901M", "standard", None)["ITALY"] == ("no_site", 1)


def test_adjudicate_reports_the_close_of_a_fall_turn(tmp_path, capsys):
    turn = tmp_path / "fall.yaml"
    turn.write_text("phase: F1901M\nunits: {FRANCE: [A BUR], GERMANY: [A MUN]}\n"
                    "centers: {FRANCE: [PAR], GERMANY: [MUN, BEL]}\n"
                    "orders: {FRANCE: [A BUR - BEL], GERMANY: [A MUN H]}\n")
    assert main(["diplomacy", "adjudicate", str(turn)]) == 0
    out = capsys.readouterr().out
    assert "FRANCE: gains BEL; loses none; 2 centres, 1 units: builds 1" in out
    assert "GERMANY: gains none; loses BEL; 1 centres, 1 units: no adjustment" in out
