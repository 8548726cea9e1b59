"""Fuzz every command with generated hostile and careless inputs (issue 15).

    .venv/bin/python benchmarks/fuzz.py [--inputs 3000] [--seed 15] [--timeout 2] [--memory-mb 2048]
                                        [--keep DIR] [--json]

Inputs are mutations of the bundled cases of every command (wrong types, huge and boundary
numbers, impossible dates, control characters, deep nesting, YAML alias bombs, binary,
truncation, unknown keys, numbers and dates rewritten in the text), special files (FIFOs,
devices, folders, standard input), bad option values (`--timeout nan`, `--players 0`, `--at
2020-02-30`, unknown options, output paths that are folders or devices), and raw ASP that tries
to read a canary file (`#include`, directives, namespaced statements). Commands are drawn in
turn, so each gets about the same number of inputs. Each input runs the real command line
(`adjudicator.cli.main(..., bounded=True)`: the worker with the memory limit and the budget
kill the CLI uses) in a forked child of this process, which has imported every module once.

Each input is counted as:

- traceback: "Traceback" on stderr, or an exit status other than 0, 1, 2, 3;
- hang: still running at 2x the budget + 1 s of wall time (killed), and again when re-run alone
  (see below);
- memory: peak RSS above the limit, or the command killed by a signal it did not report;
- budget overrun: ended later than 2x the budget in wall time, and on the re-run alone used more
  than 2x the budget of CPU time;
- escape: the canary file was read (its access time moved: the canary's atime is set before
  the epoch of its mtime, so any read updates it under relatime) or its secret was printed, or
  raw ASP with `#include` was not refused;
- bad refusal: exit 2 whose stderr is not exactly one line `error: ...` of at most 1,100
  characters naming the input (a file name, option or value of the command line), or exit 3
  whose stderr is not exactly one line `unknown within budget: ...` (or `unknown: ...`, an answer the
  model cannot give, e.g. a proposal clause `agora ossification` does not understand).

Hangs and overruns on a loaded machine: the tool's budget is wall-clock and the machine is
shared, so a wall-time flag in the first pass is only a suspect. After the pass every suspect is
re-run alone (one at a time, nothing else of this script running), with a generous wall limit
(max(60 s, 10x the budget)); it counts as a hang only if it is still running then, and as an
overrun only if its CPU time (user + system of the whole process tree, from wait4) is above 2x
the budget. The tool's own report (exit 3 `unknown within budget: ...`) is printed beside it.
Commands without `--timeout` (`ruleset *`, `diplomacy variants`) are judged against a nominal
budget of 10 s (the CLI's own hard limit for them is 120 s).

Every finding is printed as it happens (input number, problem, cause: exception type and the
deepest frame in `adjudicator/`, or the stage named in the budget report), then grouped by cause
at the end; the inputs of findings are copied to `--keep` (default: a fresh folder in /tmp) with
a `findings.json` giving each command line, so each can be re-run by hand.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import json
import os
import pkgutil
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
CANARY_SECRET = "canary_7f3a9"
FILE = "{file}"  # the place of the mutated file in a seed's command line
NOMINAL_BUDGET = 10.0  # seconds, for commands without --timeout

# `serve` runs until interrupted; each of its requests runs one of the commands fuzzed here (tests/web
# test its own refusals).
NOT_FUZZED = {"serve"}

# the seeds: (command, arguments with FILE where the mutated file goes, the bundled file mutated)
SEEDS = [
    ("judge", [FILE], "cases/cfj/statement-language-tour.yaml"),
    ("judge", [FILE], "cases/cfj/apathy-impure-winner.yaml"),
    ("judge", [FILE], "cases/cfj/gamestate-paradox.yaml"),
    ("judge", [FILE], "cases/cfj/instrument-takes-effect.yaml"),
    ("judge", [FILE], "cases/cfj/r2162-switch-fallback.yaml"),
    ("judge", [FILE], "cases/agora/judge/referendum-statements.yaml"),
    ("judge", [FILE], "cases/blognomic/judge/armistice-enacted.yaml"),
    ("hng adjudicate", [FILE], "cases/hng/whole-game.yaml"),
    ("hng adjudicate", [FILE], "cases/hng/ambiguous-reveal-cap.yaml"),
    ("hng reachable", [FILE, "--party", "dave"], "cases/hng/final-week.yaml"),
    ("hng reachable", [FILE, "--party", "alice", "--alone"], "cases/hng/in-progress.yaml"),
    ("diplomacy adjudicate", [FILE], "cases/examples/contested-turn.yaml"),
    ("diplomacy adjudicate", [FILE], "cases/examples/convoy-paradox.yaml"),
    ("diplomacy adjudicate", [FILE], "cases/datc/6.C.01.yaml"),
    ("diplomacy adjudicate", [FILE], "cases/examples/two-turns.json"),
    ("diplomacy orders", [FILE], "cases/examples/start-1901.yaml"),
    ("diplomacy orders", [FILE], "cases/examples/contested-turn.yaml"),
    ("diplomacy play", [FILE], "cases/games/bt2020-example-1901-1903.yaml"),
    ("diplomacy play", [FILE], "cases/games/saved/random-1901-1904.json"),
    ("diplomacy play", [FILE], "cases/games/droidippy/game_10029.txt"),
    ("diplomacy variants", [], None),
    ("diplomacy reachable", [FILE, "--power", "Germany", "--by", "F1905"], "cases/reachable/germany-cannot-1905.yaml"),
    ("diplomacy reachable", [FILE, "--power", "France", "--by", "F1905"], "cases/reachable/france-wins-1905.yaml"),
    ("ruleset show", [FILE], "cases/rulesets/diplonomic-2020-before.txt"),
    ("ruleset amend", ["agora-slr-2020-12-31", FILE], "cases/rulesets/agora-every-change.txt"),
    ("ruleset amend", [FILE, "cases/rulesets/agora-every-change.txt"], "cases/rulesets/diplonomic-2020-before.txt"),
    ("ruleset audit", [FILE, "diplonomic-2020", "diplonomic-2020"], "cases/rulesets/diplonomic-2020-before.txt"),
    ("ruleset coverage", [FILE], "cases/rulesets/diplonomic-2020-before.txt"),
    ("ruleset coverage", [FILE, "--json"], "cases/rulesets/agora-every-change.txt"),
    ("agora resolve", [FILE], "cases/agora/adoption.yaml"),
    ("agora resolve", [FILE], "cases/agora/endorsement-cycle.yaml"),
    ("agora resolve", [FILE], "cases/agora/assessor/8287-8307.yaml"),
    ("agora ossification", [FILE], "cases/ossification/cfj-3765-two-proposals.yaml"),
    ("agora ossification", [FILE], "cases/ossification/repeal-r106.yaml"),
    ("agora ossification", ["--suppose", FILE], "cases/ossification/repeal-r106.txt"),
    ("agora ossification", ["--after", FILE, "--json"], "cases/ossification/voting-period-60-days.txt"),
    ("blognomic matters", [FILE], "cases/blognomic/matters/example.yaml"),
    ("blognomic matters", [FILE], "cases/blognomic/matters/dormant.yaml"),
    ("blognomic watch", [FILE, "cases/blognomic/watch/example-orders.yaml"], "cases/blognomic/watch/example-chart.yaml"),
    ("blognomic watch", ["cases/blognomic/watch/example-chart.yaml", FILE], "cases/blognomic/watch/example-orders.yaml"),
    ("blognomic watch", [FILE, FILE], "cases/blognomic/watch/collision.yaml"),
    ("blognomic game", [FILE], "cases/blognomic/games/armistice-victory.yaml"),
    ("blognomic game", [FILE], "cases/blognomic/games/armistice-tie.yaml"),
    ("blognomic reachable", [FILE, "--captain", "ubq323"], "cases/blognomic/reachable/hopeless.yaml"),
    ("blognomic reachable", [FILE, "--captain", "ubq323"], "cases/blognomic/reachable/one-shot-from-victory.yaml"),
]

HOSTILE_VALUES = [
    None, True, 0, -1, 2**31, 2**63, "9" * 5000, -(2**31) - 1, 1.5, float("nan"), float("inf"),
    "", " ", "\x00", "\x1b[31m", "a" * 100_000, "2020-02-30", "2020-13-01", "0001-01-01T00:00:00+05:00",
    "9999-12-31T23:59:59Z", "not a date", "pot", "'; DROP", '" . p("', "holds(s(2)).", "#include \"x\".",
    [], {}, [[[[[]]]]], {"a": {"b": {"c": {}}}}, ["x"] * 1000, {"grant blots": 5}, {"enact": {"foo": 1}},
    "ÿ\u202e\ufeff", "-", "/dev/zero", "../../etc/passwd", "not " * 1500 + "alice is a player",
    "{canary}", "{fifo}",
]
RAW_ASP = [
    '#include "{canary}".', '#include "/dev/stdin".', "holds :- canary_{secret}. #include \"{canary}\".",
    "#program x. holds.", "holds(s(1)).", "holds :- p. \x00 p.", "#show. holds.", "#external holds.",
    "#script (python) import os #end. holds.", "holds :- @f(1) = 1.", "p(1..400). q(X,Y,Z) :- p(X), p(Y), p(Z). holds :- q(1,1,1).",
    "holds :- #count{X : p(X)} > 2.", ":- player(alice, T).", "{holds}.", "holds :- &diff{x} <= 1.",
]
HOSTILE_NUMBERS = ["0", "-1", "2147483648", "-2147483649", "9" * 5000, "1e999", "NaN", "99999999999999999999"]
HOSTILE_DATES = ["2020-02-30", "2020-13-01", "0000-01-01", "9999-12-31", "2020-00-10"]
# option values per option name; "{dir}", "{fifo}", "{missing}" are filled in per run
OPTION_VALUES = {
    "--timeout": ["nan", "inf", "-1", "0", "1e999", "abc", "-0", "86401", "1e-300"],
    "--players": ["0", "-1", "10001", "abc", "1e3", "10000"],
    "--last-voters": ["-1", "10001", "x"],
    "--registrable": ["101", "-1"],
    "--steps": ["0", "5", "4"],
    "--power": ["nan", "0", "5", "abc", "1e308", "-1", "3"],
    "--reading": ["x", "=", "a=b", "hiatus-proposals=open", "x=" + "y" * 5000, "\x00=1"],
    "--at": ["2020-02-30", "nan", "9999-12-31T23:59:59+14:00", "0001-01-01T00:00:00+05:00", "tomorrow", ""],
    "--captain": ["", "nobody", "\x1b[31m", "ubq323"],
    "--party": ["", "nobody", "dave", "9" * 5000],
    "--secret": ["abc", "alice=5", "alice=" + "9" * 5000, "alice=-1", "=", "nobody=3"],
    "--joiners": ["0", "-1", "1000000000", "100", "2147483648"],
    "--as-of": ["2020-02-30", "1000-01-01", "abc", "9999-12-31"],
    "--rule": ["0", "-1", "99999999999999999999", "abc", "1698"],
    "--svg": ["{dir}", "{missing_dir}/x.svg", "/dev/full", "{out}"],
    "--next": ["{dir}", "{missing_dir}/x.yaml", "/dev/full", "{out}"],
    "--export": ["{dir}", "{missing_dir}/x.json", "/dev/full", "{out}"],
    "--orders": ["{fifo}", "/dev/zero", "{missing}", "{dir}", "cases/examples/judge-orders.txt"],
    "--after": ["{fifo}", "/dev/urandom", "{missing}", "{dir}"],
    "--suppose": ["{fifo}", "/dev/urandom", "{missing}", "{dir}"],
    "--win": ["", "nobody", "\x00", "9" * 5000],
    "--within": ["0", "-1", "3651", "abc", "3650"],
    "--compare": ["bogus"],
    "--title-mismatch": ["bogus"],
    "--quotation": ["bogus"],
}
GENERIC_OPTIONS = [["--no-such-option"], ["extra-argument"], ["--json"], ["--explain"], ["--timings"]]
PROBLEMS = ("traceback", "hang", "memory", "budget_overrun", "escape", "bad_refusal")


def leaves(data, path=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from leaves(value, path + (index,))
    yield path


def _get(data, path):
    for step in path:
        data = data[step]
    return data


def set_at(data, path, value):
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def delete_at(data, path):
    if path:
        del _get(data, path[:-1])[path[-1]]
    return data


def dump(data, as_json: bool) -> str:
    try:
        if as_json:
            return json.dumps(data, default=str)
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    except Exception:  # noqa: BLE001 - a value the writer cannot write: write its repr
        return repr(data)


def fill(value, places: dict):
    if isinstance(value, str):
        for key, text in places.items():
            value = value.replace("{" + key + "}", text)
    return value


def mutate_structure(rng: random.Random, data, places: dict, as_json: bool) -> tuple[str, str]:
    data = copy.deepcopy(data)
    paths = list(leaves(data))
    kind = rng.choice(["replace", "replace", "replace", "delete", "unknown_key", "grow"])
    if isinstance(data, dict) and "statements" in data and rng.random() < 0.4:  # raw ASP: judge cases
        kind = "raw_asp"
    path = rng.choice(paths)
    try:
        if kind == "replace":
            data = set_at(data, path, fill(copy.deepcopy(rng.choice(HOSTILE_VALUES)), places))
        elif kind == "delete" and path:
            data = delete_at(data, path)
        elif kind == "unknown_key" and isinstance(data, dict):
            data[rng.choice(["zzz", "1", "events", "now", "ruleset"])] = fill(rng.choice(HOSTILE_VALUES), places)
        elif kind == "grow":
            lists = [p for p in paths if isinstance(_get(data, p), list)]
            if lists:
                items = _get(data, rng.choice(lists))
                items.extend(copy.deepcopy(items) * rng.choice([2, 10, 100]))
        elif kind == "raw_asp" and isinstance(data, dict):
            asp = rng.choice(RAW_ASP).format(canary=places["canary"], secret=CANARY_SECRET)
            if rng.random() < 0.5 or "clauses" not in str(data):
                data.setdefault("statements", []).append({"asp": asp})
            else:  # into a clause's text where the case has rules with clauses
                for path in paths:
                    if path and path[-1] == "asp":
                        set_at(data, path, asp)
                        break
                else:
                    data.setdefault("statements", []).append({"asp": asp})
            return dump(data, as_json), "raw_asp_read" if "include" in asp else "raw_asp"
    except (KeyError, IndexError, TypeError):
        pass
    return dump(data, as_json), kind


def mutate_text(rng: random.Random, text: str) -> tuple[bytes, str]:
    kind = rng.choice(["truncate", "flip", "nul", "alias_bomb", "deep", "binary", "bom", "control", "huge_line",
                       "dup_key", "numbers", "numbers", "dates", "repeat"])
    data = text.encode("utf-8")
    if kind == "truncate":
        data = data[: rng.randrange(len(data) + 1)]
    elif kind == "flip":
        buffer = bytearray(data)
        for _ in range(rng.randint(1, 10)):
            if buffer:
                buffer[rng.randrange(len(buffer))] = rng.randrange(256)
        data = bytes(buffer)
    elif kind == "nul":
        cut = rng.randrange(len(data) + 1)
        data = data[:cut] + b"\x00" + data[cut:]
    elif kind == "alias_bomb":
        lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]']
        for n in range(1, 12):
            lines.append(f"{chr(97 + n)}: &{chr(97 + n)} [" + ",".join([f"*{chr(96 + n)}"] * 10) + "]")
        data = ("\n".join(lines) + "\n" + text + "\nnow: *l\nas_of: *l\n").encode()
    elif kind == "deep":
        depth = rng.choice([100, 1000, 50_000])
        data = ("x: " + "[" * depth + "]" * depth + "\n").encode() + data
    elif kind == "binary":
        data = bytes(rng.randrange(256) for _ in range(rng.choice([10, 1000])))
    elif kind == "bom":
        data = b"\xef\xbb\xbf" + data
    elif kind == "control":
        data = data.replace(b" ", b"\x1b", rng.randint(1, 5))
    elif kind == "huge_line":
        data = data + b"\n# " + b"z" * 5_000_000
    elif kind == "dup_key":
        data = data + b"\n" + data
    elif kind == "numbers":  # some numbers of the text rewritten: boundaries, huge, not numbers
        matches = list(re.finditer(r"\d+", text))
        for match in sorted(rng.sample(matches, min(len(matches), rng.randint(1, 3))), key=lambda m: -m.start()):
            text = text[: match.start()] + rng.choice(HOSTILE_NUMBERS) + text[match.end():]
        data = text.encode("utf-8")
    elif kind == "dates":
        data = re.sub(r"\d{4}-\d{2}-\d{2}", lambda m: rng.choice(HOSTILE_DATES) if rng.random() < 0.5 else m.group(0),
                      text).encode("utf-8")
    elif kind == "repeat":  # many lines: the text's middle repeated
        lines = text.splitlines(keepends=True)
        if lines:
            start = rng.randrange(len(lines))
            chunk = lines[start:start + rng.randint(1, 20)]
            lines[start:start] = chunk * rng.choice([10, 100, 1000])
        data = "".join(lines).encode("utf-8")
    return data, f"text_{kind}"


def command_options() -> dict[str, list[str]]:
    """Each command's option names, from the CLI itself (so new options get fuzzed too)."""
    import click
    from adjudicator.cli import cli

    context = click.Context(cli)
    found: dict[str, list[str]] = {}

    def walk(command, path):
        if isinstance(command, click.Group):
            for name in command.list_commands(context):
                walk(command.get_command(context, name), [*path, name])
        else:
            found[" ".join(path)] = [opt for p in command.params if isinstance(p, click.Option) for opt in p.opts]

    walk(cli, [])
    return found


