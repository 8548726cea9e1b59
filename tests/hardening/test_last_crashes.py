"""The last tracebacks the fuzz run found, each now one line `error: ...` (exit 2), and `--timeout`
on the `ruleset` commands as on every other command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASE = """title: t
gamestate: {persons: [g, alice], players: [g, alice]}
events:
  - {id: grant, at: 2021-02-01T12:00:00Z, by: g, do: grant-promise, promise: Welcome, to: alice, text: TEXT}
  - {id: cash, at: 2021-02-03T12:00:00Z, by: alice, do: cash, promise: Welcome}
statements: [{text: 'alice is a player'}]
"""


def test_a_turn_with_a_number_as_a_key_is_refused(tmp_path, refused):
    turn = tmp_path / "turn.yaml"
    turn.write_text("phase: S1901M\nunits: {FRANCE: [A PAR]}\n1: x\n", encoding="utf-8")
    refused(["diplomacy", "adjudicate", str(turn)], "not a valid turn", "1: Keys should be strings")
    refused(["diplomacy", "orders", str(turn)], "not a valid turn")


@pytest.mark.parametrize("name, text, where", [
    ("case.yaml", 'title: "t \\ud800"\ngamestate: {persons: [a], players: [a]}\nevents: []\n'
                  "statements: [{text: 'a is a player'}]\n", "title"),
    ("case.json", '{"title": "t", "gamestate": {"persons": ["a"], "players": ["a"]}, "events": [],'
                  ' "statements": [{"text": "a is a player \\udfff"}]}', "statements[0].text"),
    ("case.yaml", 'title: t\ngamestate: {persons: [a], players: [a]}\nevents: []\n'
                  'statements: [{"\\ud800": 1}]\n', "a key of statements[0]"),
])
def test_a_lone_surrogate_is_refused_at_input(tmp_path, name, text, where, refused):
    case = tmp_path / name
    case.write_text(text, encoding="utf-8")
    err = refused(["judge", str(case)], where, "lone surrogate")
    assert "\ud800" not in err and "\udfff" not in err


def test_a_character_written_as_an_escape_is_still_read(tmp_path, capsys):
    case = tmp_path / "case.yaml"
    case.write_text('title: "t \\U0001F600 \\u00e9"\ngamestate: {persons: [a], players: [a]}\nevents: []\n'
                    "statements: [{text: 'a is a player', expect: TRUE}]\n", encoding="utf-8")
    assert main(["judge", str(case)]) == 0
    assert "t \U0001F600 \u00e9" in capsys.readouterr().out


@pytest.mark.parametrize("command", [["hng", "reachable", "cases/hng/in-progress.yaml", "--party", "dave\udcff"],
                                     ["ruleset", "show", "bt-2020", "--rule", "r\udcff"]])
def test_an_argument_that_is_not_utf8_is_refused(monkeypatch, command, refused):
    monkeypatch.chdir(ROOT)
    err = refused(command, "not UTF-8 text")
    assert "\udcff" not in err and "\\udcff" in err


@pytest.mark.parametrize("text", ["[{do: grant-promise, promise: P, to: alice, text: [[1]]}]",
                                  "[{do: deregister, text: [1]}]"])
def test_a_promise_text_that_is_not_a_list_of_actions_is_refused(tmp_path, text, refused):
    case = tmp_path / "case.yaml"
    case.write_text(CASE.replace("TEXT", text), encoding="utf-8")
    refused(["judge", str(case)], "promise 'Welcome': action 1 of its text")


@pytest.mark.parametrize("command", [
    ["ruleset", "show", "bt-2020"],
    ["ruleset", "amend", "agora-slr-2020-12-31", "rulesets/agora-every-change.txt", "--report-only"],
    ["ruleset", "audit", "rulesets/diplonomic-2020-before.txt", "diplonomic-2020", "diplonomic-2020"],
])
def test_ruleset_commands_take_a_timeout(capsys, monkeypatch, command, refused):
    monkeypatch.chdir(ROOT / "cases")
    assert main([*command, "--timeout", "60"]) == 0
    capsys.readouterr()
    refused([*command, "--timeout", "0"], "--timeout")


def test_ruleset_amend_ends_within_its_timeout():
    done = subprocess.run([sys.executable, "-m", "adjudicator.cli", "ruleset", "amend", "agora-slr-2020-12-31",
                           "rulesets/agora-every-change.txt", "--timeout", "0.001"],
                          capture_output=True, text=True, cwd=ROOT / "cases", timeout=60)
    assert done.returncode == 3, done.stderr
    assert done.stderr.startswith("unknown within budget"), done.stderr
