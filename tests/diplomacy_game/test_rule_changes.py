"""Rules that change during a game: named, cited additions to the order rules (raw ASP over the
movement encoding's hooks), changes of rules and options from a phase on, the end of a game by
proposal; the real Diplonomic 2020 game replayed against its jDip record."""

from pathlib import Path

import pytest
import yaml

from adjudicator.cli import main
from adjudicator.diplomacy.formats import check_recorded
from adjudicator.diplomacy.game import load_game, load_game_file, play
from adjudicator.diplomacy.game_cli import _record_of
from adjudicator.diplomacy.movement import adjudicate
from adjudicator.diplomacy.models import Turn
from adjudicator.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "cases/games/diplonomic2020/diplonomic2020.yaml"
RECORD = ROOT.parent / "shared/reference/diplonomic2020/diplonomic.jdip"

TELEPORT = {"name": "Italy's teleport", "enacted": "F1904", "cite": "the superpowers",
            "asp": "also_adjacent(T,P,L) :- unit(T,italy,f,At), location(At,P), location(L,D), D != P, "
                   "terrain(D,coastal), not coast(C,D) : coast(C,D)."}
DISRUPT = {"name": "Austria's disrupt", "asp": "disrupted(T,I) :- order(T,I,france,Ty,par)."}


def _turn(orders, additions=()):
    return Turn(phase="F1905M", units={"ITALY": ["F SYR"], "FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
                orders=orders, rule_changes=list(additions))


def test_an_addition_makes_a_move_legal_and_the_result_cites_it():
    without = adjudicate(_turn({"ITALY": ["F SYR - LVP"]}))
    assert without.orders[0].result == "INVALID"
    result = adjudicate(_turn({"ITALY": ["F SYR - LVP"]}, [TELEPORT]))
    assert result.orders[0].result == "SUCCEEDS"
    assert "by a rule change: Italy's teleport, enacted F1904 (the superpowers)" in result.orders[0].reason
    assert "F LVP" in result.units["ITALY"]


def test_an_ordinary_move_under_an_addition_does_not_cite_it():
    result = adjudicate(_turn({"ITALY": ["F SYR - EAS"]}, [TELEPORT]))
    assert result.orders[0].result == "SUCCEEDS" and "rule change" not in result.orders[0].reason


def test_a_disrupted_order_is_replaced_by_a_hold_and_cited():
    result = adjudicate(_turn({"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}, [DISRUPT]))
    paris, munich = result.orders
    assert paris.result == "FAILS" and "replaced by a hold" in paris.reason and "Austria's disrupt" in paris.reason
    assert munich.result == "SUCCEEDS"  # no standoff: Paris held
    assert result.units["FRANCE"] == ["A PAR"]


def test_two_turns_in_one_program_keep_their_own_additions():
    turns = [_turn({"ITALY": ["F SYR - LVP"]}), _turn({"ITALY": ["F SYR - LVP"]}, [TELEPORT])]
    first, second = adjudicate(turns)
    assert (first.orders[0].result, second.orders[0].result) == ("INVALID", "SUCCEEDS")


@pytest.mark.parametrize("asp, problem", [
    (":- unit(T,italy,f,syr).", "one atom as head"),
    ("{ also_adjacent(T,P,L) } :- unit(T,italy,f,P), location(L,L).", "one atom as head"),
    ('#include "/etc/passwd".', "#include"),
    ("also_adjacent(1,syr,lvp).", "turn variable T"),
    ("also_adjacent(T,syr) :- turn(T).", "takes 3 arguments"),
    ("also_adjacent(T,P,L) :- unit(T,italy,f,P), L = @evil(P).", "@-functions"),
])
def test_an_addition_outside_the_safe_subset_is_refused(asp, problem):
    game = load_game({"changes": [{"at": "S1901M", "name": "x", "asp": asp}],
                      "phases": [{"orders": {}}]})
    with pytest.raises(InputError, match=problem):
        play(game)


def _game(**extra):
    return {"phases": [{"orders": {"ITALY": ["F NAP - SYR"]}},
                       {"orders": {"ITALY": ["F NAP - SYR"]}}], **extra}


def test_a_change_applies_from_its_phase_on(tmp_path, capsys):
    change = {"at": "F1901M", "asp": TELEPORT["asp"].replace("syr", "nap"), "name": "teleport", "enacted": "S1901"}
    results, _ = play(load_game(_game(changes=[change])))
    assert results[0].orders[0].result == "INVALID" and results[1].orders[0].result == "SUCCEEDS"
    assert "teleport, enacted S1901" in results[1].orders[0].reason


def test_a_change_at_a_date_applies_to_the_phases_adjudicated_from_then_on():
    change = {"at": "2020-07-12", "asp": TELEPORT["asp"].replace("syr", "nap"), "name": "teleport"}
    calendar = {"S1901M": "2020-07-11T23:58Z", "F1901M": "2020-07-13T20:13Z"}
    results, _ = play(load_game(_game(changes=[change], calendar=calendar)))
    assert results[0].orders[0].result == "INVALID" and results[1].orders[0].result == "SUCCEEDS"
    assert "teleport, enacted 2020-07-12" in results[1].orders[0].reason
    change["at"] = "2020-07-13T21:00+01:00"  # 20:00 UTC, before F1901M's 20:13 UTC
    results, _ = play(load_game(_game(changes=[change], calendar=calendar)))
    assert results[1].orders[0].result == "SUCCEEDS"
    change["at"] = "2020-07-13T20:30Z"  # after both: in force in neither
    results, _ = play(load_game(_game(changes=[change], calendar=calendar)))
    assert [r.orders[0].result for r in results] == ["INVALID", "INVALID"]


@pytest.mark.parametrize("at, calendar, problem", [
    ("2020-07-12", {"S1901M": "2020-07-11"}, "when F1901M was adjudicated is not known"),
    ("2020-07-12", None, "when S1901M was adjudicated is not known"),
    ("2020-13-40", {"S1901M": "2020-07-11"}, "is not a date"),
    ("2020-07-12", {"S1901M": "soon"}, "calendar: S1901M: 'soon' is not a date"),
])
def test_a_change_at_a_date_the_calendar_cannot_place_is_refused(tmp_path, capsys, at, calendar, problem):
    path = tmp_path / "game.yaml"
    change = {"at": at, "asp": TELEPORT["asp"].replace("syr", "nap"), "name": "teleport"}
    path.write_text(yaml.safe_dump(_game(changes=[change], calendar=calendar)))
    assert main(["diplomacy", "play", str(path)]) == 2
    err = capsys.readouterr().err
    assert problem in err and len(err.strip().splitlines()) == 1


def test_a_change_of_options_applies_from_its_phase_on():
    game = {"phases": [{"orders": {"ENGLAND": ["F LON - NTH", "A LVP - YOR"]}},
                       {"orders": {"ENGLAND": ["A YOR - NWY", "F NTH C A YOR - NWY"]}}],
            "changes": [{"at": "F1901M", "rules": "bt2020", "options": {"convoy_path": "required"}}]}
    results, _ = play(load_game(game))
    assert results[1].orders[0].result == "INVALID" and "convoy path" in results[1].orders[0].reason
    game["changes"][0]["at"] = "S1902M"
    results, _ = play(load_game(game))
    assert results[1].orders[0].result == "SUCCEEDS"  # standard in F1901M: no path needed


def test_the_end_by_proposal_is_in_the_summary_and_stops_the_game(tmp_path, capsys):
    path = tmp_path / "game.yaml"
    end = {"after": "S1901M", "winners": ["italy"], "eliminated": ["England"], "cite": "proposal 1"}
    path.write_text(yaml.safe_dump({"phases": [{"orders": {}}], "end": end}))
    assert main(["diplomacy", "play", str(path)]) == 0
    assert "Game ended by the rules after S1901M: winners: ITALY; eliminated: ENGLAND (proposal 1)" in capsys.readouterr().out
    path.write_text(yaml.safe_dump({"phases": [{"orders": {}}, {"orders": {}}], "end": end}))
    assert main(["diplomacy", "play", str(path)]) == 2
    assert "the game ended by the rules after S1901M" in capsys.readouterr().err


@pytest.mark.parametrize("end, problem", [
    ({"after": "S1901M", "winners": ["Itly"]}, "unknown power 'Itly'"),
    ({"after": "S1901X"}, "after:"),
    ({"after": "S1901M", "winners": ["ITALY"], "eliminated": ["italy"]}, "both wins and is eliminated"),
])
def test_an_end_naming_unknown_things_is_refused(tmp_path, capsys, end, problem):
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump({"phases": [{"orders": {}}], "end": end}))
    assert main(["diplomacy", "play", str(path)]) == 2
    err = capsys.readouterr().err
    assert problem in err and len(err.strip().splitlines()) == 1


def test_a_record_that_is_missing_is_refused(tmp_path, capsys):
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump({"record": "nowhere.jdip"}))
    assert main(["diplomacy", "play", str(path)]) == 2
    assert "record: 'nowhere.jdip': no such file" in capsys.readouterr().err


needs_record = pytest.mark.skipif(not RECORD.exists(), reason="../shared/reference/diplonomic2020 is not present")


@needs_record
def test_diplonomic_2020_as_played_agrees_with_its_record_on_every_phase(capsys):
    assert main(["diplomacy", "play", str(GAME)]) == 0
    out = capsys.readouterr().out
    assert "23 of 23 phases agree with the record" in out
    assert ("ITALY F SYR - LVP SUCCEEDS: moved with attack strength 1; by a rule change: Italy's teleportation, "
            "enacted F1904") in out
    assert "RUSSIA F SEV - STP/NC SUCCEEDS" in out and "RUSSIA F STP/NC S F BLA - SEV SUCCEEDS" in out
    assert "Game ended by the rules after S1906M: winners: AUSTRIA, ITALY, RUSSIA; eliminated: ENGLAND" in out


@needs_record
def test_diplonomic_2020_without_its_rule_changes_differs_in_exactly_three_phases():
    game = load_game_file(GAME)
    game.changes = []
    checks = check_recorded(_record_of(game, str(GAME)), settings=game.settings)
    assert [c.phase for c in checks if not c.agrees] == ["S1905M", "F1905M", "S1906M"]


@needs_record
def test_diplonomic_2020_changes_at_a_date_placed_by_the_records_time_stamps():
    """jDip stamps each phase with the time it was adjudicated: S1905M at 2020-07-27 17:34 UTC,
    F1905M at 2020-07-29 16:29 UTC. Superpowers enacted on 28 July come too late for S1905M."""
    game = load_game_file(GAME)
    for change in game.changes:
        change.at = "2020-07-28"
    checks = check_recorded(_record_of(game, str(GAME)), settings=game.settings)
    assert [c.phase for c in checks if not c.agrees] == ["S1905M"]
    f1905 = next(c for c in checks if c.phase == "F1905M")
    assert any("Italy's teleportation, enacted F1904" in o.reason for o in f1905.result.orders)