def generate(count: int, seed: int, workdir: Path, places: dict, options: dict[str, list[str]]) -> list[dict]:
    """`count` inputs: each {"command", "argv", "kind", "reads_file", "stdin", "files"}."""
    rng = random.Random(seed)
    specials = [places["fifo"], "/dev/zero", "/dev/urandom", "/dev/null", places["dir"], places["missing"]]
    missing_commands = sorted(set(options) - NOT_FUZZED - {command for command, _, _ in SEEDS})
    if missing_commands:
        raise SystemExit(f"fuzz.py: no seed for {', '.join(missing_commands)}: add one to SEEDS")
    by_command = defaultdict(list)
    for seed_entry in SEEDS:
        by_command[seed_entry[0]].append(seed_entry)
    commands = sorted(by_command)
    parsed = {}
    for _, _, name in SEEDS:
        if name is None or name in parsed:
            continue
        text = (ROOT / name).read_text(encoding="utf-8")
        try:
            parsed[name] = yaml.safe_load(text) if name.endswith((".yaml", ".json")) else None
        except yaml.YAMLError:
            parsed[name] = None
    inputs = []
    for index in range(count):
        command, template, name = rng.choice(by_command[commands[index % len(commands)]])
        target = workdir / f"input{index}{Path(name).suffix if name else '.txt'}"
        roll = rng.random() if name else 0.6
        reads_file, stdin, extra, kind = False, None, [], ""
        argv_file = str(target)
        if roll < 0.05:
            argv_file, kind = rng.choice(specials), "special_file"
        elif roll < 0.5 and name and parsed[name] is not None:
            body, kind = mutate_structure(rng, parsed[name], places, name.endswith(".json"))
            reads_file = kind == "raw_asp_read"
            target.write_text(body, encoding="utf-8")
        elif roll < 0.7:  # the bundled file unchanged, an option mutated
            if name:
                shutil.copyfile(ROOT / name, target)
            usable = [o for o in options[command] if o in OPTION_VALUES]
            if usable and rng.random() < 0.8:
                option = rng.choice(usable)
                extra = [option, fill(rng.choice(OPTION_VALUES[option]), places)]
                kind = f"option{option}"
            else:
                extra = list(rng.choice(GENERIC_OPTIONS))
                kind = "option_generic"
        else:
            body_bytes, kind = mutate_text(rng, (ROOT / name).read_text(encoding="utf-8"))
            target.write_bytes(body_bytes)
        if name and argv_file == str(target) and rng.random() < 0.05:  # the same input through standard input
            stdin, argv_file = str(target), "-"
        argv = [*command.split(), *[argv_file if part == FILE else part for part in template], *extra]
        if command == "blognomic watch" and template.count(FILE) == 2 and argv_file == "-":
            argv[argv.index("-", 3)] = str(target)  # standard input can be read once
        inputs.append({"command": command, "argv": argv, "kind": kind, "reads_file": reads_file, "stdin": stdin,
                       "files": [str(target)] if target.exists() else []})
    return inputs


