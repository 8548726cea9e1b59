"""Reachability in the naval dynasty: the answers on cases/blognomic/reachable, checked by brute
force over every combination of the Captains' candidate Orders through the Watch encoding (one
remaining Watch, small charts, a reduced candidate set), and the CLI's exit codes."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from adjudicator.blognomic import reachable, watch
from adjudicator.cli import main

CASES = Path(__file__).resolve().parents[2] / "cases" / "blognomic" / "reachable"
SMALL = ["one-shot-from-victory", "armistice-lead", "hopeless", "armistice-tie"]


@pytest.fixture
def small_candidates(monkeypatch):
    """Fewer candidate Orders, so that brute force stays fast (the same set for both sides of the check)."""
    monkeypatch.setattr(reachable, "MOVES", ["C", "NC", "EC"])
    monkeypatch.setattr(reachable, "SPECIALTY_NAMES", ("none",))
    monkeypatch.setattr(reachable, "BUILD_TYPES", ("battleship",))


def _wins(report: watch.WatchReport, captain: str) -> bool:
    return report.treasure_victory == captain or captain in report.armistice_winners


def _brute_force(state: reachable.ReachState, captain: str):
    """Every combination of at most one candidate Order per Captain, each run through the Watch."""
    chart = state.chart.model_copy(update={"armistice_due": True})
    per_captain = {c.name: [None] + [o for o in reachable.candidates(chart, {c.name})] for c in chart.captains if not c.idle}
    names = sorted(per_captain)
    outcome: dict[int, list[bool]] = {}
    mine = names.index(captain)
    for combo in itertools.product(*(per_captain[n] for n in names)):
        orders = [o for o in combo if o is not None]
        report = watch.run_watch(chart, watch.Orders(orders=orders))
        if any(r.result == "INVALID" for r in report.orders):
            continue  # an invalid Order changes nothing; the same outcome arises without it
        key = id(combo[mine]) if combo[mine] is not None else 0
        outcome.setdefault(key, []).append(_wins(report, captain))
    cooperative = any(any(v) for v in outcome.values())
    forced = any(all(v) for v in outcome.values())
    return cooperative, forced


@pytest.mark.parametrize("name", SMALL)
def test_answers_agree_with_brute_force(name, small_candidates):
    state = reachable.load(CASES / f"{name}.yaml")
    expect = state.expect
    cooperative, forced = _brute_force(state, "ubq323")
    coop = reachable.reachable(state, "ubq323")
    force = reachable.reachable(state, "ubq323", force=True)
    assert coop.reachable == cooperative == expect["cooperative"]
    assert force.reachable == forced == expect["force"]
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
    assert main(["blognomic", "reachable", str(CASES / "five-watches.yaml"), "--captain", "ubq323", "--force"]) == 3
    assert "UNKNOWN" in capsys.readouterr().out
    assert main(["blognomic", "reachable", str(CASES / "hopeless.yaml"), "--captain", "nobody"]) == 2
