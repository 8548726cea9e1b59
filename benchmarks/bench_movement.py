#!/usr/bin/env python3
"""Time our movement adjudication against the `diplomacy` package (PyPI, the `bench` extra).

    .venv/bin/pip install diplomacy          # or: pip install -e .[bench]
    .venv/bin/python benchmarks/bench_movement.py [--turns 1000] [--seed 1]

1. Random games: the `diplomacy` package plays games with random legal orders (its own
   `get_all_possible_orders`); every movement phase is recorded as a turn of our contract.
2. The package on those turns from their descriptions, in-process, the way a user of it would
   adjudicate given turns: per turn a new `Game()`, its phase, units, centres and orders set,
   then `process()`; timed whole (the issue 13 target: ours at least 2x faster) and `process()`
   alone. Our side: the same turns as one JSON list through ONE CLI call
   (`adjudicator diplomacy adjudicate turns.json --json`, wall clock including interpreter
   start-up). The two alternate `--repeat` times (paired: the machine is shared); then
   `adjudicate(list)` in-process once.
3. Agreement: units after the phase and dislodged units, ours vs theirs, per turn.
4. The DATC suite (our cases/datc/6.A-6.G movement cases): ours in one call vs the package's
   `process()` per case.

Prints turns per second for both and the ratio. Benchmarks are not tests.
"""

from __future__ import annotations

import argparse
import compileall
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

try:
    from diplomacy import Game
except ImportError:  # pragma: no cover
    sys.exit("the benchmark needs the `diplomacy` package: .venv/bin/pip install diplomacy")

from adjudicator.diplomacy import adjudicate  # noqa: E402
from adjudicator.diplomacy.cases import load_case  # noqa: E402

CLI = [str(Path(sys.executable).parent / "adjudicator")]


def random_turns(count: int, seed: int, max_years: int = 10):
    """Play random games; return (turns in our format, their resulting positions, seconds in process())."""
    rng = random.Random(seed)
    turns, theirs, seconds = [], [], 0.0
    while len(turns) < count:
        game = Game()
        while not game.is_game_done and len(turns) < count and int(game.get_current_phase()[1:5]) < 1901 + max_years:
            phase = game.get_current_phase()
            possible = game.get_all_possible_orders()
            orders = {}
            for power in game.powers:
                locs = game.get_orderable_locations(power)
                chosen = [rng.choice(possible[loc]) for loc in locs if possible[loc]]
                game.set_orders(power, chosen)
                orders[power] = chosen
            if phase.endswith("M"):
                turn = {"phase": phase,
                        "units": {p: list(game.get_units(p)) for p in game.powers if game.get_units(p)},
                        "centers": {p: list(game.get_centers(p)) for p in game.powers if game.get_centers(p)},
                        "orders": {p: o for p, o in orders.items() if o}}
                start = time.perf_counter()
                game.process()
                seconds += time.perf_counter() - start
                turns.append(turn)
                after = {p: sorted(u for u in game.get_units(p) if not u.startswith("*")) for p in game.powers}
                dislodged = {p: sorted(u[1:] for u in game.get_units(p) if u.startswith("*")) for p in game.powers}
                theirs.append(({p: u for p, u in after.items() if u}, {p: u for p, u in dislodged.items() if u}))
            else:
                game.process()
    return turns, theirs, seconds


def datc_turns():
    out = []
    for path in sorted((ROOT / "cases" / "datc").glob("6.[A-G].*.yaml")):
        phase = load_case(path).phases[0]
        if phase.phase.endswith("M"):
            out.append(phase.turn().model_dump(exclude_none=True, exclude={"dislodged"}))
    return out


def time_package_on(turns) -> float:
    """The package's process() on given positions (units placed with set_units)."""
    seconds = 0.0
    for turn in turns:
        game = Game()
        game.clear_units()
        for power, units in turn["units"].items():
            game.set_units(power, [u.replace("/", "/") for u in units], reset=True)
        for power, orders in turn["orders"].items():
            try:
                game.set_orders(power, [o if isinstance(o, str) else o["order"] for o in orders])
            except Exception:  # the package refuses some illegal orders outright
                pass
        start = time.perf_counter()
        game.process()
        seconds += time.perf_counter() - start
    return seconds


