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


def generate_lifecycle(players: int, proposals: int, seed: int = 1) -> dict:
    """The proposal lifecycle as timed events: each proposal created, pended (Pendant, or without
    objection), distributed by the Promotor, voted on by every player and resolved, one every few hours."""
    import datetime as dt

    rng = random.Random(seed)
    names = [f"P{i:03d}" for i in range(players)]
    start = dt.datetime(2021, 1, 4)
    data = {"players": names, "offices": {"Promotor": names[0], "Assessor": names[1]},
            "gamestate": {"pendants": {n: proposals for n in names}}, "last_referendum_voters": players, "events": []}
    ev = data["events"]
    for k in range(proposals):
        t = start + dt.timedelta(hours=4 * k)
        name = f"Proposal {k}"
        ev.append({"event": "create-proposal", "at": t.isoformat(), "by": rng.choice(names), "proposal": name,
                   "text": f"{names[0]} earns a coin.", "adoption_index": rng.choice([1.0, 2.0, 3.0])})
        ev.append({"event": "pend", "at": (t + dt.timedelta(minutes=1)).isoformat(), "by": rng.choice(names),
                   "proposal": name, "method": "pendant"})
    for k in range(proposals):
        t = start + dt.timedelta(days=5, hours=4 * k)
        ev.append({"event": "distribute", "at": t.isoformat(), "by": names[0], "proposal": f"Proposal {k}", "id": 9000 + k})
    for k in range(proposals):
        t = start + dt.timedelta(days=6, hours=4 * k)
        for n in names:
            ev.append({"event": "vote", "at": t.isoformat(), "by": n, "decision": 9000 + k,
                       "vote": rng.choice(["FOR", "AGAINST", "PRESENT"])})
    for k in range(proposals):
        t = start + dt.timedelta(days=20, hours=4 * k)
        ev.append({"event": "resolve", "at": t.isoformat(), "by": names[1], "decision": 9000 + k})
    ev.sort(key=lambda e: e["at"])  # in the order they happened (stable: a proposal's steps keep theirs)
    return data


def timed(players: int, decisions: int, repeat: int, lifecycle: bool = False) -> tuple[float, str]:
    data = parse_input((generate_lifecycle if lifecycle else generate)(players, decisions), "bench")
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
    print("proposal lifecycle as timed events (20 players; each proposal: create, pend, distribute, 20 votes, resolve):")
    for k in (10, 30, 60):
        seconds, cpu, outcomes = timed(20, k, args.repeat, lifecycle=True)
        print(f"  {k:4d} proposals {k * 24:5d} events   {seconds:7.3f} {cpu:7.3f} s  ({outcomes})")


if __name__ == "__main__":
    main()
