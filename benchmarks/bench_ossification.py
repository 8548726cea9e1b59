"""Ossification (R1698) timings: a verdict on the bundled SLR, proofs of ossification, and how the
time grows with the horizon, the number of players and the proposals allowed in sequence.

    .venv/bin/python benchmarks/bench_ossification.py [--repeat 5]

Each figure is the median of --repeat runs, in-process (the CLI adds ~0.3 s of start-up); the
verdict includes deriving the parameters, the plainest plan and its replay through the R105 engine;
a proof includes the minimal unsat core. The machine is shared: compare figures from one run.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from adjudicator.analysis.ossification import Options, decide, min_players, suppose
from adjudicator.rulesets import load_ruleset

CASES = Path(__file__).resolve().parents[1] / "cases" / "ossification"


def timed(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    slr = load_ruleset("agora-slr-2020-12-31")
    r = args.repeat

    def verdict(ruleset, **kw):
        return lambda: decide(ruleset, Options(timeout=60, **kw))[0]

    print(f"median of {r} runs, seconds")
    t, v = timed(verdict(slr, players=5), r)
    print(f"verdict, bundled SLR, 5 players: {t:.3f} (ossified={v})")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "adjudicator.cli", "agora", "ossification", "--json"], check=True,
                   capture_output=True)
    print(f"the same through the CLI, once (start-up, other readings included): {time.perf_counter() - start:.3f}")
    for name in ("repeal-r106", "quorum-unmeetable"):
        mutated = suppose(slr, [str(CASES / f"{name}.txt")])
        t, v = timed(verdict(mutated, players=5), r)
        print(f"proof, {name}, 5 players: {t:.3f} (ossified={v})")
    hard = suppose(slr, [str(CASES / "ai-9.9-strength-1.txt"), str(CASES / "no-unanimity-clause.txt")])
    t, v = timed(verdict(hard, players=9), r)
    print(f"proof, ai-9.9-strength-1 without unanimity, 9 players: {t:.3f} (ossified={v})")
    t, v = timed(lambda: min_players(hard, Options(timeout=60)), r)
    print(f"min players of the same: {t:.3f} (= {v})")
    print("horizon (days): verdict on the SLR / proof on ai-9.9 without unanimity, 9 players")
    for h in (7, 14, 28, 56, 112, 365, 3650):
        a, va = timed(verdict(slr, players=5, horizon=h), r)
        b, vb = timed(verdict(hard, players=9, horizon=h), r)
        print(f"  {h:>5}: {a:.3f} (ossified={va})  {b:.3f} (ossified={vb})")
    print("players: verdict on the SLR / on ai-9.9 without unanimity")
    for n in (1, 2, 5, 10, 50, 200, 1000):
        a, va = timed(verdict(slr, players=n), r)
        b, vb = timed(verdict(hard, players=n), r)
        print(f"  {n:>5}: {a:.3f} (ossified={va})  {b:.3f} (ossified={vb})")
    print("proposals in sequence (--steps): verdict on ai-at-most-3 / proof on repeal-r106")
    capped = suppose(slr, [str(CASES / "ai-at-most-3.txt")])
    gone = suppose(slr, [str(CASES / "repeal-r106.txt")])
    for s in (1, 2, 3, 4):
        a, va = timed(verdict(capped, players=5, steps=s), r)
        b, vb = timed(verdict(gone, players=5, steps=s), r)
        print(f"  {s:>5}: {a:.3f} (ossified={va})  {b:.3f} (ossified={vb})")


if __name__ == "__main__":
    main()