def run_one(argv: list[str], stdin: str | None, wall_limit: float, memory: int, out: Path, err: Path) -> dict:
    """Run one command line as the CLI does, in a forked child; its status, wall and CPU time,
    peak memory (the whole process tree, from wait4) and output."""
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        code = 70
        try:
            os.setpgid(0, 0)
            with open(out, "w") as stdout, open(err, "w") as stderr, open(stdin or os.devnull, "rb") as source:
                os.dup2(stdout.fileno(), 1)
                os.dup2(stderr.fileno(), 2)
                os.dup2(source.fileno(), 0)
            sys.stdin = open(0, "r", closefd=False)
            sys.stdout = open(1, "w", closefd=False)
            sys.stderr = open(2, "w", closefd=False)
            # a safety net above the CLI's own limit (which the worker it forks sets to `memory`)
            resource.setrlimit(resource.RLIMIT_AS, (memory + 512 * 2**20, memory + 512 * 2**20))
            from adjudicator.cli import main

            code = main(argv, bounded=True)
        except BaseException:  # noqa: BLE001
            import traceback

            traceback.print_exc()
            code = 70
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code if isinstance(code, int) and 0 <= code < 256 else 70)
    limit = started + wall_limit
    hung = False
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > limit:
            hung = True
            for child in [*descendants(pid), pid]:  # the CLI's worker has its own process group
                try:
                    os.kill(child, signal.SIGKILL)
                except OSError:
                    pass
            _, status, usage = os.wait4(pid, 0)
            break
        time.sleep(0.005)
    seconds = time.monotonic() - started
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
    return {"code": code, "seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime, "hung": hung,
            "peak_mb": usage.ru_maxrss / 1024,
            "stdout": out.read_text(errors="replace")[:200_000], "stderr": err.read_text(errors="replace")[:20_000]}


