"""`diplomacy reachable` on the bundled questions and the real-game positions: answer, how it was
decided, CPU seconds. Each question runs in a fresh process (`adjudicator` CLI, `--json --timings`)
so that one question's grounding does not warm another's; CPU time is the child's (getrusage),
wall time is printed too (the machine is shared: compare paired runs, `--other-cli`).

    .venv/bin/python benchmarks/bench_reachable.py [--timeout 120] [--hard] [--other-cli PATH/TO/OTHER/adjudicator]

`--hard` adds the questions that take tens of seconds (Russia by F1905 from the bundled BT2020
example game; France by F1905 from the game of draw-after-retreat-1904). `--other-cli`: the same
questions with another `adjudicator` (e.g. the code before a change) in alternation.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = [
    ("cases/reachable/france-wins-1905.yaml", "France", "F1905", []),
    ("cases/reachable/germany-cannot-1905.yaml", "Germany", "F1905", []),
    ("cases/reachable/england-convoy-1905.yaml", "England", "F1905", []),
    ("cases/reachable/france-dislodges-1905.yaml", "France", "F1905", []),
    ("cases/reachable/france-wins-1905.yaml", "France", "F1907", ["--draw"]),
    ("cases/reachable/draw-after-retreat-1904.yaml", "Italy", "F1904", ["--draw"]),
    ("cases/reachable/draw-readings-1907.yaml", "France", "F1907", ["--draw"]),
    ("cases/reachable/france-forces-1905.yaml", "France", "F1905", ["--force"]),
    ("cases/reachable/france-dislodges-1905.yaml", "France", "F1905", ["--force"]),
    ("cases/reachable/droidippy-9525-1905.yaml", "Russia", "F1905", []),
    ("cases/reachable/droidippy-9525-1905.yaml", "Russia", "F1905", ["--force"]),
    ("cases/reachable/droidippy-9525-1905.yaml", "France", "F1906", []),
    ("cases/reachable/droidippy-2657-1904.yaml", "Russia", "F1904", []),
]
HARD = [
    ("cases/games/bt2020-example-1901-1903.yaml", "Russia", "F1905", []),
    ("cases/reachable/draw-after-retreat-1904.yaml", "France", "F1905", []),
]


def run(cli: str, question: tuple, timeout: float) -> dict:
    path, power, by, flags = question
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.monotonic()
    done = subprocess.run([cli, "diplomacy", "reachable", path, "--power", power, "--by", by, *flags, "--json",
                           "--timeout", str(timeout)], cwd=ROOT, capture_output=True, text=True)
    wall = time.monotonic() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    try:
        data = json.loads(done.stdout)
        answer, how = data["answer"], data.get("decided_by", "")
    except (json.JSONDecodeError, KeyError):
        answer, how = f"exit {done.returncode}", (done.stderr or done.stdout).strip()[:80]
    return {"answer": answer, "decided_by": how, "cpu": round(cpu, 2), "wall": round(wall, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--cli", help="the adjudicator to measure (default: .venv/bin/adjudicator)")
    parser.add_argument("--other-cli")
    args = parser.parse_args()
    ours = args.cli or str(ROOT / ".venv/bin/adjudicator")
    for question in QUESTIONS + (HARD if args.hard else []):
        path, power, by, flags = question
        name = f"{Path(path).stem} {power} {by} {' '.join(flags)}".strip()
        result = run(ours, question, args.timeout)
        line = f"{name:55s} {result['answer']:8s} cpu {result['cpu']:6.2f} s  wall {result['wall']:6.2f} s  {result['decided_by']}"
        if args.other_cli:
            other = run(args.other_cli, question, args.timeout)
            line += f"\n{'  (other)':55s} {other['answer']:8s} cpu {other['cpu']:6.2f} s  wall {other['wall']:6.2f} s"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
