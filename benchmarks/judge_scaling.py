"""Benchmark: judging a statement on a generated Agora gamestate.

    .venv/bin/python benchmarks/judge_scaling.py            # the table below, and the 10 x 200 target
    .venv/bin/python benchmarks/judge_scaling.py --quick    # fewer sizes
    .venv/bin/python benchmarks/judge_scaling.py --derivations   # the why-tree's cost: CPU with and without
    .venv/bin/python benchmarks/judge_scaling.py --assets   # a quarter of the events are asset transfers; CPU time
    .venv/bin/python benchmarks/judge_scaling.py --paydays  # --assets with a Total Buoyancy: Paydays (R2559) count
    .venv/bin/python benchmarks/judge_scaling.py --notions  # the notions a case uses grounded, or every notion

Each generated case has P players and E events (deregistrations and re-registrations, intents to
Declare Apathy with supports, objections and performances, blot creation, petitions), under the
SLR of 31 Dec 2020, and one statement ("player p1 won the game"); with `--assets`, every player
starts with 20 coins and a quarter of the events are coin transfers by announcement (R2577, some of
more than the owner holds), a fee paid for expunging a blot (R2579) or a set of cards paid
(R2620), and a second statement asks a balance. The time is the judge's whole
run: building facts, grounding, solving, classifying, explaining (median of 3 runs).
The target from issue 5: 10 players, 200 events, one statement, under 1 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import yaml

from adjudicator.agora.judge import judge_file


def generate(players: int, events: int, seed: int = 1, assets: bool = False, paydays: bool = False) -> dict:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(1, players + 1)]
    start = datetime(2020, 10, 5, tzinfo=timezone.utc)
    out = []
    intents: list[tuple[str, str, datetime]] = []
    t = start
    registered = set(names)
    for n in range(events):
        t += timedelta(minutes=rng.randint(30, 400))
        who = rng.choice(names)
        roll = rng.random()
        label = f"e{n}"
        if assets and rng.random() < 0.25:
            out.append(_asset_event(rng, label, t, who, names))
        elif roll < 0.15:
            out.append({"id": label, "at": t.isoformat(), "by": who, "do": "intend", "action": "declare apathy",
                        "method": "without objection", "players": rng.sample(names, 2)})
            intents.append((label, who, t))
        elif roll < 0.35 and intents:
            intent = rng.choice(intents)
            out.append({"id": label, "at": t.isoformat(), "by": who, "do": rng.choice(["support", "object"]),
                        "intent": intent[0]})
        elif roll < 0.45 and intents:
            intent = rng.choice(intents)
            out.append({"id": label, "at": t.isoformat(), "by": intent[1], "do": "perform", "intent": intent[0]})
        elif roll < 0.6:
            kind = "deregister" if who in registered else "register"
            registered.symmetric_difference_update({who})
            out.append({"id": label, "at": t.isoformat(), "by": who, "do": kind})
        elif roll < 0.75:
            out.append({"id": label, "at": t.isoformat(), "by": who, "do": "create-blots", "amount": 1})
        else:
            out.append({"id": label, "at": t.isoformat(), "by": who, "do": "petition", "office": "registrar"})
    case = {
        "title": f"benchmark {players} players, {events} events",
        "gamestate": {"persons": names, "players": names, "offices": {"registrar": names[0], "speaker": names[-1]}},
        "events": out,
        "statements": [{"text": "p1 won the game"}],
    }
    if assets:
        case["gamestate"]["assets"] = {name: {"coins": 20, "victory cards": 2, "blot-b-gones": 1} for name in names}
        case["statements"].append({"text": "p1 owns at least 10 coins"})
    if assets and paydays:  # R2559: a Payday on the 1st of each month the events reach (10 boatloads at 2600: 11 coins)
        case["gamestate"]["total_buoyancy"] = 2600
        case["statements"].append({"text": "p2 owns at least 30 coins"})
    return case


def _asset_event(rng: random.Random, label: str, t: datetime, who: str, names: list[str]) -> dict:
    """A coin transfer (sometimes of more than anyone holds), a fee for expunging a blot, or a set of cards."""
    roll = rng.random()
    if roll < 0.8:
        return {"id": label, "at": t.isoformat(), "by": who, "do": "transfer", "asset": "coins",
                "amount": rng.choice([1, 2, 5, 30]), "to": rng.choice([n for n in names if n != who])}
    if roll < 0.9:
        return {"id": label, "at": t.isoformat(), "by": who, "do": "pay-fee", "asset": "blot-b-gones", "amount": 1,
                "action": f"expunge a blot from {rng.choice(names)}"}
    return {"id": label, "at": t.isoformat(), "by": who, "do": "pay-set", "asset": "victory cards", "amount": 1}


def measure(players: int, events: int, runs: int = 3, assets: bool = False, paydays: bool = False) -> tuple[float, str]:
    """Median wall-clock seconds (CPU seconds with `assets`: the shared machine's neighbours do not count)."""
    clock = time.process_time if assets else time.perf_counter
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.yaml"
        path.write_text(yaml.safe_dump(generate(players, events, assets=assets, paydays=paydays)))
        times, verdict = [], ""
        for _ in range(runs):
            started = clock()
            result = judge_file(path, timeout=120)
            times.append(clock() - started)
            verdict = result.judgements[0].verdict
    return statistics.median(times), verdict


def derivation_cost(sizes=((10, 200), (20, 400)), runs: int = 3) -> None:
    """CPU time of judge_file with and without the why-tree's derivations (encodings/agora/
    derivations.lp, grounded only for `--json --explain`), paired and interleaved: process time,
    so that a shared machine's neighbours do not count."""
    with tempfile.TemporaryDirectory() as tmp:
        for players, events in sizes:
            path = Path(tmp) / f"bench-{players}-{events}.yaml"
            path.write_text(yaml.safe_dump(generate(players, events)))
            times: dict[bool, list[float]] = {True: [], False: []}
            for run in range(runs):
                for derivations in ((True, False) if run % 2 == 0 else (False, True)):
                    started = time.process_time()
                    judge_file(path, timeout=120, derivations=derivations)
                    times[derivations].append(time.process_time() - started)
            with_, without = statistics.median(times[True]), statistics.median(times[False])
            print(f"  players={players:3d} events={events:4d}  derivations {with_:6.3f} s  none {without:6.3f} s  "
                  f"({100 * (with_ / without - 1):+.1f}%, CPU, median of {runs})")


OFFICES = ["prime minister", "registrar", "promotor", "arbitor", "treasuror"]


def offices_case(players: int = 20, events: int = 200, reports: int = 10, seed: int = 1) -> dict:
    """P players, the five OFFICES changing hands (resignations, elections won, deputisations), R
    reports (some wrong, each self-ratifying a week later unless doubted), the rest petitions and
    blots, E events in all, weekly duties judged throughout; statements about holders and reports."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(1, players + 1)]
    t = datetime(2020, 10, 5, tzinfo=timezone.utc)
    holders = {office: names[i + 1] for i, office in enumerate(OFFICES)}
    out: list[dict] = []

    def add(**event) -> None:
        nonlocal t
        t += timedelta(minutes=rng.randint(60, 300))
        out.append({"id": f"e{len(out)}", "at": t.isoformat(), **event})

    for round_ in range(len(OFFICES)):  # each office: resign, election, one candidate, declared winner
        office = OFFICES[round_]
        add(by=holders[office], do="resign", office=office)
        add(by=names[0], do="initiate-election", office=office)
        winner = rng.choice(names[6:])
        add(by=winner, do="become-candidate", office=office)
        t += timedelta(days=4)
        add(by=names[1], do="declare-winner", office=office, to=winner)
        holders[office] = winner
    for n in range(reports):
        claimed = {office: rng.choice([holders[office], rng.choice(names)]) for office in OFFICES}
        add(by=names[0], do="report", office="adop", claims={"officeholder": claimed})
        if n % 3 == 0:
            add(by=rng.choice(names), do="doubt", report=out[-1]["id"])
    while len(out) < events:
        if rng.random() < 0.5:
            add(by=rng.choice(names), do="petition", office=rng.choice(OFFICES))
        else:
            add(by=rng.choice(names), do="create-blots", amount=1)
    return {
        "title": f"benchmark offices: {players} players, {len(out)} events, {reports} reports",
        "gamestate": {"persons": names, "players": names, "offices": {"adop": names[0], **holders},
                      "reports_from": "2020-10-05"},
        "now": (t + timedelta(days=1)).isoformat(),
        "events": out,
        "statements": [{"text": f"{names[7]} is the Prime Minister"}, {"text": "the Registrar is vacant"},
                       {"text": "the report of event e25 self-ratified"}, {"text": f"{names[2]} violated R2143"}],
    }


def offices_cost(runs: int = 3) -> None:
    """CPU time (process time, median of `runs`) of judging the offices case."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "offices.yaml"
        data = offices_case()
        path.write_text(yaml.safe_dump(data))
        times, verdicts = [], []
        for _ in range(runs):
            started = time.process_time()
            verdicts = [j.verdict for j in judge_file(path, timeout=120).judgements]
            times.append(time.process_time() - started)
        print(f"  {data['title']}: {statistics.median(times):6.3f} s CPU (median of {runs}) {verdicts}")


def notions_cost(runs: int = 5) -> None:
    """CPU time (process time, median of `runs`, interleaved) of judging the offices case and the
    issue-5 mix (no notion but the offices'), with the notions each case uses grounded (as the judge
    does) and with every notion part of encodings/agora/main.lp grounded (as before it chose)."""
    import adjudicator.agora.judge as judge_module
    from adjudicator.agora.programs import all_notion_parts, notion_parts
    cases = {"offices case, 20 players x 200 events, 10 reports": offices_case(),
             "generate(10, 200), the issue-5 mix": generate(10, 200),
             "generate(10, 200) without offices": _without_offices(generate(10, 200))}
    with tempfile.TemporaryDirectory() as tmp:
        for title, data in cases.items():
            path = Path(tmp) / "case.yaml"
            path.write_text(yaml.safe_dump(data))
            times: dict[bool, list[float]] = {True: [], False: []}
            for run in range(runs):
                for chosen in ((True, False) if run % 2 == 0 else (False, True)):
                    judge_module.notion_parts = notion_parts if chosen else (lambda programs: all_notion_parts())
                    started = time.process_time()
                    judge_file(path, timeout=120)
                    times[chosen].append(time.process_time() - started)
            judge_module.notion_parts = notion_parts
            chosen, every = statistics.median(times[True]), statistics.median(times[False])
            print(f"  {title}: the notions used {chosen:6.3f} s, every notion {every:6.3f} s "
                  f"({100 * (chosen / every - 1):+.1f}%, CPU, median of {runs})")


def _without_offices(case: dict) -> dict:
    case["gamestate"].pop("offices")
    case["events"] = [e for e in case["events"] if e["do"] != "petition"]
    return case


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--derivations", action="store_true", help="measure the why-tree's derivations only")
    parser.add_argument("--assets", action="store_true", help="a quarter of the events are asset actions (CPU time)")
    parser.add_argument("--offices", action="store_true", help="measure the offices and reports case only")
    parser.add_argument("--paydays", action="store_true", help="with --assets: a Total Buoyancy, so Paydays count")
    parser.add_argument("--notions", action="store_true", help="the notions used grounded, or every notion (CPU)")
    args = parser.parse_args()
    if args.notions:
        print("notions grounded where a case uses them, CPU time:")
        notions_cost()
        return 0
    if args.offices:
        print("offices, elections and reports, CPU time:")
        offices_cost()
        return 0
    if args.derivations:
        print("derivations (the why-tree), CPU time:")
        derivation_cost()
        return 0
    event_sizes = [50, 100, 200] if args.quick else [50, 100, 200, 400, 800]
    player_sizes = [5, 10, 20] if args.quick else [5, 10, 20, 40]
    assets, paydays = args.assets or args.paydays, args.paydays
    print("events growth (10 players)" + (", with asset actions, CPU:" if assets else ":"))
    for e in event_sizes:
        seconds, verdict = measure(10, e, assets=assets, paydays=paydays)
        print(f"  players=10 events={e:4d}  {seconds:6.3f} s  ({verdict})")
    print("players growth (200 events):")
    for p in player_sizes:
        seconds, verdict = measure(p, 200, assets=assets, paydays=paydays)
        print(f"  players={p:3d} events= 200  {seconds:6.3f} s  ({verdict})")
    target, _ = measure(10, 200, assets=assets, paydays=paydays)
    print(f"target: 10 players, 200 events{', asset actions among them' if assets else ', one statement'}: "
          f"{target:.3f} s ({'under' if target < 1 else 'OVER'} 1 s)")
    return 0 if target < 1 else 1


if __name__ == "__main__":
    sys.exit(main())
