"""Whole games: the bundled example plays through with its retreats, builds, civil disorder and
convoy; phases with nothing to do are skipped; BT16 wins and BT9 draws are reported."""

import json
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.diplomacy.game import Game, load_game_file, play
from adjudicator.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "cases" / "games" / "bt2020-example-1901-1903.yaml"


@pytest.fixture(scope="module")
def example():
    return play(load_game_file(EXAMPLE))


def _result(results, phase):
    return next(r for r in results if r.phase == phase)


def _outcome(result, power, order):
    return next(r for r in result.orders if r.power == power and order in (r.order, r.written))


def test_phase_sequence_skips_empty_retreat_and_adjustment_phases(example):
    results, summary = example
    assert [r.phase for r in results] == ["S1901M", "F1901M", "W1901A", "S1902M", "S1902R", "F1902M", "F1902R",
                                          "W1902A", "S1903M", "S1903R", "F1903M", "W1903A"]
    assert summary.next_phase == "S1904M"


def test_convoy_with_named_path_and_builds(example):
    results, _ = example
    f1901 = _result(results, "F1901M")
    assert _outcome(f1901, "ENGLAND", "A YOR - NTH - NWY").result == "SUCCEEDS"
    assert "A NWY" in f1901.units["ENGLAND"]
    assert f1901.centers["ENGLAND"] == ["EDI", "LON", "LVP", "NWY"]  # BT23: taken after the Fall turn
    w1901 = _result(results, "W1901A")
    assert _outcome(w1901, "RUSSIA", "Build F STP/NC").result == "SUCCEEDS"
    assert _outcome(w1901, "RUSSIA", "Build F WAR").result == "INVALID"
    assert sorted(w1901.units["FRANCE"]) == ["A BEL", "A MAR", "A PAR", "A SPA", "F BRE", "F POR"]


def test_retreats_and_civil_disorder(example):
    results, _ = example
    s1902 = _result(results, "S1902M")
    assert [d.unit for d in s1902.dislodged["ITALY"]] == ["A TYR"]
    assert _outcome(_result(results, "S1902R"), "ITALY", "A TYR - PIE").result == "SUCCEEDS"
    f1902 = _result(results, "F1902M")
    assert f1902.civil_disorder == ["TURKEY"]
    assert [d.unit for d in f1902.dislodged["TURKEY"]] == ["A CON"]
    f1902r = _result(results, "F1902R")
    assert "TURKEY" in f1902r.units and "A CON" not in f1902r.units["TURKEY"]  # BT22/BT24: disbanded
    assert "CON" in f1902r.centers["RUSSIA"] and "CON" not in f1902r.centers["TURKEY"]
    w1902 = _result(results, "W1902A")
    removal = _outcome(w1902, "GERMANY", "A TYR D")  # BT24 order: farthest from its centres
    assert removal.result == "SUCCEEDS" and "BT24" in removal.reason


def test_play_cli_json_and_svg(tmp_path, capsys):
    assert main(["diplomacy", "play", str(EXAMPLE), "--json", "--svg", str(tmp_path)]) == 0
    phases = json.loads(capsys.readouterr().out)
    assert [p["phase"] for p in phases][:3] == ["S1901M", "F1901M", "W1901A"]
    assert {"phase", "next_phase", "orders", "units", "dislodged", "contested", "centers"} <= set(phases[0])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{p['phase']}.svg" for p in phases)