def time_package_from_descriptions(turns) -> tuple[float, float, float]:
    """The package adjudicating the given turns from their descriptions: per turn a new Game,
    phase, units, centres and orders set, process(). Returns (wall seconds of it all, wall
    seconds in process() alone, CPU seconds of it all)."""
    total = process = 0.0
    cpu = time.process_time()
    for turn in turns:
        start = time.perf_counter()
        game = Game()
        game.set_current_phase(turn["phase"])
        game.clear_units()
        game.clear_centers()
        for power, units in turn["units"].items():
            game.set_units(power, units, reset=True)
        for power, centres in (turn.get("centers") or {}).items():
            game.set_centers(power, centres, reset=True)
        for power, orders in turn["orders"].items():
            game.set_orders(power, [o if isinstance(o, str) else o["order"] for o in orders])
        processing = time.perf_counter()
        game.process()
        end = time.perf_counter()
        total += end - start
        process += end - processing
    return total, process, time.process_time() - cpu


def time_cli(turns, cli=None) -> tuple[float, list, float]:
    """One CLI call on the turns: (wall seconds, results, CPU seconds of the call and its workers)."""
    import resource

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(turns, f)
        name = f.name
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([*(cli or CLI), "diplomacy", "adjudicate", name, "--json", "--timeout", "900"], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"CLI failed: {proc.stderr}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return seconds, json.loads(proc.stdout), cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3,
                    help="time the package and our CLI call this many times, paired, and report the medians "
                         "(the machine may be shared)")
    ap.add_argument("--other-cli", metavar="PATH",
                    help="another `adjudicator` executable (e.g. the code before a change) timed in the same "
                         "rounds, for a before/after comparison from one run")
    args = ap.parse_args()

    # The CLI as installed: `pip install` compiles the package's bytecode; an editable checkout
    # under PYTHONDONTWRITEBYTECODE=1 would compile its ~25 modules again in every call (~0.06 s)
    compiled = [ROOT / "adjudicator"]
    if args.other_cli:
        compiled.append(Path(args.other_cli).resolve().parents[2] / "adjudicator")
    for package in compiled:
        if package.is_dir():
            compileall.compile_dir(str(package), quiet=1)
    print(f"bytecode compiled before timing (as an installed package has it): {', '.join(map(str, compiled))}")
    turns, theirs, in_game_seconds = random_turns(args.turns, args.seed)
    n = len(turns)
    # paired, alternating: the package from the turns' descriptions, then our CLI call
    pairs = []
    cli_results = None
    others: list[float] = []
    identical = True
    for _ in range(args.repeat):
        package = time_package_from_descriptions(turns)
        cli_seconds, cli_results, cli_cpu = time_cli(turns)
        if args.other_cli:
            other_seconds, other_results, _ = time_cli(turns, [args.other_cli])
            others.append(other_seconds)
            identical = identical and other_results == cli_results
        pairs.append((package, (cli_seconds, cli_cpu)))
    whole = statistics.median(p[0][0] for p in pairs)
    process_only = statistics.median(p[0][1] for p in pairs)
    cli_seconds = statistics.median(p[1][0] for p in pairs)
    ratios = sorted(p[0][0] / p[1][0] for p in pairs)
    process_ratios = sorted(p[0][1] / p[1][0] for p in pairs)
    cpu_ratios = sorted(p[0][2] / p[1][1] for p in pairs)
    start = time.perf_counter()
    ours = adjudicate(turns)
    our_seconds = time.perf_counter() - start
    # the movement adjudication alone: without phases.finish (next-phase skipping) and without
    # the program that closes the Fall turns (ownership, winner, adjustments due)
    import importlib

    module = importlib.import_module("adjudicator.diplomacy.movement")
    finish, close = module.finish_phase, module.close_fall_turns
    module.finish_phase = lambda turn, result, **_: result
    module.close_fall_turns = lambda items, **_: {}  # (forked workers inherit the stub)
    start = time.perf_counter()
    adjudicate(turns)
    movement_only = time.perf_counter() - start
    module.finish_phase, module.close_fall_turns = finish, close
    agree = via_fallback = 0
    disagreements = []
    for turn, mine, (their_units, their_dislodged) in zip(turns, ours, theirs):
        # the package disbands a dislodged unit with nowhere to retreat at once (not marked '*')
        my_dislodged = {p: sorted(d.unit for d in ds if d.retreats) for p, ds in mine.dislodged.items()}
        my_dislodged = {p: us for p, us in my_dislodged.items() if us}
        if mine.units == their_units and my_dislodged == their_dislodged:
            agree += 1
        elif any(r.result == "FAILS" and "no fallback to the land route" in r.reason for r in mine.orders):
            # DATC 4.A.3 / 6.G.8 (v3.0 preference): a move that goes by convoy ("via convoy", or
            # an own fleet convoys it) does not fall back to the land route when the convoy is
            # missing or incomplete; the package moves such armies over land.
            via_fallback += 1
        else:
            disagreements.append(turn["phase"])
    paradoxes = sum(1 for r in ours if r.paradoxes)
    print(f"random games: {n} movement turns (seed {args.seed}), {paradoxes} with a paradox; "
          f"package and CLI timed {len(pairs)} times, alternating; medians:")
    print(f"  package from descriptions (Game, set units/centres/orders, process): {whole:7.3f} s "
          f"{n / whole:8.1f} turns/s")
    print(f"  package process() alone (same runs)        : {process_only:7.3f} s  {n / process_only:8.1f} turns/s")
    print(f"  (package process() inside its own games    : {in_game_seconds:7.3f} s, once)")
    print(f"  ours, one CLI call (incl. start-up)        : {cli_seconds:7.3f} s  {n / cli_seconds:8.1f} turns/s")
    print(f"  ratio vs package from descriptions, pairs  : " + ", ".join(f"{r:.2f}x" for r in ratios)
          + f" (median {statistics.median(ratios):.2f}x; target 2x)")
    print(f"  ratio vs package process() alone, pairs    : " + ", ".join(f"{r:.2f}x" for r in process_ratios)
          + f" (median {statistics.median(process_ratios):.2f}x)")
    print(f"  CPU-time ratio vs from descriptions, pairs : " + ", ".join(f"{r:.2f}x" for r in cpu_ratios)
          + " (CLI: its process and workers)")
    if others:
        print(f"  other CLI ({args.other_cli}): " + ", ".join(f"{x:.3f}" for x in others)
              + " s; this CLI: " + ", ".join(f"{p[1][0]:.3f}" for p in pairs)
              + f" s (same rounds); output {'identical' if identical else 'DIFFERENT'}")
    their_seconds = whole
    print(f"  ours, adjudicate(list) in-process          : {our_seconds:7.3f} s  {n / our_seconds:8.1f} turns/s"
          f"  ratio {their_seconds / our_seconds:5.2f}x")
    print(f"  ours, movement only (no Fall close/finish) : {movement_only:7.3f} s  {n / movement_only:8.1f} turns/s"
          f"  ratio {their_seconds / movement_only:5.2f}x")
    print(f"  agreement on units after + dislodged units : {agree}/{n}; differ only by the package's"
          f" land fallback for convoy moves without a complete convoy (DATC 4.A.3, 6.G.8): {via_fallback}; other: {len(disagreements)}")
    assert len(cli_results) == n

    datc = datc_turns()
    their_datc = time_package_on(datc)
    cli_datc, _, _ = time_cli(datc)
    start = time.perf_counter()
    adjudicate(datc)
    our_datc = time.perf_counter() - start
    m = len(datc)
    print(f"DATC 6.A-6.G movement cases: {m}")
    print(f"  diplomacy package Game.process() in-process: {their_datc:7.3f} s  {m / their_datc:8.1f} turns/s")
    print(f"  ours, one CLI call (incl. start-up)        : {cli_datc:7.3f} s  {m / cli_datc:8.1f} turns/s")
    print(f"  ours, adjudicate(list) in-process          : {our_datc:7.3f} s  {m / our_datc:8.1f} turns/s")
    if disagreements:
        print(f"disagreeing turns (first 10): {disagreements[:10]}")


if __name__ == "__main__":
    main()
