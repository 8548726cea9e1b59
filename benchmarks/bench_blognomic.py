"""BlogNomic benchmarks: a Watch with 12 Captains (target < 1 s) and reachability over 5 remaining
Watches (target < 10 s).

    .venv/bin/python benchmarks/bench_blognomic.py [--repeat 5]

The Watch: 12 Captains on three Sides, 14 vessels of every type, Land, ports, Mines and The Red
October, every Captain giving an Order (moves through mines, shots, a placement, builds, dives,
an invasion, a specialty). Timed in-process: `watch.run_watch` (one solve, the chosen readings) and
`watch.adjudicate` (with each reading flipped in turn, 6 solves), medians of --repeat runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASE = ROOT / "cases" / "blognomic" / "watch" / "twelve-captains.yaml"


def timed(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from adjudicator.blognomic import watch

    chart, orders = watch.load_chart(CASE), watch.load_orders(CASE)
    one = timed(lambda: watch.run_watch(chart, orders), args.repeat)
    every = timed(lambda: watch.adjudicate(chart, orders), args.repeat)
    valid = sum(o.result == "VALID" for o in watch.run_watch(chart, orders).orders)
    print(f"Watch, {len(chart.captains)} Captains, {len(orders.orders)} orders ({valid} valid):")
    print(f"  one solve (chosen readings): median {statistics.median(one):.3f} s, max {max(one):.3f} s over {args.repeat}")
    print(f"  with every reading compared: median {statistics.median(every):.3f} s, max {max(every):.3f} s over {args.repeat}")
    from adjudicator.blognomic import reachable

    problem = reachable.load(ROOT / "cases" / "blognomic" / "reachable" / "five-watches.yaml")
    cpu = []

    def search() -> None:
        start = time.process_time()
        answer = reachable.reachable(problem, "ubq323", timeout=120)
        cpu.append(time.process_time() - start)
        assert answer.reachable is True

    times = timed(search, args.repeat)
    print(f"Reachability, {problem.watches} Watches, 4 Captains: median {statistics.median(times):.3f} s wall "
          f"({statistics.median(cpu):.3f} s CPU), max {max(times):.3f} s over {args.repeat}")


if __name__ == "__main__":
    main()
