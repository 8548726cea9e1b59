"""Our legal-order lists (`adjudicator diplomacy orders`) against the `diplomacy` package's
`get_all_possible_orders`, phase by phase, in games the package plays with random legal orders.

    .venv/bin/pip install diplomacy        # the `bench` extra
    .venv/bin/python benchmarks/possible_orders.py --games 3 --phases 30 --seed 1

For every phase: our orders for the units that can be ordered (all units in movement, the
dislodged ones in retreats; builds, waives and removals in adjustments), the package's orders for
its orderable locations; printed when the two sets differ, with a summary at the end.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator.diplomacy.models import Turn  # noqa: E402
from adjudicator.diplomacy.possible import possible_orders  # noqa: E402


def our_orders(game) -> set[str]:
    state = game.get_state()
    units = {p: [u for u in us if not u.startswith("*")] for p, us in state["units"].items()}
    dislodged = {p: [{"unit": u, "retreats": options} for u, options in retreats.items()]
                 for p, retreats in state["retreats"].items() if retreats}
    turn = Turn(phase=game.get_current_phase(), units=units, centers=state["centers"], dislodged=dislodged or None)
    listed = possible_orders(turn)
    return {o for os in listed.units.values() for o in os} | {o for os in listed.builds.values() for o in os}


def package_orders(game) -> set[str]:
    possible = game.get_all_possible_orders()
    return {o for locations in game.get_orderable_locations().values() for loc in locations for o in possible[loc]}


def play(seed: int, phases: int):
    from diplomacy import Game

    rng = random.Random(seed)
    game = Game()
    for _ in range(phases):
        if game.is_game_done:
            return
        yield game
        possible = game.get_all_possible_orders()
        for power, locations in game.get_orderable_locations().items():
            orders = [rng.choice(possible[loc]) for loc in locations if possible[loc]]
            if game.get_current_phase().endswith("A"):
                orders = orders[:abs(len(game.get_power(power).centers) - len(game.get_power(power).units))]
            game.set_orders(power, orders)
        game.process()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--phases", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    checked = same = ours_total = theirs_total = 0
    started = time.perf_counter()
    for number in range(args.games):
        for game in play(args.seed + number, args.phases):
            ours, theirs = our_orders(game), package_orders(game)
            checked += 1
            same += ours == theirs
            ours_total, theirs_total = ours_total + len(ours), theirs_total + len(theirs)
            if ours != theirs:
                print(f"game {args.seed + number} {game.get_current_phase()}: only ours {sorted(ours - theirs)[:6]} "
                      f"only the package's {sorted(theirs - ours)[:6]}")
    print(f"{checked} phases, {same} with the same orders as the package; orders listed: ours {ours_total}, "
          f"the package's {theirs_total} ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
