#!/usr/bin/env python3
"""Snapshot every CLI output of the bundled cases, to prove a refactoring changed none of them.

    .venv/bin/python tools/snapshot_outputs.py OUT_DIR [--only AREA ...] [--jobs N]
    .venv/bin/python tools/snapshot_outputs.py OUT_DIR --only judge --in-process [--match TEXT]
    diff -r BEFORE_DIR AFTER_DIR

Each command's stdout, stderr (first line) and exit status go to one file named after the
command. Areas: datc, diplomacy, judge, resolve, assessor, ossification, hng, blognomic, ruleset.
`assessor` runs the 1,073 real referenda of ../shared (skipped without it).
`--in-process` runs each command through `adjudicator.cli.main` in this process (no interpreter
start per command: several times faster, the same outputs); `--match` keeps the commands whose
words contain TEXT.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLI = str(ROOT / ".venv" / "bin" / "adjudicator")
SHARED = ROOT.parent / "shared"


def _cases(folder: str, pattern: str = "*.yaml") -> list[str]:
    return [str(p.relative_to(ROOT)) for p in sorted((ROOT / folder).glob(pattern))]


def _datc() -> list[list[str]]:
    return [["diplomacy", "adjudicate", case, *flags]
            for case in _cases("cases/datc") for flags in ([], ["--json"])]


def _diplomacy() -> list[list[str]]:
    runs = []
    for case in _cases("cases/examples") + _cases("cases/bt15"):
        runs += [["diplomacy", "adjudicate", case, *flags]
                 for flags in ([], ["--json"], ["--explain"])]
    runs.append(["diplomacy", "adjudicate", "cases/examples/start-1901.yaml",
                 "--orders", "cases/examples/judge-orders.txt"])
    runs += [["diplomacy", "orders", "cases/examples/start-1901.yaml", *flags] for flags in ([], ["--json"])]
    games = _cases("cases/games") + _cases("cases/games/saved", "*.json") + _cases("cases/games/droidippy", "*.txt")
    runs += [["diplomacy", "play", game, *flags] for game in games for flags in ([], ["--json"])]
    runs.append(["diplomacy", "variants"])
    for case in _cases("cases/reachable"):
        power = re.match(r"([a-z]+)-", Path(case).name)
        who = {"droidippy": "Russia"}.get(power.group(1), power.group(1)) if power else "France"
        flags = ["--force"] if "forces" in case else []
        runs.append(["diplomacy", "reachable", case, "--power", who, "--by", "F1905", *flags])
    return runs


def _judge() -> list[list[str]]:
    cases = (_cases("cases/cfj") + _cases("cases/agora/judge") + _cases("cases/blognomic/judge")
             + ["cases/rulesets/secured/agora-secured-judge.yaml"])
    flag_sets = ([], ["--json"], ["--explain"], ["--draft"], ["--json", "--explain"])
    return [["judge", case, *flags] for case in cases for flags in flag_sets]


def _resolve() -> list[list[str]]:
    return [["agora", "resolve", case, *flags]
            for case in _cases("cases/agora") + _cases("cases/agora/assessor")
            for flags in ([], ["--json"], ["--explain"])]


def _assessor() -> list[list[str]]:
    folder = SHARED / "reference" / "agora-assessor"
    if not folder.is_dir():
        return []
    files = sorted(folder.glob("*.yaml"))  # the .expect.json beside each are not inputs
    return [["agora", "resolve", str(p), "--json"] for p in files]


def _ossification() -> list[list[str]]:
    runs = [["agora", "ossification", "--min-players"], ["agora", "ossification", "--json"]]
    runs += [["agora", "ossification", case, "--json"] for case in _cases("cases/ossification")]
    for proposal in _cases("cases/ossification", "*.txt"):
        runs += [["agora", "ossification", "--after", proposal, "--json"],
                 ["agora", "ossification", "--suppose", proposal]]
    return runs


def _hng() -> list[list[str]]:
    runs = [["hng", "adjudicate", case, *flags]
            for case in _cases("cases/hng") + _cases("cases/hng/bad") for flags in ([], ["--json"])]
    runs.append(["hng", "adjudicate", "cases/hng/designer-calendar.yaml", "--reading", "cycle-start=after-game-night"])
    runs += [["hng", "reachable", "cases/hng/in-progress.yaml", "--party", "dave", "--alone"],
             ["hng", "reachable", "cases/hng/final-week.yaml", "--party", "dave"]]
    return runs


def _blognomic() -> list[list[str]]:
    runs = [["blognomic", "matters", case, *flags]
            for case in _cases("cases/blognomic/matters") for flags in ([], ["--json"])]
    runs += [["blognomic", "watch", case, case, *flags]
             for case in _cases("cases/blognomic/watch") if "example-" not in case
             for flags in ([], ["--json"])]
    runs.append(["blognomic", "watch", "cases/blognomic/watch/example-chart.yaml",
                 "cases/blognomic/watch/example-orders.yaml", "--json"])
    runs += [["blognomic", "game", case, *flags]
             for case in _cases("cases/blognomic/games") for flags in ([], ["--json"])]
    for case in _cases("cases/blognomic/reachable"):
        runs += [["blognomic", "reachable", case, "--captain", "ubq323", *flags] for flags in ([], ["--json"])]
    return runs


def _ruleset() -> list[list[str]]:
    runs = [["ruleset", "show", name, "--json"] for name in
            ("agora-slr-2020-12-31", "bt-2020", "bt-2024-hng", "diplonomic-2020", "blognomic-2019-09-06")]
    runs += [["ruleset", "show", "agora-slr-2020-12-31", "--rule", "105"],
             ["ruleset", "amend", "agora-slr-2020-12-31", "cases/rulesets/agora-every-change.txt", "--json", "--readings"],
             ["ruleset", "audit", "cases/rulesets/diplonomic-2020-before.txt", "diplonomic-2020", "diplonomic-2020"],
             ["ruleset", "show", "cases/rulesets/agora-yaml-sample", "--as-of", "2019-08-01", "--rule", "2595"],
             ["ruleset", "amend", "cases/rulesets/secured/agora-secured.txt",
              "cases/rulesets/secured/agora-secured-low-power.txt", "--report-only"]]
    for proposal in _cases("cases/cfj/rulesets", "*"):
        runs.append(["ruleset", "amend", "agora-slr-2020-12-31", proposal, "--json"])
    return runs


AREAS = {"datc": _datc, "diplomacy": _diplomacy, "judge": _judge, "resolve": _resolve,
         "assessor": _assessor, "ossification": _ossification, "hng": _hng,
         "blognomic": _blognomic, "ruleset": _ruleset}


def _file_name(args: list[str]) -> str:
    text = "_".join(a.replace("cases/", "").replace(str(SHARED), "shared") for a in args)
    return re.sub(r"[^A-Za-z0-9._=-]+", "_", text)[:200] + ".out"


def _run(args: list[str], out: Path) -> None:
    done = subprocess.run([CLI, *args], cwd=ROOT, capture_output=True, text=True, timeout=600)
    (out / _file_name(args)).write_text(
        f"$ adjudicator {' '.join(args)}\nexit {done.returncode}\n--- stdout\n{done.stdout}"
        f"--- stderr\n{done.stderr}")


def _run_in_process(args: list[str], out: Path) -> None:
    from adjudicator.cli import main as cli_main

    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.chdir(ROOT), contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            status = cli_main(list(args), bounded=False)
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1
    (out / _file_name(args)).write_text(
        f"$ adjudicator {' '.join(args)}\nexit {status}\n--- stdout\n{stdout.getvalue()}"
        f"--- stderr\n{stderr.getvalue()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--only", nargs="*", choices=sorted(AREAS), default=None)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--in-process", action="store_true")
    parser.add_argument("--match", default=None)
    options = parser.parse_args()
    runs = [args for area in (options.only or AREAS) for args in AREAS[area]()
            if options.match is None or options.match in " ".join(args)]
    options.out.mkdir(parents=True, exist_ok=True)
    if options.in_process:
        for args in runs:
            _run_in_process(args, options.out)
        print(f"{len(runs)} outputs in {options.out}", file=sys.stderr)
        return 0
    with ThreadPoolExecutor(options.jobs) as pool:
        list(pool.map(lambda args: _run(args, options.out), runs))
    print(f"{len(runs)} outputs in {options.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
