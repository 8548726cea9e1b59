"""`reachable --force`: the game tree over every Order the rules allow each Captain. The Orders
listed (adjudicator/blognomic/options.py) are checked against every raw Move on a small Chart, and
the forced answers against a brute force (every combination of the Captains' Orders, each valid on
its own, run through the Watch encoding Watch after Watch) over the same, reduced, Orders."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from adjudicator.blognomic import options, reachable, watch
from adjudicator.blognomic.programs import ENTRY, WATCH
from adjudicator.solving import solve
from adjudicator.solving.terms import Atoms, fact_lines

CASES = Path(__file__).resolve().parents[2] / "cases" / "blognomic" / "reachable"
READINGS = watch.ALL_READINGS.parse(None)


def _chart(vessels: list[dict], land: list[int]) -> watch.Chart:
    return watch.Chart.model_validate({
        "watch": 1, "admiral": "Kevan", "land": land, "vessels": vessels,
        "captains": [{"name": n, "side": s} for n, s in
                     [("ubq323", "Red"), ("Clucky", "Blue"), ("Brendan", "Green"), ("Lulu", "Red")]],
        "specialties": {"Red": "Long Winded"}})


def _effects(chart: watch.Chart, moves: list[watch.Order]) -> set[tuple]:
    """(vessel, end square, end Facing, squares cruised over) of each Move valid on its own, as the
    Watch encoding computes it (groundings with a batch of Moves received)."""
    broken, by = options.invalid_reasons(chart, moves, READINGS, 60, "#show end_of_course/3. #show cruised/3.")
    ends = {o: (s, str(f).upper()) for o, s, f in by.rows("end_of_course", 3)}
    cruised: dict[int, set[int]] = {}
    for o, s, _ in by.rows("cruised", 3):
        cruised.setdefault(o, set()).add(s)
    return {(moves[o - 1].vessel, *ends[o], frozenset(cruised.get(o, ()))) for o in ends if o not in broken}


def test_listed_moves_have_every_effect_of_every_raw_move():
    """Every list of up to four atomic steps (enough for the cumbersome vessels' 3 and 2 movement points
    with Long Winded) that is a valid Move has the effect of a listed Move (in the last Watch: up to its
    Facing), and every listed Move is valid; a square no Move ends on is not a Shot's target."""
    chart = _chart([{"code": "B1(N){6}", "captain": "ubq323", "square": 23},
                    {"code": "S2(E){3}", "captain": "ubq323", "square": 1},
                    {"code": "T3(W){2}", "captain": "ubq323", "square": 100}], land=[13, 24, 2])
    raw = [watch.Order(captain="ubq323", order="move", vessel=v, steps="".join(steps))
           for v in ("B1", "S2", "T3") for n in range(1, 5) for steps in itertools.product("CNESW", repeat=n)]
    unchanged = {("B1", 23, "N", frozenset()), ("S2", 1, "E", frozenset()), ("T3", 100, "W", frozenset())}
    raw_effects = _effects(chart, raw) - unchanged
    for final in (False, True):
        listed = [o for o in options.orders(chart, "ubq323", READINGS, final=final) if o.order == "move"]
        listed_effects = _effects(chart, listed)
        assert len(listed_effects) == len(listed)  # each listed Move valid
        if final:
            in_place = {(v, s, c) for v, s, _, c in unchanged}  # a Rotation only: no effect on Treasure
            assert {(v, s, c) for v, s, _, c in raw_effects} - in_place <= {(v, s, c) for v, s, _, c in listed_effects}
        else:
            cumbersome = {e for e in raw_effects if e[0] != "S2"}  # every Move of B1 and T3 has at most 4 steps
            assert cumbersome == {e for e in listed_effects if e[0] != "S2"}
            assert raw_effects <= listed_effects
    assert {s for _, s, _, _ in raw_effects} <= options.target_squares(chart)


def _reduced(real):
    """A few Orders per Captain (the same for the search and the brute force), so that brute force stays fast."""
    def orders(chart, captain, readings, *, final=False):
        keep = [o for o in real(chart, captain, readings, final=final)
                if o.order == "dive" or (o.order == "move" and o.steps == "C")
                or (o.order == "build" and o.type == "battleship" and o.facing == "N")
                or (o.order == "specialty" and o.specialty == "melee")]
        return keep if captain in ("ubq323", "Clucky") else []
    return orders


@pytest.fixture
def reduced_orders(monkeypatch):
    monkeypatch.setattr(options, "orders", _reduced(options.orders))


def _singles(chart: watch.Chart, captain: str) -> list[list[watch.Order]]:
    out: list[list[watch.Order]] = [[]]
    for order in options.orders(chart, captain, READINGS, final=chart.armistice_due):
        report = watch.run_watch(chart, watch.Orders(orders=[order]))
        if all(o.result == "VALID" for o in report.orders) and [order] not in out:
            out.append([order])
    return out


def _forced(chart: watch.Chart, captain: str, left: int, memo: dict) -> bool:
    """Some Order set of the Captain wins against every combination of the others' (recursively)."""
    key = (chart.model_dump_json(), left)
    if key in memo:
        return memo[key]
    chart = chart.model_copy(update={"armistice_due": left == 1})
    names = [c.name for c in chart.captains if not c.idle and c.name != captain]
    theirs = [_singles(chart, n) for n in names]
    memo[key] = False
    for own in _singles(chart, captain):
        if all(_wins(chart, own + [o for part in combo for o in part], captain, left, memo)
               for combo in itertools.product(*theirs)):
            memo[key] = True
            break
    return memo[key]


def _wins(chart: watch.Chart, orders: list[watch.Order], captain: str, left: int, memo: dict) -> bool:
    report = watch.run_watch(chart, watch.Orders(orders=orders))
    if report.treasure_victory or left == 1:
        return report.treasure_victory == captain or captain in report.armistice_winners
    return _forced(report.chart, captain, left - 1, memo)


@pytest.mark.parametrize("name", ["armistice-tie", "armistice-lead", "force-two-watches"])
def test_forced_answers_agree_with_brute_force(name, reduced_orders):
    state = reachable.load(CASES / f"{name}.yaml")
    answer = reachable.reachable(state, "ubq323", force=True, timeout=120)
    assert answer.reachable is not None, answer.reason
    assert answer.reachable == _forced(state.chart, "ubq323", state.watches, {})


@pytest.mark.skipif(os.environ.get("ADJUDICATOR_BLOGNOMIC_FULL") != "1",
                    reason="every Order of every Captain, two Watches: ADJUDICATOR_BLOGNOMIC_FULL=1 runs it")
@pytest.mark.parametrize("name", ["dormant-lifted", "force-two-watches"])
def test_two_watches_no_rests_on_the_search(name):
    """Not ruled out by the bound (ubq323 could Dive to 21 over Clucky's 20), but Clucky can build a
    vessel now and Dive in the last Watch: a tie, no victory (every Order of every Captain searched)."""
    state = reachable.load(CASES / f"{name}.yaml")
    answer = reachable.reachable(state, "ubq323", force=True, timeout=120)
    assert answer.reachable is False and "position(s) searched" in answer.reason
    assert reachable.reachable(state, "ubq323", timeout=60).reachable is True


def test_larger_than_the_bounds_is_unknown(reduced_orders, monkeypatch):
    monkeypatch.setattr(reachable, "FORCE_POSITIONS", 2)
    answer = reachable.reachable(reachable.load(CASES / "force-two-watches.yaml"), "ubq323", force=True)
    assert answer.reachable is None and "larger than the search's bounds" in answer.reason
