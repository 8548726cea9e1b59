"""solving.rounds: solve, compare the models, add facts, solve again, on one grounding (toy programs)."""

import clingo
import pytest

from adjudicator.solving import Grounded, solve
from adjudicator.solving.rounds import Rounds, as_facts, minimal_core
from adjudicator.solving.terms import Name, fact

# A value chosen freely, unless it is settled: then it keeps its fallback (R2162's shape).
LAMP = """
choice(lamp). choice(door). fallback(lamp, off). fallback(door, shut).
#external settled_choice(X) : choice(X).
1 { chosen(X, on); chosen(X, off) } 1 :- choice(X), X = lamp, not settled_choice(X).
chosen(door, shut) :- not settled_choice(door).
chosen(X, V) :- settled_choice(X), fallback(X, V).
#show chosen/2.
"""
SETTLED_LAMP = fact("settled_choice", Name("lamp"))


def _texts(symbols):
    return sorted(str(s) for s in symbols)


def _settle_disputed(found):
    return [fact("settled_choice", key[0]) for key, values in found.values("chosen", 2).items() if len(values) > 1]


def test_a_round_compares_its_models():
    found = Rounds(Grounded([], LAMP)).solve()
    assert found.status == "several" and found.complete and found.number == 0
    assert _texts(found.cautious) == ["chosen(door,shut)"]
    assert _texts(found.brave) == ["chosen(door,shut)", "chosen(lamp,off)", "chosen(lamp,on)"]
    assert _texts(found.disputed("chosen", 2)) == ["chosen(lamp,off)", "chosen(lamp,on)"]
    assert found.disputed("other", 1) == []
    values = found.values("chosen", 2)
    assert _texts(values[(clingo.Function("lamp"),)]) == ["off", "on"]
    assert _texts(values[(clingo.Function("door"),)]) == ["shut"]


def test_added_atoms_hold_in_the_next_round_on_the_same_grounding():
    rounds = Rounds(Grounded([], LAMP))
    control = rounds.program.ctl
    rounds.solve()
    assert rounds.add([SETTLED_LAMP])
    settled = rounds.solve()
    assert rounds.program.ctl is control  # not grounded again
    assert settled.status == "one" and settled.number == 1
    assert settled.added == {SETTLED_LAMP}
    assert _texts(settled.models[0]) == ["chosen(door,shut)", "chosen(lamp,off)"]
    assert not rounds.add([SETTLED_LAMP])  # nothing new: a fixed point


def test_run_stops_when_the_step_adds_nothing_new():
    seen = Rounds(Grounded([], LAMP)).run(_settle_disputed)
    assert [r.status for r in seen] == ["several", "one"]
    assert _texts(seen[-1].models[0]) == ["chosen(door,shut)", "chosen(lamp,off)"]


def test_run_stops_after_max_rounds():
    both = [SETTLED_LAMP, fact("settled_choice", Name("door"))]
    steps = iter([[both[0]], [both[1]], [both[0]]])
    seen = Rounds(Grounded([], LAMP), max_rounds=2).run(lambda found: next(steps))
    assert len(seen) == 2
    assert seen[1].added == {SETTLED_LAMP}


def test_consequences_without_enumerating():
    rounds = Rounds(Grounded([], LAMP))
    first = rounds.consequences()
    assert _texts(first.cautious) == ["chosen(door,shut)"]
    assert _texts(first.disputed()) == ["chosen(lamp,off)", "chosen(lamp,on)"]
    rounds.add([SETTLED_LAMP])
    settled = rounds.consequences()
    assert settled.brave == settled.cautious and settled.disputed() == []
    # the enumeration mode is restored: models are enumerated again afterwards
    assert len(rounds.solve().models) == 1


def test_no_model_is_none():
    rounds = Rounds(Grounded([], LAMP + ":- chosen(lamp, off).\n"))
    rounds.add([SETTLED_LAMP])
    assert rounds.consequences() is None
    assert rounds.solve().status == "none"


def test_only_declared_externals_can_be_added():
    rounds = Rounds(Grounded([], LAMP))
    with pytest.raises(ValueError, match="not an external"):
        rounds.add([fact("settled_choice", Name("window"))])
    assert rounds.added == frozenset()


def test_assumptions_apply_to_one_round_only():
    rounds = Rounds(Grounded([], LAMP))
    lamp_on = fact("chosen", Name("lamp"), Name("on"))
    assumed = rounds.solve(assumptions=[(lamp_on, False)])
    assert assumed.status == "one" and assumed.added == frozenset()
    assert _texts(assumed.models[0]) == ["chosen(door,shut)", "chosen(lamp,off)"]
    assert rounds.solve().status == "several"


def test_models_as_facts_for_an_asp_step():
    found = Rounds(Grounded([], LAMP)).solve()
    given = as_facts(found.models, keep=lambda s: s.match("chosen", 2))
    step = """
    differs(A) :- model(K, A), model(L, _), not model(L, A).
    settle(X) :- differs(chosen(X, _)).
    #show settle/1.
    """
    decided = solve([], step, symbols=given)
    assert _texts(decided.models[0]) == ["settle(lamp)"]
    assert {s.arguments[0].number for s in given} == {0, 1}


def test_minimal_core_of_the_assumptions():
    program = Grounded([], "#external r(1..4). :- r(1), r(2). :- r(2), r(3), r(4). a :- r(3).")
    program.free_externals([("r", 1)])  # assumptions decide them (a false external cannot be assumed true)
    every = [(fact("r", n), True) for n in range(1, 5)]
    core = minimal_core(program, every)
    assert len(core) in (2, 3) and not program.satisfiable([(s, True) for s in core])
    for dropped in core:  # minimal: every proper subset has a model
        assert program.satisfiable([(s, True) for s in core if s != dropped])
    assert minimal_core(program, every[2:]) is None
