"""Fuzz every command with generated hostile and careless inputs (issue 15).

    .venv/bin/python benchmarks/fuzz.py [--inputs 3000] [--seed 15] [--timeout 2] [--memory-mb 2048] [--json]

Inputs are mutations of the bundled cases (wrong types, huge and boundary numbers, impossible
dates, control characters, deep nesting, YAML alias bombs, binary, truncation, unknown keys),
special files (FIFOs, devices, folders), bad `--timeout` values, and raw ASP that tries to read
a canary file (`#include`, directives, namespaced statements). Each input runs the real command
(`adjudicator.cli.run_command`) in a forked worker with the same limits the CLI sets, and is
counted as:

- traceback: "Traceback" on stderr, or an exit status other than 0, 1, 2, 3;
- hang: still running at 2x the budget + 1 s (killed);
- memory: the worker's peak RSS above the limit, or killed by a signal;
- budget overrun: exit 3 or success later than 2x the budget;
- escape: the canary file's secret on stdout or stderr, or raw ASP with a file read not refused;
- bad refusal: exit 2 whose stderr is not exactly one line `error: ...` naming a problem.

Prints the counts (the README quotes the last run).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import resource
import signal
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
CANARY_SECRET = "canary_7f3a9"

# the seeds: (command prefix, file, command suffix)
SEEDS = [
    (["judge"], "cases/cfj/statement-language-tour.yaml", []),
    (["judge"], "cases/cfj/apathy-impure-winner.yaml", []),
    (["judge"], "cases/cfj/gamestate-paradox.yaml", []),
    (["judge"], "cases/cfj/cfj-3887-rulebending-win.yaml", []),
    (["judge"], "cases/cfj/r2162-switch-fallback.yaml", []),
    (["hng", "adjudicate"], "cases/hng/whole-game.yaml", []),
    (["hng", "adjudicate"], "cases/hng/ambiguous-reveal-cap.yaml", []),
    (["hng", "reachable"], "cases/hng/final-week.yaml", ["--party", "dave"]),
    (["hng", "reachable"], "cases/hng/in-progress.yaml", ["--party", "alice", "--alone"]),
    (["diplomacy", "adjudicate"], "cases/examples/contested-turn.yaml", []),
    (["diplomacy", "adjudicate"], "cases/examples/convoy-paradox.yaml", []),
    (["diplomacy", "adjudicate"], "cases/datc/6.C.01.yaml", []),
    (["diplomacy", "play"], "cases/games/bt2020-example-1901-1903.yaml", []),
    (["ruleset", "show"], "cases/rulesets/diplonomic-2020-before.txt", []),
    (["ruleset", "amend", "agora-slr-2020-12-31"], "cases/rulesets/agora-every-change.txt", []),
]
TIMEOUT_COMMANDS = {"judge", "hng", "diplomacy adjudicate"}

HOSTILE_VALUES = [
    None, True, 0, -1, 2**31, 2**63, 10**5000 if False else "9" * 5000, -(2**31) - 1, 1.5, float("nan"), float("inf"),
    "", " ", "\x00", "\x1b[31m", "a" * 100_000, "2020-02-30", "2020-13-01", "0001-01-01T00:00:00+05:00",
    "9999-12-31T23:59:59Z", "not a date", "pot", "'; DROP", '" . p("', "holds(s(2)).", "#include \"x\".",
    [], {}, [[[[[]]]]], {"a": {"b": {"c": {}}}}, ["x"] * 1000, {"grant blots": 5}, {"enact": {"foo": 1}},
    "ÿ\u202e\ufeff", "-", "/dev/zero", "../../etc/passwd", "not " * 1500 + "alice is a player",
]
RAW_ASP = [
    '#include "{canary}".', '#include "/dev/stdin".', "holds :- canary_{secret}. #include \"{canary}\".",
    "#program x. holds.", "holds(s(1)).", "holds :- p. \x00 p.", "#show. holds.", "#external holds.",
    "#script (python) import os #end. holds.", "holds :- @f(1) = 1.", "p(1..400). q(X,Y,Z) :- p(X), p(Y), p(Z). holds :- q(1,1,1).",
    "holds :- #count{X : p(X)} > 2.", ":- player(alice, T).", "{holds}.", "holds :- &diff{x} <= 1.",
]


def leaves(data, path=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from leaves(value, path + (index,))
    yield path


def set_at(data, path, value):
    if not path:
        return value
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


def delete_at(data, path):
    if not path:
        return data
    target = data
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    return data


def dump(data) -> str:
    try:
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    except Exception:  # noqa: BLE001 - a value PyYAML cannot write: write its repr
        return repr(data)


def mutate_structure(rng: random.Random, data, canary: Path) -> tuple[str, str]:
    data = copy.deepcopy(data)
    paths = list(leaves(data))
    kind = rng.choice(["replace", "replace", "replace", "delete", "unknown_key", "grow", "raw_asp"])
    path = rng.choice(paths)
    try:
        if kind == "replace":
            data = set_at(data, path, copy.deepcopy(rng.choice(HOSTILE_VALUES)))
        elif kind == "delete" and path:
            data = delete_at(data, path)
        elif kind == "unknown_key" and isinstance(data, dict):
            data[rng.choice(["zzz", "1", "events", "now", "ruleset"])] = rng.choice(HOSTILE_VALUES)
        elif kind == "grow":
            lists = [p for p in paths if isinstance(_get(data, p), list)]
            if lists:
                target = rng.choice(lists)
                items = _get(data, target)
                items.extend(copy.deepcopy(items) * rng.choice([2, 10, 100]))
        elif kind == "raw_asp" and isinstance(data, dict):
            asp = rng.choice(RAW_ASP).format(canary=canary, secret=CANARY_SECRET)
            data.setdefault("statements", []).append({"asp": asp})
            return dump(data), "raw_asp_read" if "include" in asp else "raw_asp"
    except (KeyError, IndexError, TypeError):
        pass
    return dump(data), kind


def _get(data, path):
    for step in path:
        data = data[step]
    return data


def mutate_text(rng: random.Random, text: str) -> tuple[bytes, str]:
    kind = rng.choice(["truncate", "flip", "nul", "alias_bomb", "deep", "binary", "bom", "control", "huge_line", "dup_key"])
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
    return data, f"text_{kind}"


def generate(count: int, seed: int, workdir: Path, canary: Path) -> list[tuple[list[str], str, bool]]:
    """(argv, kind, reads_a_file_through_asp) for `count` inputs."""
    rng = random.Random(seed)
    fifo = workdir / "fifo"
    os.mkfifo(fifo)
    specials = [str(fifo), "/dev/zero", "/dev/urandom", "/dev/null", str(workdir), str(workdir / "missing.yaml")]
    parsed = {}
    for _, name, _ in SEEDS:
        text = (ROOT / name).read_text(encoding="utf-8")
        try:
            parsed[name] = yaml.safe_load(text) if name.endswith((".yaml", ".json")) else None
        except yaml.YAMLError:
            parsed[name] = None
    inputs = []
    for index in range(count):
        prefix, name, suffix = rng.choice(SEEDS)
        text = (ROOT / name).read_text(encoding="utf-8")
        target = workdir / f"input{index}{Path(name).suffix}"
        roll = rng.random()
        reads_file = False
        extra: list[str] = []
        if roll < 0.05:
            argv_file, kind = rng.choice(specials), "special_file"
        else:
            if roll < 0.55 and parsed[name] is not None:
                body, kind = mutate_structure(rng, parsed[name], canary)
                reads_file = kind == "raw_asp_read"
                target.write_text(body, encoding="utf-8")
            elif roll < 0.62:
                target.write_text(text, encoding="utf-8")
                kind = "timeout_value"
                extra = ["--timeout", rng.choice(["nan", "inf", "-1", "0", "1e999", "abc", "-0", "86401"])]
            else:
                body_bytes, kind = mutate_text(rng, text)
                target.write_bytes(body_bytes)
            argv_file = str(target)
        inputs.append(([*prefix, argv_file, *suffix, *extra], kind, reads_file))
    return inputs


def run_one(argv: list[str], budget_seconds: float, memory: int, out: Path, err: Path) -> dict:
    """Run one command line in a forked worker; its status, time and peak memory."""
    takes_timeout = any(" ".join(argv).startswith(c) for c in TIMEOUT_COMMANDS) and "--timeout" not in argv
    args = [*argv, "--timeout", str(budget_seconds)] if takes_timeout else argv
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.setpgid(0, 0)
            with open(out, "w") as stdout, open(err, "w") as stderr:
                os.dup2(stdout.fileno(), 1)
                os.dup2(stderr.fileno(), 2)
            sys.stdout = open(1, "w", closefd=False)
            sys.stderr = open(2, "w", closefd=False)
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            from adjudicator import budget
            from adjudicator.cli import run_command

            budget.begin_command(budget_seconds)
            code = run_command(args)
        except BaseException:  # noqa: BLE001
            import traceback

            traceback.print_exc()
            code = 70
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
    limit = started + 2 * budget_seconds + 1
    hung = False
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > limit:
            hung = True
            try:
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                os.kill(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            break
        time.sleep(0.005)
    seconds = time.monotonic() - started
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
    return {"code": code, "seconds": seconds, "hung": hung, "peak_mb": usage.ru_maxrss / 1024,
            "stdout": out.read_text(errors="replace")[:200_000], "stderr": err.read_text(errors="replace")[:20_000]}


def classify(result: dict, budget_seconds: float, memory_mb: float, reads_file: bool) -> list[str]:
    found = []
    if "Traceback" in result["stderr"] or result["code"] not in (0, 1, 2, 3) and not result["hung"] and result["code"] >= 0:
        found.append("traceback")
    if result["hung"]:
        found.append("hang")
    if result["peak_mb"] > memory_mb or (result["code"] < 0 and not result["hung"]):
        found.append("memory")
    if not result["hung"] and result["seconds"] > 2 * budget_seconds:
        found.append("budget_overrun")
    if CANARY_SECRET in result["stdout"] or CANARY_SECRET in result["stderr"] or (reads_file and result["code"] != 2):
        found.append("escape")
    if result["code"] == 2:
        lines = result["stderr"].strip().splitlines()
        if len(lines) != 1 or not lines[0].startswith("error: ") or len(lines[0]) > 1100:
            found.append("bad_refusal")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--memory-mb", type=int, default=2048)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    os.chdir(ROOT)
    import adjudicator.cli  # noqa: F401 - warm the imports once; every worker forks from here
    import adjudicator.agora.cli, adjudicator.hng.cli, adjudicator.diplomacy.cli, adjudicator.rulesets.cli  # noqa: E401,F401

    counts = {name: 0 for name in ("traceback", "hang", "memory", "budget_overrun", "escape", "bad_refusal")}
    exits: dict[int, int] = {}
    examples: dict[str, list] = {name: [] for name in counts}
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="adjudicator-fuzz-") as folder:
        workdir = Path(folder)
        canary = workdir / "canary.lp"
        canary.write_text(f"canary_{CANARY_SECRET}. holds. player(\"{CANARY_SECRET}\").\n")
        inputs = generate(options.inputs, options.seed, workdir, canary)
        slowest = 0.0
        for index, (argv, kind, reads_file) in enumerate(inputs):
            result = run_one(argv, options.timeout, options.memory_mb * 1024 * 1024, workdir / "out", workdir / "err")
            slowest = max(slowest, result["seconds"])
            exits[result["code"]] = exits.get(result["code"], 0) + 1
            for problem in classify(result, options.timeout, options.memory_mb, reads_file):
                counts[problem] += 1
                if len(examples[problem]) < 5:
                    examples[problem].append({"argv": argv, "kind": kind, "code": result["code"],
                                              "seconds": round(result["seconds"], 2),
                                              "stderr": result["stderr"][-400:]})
            if (index + 1) % 250 == 0:
                print(f"{index + 1} inputs, {time.monotonic() - started:.0f} s, {counts}", file=sys.stderr, flush=True)
    summary = {"inputs": len(inputs), "seed": options.seed, "timeout": options.timeout, "memory_mb": options.memory_mb,
               "seconds": round(time.monotonic() - started, 1), "slowest_input_seconds": round(slowest, 2),
               "exit_statuses": dict(sorted(exits.items())), **counts, "examples": {k: v for k, v in examples.items() if v}}
    print(json.dumps(summary, indent=2) if options.json else
          "\n".join(f"{key}: {value}" for key, value in summary.items() if key != "examples")
          + ("\nexamples: " + json.dumps(summary["examples"], indent=2) if summary["examples"] else ""))
    return 0 if not any(counts.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
