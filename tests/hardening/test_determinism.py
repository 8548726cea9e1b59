"""Issue 15: same input, same output, byte for byte, across hash seeds; timings only on request.

Every command of the CLI runs on a bundled case under PYTHONHASHSEED 1 and under 4242 (one
process per seed runs them all, to keep the suite fast) and must print the same bytes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from adjudicator.cli import cli, main

ROOT = Path(__file__).resolve().parents[2]
# (command words, the rest of the command line): every command of the CLI, on bundled cases
COMMANDS = [
    (["judge"], ["cases/cfj/statement-language-tour.yaml", "--explain"]),
    (["judge"], ["cases/cfj/gamestate-paradox.yaml", "--json"]),
    (["hng", "adjudicate"], ["cases/hng/ambiguous-reveal-cap.yaml", "--json"]),
    (["hng", "reachable"], ["cases/hng/final-week.yaml", "--party", "dave", "--json"]),
    (["diplomacy", "adjudicate"], ["cases/examples/convoy-paradox.yaml", "--json"]),
    (["diplomacy", "orders"], ["cases/examples/start-1901.yaml"]),
    (["diplomacy", "play"], ["cases/games/bt2020-example-1901-1903.yaml", "--json"]),
    (["diplomacy", "variants"], []),
    (["diplomacy", "reachable"], ["cases/reachable/germany-cannot-1905.yaml", "--power", "Germany", "--by", "F1905",
                                  "--json"]),
    (["diplomacy", "reachable"], ["cases/reachable/france-forces-1905.yaml", "--power", "France", "--by", "F1905",
                                  "--force"]),
    (["ruleset", "show"], ["cases/rulesets/diplonomic-2020-before.txt", "--json"]),
    (["ruleset", "amend"], ["agora-slr-2020-12-31", "cases/rulesets/agora-every-change.txt", "--json", "--readings"]),
    (["ruleset", "audit"], ["cases/rulesets/diplonomic-2020-before.txt", "diplonomic-2020", "diplonomic-2020"]),
    (["ruleset", "coverage"], ["agora-slr-2020-12-31", "--json"]),
    (["agora", "resolve"], ["cases/agora/adoption.yaml", "--json", "--explain"]),
    (["agora", "resolve"], ["cases/agora/endorsement-cycle.yaml", "--explain"]),
    (["agora", "ossification"], ["--suppose", "cases/ossification/repeal-r106.txt"]),
    (["agora", "ossification"], ["--suppose", "cases/ossification/repeal-r106.txt", "--json"]),
    (["blognomic", "matters"], ["cases/blognomic/matters/example.yaml", "--json"]),
    (["blognomic", "watch"], ["cases/blognomic/watch/example-chart.yaml", "cases/blognomic/watch/example-orders.yaml"]),
    (["blognomic", "game"], ["cases/blognomic/games/armistice-victory.yaml", "--json"]),
    (["blognomic", "reachable"], ["cases/blognomic/reachable/hopeless.yaml", "--captain", "ubq323"]),
]
# a timing as the commands write one ("judged in 0.42 s", a JSON "seconds" field), not the words
# "resolved in" in a rule's description ("the first referendum resolved in a week")
TIMING = re.compile(r'\b(?:judged|resolved|decided) in [0-9.]+ s\b|"seconds"')

# run in a child: every command line of argv[1] (JSON), its exit status and standard output
CHILD = """
import contextlib, io, json, sys
from adjudicator.cli import main
outputs = []
for args in json.loads(sys.argv[1]):
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(args)
    outputs.append([code, buffer.getvalue()])
print(json.dumps(outputs))
"""


def outputs(seed: str) -> list[list]:
    lines = json.dumps([words + rest for words, rest in COMMANDS])
    done = subprocess.run([sys.executable, "-c", CHILD, lines], capture_output=True, text=True, timeout=600,
                          cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": seed})
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def leaf_commands() -> set[str]:
    context = click.Context(cli)
    found = set()

    def walk(command, path):
        if isinstance(command, click.Group):
            for name in command.list_commands(context):
                walk(command.get_command(context, name), [*path, name])
        else:
            found.add(" ".join(path))

    walk(cli, [])
    return found


def test_every_command_is_checked():
    from adjudicator.cli import UNBOUNDED  # commands that serve until interrupted answer nothing themselves
    assert leaf_commands() - UNBOUNDED <= {" ".join(words) for words, _ in COMMANDS}


def test_same_input_same_bytes_across_hash_seeds():
    first, second = outputs("1"), outputs("4242")
    for (words, rest), (code, text), (code_again, text_again) in zip(COMMANDS, first, second):
        line = " ".join(words + rest)
        assert code in (0, 1), f"{line}: exit {code}"
        assert text.strip(), f"{line}: no output"
        assert (code, text) == (code_again, text_again), f"{line}: output differs between hash seeds"
        assert not TIMING.search(text), f"{line}: a timing in the default output"


def test_timings_only_with_the_flag(capsys):
    case = str(ROOT / "cases/cfj/liar-dismiss.yaml")
    assert main(["judge", case]) == 0
    assert "judged in" not in capsys.readouterr().out
    assert main(["judge", case, "--timings"]) == 0
    assert "judged in" in capsys.readouterr().out
    assert main(["judge", case, "--json"]) == 0
    assert '"seconds"' not in capsys.readouterr().out
    assert main(["judge", case, "--json", "--timings"]) == 0
    assert '"seconds"' in capsys.readouterr().out


@pytest.mark.parametrize("command, mark", [
    (["agora", "resolve", "cases/agora/endorsement-cycle.yaml"], "resolved in"),
    (["agora", "resolve", "cases/agora/endorsement-cycle.yaml", "--json"], '"seconds"'),
    (["agora", "ossification", "--suppose", "cases/ossification/repeal-r106.txt"], "decided in"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else value)
def test_timings_flag_prints_them(capsys, monkeypatch, command, mark):
    monkeypatch.chdir(ROOT)
    assert main([*command, "--timings"]) == 0
    assert mark in capsys.readouterr().out
