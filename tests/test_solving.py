"""The solving layer: classification of models, time budgets, program errors."""

import pytest

from adjudicator.errors import BudgetExceeded
from adjudicator.solving import Grounded, ProgramError, encoding_path, solve
from adjudicator.solving.rounds import Rounds


def test_one_model_is_determinate():
    result = solve([], "a. b :- a. #show b/0.")
    assert result.status == "one"
    assert [str(s) for s in result.models[0]] == ["b"]


def test_no_model_is_a_paradox():
    assert solve([], "a :- not a.").status == "none"


def test_several_models_are_indeterminate():
    result = solve([], "a :- not b. b :- not a.")
    assert result.status == "several"
    assert sorted(str(m[0]) for m in result.models) == ["a", "b"]


def test_budget_overrun_is_reported_not_hung():
    # pigeon-hole 13 into 12: hard for CDCL, far beyond a 0.2 s budget
    hard = "p(1..13). h(1..12). 1 { in(P,H) : h(H) } 1 :- p(P). :- in(P,H), in(Q,H), P < Q."
    with pytest.raises(BudgetExceeded):
        solve([], hard, timeout=0.2)


def test_syntax_error_names_the_program():
    with pytest.raises(ProgramError, match="does not parse"):
        solve([], "a :- b c.", what="my case")


def test_brave_and_cautious_consequences():
    program = "a :- not b. b :- not a. c."
    found = Rounds(Grounded([], program)).consequences()
    assert {str(s) for s in found.brave} == {"a", "b", "c"}
    assert {str(s) for s in found.cautious} == {"c"}
    assert Rounds(Grounded([], "a :- not a.")).consequences() is None


def test_encodings_ship_as_package_data():
    assert encoding_path("README.md").is_file()


@pytest.mark.parametrize("budget", [0, -1, float("inf"), float("nan")])
def test_a_budget_must_be_positive_and_finite(budget):
    with pytest.raises(ValueError, match="positive finite"):
        solve([], "a.", timeout=budget)
