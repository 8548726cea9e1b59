"""`adjudicator hng adjudicate` and `adjudicator hng reachable` from the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from adjudicator.cli import main

from .conftest import CASES


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_adjudicate_text(capsys):
    code, out, err = run(capsys, "hng", "adjudicate", str(CASES / "whole-game.yaml"))
    assert code == 0
    assert "INEFFECTIVE (tokens are a fixed asset" in out
    assert "Winners: alice" in out
    assert "AMBIGUOUS" in out and "cycle-start" in out


def test_adjudicate_json_keys(capsys):
    code, out, _ = run(capsys, "hng", "adjudicate", str(CASES / "ambiguous-reveal-cap.yaml"), "--json")
    assert code == 0
    data = json.loads(out)
    assert {"events", "weeks", "winners", "ambiguous"} <= set(data)
    assert all({"result", "reason"} <= set(e) for e in data["events"])
    assert all({"start", "kind", "pot", "leader", "balances"} <= set(w) for w in data["weeks"])
    assert data["ambiguous"] is True and data["winners"] == ["alice"]
    winners = {tuple(o["winners"]) for o in data["outcomes"]}
    assert ("alice",) in winners and ("bob",) in winners


def test_adjudicate_with_reading(capsys):
    code, out, _ = run(capsys, "hng", "adjudicate", str(CASES / "ambiguous-reveal-cap.yaml"), "--json",
                       "--reading", "reveal-cap=own-transfers")
    assert code == 0 and json.loads(out)["winners"] == ["bob"]


@pytest.mark.parametrize("path", sorted(p.name for p in (CASES / "bad").glob("*.yaml")) + ["missing.yaml"])
def test_bad_input_exits_2_without_traceback(capsys, path):
    code, out, err = run(capsys, "hng", "adjudicate", str(CASES / "bad" / path))
    assert code == 2
    assert err.startswith("error: ") and "Traceback" not in err and path in err


def test_bad_reading_exits_2(capsys):
    code, _, err = run(capsys, "hng", "adjudicate", str(CASES / "whole-game.yaml"), "--reading", "reveal-cap=mine")
    assert code == 2 and "reveal-cap" in err
    code, _, err = run(capsys, "hng", "adjudicate", str(CASES / "whole-game.yaml"), "--reading", "reveal-cap")
    assert code == 2 and "write NAME=VALUE" in err and "None" not in err


def test_reachable_json(capsys):
    code, out, _ = run(capsys, "hng", "reachable", str(CASES / "in-progress.yaml"), "--party", "carol",
                       "--alone", "--json", "--secret", "carol=8", "--secret", "dave=20")
    assert code == 0
    data = json.loads(out)
    assert data["reachable"] is True and data["plan"]
    assert all({"week", "kind", "actions"} <= set(w) for w in data["plan"])


def test_reachable_no_with_reason(capsys):
    code, out, _ = run(capsys, "hng", "reachable", str(CASES / "final-week.yaml"), "--party", "dave")
    assert code == 0
    assert "NO" in out and "at most 0 tokens" in out


def test_reachable_needs_as_of_or_a_finished_game(capsys, tmp_path):
    log = tmp_path / "short.yaml"
    log.write_text("promulgated: 2024-07-24\nparties: [alice]\nevents: []\n")
    code, out, _ = run(capsys, "hng", "reachable", str(log), "--party", "alice")
    assert code == 0 and "tournament is over" in out  # no as_of: the log is complete


def test_reachable_bad_secret(capsys):
    code, _, err = run(capsys, "hng", "reachable", str(CASES / "in-progress.yaml"), "--party", "alice",
                       "--secret", "nobody=3")
    assert code == 2 and "not a party" in err


def test_help_lists_hng():
    result = CliRunner().invoke(__import__("adjudicator.cli", fromlist=["cli"]).cli, ["hng", "--help"])
    assert result.exit_code == 0 and "adjudicate" in result.output and "reachable" in result.output


def test_reachable_flags_reading_dependence(capsys):
    code, out, _ = run(capsys, "hng", "reachable", str(CASES / "final-week.yaml"), "--party", "carol", "--alone",
                       "--json", "--secret", "carol=15", "--secret", "bob=15")
    data = json.loads(out)
    assert data["reachable"] is True
    # carol transferred 5 and committed 15: under the own-transfers cap she can never reveal it
    assert data["other_readings"]["reveal-cap=own-transfers"] is False


def test_pot_is_not_a_player_name(capsys, tmp_path):
    log = tmp_path / "pot.yaml"
    log.write_text("promulgated: 2024-07-24\nparties: [alice, pot]\nevents: []\n")
    code, _, err = run(capsys, "hng", "adjudicate", str(log))
    assert code == 2 and "names the pot" in err


def test_budget_overrun_exits_3(capsys):
    code, _, err = run(capsys, "hng", "reachable", str(CASES / "in-progress.yaml"), "--party", "alice",
                       "--timeout", "0.001")
    assert code == 3 and "unknown within budget" in err and "Traceback" not in err


@pytest.mark.parametrize("tokens", [2**32 + 5, 10**26 - 1])
def test_a_huge_transfer_is_over_budget(capsys, tmp_path, tokens):
    # clingo counts in 32 bits: the amount must not wrap around to 5 tokens or to a negative one
    log = tmp_path / "huge.yaml"
    log.write_text("promulgated: 2024-07-24\nparties: [alice]\nevents:\n"
                   f"  - {{at: 2024-08-05T10:00:00Z, party: alice, action: transfer, tokens: {tokens}}}\n")
    code, out, _ = run(capsys, "hng", "adjudicate", str(log), "--json", "--reading", "cycle-start=after-game-night")
    data = json.loads(out)
    assert code == 0 and data["events"][0]["result"] == "INEFFECTIVE"
    assert data["balances"] == {"alice": 12} and data["ambiguous"] is False


def test_binary_file_and_stdin(capsys, tmp_path, monkeypatch):
    binary = tmp_path / "log.yaml"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    for command in (["adjudicate"], ["reachable", "--party", "alice"]):
        code, _, err = run(capsys, "hng", *command, str(binary))
        assert code == 2 and "not a text file" in err and str(binary) in err
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO((CASES / "whole-game.yaml").read_text()))
    code, out, _ = run(capsys, "hng", "adjudicate", "-")
    assert code == 0 and "Winners: alice" in out


@pytest.mark.parametrize("command", [["adjudicate"], ["reachable", "--party", "alice"]])
@pytest.mark.parametrize("seconds", ["0", "-1", "inf"])
def test_a_budget_must_be_positive_seconds(capsys, command, seconds):
    # 0 or less used to report a budget overrun (exit 3); inf made every solver call overrun
    code, _, err = run(capsys, "hng", *command, str(CASES / "whole-game.yaml"), "--timeout", seconds)
    assert code == 2 and "--timeout" in err


@pytest.mark.parametrize("args, words", [
    (["--secret", "carol=7"], "matches no pending commitment of carol"),  # carol committed to '8'
    (["--secret", "dave=20", "--secret", "dave=21"], "dave is given twice"),
    (["--party", ""], "give the name of a party"),
])
def test_reachable_refuses_what_it_would_silently_ignore(capsys, args, words):
    party = [] if "--party" in args else ["--party", "alice"]
    code, _, err = run(capsys, "hng", "reachable", str(CASES / "in-progress.yaml"), *party, *args)
    assert code == 2 and words in err


def test_reachable_accepts_the_right_secret(capsys):
    code, out, _ = run(capsys, "hng", "reachable", str(CASES / "in-progress.yaml"), "--party", "alice",
                       "--secret", "carol=8", "--secret", "dave=20")
    assert code == 0 and "YES" in out