def descendants(pid: int) -> list[int]:
    """The processes below `pid` (from /proc), deepest last."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    found, frontier = [], [pid]
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found.extend(children)
        frontier = children
    return found


def traceback_cause(stderr: str) -> str:
    """'ExceptionType at adjudicator/x.py:N in f' for the last traceback on stderr."""
    text = stderr[stderr.rfind("Traceback (most recent call last):"):]
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', text)
    ours = [f for f in frames if "/adjudicator/" in f[0]] or frames
    where = ""
    if ours:
        path, line, function = ours[-1]
        path = path[path.rfind("/adjudicator/") + 1:] if "/adjudicator/" in path else path
        where = f" at {path}:{line} in {function}"
    last = [line for line in text.splitlines() if line and not line.startswith(" ")]
    exception = last[-1].split(":")[0] if last else "?"
    return f"{exception}{where}"


def names_input(line: str, argv: list[str], command: str) -> bool:
    """Whether a refusal names something of the command line: a file, an option or a value."""
    words = argv[len(command.split()):]
    for word in words:
        for candidate in (word, Path(word).name, Path(word).stem, word.lstrip("-"), repr(word)[1:-1]):
            if len(candidate) >= 2 and candidate in line:
                return True
        if word == "-" and ("standard input" in line or "'-'" in line or line.startswith("error: -:")):
            return True
    return bool(re.search(r"\b(option|argument)\b", line))


def classify(item: dict, result: dict, budget: float, memory_mb: float, canary_read: bool) -> list[tuple[str, str]]:
    """(problem, cause) pairs; hangs and overruns here are suspects, re-run before counting."""
    found = []
    stderr = result["stderr"]
    if "Traceback" in stderr:
        found.append(("traceback", traceback_cause(stderr)))
    elif result["code"] not in (0, 1, 2, 3) and result["code"] >= 0:
        found.append(("traceback", f"exit status {result['code']}: {stderr.strip()[-200:]}"))
    if result["hung"]:
        found.append(("hang", "wall time past 2x the budget + 1 s"))
    if result["peak_mb"] > memory_mb or (result["code"] < 0 and not result["hung"]):
        found.append(("memory", f"peak {result['peak_mb']:.0f} MB, exit {result['code']}"))
    if not result["hung"] and result["seconds"] > 2 * budget:
        found.append(("budget_overrun", f"{result['seconds']:.1f} s wall for a {budget:g} s budget"))
    secret = CANARY_SECRET in result["stdout"] or CANARY_SECRET in stderr
    if canary_read or secret or (item["reads_file"] and result["code"] != 2):
        how = "canary file read" if canary_read else "canary printed" if secret else "#include not refused"
        found.append(("escape", f"{how} (exit {result['code']})"))
    if result["code"] == 2:
        lines = stderr.strip().splitlines()
        if len(lines) != 1 or not lines[0].startswith("error: ") or len(lines[0]) > 1100:
            found.append(("bad_refusal", f"{len(lines)} lines: {stderr.strip()[:160]!r}"))
        elif not names_input(lines[0], item["argv"], item["command"]):
            found.append(("bad_refusal", f"names no input: {lines[0][:160]!r}"))
    if result["code"] == 3:  # the budget report is one line too
        lines = stderr.strip().splitlines()
        if len(lines) != 1 or not lines[0].startswith(("unknown within budget: ", "unknown: ")) or len(lines[0]) > 1100:
            found.append(("bad_refusal", f"budget report of {len(lines)} lines: {stderr.strip()[:160]!r}"))
    return found


def budget_report(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.startswith("unknown within budget")]
    return lines[-1][:200] if lines else ""


def warm_imports() -> None:
    """Import every module once: each input's child then forks with them loaded (a real CLI
    call imports only its area; the work done per input is the same)."""
    import adjudicator

    for module in pkgutil.walk_packages(adjudicator.__path__, "adjudicator."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--timeout", type=float, default=2.0, help="the --timeout given to commands that take one")
    parser.add_argument("--memory-mb", type=int, default=2048)
    parser.add_argument("--keep", type=Path, default=None, help="folder for the inputs of findings")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    os.chdir(ROOT)
    os.environ["ADJUDICATOR_MEMORY_MB"] = str(options.memory_mb)  # read when adjudicator.budget is imported
    os.environ.pop("ADJUDICATOR_UNBOUNDED", None)
    warm_imports()
    import adjudicator

    commands = command_options()
    takes_timeout = {command for command, names in commands.items() if "--timeout" in names}
    keep = options.keep or Path(tempfile.mkdtemp(prefix="adjudicator-fuzz-findings-"))
    keep.mkdir(parents=True, exist_ok=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=Path(adjudicator.__file__).parent,
                            capture_output=True, text=True).stdout.strip()
    print(f"fuzz: {options.inputs} inputs, seed {options.seed}, budget {options.timeout:g} s, code "
          f"{Path(adjudicator.__file__).parent} at {commit or '?'}; findings kept in {keep}", file=sys.stderr, flush=True)

    counts = Counter()
    causes: dict[str, Counter] = defaultdict(Counter)
    examples: dict[tuple[str, str], dict] = {}
    per_command = Counter()
    exits = Counter()
    suspects = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="adjudicator-fuzz-") as folder:
        workdir = Path(folder)
        secret_dir = workdir / "secret"
        secret_dir.mkdir()
        canary = secret_dir / "canary.lp"
        canary.write_text(f"canary_{CANARY_SECRET}. holds. player(\"{CANARY_SECRET}\").\n")
        (workdir / "folder").mkdir()
        os.mkfifo(workdir / "fifo")
        places = {"canary": str(canary), "fifo": str(workdir / "fifo"), "dir": str(workdir / "folder"),
                  "missing": str(workdir / "missing.yaml"), "missing_dir": str(workdir / "no-such-folder"),
                  "out": str(workdir / "folder" / "output")}
        for folder_name in {Path(name).parent for _, _, name in SEEDS if name}:  # files the cases name beside them
            for sibling in (ROOT / folder_name).iterdir():
                if sibling.is_file() and sibling.suffix == ".txt" and not (workdir / sibling.name).exists():
                    shutil.copyfile(sibling, workdir / sibling.name)
        inputs = generate(options.inputs, options.seed, workdir, places, commands)

        def budget_of(item):
            return options.timeout if item["command"] in takes_timeout else NOMINAL_BUDGET

        def argv_of(item):
            needs = item["command"] in takes_timeout and "--timeout" not in item["argv"] and "--" not in item["argv"]
            return [*item["argv"], "--timeout", f"{options.timeout:g}"] if needs else item["argv"]

        def record(index, item, result, problem, cause):
            counts[problem] += 1
            causes[problem][cause] += 1
            kept = []
            for file in item["files"]:
                copy_to = keep / f"{index}-{Path(file).name}"
                shutil.copyfile(file, copy_to)
                kept.append(str(copy_to))
            entry = {"index": index, "command": item["command"], "argv": argv_of(item), "kind": item["kind"],
                     "stdin": item["stdin"], "kept": kept, "code": result["code"],
                     "seconds": round(result["seconds"], 2), "cpu": round(result["cpu"], 2),
                     "stderr": result["stderr"][-600:], "cause": cause}
            examples.setdefault((problem, cause), entry)
            with open(keep / "findings.jsonl", "a") as log:
                log.write(json.dumps({"problem": problem, **entry}) + "\n")
            print(f"#{index} {problem}: {cause} [{item['command']}, {item['kind']}, exit {result['code']}, "
                  f"{result['seconds']:.1f} s wall, {result['cpu']:.1f} s cpu] {' '.join(argv_of(item))[:300]}",
                  file=sys.stderr, flush=True)

        def canary_untouched():
            os.utime(canary, (0, time.time()))

        canary_untouched()
        for index, item in enumerate(inputs):
            budget = budget_of(item)
            per_command[item["command"]] += 1
            result = run_one(argv_of(item), item["stdin"], 2 * budget + 1, options.memory_mb * 2**20,
                             workdir / "out", workdir / "err")
            canary_read = os.stat(canary).st_atime != 0
            if canary_read:
                canary_untouched()
            exits[result["code"]] += 1
            with open(keep / "all.jsonl", "a") as log:  # every input's outcome, to look into the mix
                log.write(json.dumps({"index": index, "command": item["command"], "kind": item["kind"],
                                      "code": result["code"], "seconds": round(result["seconds"], 2),
                                      "cpu": round(result["cpu"], 2), "stderr": result["stderr"][:200]}) + "\n")
            for problem, cause in classify(item, result, budget, options.memory_mb, canary_read):
                if problem in ("hang", "budget_overrun"):
                    suspects.append((index, item, problem, cause))
                    print(f"#{index} suspect {problem}: {cause}; re-run alone after the pass", file=sys.stderr, flush=True)
                else:
                    record(index, item, result, problem, cause)
            if (index + 1) % 250 == 0:
                print(f"{index + 1} inputs, {time.monotonic() - started:.0f} s, {dict(counts)}, "
                      f"{len(suspects)} suspects", file=sys.stderr, flush=True)
        pass_seconds = time.monotonic() - started

        cleared = []
        for index, item, problem, cause in suspects:  # alone: one at a time, after the pass
            budget = budget_of(item)
            result = run_one(argv_of(item), item["stdin"], max(60.0, 10 * budget), options.memory_mb * 2**20,
                             workdir / "out", workdir / "err")
            report = budget_report(result["stderr"]) or f"exit {result['code']}"
            if result["hung"]:
                record(index, item, result, "hang", f"still running after {result['seconds']:.0f} s alone ({report})")
            elif result["cpu"] > 2 * budget:
                record(index, item, result, "budget_overrun",
                       f"{result['cpu']:.1f} s CPU for a {budget:g} s budget ({report})")
            else:
                cleared.append({"index": index, "suspect": problem, "first": cause,
                                "alone": f"{result['seconds']:.1f} s wall, {result['cpu']:.1f} s CPU, {report}"})
                print(f"#{index} cleared on re-run alone ({problem} suspect): {cleared[-1]['alone']}",
                      file=sys.stderr, flush=True)

    summary = {"inputs": len(inputs), "seed": options.seed, "timeout": options.timeout,
               "memory_mb": options.memory_mb, "commit": commit,
               "seconds": round(time.monotonic() - started, 1), "pass_seconds": round(pass_seconds, 1),
               "inputs_per_command": dict(sorted(per_command.items())),
               "exit_statuses": {str(k): v for k, v in sorted(exits.items())},
               **{problem: counts[problem] for problem in PROBLEMS},
               "suspects_rerun": len(suspects), "suspects_cleared": len(cleared),
               "causes": {problem: dict(causes[problem].most_common()) for problem in PROBLEMS if causes[problem]},
               "examples": [{"problem": p, **e} for (p, _), e in examples.items()], "kept": str(keep)}
    (keep / "summary.json").write_text(json.dumps(summary, indent=2))
    if options.json:
        print(json.dumps(summary, indent=2))
    else:
        for key, value in summary.items():
            if key not in ("causes", "examples"):
                print(f"{key}: {value}")
        for problem, by_cause in summary["causes"].items():
            print(f"{problem} causes:")
            for cause, number in by_cause.items():
                example = examples[(problem, cause)]
                print(f"  {number} x {cause}\n      e.g. #{example['index']}: {' '.join(example['argv'])[:300]}")
    return 0 if not any(counts[p] for p in PROBLEMS) else 1


if __name__ == "__main__":
    sys.exit(main())
