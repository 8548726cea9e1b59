"""Reachability in the naval dynasty: the cooperative answers on cases/blognomic/reachable, checked
by brute force over every combination of the Captains' candidate Orders through the Watch encoding
(small charts, a reduced candidate set), and the CLI's exit codes. `--force`: test_force.py."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from adjudicator.blognomic import reachable, watch
from adjudicator.blognomic.programs import ENTRY, PLAN
from adjudicator.cli import main
from adjudicator.solving import solve
from adjudicator.solving.terms import Atoms, fact, fact_lines

CASES = Path(__file__).resolve().parents[2] / "cases" / "blognomic" / "reachable"
SMALL = ["one-shot-from-victory", "armistice-lead", "hopeless", "armistice-tie", "no-vessel", "dormant"]


@pytest.fixture
def small_candidates(monkeypatch):
    """Fewer candidate Orders, so that brute force stays fast (the same set for both sides of the check)."""
    monkeypatch.setattr(reachable, "MOVES", ["C", "NC", "EC"])
    monkeypatch.setattr(reachable, "SPECIALTY_NAMES", ("none",))
    monkeypatch.setattr(reachable, "BUILD_TYPES", ("battleship",))


def _wins(report: watch.WatchReport, captain: str) -> bool:
    return report.treasure_victory == captain or captain in report.armistice_winners


def _valid_alone(chart: watch.Chart, captain: str) -> list:
    """The Captain's candidate Orders that are valid on their own (The Watch: an Order's validity never
    relies on another Order, so any one-per-Captain combination of them is valid)."""
    out = [None]
    for order in reachable.candidates(chart, {captain}):
        if all(o.result == "VALID" for o in watch.run_watch(chart, watch.Orders(orders=[order])).orders):
            out.append(order)
    return out


def _last_watch(chart: watch.Chart, captain: str, per_captain: dict[str, list]):
    """The last Watch: clingo enumerates every combination of the candidates (each valid on its own) in
    which every Order is valid (at most one per Captain), each through the Watch encoding."""
    cands = [o for orders in per_captain.values() for o in orders if o is not None]
    program = (watch.chart_facts(chart) + watch.order_facts(chart, cands, candidates=True)
               + fact_lines(watch.ALL_READINGS.atoms(watch.ALL_READINGS.parse(None))) + fact_lines([fact("goal", captain)]))
    won = "won :- goal(X), treasure_victory(X). won :- goal(X), armistice_winner(X). #show chosen/1. #show won/0."
    result = solve([ENTRY], ["\n".join(program), won], parts=PLAN, arguments=["--opt-mode=ignore"], timeout=60)
    for model in result.models:
        by = Atoms(model)
        own = [cands[o - 1] for (o,) in by.rows("chosen", 1) if cands[o - 1].captain == captain]
        yield (own[0] if own else None), by.has("won", 0)


def _outcomes(chart: watch.Chart, captain: str, left: int):
    """Every combination of at most one valid candidate Order per Captain, each run through the Watch:
    (the Captain's own Order, whether the Captain wins now or can still win cooperatively later)."""
    chart = chart.model_copy(update={"armistice_due": left == 1})
    names = sorted(c.name for c in chart.captains if not c.idle)
    per_captain = {n: _valid_alone(chart, n) for n in names}
    if left == 1:
        yield from _last_watch(chart, captain, per_captain)
        return
    mine = names.index(captain)
    for combo in itertools.product(*(per_captain[n] for n in names)):
        report = watch.run_watch(chart, watch.Orders(orders=[o for o in combo if o is not None]))
        if report.treasure_victory or left == 1:
            yield combo[mine], _wins(report, captain)
        else:
            yield combo[mine], any(win for _, win in _outcomes(report.chart, captain, left - 1))


def _brute_force(state: reachable.ReachState, captain: str) -> bool:
    """Cooperative: some combination of Orders in some Watch sequence wins."""
    return any(win for _, win in _outcomes(state.chart, captain, state.watches))


@pytest.mark.parametrize("name", SMALL)
def test_answers_agree_with_brute_force(name, small_candidates):
    """The cooperative answer ("no" included) against brute force; the forced one as the case expects
    (checked against brute force in test_force.py)."""
    state = reachable.load(CASES / f"{name}.yaml")
    expect = state.expect
    coop = reachable.reachable(state, "ubq323")
    assert coop.reachable == _brute_force(state, "ubq323") == expect["cooperative"]
    assert reachable.reachable(state, "ubq323", force=True).reachable == expect["force"]
    if coop.reachable:
        assert coop.witness


def test_witness_replays_to_victory():
    state = reachable.load(CASES / "five-watches.yaml")
    answer = reachable.reachable(state, "ubq323", timeout=60)
    assert answer.reachable is True and len(answer.witness_orders) == 5
    chart = state.chart
    for n, orders in enumerate(answer.witness_orders, 1):
        chart = chart.model_copy(update={"armistice_due": n == 5})
        report = watch.run_watch(chart, watch.Orders(orders=orders))
        assert all(o.result == "VALID" for o in report.orders)
        chart = report.chart
    assert report.armistice_winners == ["ubq323"]
    assert {c.name: c.treasure for c in chart.captains} == answer.final_treasure


def test_armistice_tie_reading_changes_the_forced_answer(small_candidates):
    state = reachable.load(CASES / "armistice-tie.yaml")
    assert reachable.reachable(state, "ubq323", force=True, readings={"armistice-ties": "all"}).reachable is True


def test_cli_exit_codes(capsys):
    assert main(["blognomic", "reachable", str(CASES / "hopeless.yaml"), "--captain", "ubq323"]) == 0
    assert "NO" in capsys.readouterr().out
    assert main(["blognomic", "reachable", str(CASES / "five-watches.yaml"), "--captain", "ubq323", "--force",
                 "--timeout", "0.5"]) == 3
    # the budget runs out in the search (an UNKNOWN answer) or, on a loaded machine, already in grounding
    captured = capsys.readouterr()
    assert "unknown within budget" in (captured.out + captured.err).lower()
    assert main(["blognomic", "reachable", str(CASES / "hopeless.yaml"), "--captain", "nobody"]) == 2