def test_play_text_reports_centres_winner_and_draw(capsys):
    assert main(["diplomacy", "play", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "Supply centres:" in out and "Winner: none yet" in out and "Draw: not available" in out


def test_a_phase_out_of_sequence_is_an_input_error(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("phases:\n  - phase: S1901M\n    orders: {}\n  - phase: S1901R\n    orders: {}\n")
    assert main(["diplomacy", "play", str(bad)]) == 2
    assert "not the phase due: F1901M" in capsys.readouterr().err


def test_bad_game_files(tmp_path, capsys):
    for text, message in (("phases: 3\n", "not a valid game"), ("[1, 2]\n", "a game must be a mapping"),
                          ("rules: chess\nphases: [{orders: {}}]\n", "unknown rules")):
        path = tmp_path / "g.yaml"
        path.write_text(text)
        assert main(["diplomacy", "play", str(path)]) == 2
        assert message in capsys.readouterr().err


def test_solo_win_after_a_fall_turn():
    # France holds 17 centres and takes an 18th in the Fall: BT16
    centres = ["PAR", "MAR", "BRE", "BEL", "HOL", "SPA", "POR", "MUN", "KIE", "BER", "DEN", "LON", "LVP", "EDI",
               "NWY", "SWE", "TUN"]
    game = Game(start={"phase": "F1905M", "units": {"FRANCE": ["A PIE"], "ITALY": ["A ROM"]},
                       "centers": {"FRANCE": centres, "ITALY": ["ROM", "NAP"]}},
                phases=[{"orders": {"FRANCE": ["A PIE - VEN"]}}], rules="bt2020")
    results, summary = play(game)
    assert results[0].winner == "FRANCE" and summary.winner == "FRANCE"
    with pytest.raises(InputError, match="the game is over"):
        game.phases.append(game.phases[0].model_copy())
        play(game)


def test_draw_becomes_available_after_three_years_without_ownership_change():
    hold = {"orders": {}}
    units = {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}
    centres = {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}
    game = Game(start={"phase": "S1905M", "units": units, "centers": centres}, phases=[hold] * 6, rules="bt2020")
    results, summary = play(game)
    assert [r.draw_available for r in results if r.phase.startswith("F")] == [False, False, True]
    assert summary.draw_available and summary.years_without_ownership_change == [1905, 1906, 1907]


def test_standard_rules_report_no_tournament_draw_or_citation(tmp_path, capsys):
    """BT9's draw and the BTnn citations are the tournament's: a standard game reports neither."""
    hold = {"orders": {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}}
    start = {"phase": "S1905M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
             "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}}
    results, summary = play(Game(start=start, phases=[hold] * 6))
    assert [r.draw_available for r in results] == [None] * 6 and not summary.draw_available
    assert all("BT" not in r.reason for result in results for r in result.orders)
    assert "standoff" in results[0].orders[0].reason and "(rulebook)" in results[0].orders[0].reason
    path = tmp_path / "standard.yaml"
    path.write_text(json.dumps({"start": start, "phases": [hold] * 6}))
    assert main(["diplomacy", "play", str(path)]) == 0
    out = capsys.readouterr().out
    assert "BT" not in out and "Draw" not in out and "Winner: none yet (rulebook" in out


def test_a_result_with_new_orders_is_the_next_phase_input(tmp_path, capsys):
    """The contract: the movement result, phase set to next_phase and new orders, feeds the retreat."""
    assert main(["diplomacy", "adjudicate", str(ROOT / "cases/examples/contested-turn.yaml"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    result["phase"], result["orders"] = result["next_phase"], {"FRANCE": ["A BUR - GAS"]}
    path = tmp_path / "retreat.json"
    path.write_text(json.dumps(result))
    assert main(["diplomacy", "adjudicate", str(path), "--json"]) == 0
    retreat = json.loads(capsys.readouterr().out)
    assert retreat["orders"][0]["result"] == "SUCCEEDS" and "A GAS" in retreat["units"]["FRANCE"]
    assert retreat["next_phase"] == "F1901M"


def test_diplonomic_example_reports_who_submitted_in_every_phase():
    results, _ = play(load_game_file(ROOT / "cases" / "games" / "diplonomic2020-teammates.yaml"))
    s1901, _, w1901 = results
    assert _outcome(s1901, "FRANCE", "A PAR - BUR").result == "SUCCEEDS"  # authorised teammate
    assert _outcome(s1901, "FRANCE", "A MAR S A PAR - BUR").result == "INVALID"  # teammate, not authorised
    assert _outcome(s1901, "ENGLAND", "A LVP - YOR").result == "INVALID"  # a stranger
    assert _outcome(w1901, "FRANCE", "Build F BRE").result == "INVALID"
    assert [(s.by, s.counted) for s in w1901.submitted_by["FRANCE"]] == [("bob", True), ("alice", True), ("dana", False)]


def test_a_disband_nobody_needs_says_why():
    # verb-first ("Remove A Paris") like builds; the power has three centres and one unit
    from adjudicator.diplomacy import adjudicate

    result = adjudicate({"phase": "W1901A", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["Remove A Paris"]}})
    outcome = _outcome(result, "FRANCE", "Remove A Paris")
    assert outcome.result == "INVALID" and "no more units than supply centres" in outcome.reason
    assert result.units == {"FRANCE": ["A PAR"]}


def test_retreats_and_adjustments_say_what_succeeded():
    from adjudicator.diplomacy import adjudicate

    built = adjudicate({"phase": "W1901A", "units": {"FRANCE": []}, "orders": {"FRANCE": ["Build A Paris"]}})
    assert _outcome(built, "FRANCE", "Build A Paris").reason == "built"
    retreat = adjudicate({"phase": "S1901R", "units": {"GERMANY": ["A BUR"]},
                          "dislodged": {"FRANCE": [{"unit": "A BUR", "attacker_from": "MUN"}]},
                          "orders": {"FRANCE": ["A BUR R PIC"]}})
    assert _outcome(retreat, "FRANCE", "A BUR R PIC").reason == "retreated to PIC"


def test_draw_stays_available_until_the_next_fall_turn_closes():
    """The summary's BT9 draw is adjust_ownership.lp's at the last Fall close: the past three
    game-years stay the same until the next Fall turn closes. (Intended difference: before, Python
    kept it only while that close was among the last three phases, so this game, whose 1905-1907
    were unchanged, read "not available" after F1908M: a Winter, a Spring and a Fall movement with
    retreats to follow.)"""
    hold = {"FRANCE": ["A PAR H", "A BUR H"], "GERMANY": ["A MUN H", "A RUH H"]}
    year = [{"orders": hold}, {"orders": hold}, {"orders": {}}]  # Spring, Fall, Winter (both waive)
    attack = {"FRANCE": ["A PAR H", "A BUR H"], "GERMANY": ["A RUH - BUR", "A MUN S A RUH - BUR"]}
    game = Game(start={"phase": "S1905M", "units": {"FRANCE": ["A PAR", "A BUR"], "GERMANY": ["A MUN", "A RUH"]},
                       "centers": {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["MUN", "KIE", "BER"]}},
                phases=year * 3 + [{"orders": hold}, {"orders": attack}], rules="bt2020")
    results, summary = play(game)
    assert [r.phase for r in results[-4:]] == ["F1907M", "W1907A", "S1908M", "F1908M"]
    assert results[-4].draw_available and results[-1].draw_available is None and results[-1].next_phase == "F1908R"
    assert summary.years_without_ownership_change == [1905, 1906, 1907] and summary.draw_available


def test_the_game_ends_where_the_encoding_says_it_is_over():
    """BT16: adjust_ownership.lp's game_over/1 at the close that makes a winner; play refuses the
    phase after it."""
    from adjudicator.diplomacy.phases import ownership_update

    centres = ["PAR", "MAR", "BRE", "BEL", "HOL", "SPA", "POR", "MUN", "KIE", "BER", "DEN", "LON", "LVP", "EDI",
               "NWY", "SWE", "TUN"]
    options = {"draw_ownership": "supply_centres"}
    won = ownership_update({"FRANCE": ["A VEN"]}, {"FRANCE": centres}, options, 1905, [], {})
    assert won.winner == "FRANCE" and won.game_over
    short = ownership_update({"FRANCE": ["A PIE"]}, {"FRANCE": centres}, options, 1905, [], {})
    assert short.winner is None and not short.game_over
