"""encodings/diplomacy/backup.lp on its own: which backup rule applies to what, from resolutions
given as facts (DATC 4.A.2 Szykman, circular movement, BT15 conditional paradox), and the smallest
sets when there is no resolution (DATC 6.F.24: both armies' convoys, never one set picked)."""

from pathlib import Path

from adjudicator.diplomacy.movement import prepare
from adjudicator.diplomacy.cases import load_case
from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.programs import BACKUP_DECISION, BACKUP_SEARCH, ENTRY
from adjudicator.solving import solve

ROOT = Path(__file__).resolve().parents[2]

# turn 1: the army at lon is convoyed by the fleet at nth (order 0), the army at bel moves (order 2)
TURN = """turn(1). unit(1,england,f,nth). unit(1,england,a,lon). unit(1,france,a,bel).
order(1,0,england,f,nth). convoy(1,0,lon,bel). order(1,1,england,a,lon). move(1,1,bel).
order(1,2,france,a,bel). move(1,2,hol).
"""


def _decide(resolutions: str) -> set[str]:
    board = load_map()
    solved = solve([ENTRY], [board.facts, TURN, resolutions], parts=BACKUP_DECISION, max_models=1)
    assert len(solved.models) == 1
    return {str(s) for s in solved.models[0]}


def test_a_path_that_differs_is_a_convoy_paradox_held_by_the_szykman_rule():
    atoms = _decide("""resolution(1,0,result(1,1,succeeds)). resolution(1,0,path(1,lon)). resolution(1,0,moves(1,lon)).
                       resolution(1,1,result(1,1,fails)). resolution(1,1,moves(1,bel)).
                       resolution(1,0,result(1,2,fails)). resolution(1,1,result(1,2,succeeds)).""")
    assert "backup_rule(1,szykman)" in atoms and "backup_rule(1,circular)" not in atoms
    assert "szykman_due(1,nth)" in atoms and "szykman_army(1,lon)" in atoms
    assert {a for a in atoms if a.startswith("in_paradox")} == {f"in_paradox(1,{i})" for i in (0, 1, 2)}


def test_moves_that_differ_without_a_path_are_circular_movement():
    atoms = _decide("""resolution(1,0,path(1,lon)). resolution(1,1,path(1,lon)).
                       resolution(1,0,moves(1,lon)). resolution(1,0,moves(1,bel)).""")
    assert "backup_rule(1,circular)" in atoms and "backup_rule(1,szykman)" not in atoms
    assert {a for a in atoms if a.startswith("circular_due")} == {"circular_due(1,lon)", "circular_due(1,bel)"}


def test_a_condition_in_force_in_one_resolution_only_comes_first():
    atoms = _decide("""resolution(1,0,in_force(1,2)). resolution(1,1,path(1,lon)).
                       resolution(1,0,moves(1,bel)).""")
    assert "backup_rule(1,conditional_paradox)" in atoms and "set_aside_due(1,2)" in atoms
    assert not {a for a in atoms if a.startswith(("backup_rule(1,szykman", "backup_rule(1,circular"))}


def test_no_resolution_holds_every_army_of_every_smallest_set():
    board = load_map()
    case = load_case(ROOT / "cases" / "datc" / "6.F.24.yaml")
    turn = prepare(case.phases[0].turn(), 1, board, "6.F.24")
    found = solve([ENTRY], [board.facts, turn.facts, "backup_search(1)."], parts=BACKUP_SEARCH,
                  arguments=["--opt-mode=optN", "--enum-mode=brave"])
    held = {str(s) for s in found.models[-1] if s.name == "hold_convoys"}
    # the paradox's orders, as reported: both armies' moves (4, 7) and the convoys of them (5, 8)
    assert {str(s) for s in found.models[-1] if s.name == "in_paradox"} == {
        "in_paradox(1,4)", "in_paradox(1,5)", "in_paradox(1,7)", "in_paradox(1,8)"}
    smallest: set[frozenset] = set()

    def proven(model):
        if model.optimality_proven:
            smallest.add(frozenset(str(s) for s in model.symbols(shown=True) if s.name == "hold_convoys"))

    solve([ENTRY], [board.facts, turn.facts, "backup_search(1)."], parts=BACKUP_SEARCH,
          arguments=["--opt-mode=optN"], on_model=proven)
    assert len(smallest) == 2 and all(len(s) == 1 for s in smallest)  # two sets of one army each
    assert held == set().union(*smallest) and len(held) == 2  # the French and the Russian army
