"""`adjudicator diplomacy reachable`: who can still win (cooperative answers, their witnesses
replayed, their bounds checked)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from adjudicator.cli import main
from adjudicator.diplomacy.game import Game, GamePhase, load_game, play
from adjudicator.diplomacy.reachable import calendar, load_start, relaxation
from adjudicator.diplomacy.reachable_force import ask

ROOT = Path(__file__).resolve().parents[2]
WINS = ROOT / "cases/reachable/france-wins-1905.yaml"
CANNOT = ROOT / "cases/reachable/germany-cannot-1905.yaml"


def test_cooperative_win_has_a_witness_that_the_adjudicator_plays_to_the_win():
    answer = ask(str(WINS), "France", "F1905", timeout=60)
    assert answer.answer == "yes" and answer.replay["confirmed"]
    assert [w.phase for w in answer.witness] == ["S1905M", "F1905M"]
    # replay it here, independently of the command: the game from the file plus the witness
    game = load_game(yaml.safe_load(WINS.read_text()), str(WINS))
    game.phases = [GamePhase(phase=w.phase, orders=w.orders) for w in answer.witness]
    results, summary = play(game, timeout=60)
    assert summary.winner == "FRANCE" and summary.centre_counts["FRANCE"] >= 18
    assert results[-1].phase == "F1905M"
    # every unit of every power is ordered in a movement phase (nobody in civil disorder, BT24)
    for phase, result in zip(answer.witness, results):
        assert not result.civil_disorder
        assert sum(map(len, phase.orders.values())) == sum(len(u) for u in
                                                           (game.start.units if phase.phase == "S1905M"
                                                            else results[0].units).values())


def test_cooperative_no_is_really_impossible():
    answer = ask(str(CANNOT), "Germany", "F1905", timeout=60)
    assert answer.answer == "no" and answer.witness is None
    assert answer.bound is not None and answer.bound < 18
    # the claim, checked by hand: one Fall turn to play, no winter before it, so Germany ends
    # with at most its centres plus one new centre per unit
    start = yaml.safe_load(CANNOT.read_text())["start"]
    most = len(start["centers"]["GERMANY"]) + len(start["units"]["GERMANY"])
    assert most < 18 and answer.bound <= most


def test_the_bound_does_not_refute_what_a_winter_makes_possible():
    # one year later a winter's builds come in between: the relaxation reaches 18 in F1906
    start = load_start(str(CANNOT))
    bound = relaxation(start, "GERMANY", calendar(start, 1906), timeout=60)
    assert bound.first is not None and bound.first.phase == "F1906M"


def test_cli_json_and_exit_codes(capsys):
    assert main(["diplomacy", "reachable", str(CANNOT), "--power", "GER", "--by", "F1905", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["answer"] == "no" and data["power"] == "GERMANY" and data["by"] == "F1905M"
    assert main(["diplomacy", "reachable", str(WINS), "--power", "France", "--by", "1905"]) == 0
    out = capsys.readouterr().out
    assert "Answer: YES" in out and "Replay: confirmed after F1905M" in out


def test_bad_input_is_one_line_exit_2(capsys, tmp_path):
    for args in (["--power", "Prussia", "--by", "F1905"], ["--power", "France", "--by", "S1905"],
                 ["--power", "France", "--by", "F1904"], ["--power", "France", "--by", "F2905"],
                 ["--power", "France", "--by", "tomorrow"]):
        assert main(["diplomacy", "reachable", str(WINS), *args]) == 2, args
        err = capsys.readouterr().err.strip()
        assert err.startswith("error:") and "\n" not in err, err
    assert main(["diplomacy", "reachable", str(tmp_path / "missing.yaml"), "--power", "France", "--by", "F1905"]) == 2


def test_a_game_that_is_over_answers_from_its_winner(tmp_path):
    # the witness game itself, saved as a game file: France has won, nobody else can
    answer = ask(str(WINS), "France", "F1905", timeout=60)
    data = yaml.safe_load(WINS.read_text())
    data["phases"] = [{"phase": w.phase, "orders": w.orders} for w in answer.witness]
    path = tmp_path / "won.yaml"
    path.write_text(yaml.safe_dump(data))
    assert ask(str(path), "France", "F1906").answer == "yes"
    later = ask(str(path), "Italy", "F1907")
    assert later.answer == "no" and "FRANCE has already won" in later.reason


def test_cooperative_draw_replays_to_bt9s_draw_and_the_year_count_refutes_an_earlier_one():
    answer = ask(str(WINS), "France", "F1907", draw=True, timeout=60)
    assert answer.answer == "yes" and answer.witness[-1].phase == "F1907M"
    game = load_game(yaml.safe_load(WINS.read_text()), str(WINS))
    game.phases = [GamePhase(phase=w.phase, orders=w.orders) for w in answer.witness]
    results, summary = play(game, timeout=60)
    assert results[-1].draw_available and summary.winner is None
    assert summary.years_without_ownership_change[-3:] == [1905, 1906, 1907]
    # a turn file has no history: three unchanged years cannot end before F1907
    early = ask(str(WINS), "France", "F1906", draw=True)
    assert early.answer == "no" and "three game-years" in early.reason


def test_draw_under_the_standard_rules_is_an_input_error(tmp_path, capsys):
    data = yaml.safe_load(WINS.read_text())
    data["rules"] = "standard"
    path = tmp_path / "standard.yaml"
    path.write_text(yaml.safe_dump(data))
    assert main(["diplomacy", "reachable", str(path), "--power", "France", "--by", "F1907", "--draw"]) == 2
    assert "BT9" in capsys.readouterr().err


def test_force_no_follows_from_the_cooperative_bound():
    answer = ask(str(CANNOT), "Germany", "F1905", force=True)
    assert answer.mode == "force" and answer.answer == "no" and answer.bound < 18


FORCES = ROOT / "cases/reachable/france-forces-1905.yaml"


def test_force_yes_holds_against_sampled_orders_of_the_others():
    import random

    from adjudicator.diplomacy.models import Turn
    from adjudicator.diplomacy.possible import possible_orders

    answer = ask(str(FORCES), "France", "F1905", force=True, timeout=120)
    assert answer.answer == "yes" and answer.mode == "force"
    mine = answer.witness[0].orders["FRANCE"]
    assert "F NAF - TUN" in mine
    data = yaml.safe_load(FORCES.read_text())
    start = data["start"]
    legal = possible_orders(Turn(phase="F1905M", units=start["units"], centers=start["centers"], rules="bt2020"))
    rng = random.Random(13)
    for _ in range(6):  # the others play random legal orders: France still wins
        theirs: dict[str, list[str]] = {}
        for power, units in legal.powers.items():
            if power != "FRANCE":
                theirs[power] = [rng.choice(legal.units[u]) for u in units]
        game = load_game(data, str(FORCES))
        game.phases = [GamePhase(phase="F1905M", orders={"FRANCE": mine, **theirs})]
        _, summary = play(game, timeout=60)
        assert summary.winner == "FRANCE", theirs


def test_force_finds_the_others_defence_when_there_is_one(tmp_path):
    # an Italian fleet next to Tunis can always bounce France there: no proof of a forced win
    data = yaml.safe_load(FORCES.read_text())
    data["start"]["units"]["ITALY"].append("F ION")
    path = tmp_path / "contested.yaml"
    path.write_text(yaml.safe_dump(data))
    answer = ask(str(path), "France", "F1905", force=True, timeout=120)
    assert answer.answer == "unknown" and "counterexample" in answer.reason
    # cooperatively it is still a win
    assert ask(str(path), "France", "F1905", timeout=60).answer == "yes"


def test_force_before_the_deadline_year_is_unknown_with_its_reason(capsys):
    # from S1905M only a forced win by F1905 is searched; here other powers' fleets under BT17's
    # named convoy paths put the two-phase search out of range
    assert main(["diplomacy", "reachable", str(WINS), "--power", "France", "--by", "F1906", "--force"]) == 3
    out = capsys.readouterr().out
    assert "convoy paths over two phases are not enumerated" in out
    assert "only a win by F1905 is searched; a later one, up to F1906, is not" in out


def test_a_game_ending_in_a_retreat_phase_starts_the_witness_there():
    path = ROOT / "cases/reachable/draw-after-retreat-1904.yaml"
    answer = ask(str(path), "Italy", "F1904", draw=True, timeout=120)
    assert answer.answer == "yes" and answer.start == "F1901R"
    assert answer.witness[0].phase == "F1901R" and answer.witness[-1].phase == "F1904M"
    game = load_game(yaml.safe_load(path.read_text()), str(path))
    game.phases += [GamePhase(phase=w.phase, orders=w.orders) for w in answer.witness]
    results, summary = play(game, timeout=60)
    assert results[-1].draw_available and summary.years_without_ownership_change[-3:] == [1902, 1903, 1904]


def test_a_witness_may_convoy_an_army_along_a_named_path():
    path = ROOT / "cases/reachable/england-convoy-1905.yaml"
    answer = ask(str(path), "England", "F1905", timeout=60)
    assert answer.answer == "yes" and answer.replay["confirmed"]
    spring = answer.witness[0].orders["ENGLAND"]
    # the army is convoyed (to Norway or Denmark) along the path its order names, by the fleet
    convoyed = [o for o in spring if o.startswith("A LON - NTH - ")]
    assert convoyed and f"F NTH C A LON - {convoyed[0].split()[-1]}" in spring
    game = load_game(yaml.safe_load(path.read_text()), str(path))
    game.phases = [GamePhase(phase=w.phase, orders=w.orders) for w in answer.witness]
    _, summary = play(game, timeout=60)
    assert summary.winner == "ENGLAND"


def test_bt9s_two_readings_of_province_change_the_answer(tmp_path):
    # an army moved in 1905 without a supply centre changing hands
    path = ROOT / "cases/reachable/draw-readings-1907.yaml"
    centres = ask(str(path), "France", "F1907", draw=True, timeout=120)
    assert centres.answer == "yes" and centres.witness[-1].phase == "F1907M"
    data = yaml.safe_load(path.read_text())
    data["options"] = {"draw_ownership": "occupied_provinces"}
    occupied = tmp_path / "occupied.yaml"
    occupied.write_text(yaml.safe_dump(data))
    literal = ask(str(occupied), "France", "F1907", draw=True, timeout=120)
    assert literal.answer == "no" and "draw_ownership=occupied_provinces" in literal.reason
    # and the literal reading's answer holds: the same witness does not give a draw there
    game = load_game(data, str(occupied))
    game.phases += [GamePhase(phase=w.phase, orders=w.orders) for w in centres.witness]
    results, _ = play(game, timeout=60)
    assert not results[-1].draw_available


def test_a_witness_may_dislodge_with_a_support_and_plays_the_retreat_phase(tmp_path):
    # the only centre left is Tunis, whose Italian army cannot move away: France must dislodge it
    path = ROOT / "cases/reachable/france-dislodges-1905.yaml"
    answer = ask(str(path), "France", "F1905", timeout=60)
    assert answer.answer == "yes" and answer.replay["confirmed"]
    assert [w.phase for w in answer.witness] == ["F1905M", "F1905R"]
    movement, retreat = answer.witness
    assert "F ION - TUN" in movement.orders["FRANCE"] and "A NAF S F ION - TUN" in movement.orders["ENGLAND"]
    assert retreat.orders == {"ITALY": ["A TUN D"]}  # the retreat phase's order is explicit
    # every phase replays through `diplomacy play`, the retreat phase included
    data = yaml.safe_load(path.read_text())
    game = load_game(data, str(path))
    game.phases = [GamePhase(phase=w.phase, orders=w.orders) for w in answer.witness]
    results, summary = play(game, timeout=60)
    assert results[0].dislodged and summary.winner == "FRANCE"
    # the army in North Africa Italian: Italy cannot support the dislodgement of its own unit
    # (BT21), nobody else can, so there is no witness (and no wrong "yes")
    data["start"]["units"] = {"FRANCE": ["F ION"], "ITALY": ["A TUN", "A NAF"]}
    blocked = tmp_path / "blocked.yaml"
    blocked.write_text(yaml.safe_dump(data))
    assert ask(str(blocked), "France", "F1905", timeout=60).answer == "unknown"


def test_force_no_from_the_others_holding():
    # cooperatively France wins (England supports the dislodgement); if every other unit only
    # holds, France has no support of its own for Tunis: it cannot force the win
    path = ROOT / "cases/reachable/france-dislodges-1905.yaml"
    answer = ask(str(path), "France", "F1905", force=True, timeout=60)
    assert answer.answer == "no" and "holding" in answer.decided_by and answer.bound == 17
    # the claim, checked: against holds, France's only move towards an 18th centre bounces
    data = yaml.safe_load(path.read_text())
    game = load_game(data, str(path))
    game.phases = [GamePhase(phase="F1905M", orders={"FRANCE": ["F ION - TUN"], "ITALY": ["A TUN H"],
                                                     "ENGLAND": ["A NAF H"]})]
    _, summary = play(game, timeout=60)
    assert summary.winner is None and summary.centre_counts["FRANCE"] == 17


def test_a_real_game_position_has_the_win_its_winner_played():
    # Droidippy game 9525, Spring 1905: Russia (15 centres) won in Fall 1905 in the real game
    path = ROOT / "cases/reachable/droidippy-9525-1905.yaml"
    answer = ask(str(path), "Russia", "F1905", timeout=60)
    assert answer.answer == "yes" and answer.replay["confirmed"] and answer.witness[-1].phase.startswith("F1905")
    game = load_game(yaml.safe_load(path.read_text()), str(path))
    game.phases = [GamePhase(phase=w.phase, orders=w.orders) for w in answer.witness]
    _, summary = play(game, timeout=60)
    assert summary.winner == "RUSSIA"
    # Germany (1 centre, 1 unit) cannot by Fall 1906, by counting
    assert ask(str(path), "Germany", "F1906", timeout=60).answer == "no"


def test_the_plans_calendar_is_phase_orders():
    """The plan's steps come from reach_calendar.lp (phase_order.lp's order and BT23 update):
    a retreat phase at the start is a step only with units to retreat, every Fall turn is
    followed by a Winter step, and the ownership update follows the Fall movement steps, and the
    Fall retreats at the start under ownership_update=after_fall_retreats but not
    after_fall_movement (where the game made it after the movement already)."""
    import types

    from adjudicator.diplomacy.reachable import Step

    def steps(phase, deadline, dislodged=None, update="after_fall_retreats"):
        start = types.SimpleNamespace(phase=phase, options={"ownership_update": update},
                                      turn=types.SimpleNamespace(dislodged=dislodged), summary=None)
        return [(s.number, s.kind, s.phase, s.closes) for s in calendar(start, deadline)]

    assert steps("F1904R", 1905, dislodged={"ITALY": ["A VEN"]}) == [
        (1, "retreat", "F1904R", True), (2, "winter", "W1904A", False), (3, "spring", "S1905M", False),
        (4, "fall", "F1905M", True)]
    assert steps("F1904R", 1905, dislodged={"ITALY": ["A VEN"]}, update="after_fall_movement")[0] == (
        1, "retreat", "F1904R", False)
    assert steps("F1904R", 1905) == [(1, "winter", "W1904A", False), (2, "spring", "S1905M", False),
                                     (3, "fall", "F1905M", True)]
    assert steps("S1905R", 1905, dislodged={"ITALY": ["A VEN"]}) == [
        (1, "retreat", "S1905R", False), (2, "fall", "F1905M", True)]
    assert [s[2] for s in steps("W1904A", 1906)] == ["W1904A", "S1905M", "F1905M", "W1905A", "S1906M", "F1906M"]
    assert [str(f) for f in Step(4, "fall", 1905, "F1905M", True).facts()] == [
        "phase_kind(4,fall)", "phase_year(4,1905)", "closes_year(4)"]


def test_draw_out_of_reach_by_counting_years_is_the_calendars(tmp_path, capsys):
    """BT9's three unchanged years must end by the deadline (reach_calendar.lp draw_in_reach/0).
    Intended difference: a start whose retreat phase has nobody to retreat and a deadline in the
    same year (no Fall turn left to close) was a traceback (max() of no closing step); now "no"."""
    import types

    def in_reach(phase, deadline, known=()):
        start = types.SimpleNamespace(phase=phase, options={"ownership_update": "after_fall_retreats"},
                                      turn=types.SimpleNamespace(dislodged=None),
                                      summary=types.SimpleNamespace(years_without_ownership_change=list(known)))
        return calendar(start, deadline).draw_in_reach

    assert not in_reach("S1905M", 1906) and in_reach("S1905M", 1907)
    assert in_reach("S1905M", 1906, known=[1904]) and not in_reach("S1905M", 1906, known=[1903])
    turn = tmp_path / "f1904r.yaml"
    turn.write_text("phase: F1904R\nrules: bt2020\nunits: {FRANCE: [A PAR], GERMANY: [A MUN]}\n"
                    "centers: {FRANCE: [PAR], GERMANY: [MUN]}\n")
    assert main(["diplomacy", "reachable", str(turn), "--power", "France", "--by", "F1904", "--draw"]) == 0
    out = capsys.readouterr().out
    assert "Answer: NO" in out and "no Fall turn closes by F1904" in out
