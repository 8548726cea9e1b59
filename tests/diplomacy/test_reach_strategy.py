"""`reachable --force` from a Spring: a forced win over the Spring, its retreats and the Fall,
with the printed strategy replayed through the adjudicator against adversarial responses."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import yaml

from adjudicator.cli import main
from adjudicator.diplomacy.game import GamePhase, load_game, play
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.possible import possible_orders
from adjudicator.diplomacy.reachable import Start, load_start
from adjudicator.diplomacy.reachable_strategy import applied, fall_choice

ROOT = Path(__file__).resolve().parents[2]
FORCES = ROOT / "cases/reachable/france-forces-spring-1905.yaml"
UNKNOWN = ROOT / "cases/reachable/france-spring-unknown-1905.yaml"


def _random_orders(turn: Turn, rng: random.Random, skip: str) -> dict[str, list[str]]:
    legal = possible_orders(turn)
    return {power: [rng.choice(legal.units[u]) for u in units] for power, units in legal.powers.items()
            if power != skip}


def _play(data: dict, phases: list[GamePhase]):
    game = load_game(data, str(FORCES))
    game.phases = phases
    return play(game, timeout=60)


def test_the_strategy_from_a_spring_wins_against_adversarial_responses(capsys):
    assert main(["diplomacy", "reachable", str(FORCES), "--power", "France", "--by", "F1905", "--force",
                 "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["answer"] == "yes" and answer["start"] == "S1905M" and answer["replay"]["confirmed"]
    spring, options = answer["strategy"]["spring"], [o["orders"] for o in answer["strategy"]["fall"]]
    assert "F MAO - NAF" in spring or "F MAO - WES" in spring  # the fleet must set out in the Spring
    data = yaml.safe_load(FORCES.read_text())
    start = load_start(str(FORCES))
    rng = random.Random(1905)
    # the others' Spring responses: none, the ones the search found, and random legal orders
    responses = [{}] + [o["found_for"] for o in answer["strategy"]["fall"]]
    responses += [_random_orders(start.turn, rng, "FRANCE") for _ in range(3)]
    for theirs in responses:
        phases = [GamePhase(phase="S1905M", orders={"FRANCE": spring, **theirs})]
        results, _ = _play(data, phases)
        after = results[-1]
        if after.dislodged:  # the Spring retreats: France disbands, the others too (a legal answer)
            phases.append(GamePhase(phase="S1905R", orders={pw: [f"{d.unit} D" for d in units]
                                                            for pw, units in after.dislodged.items()}))
            results, _ = _play(data, phases)
            after = results[-1]
        fall_turn = Turn(phase="F1905M", units=after.units, centers=after.centers, rules="bt2020")
        choice = fall_choice(Start(start.game, fall_turn, None, str(FORCES)), "FRANCE", options,
                             deadline=time.monotonic() + 60)
        assert choice is not None, theirs  # the Fall rule always has an order set that wins
        mine = applied(options[choice], after.units, "FRANCE")
        for fall_theirs in [{}, _random_orders(fall_turn, rng, "FRANCE"), _random_orders(fall_turn, rng, "FRANCE")]:
            _, summary = _play(data, phases + [GamePhase(phase="F1905M", orders={"FRANCE": mine, **fall_theirs})])
            assert summary.winner == "FRANCE", (theirs, fall_theirs)


def test_a_spring_without_a_forced_win_found_is_unknown(capsys):
    # cooperatively France walks into Warsaw, but Russia can stand off with it twice
    assert main(["diplomacy", "reachable", str(UNKNOWN), "--power", "France", "--by", "F1905", "--force"]) == 3
    out = capsys.readouterr().out
    assert "unknown within budget" in out and "no Spring orders of FRANCE" in out
    assert main(["diplomacy", "reachable", str(UNKNOWN), "--power", "France", "--by", "F1905"]) == 0
