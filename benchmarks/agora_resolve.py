"""How long `agora resolve` takes, and how the time grows with players and decisions.

    .venv/bin/python benchmarks/agora_resolve.py [--repeat 3]

Each input is generated (seeded): P players, D AI-majority decisions; a third of the players vote
FOR/AGAINST/PRESENT on each decision, the rest endorse someone (chains: player i endorses one of
the players before it, so chains run through several links), one in ten endorses a non-voter, and
the first decision has a two-player endorsement cycle (so the R2127 consistency run has real
work). In-process timings of `resolve` (parsing, facts, both solver runs, read-back), wall clock and
CPU time of this process, median of --repeat runs; the machine is shared, so wall times swing
with the load and CPU time is the steadier figure.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from adjudicator.agora.decisions import parse_input
from adjudicator.agora.resolve import resolve


def generate(players: int, decisions: int, seed: int = 1) -> dict:
    rng = random.Random(seed)
    names = [f"P{i:03d}" for i in range(players)]
    data = {"players": names, "decisions": [], "ballots": []}
    for d in range(decisions):
        data["decisions"].append({"id": 9000 + d, "adoption_index": rng.choice([1.0, 1.7, 2.0, 3.0]), "quorum": 5})
    for d in range(decisions):
        did = 9000 + d
        for i, name in enumerate(names):
            if d == 0 and i in (players - 1, players - 2):  # a cycle between the last two players
                other = names[players - 2] if i == players - 1 else names[players - 1]
                data["ballots"].append({"voter": name, "decision": did, "vote": {"endorse": other}})
            elif i < max(2, players // 3):
                data["ballots"].append({"voter": name, "decision": did, "vote": rng.choice(["FOR", "AGAINST", "PRESENT"])})
            elif rng.random() < 0.1:
                data["ballots"].append({"voter": name, "decision": did, "vote": {"endorse": "Nobody"}})
            else:
                data["ballots"].append({"voter": name, "decision": did, "vote": {"endorse": names[rng.randrange(i)]}})
    return data


def timed(players: int, decisions: int, repeat: int) -> tuple[float, str]:
    data = parse_input(generate(players, decisions), "bench")
    times, cpu = [], []
    result = None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = resolve(data, "bench")
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    outcomes = {}
    for d in result.decisions:
        outcomes[d.outcome] = outcomes.get(d.outcome, 0) + 1
    return statistics.median(times), statistics.median(cpu), ", ".join(
        f"{k}: {v}" for k, v in sorted(outcomes.items(), key=str))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    resolve(parse_input(generate(3, 1), "warm-up"), "warm-up")  # load the bundled ruleset once
    seconds, cpu, outcomes = timed(20, 30, args.repeat)
    print(f"target: 20 players, 30 decisions with endorsement chains: {seconds:.3f} s wall, {cpu:.3f} s CPU ({outcomes})")
    print("players (30 decisions):              wall     CPU")
    for p in (10, 20, 40, 80):
        seconds, cpu, _ = timed(p, 30, args.repeat)
        print(f"  {p:4d} players   {p * 30:5d} ballots  {seconds:7.3f} {cpu:7.3f} s")
    print("decisions (20 players):")
    for d in (10, 30, 60, 120):
        seconds, cpu, _ = timed(20, d, args.repeat)
        print(f"  {d:4d} decisions {d * 20:5d} ballots  {seconds:7.3f} {cpu:7.3f} s")


if __name__ == "__main__":
    main()
