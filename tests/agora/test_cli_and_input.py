"""The `judge` command end to end, and bad input: a clear message, exit 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.errors import InputError
from adjudicator.agora.judge import judge_file

CASES = Path(__file__).resolve().parents[2] / "cases" / "cfj"


def test_cli_text_and_explain(capsys):
    assert main(["judge", str(CASES / "apathy-impure-winner.yaml"), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "carol won the game" in out and "FALSE" in out
    assert "settled by R1030 step 1" in out


def test_cli_json(capsys):
    assert main(["judge", str(CASES / "liar-dismiss.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cfj"] == 3715
    assert [j["verdict"] for j in data["judgements"]] == ["DISMISS", "DISMISS", "DISMISS", "FALSE"]


def test_cli_reports_a_mismatch_with_exit_1(tmp_path, capsys):
    case = tmp_path / "wrong.yaml"
    case.write_text((CASES / "apathy-succeeds.yaml").read_text().replace(
        '{text: "carol won the game", expect: FALSE}', '{text: "carol won the game", expect: TRUE}'))
    assert main(["judge", str(case)]) == 1
    assert "MISMATCH" in capsys.readouterr().out


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(text)
    return path


BASE = """
title: t
gamestate: {persons: [alice], players: [alice]}
events:
  - {id: 1, at: 2020-12-01T12:00:00Z, by: alice, do: deregister}
"""


@pytest.mark.parametrize("text, message", [
    ("title: [unclosed", "not valid YAML"),
    ("- just a list", "YAML mapping"),
    ("title: t\nstatements: []\n", "no statements"),
    (BASE + "statements: [{text: 'zoe is a player'}]", "'zoe' is not a person"),
    (BASE + "statements: [{text: 'alice likes cheese'}]", "cannot express"),
    (BASE + "statements: [{text: 'event 7 was EFFECTIVE'}]", "no event '7'"),
    (BASE + "statements: [{text: 'alice is a player', expect: MAYBE}]", "expect"),
    (BASE.replace("deregister}", "intend, action: declare apathy, method: with cheese}") + "statements: [{text: 'alice is a player'}]",
     "not a dependent-action method"),
    (BASE.replace("2020-12-01T12:00:00Z", "yesterday") + "statements: [{text: 'alice is a player'}]", "not an ISO date-time"),
    ("ruleset: nosuch\n" + BASE + "statements: [{text: 'alice is a player'}]", "neither a bundled ruleset"),
    (BASE + "statements: [{asp: 'holds :- won(alice,'}]", "does not parse"),
    (BASE + "changes: [{power: {rule: 2465, to: -1}}]\nstatements: [{text: 'alice is a player'}]", "negative"),
])
def test_bad_input_is_a_clear_error(tmp_path, capsys, text, message):
    path = write(tmp_path, text)
    with pytest.raises(InputError) as info:
        judge_file(path)
    assert message in str(info.value)
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err


@pytest.mark.parametrize("text, message", [
    ("gamestate: {persons: [alice]}\nevents: [{at: 2020-12-01T12:00:00Z, by: zoe, do: register}]\n", "event 1: 'zoe'"),
    ("gamestate: {persons: [alice], players: [zoe]}\n", "gamestate.players: 'zoe'"),
])
def test_the_file_is_named_once(tmp_path, capsys, text, message):
    path = write(tmp_path, "title: t\n" + text + "statements: [{text: 'alice is a player'}]\n")
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {path}: {err.split(': ', 2)[2]}" and str(path) not in err.split(": ", 2)[2]
    assert message in err


def test_binary_file_and_stdin(tmp_path, capsys, monkeypatch):
    binary = tmp_path / "case.yaml"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    assert main(["judge", str(binary)]) == 2
    assert "not a text file" in capsys.readouterr().err
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(BASE + "statements: [{text: 'alice is a player', expect: FALSE}]"))
    assert main(["judge", "-"]) == 0
    assert "FALSE" in capsys.readouterr().out


@pytest.mark.parametrize("text, message", [
    # clingo counts in 32 bits: 4294967296 blots used to wrap around to 0 (and the statement was TRUE)
    (BASE + "statements: [{text: 'alice has 4294967296 blots'}]", "larger than this tool can count"),
    (BASE + "statements: [{text: 'alice violated R4294967297'}]", "larger than this tool can count"),
    (BASE + "statements: [{text: 'the Power of R2465 is 4294967.3'}]", "Power 4294967.3 is larger"),
    (BASE.replace("players: [alice]", "players: [alice], blots: {alice: 4294967296}")
     + "statements: [{text: 'alice is a player'}]", "gamestate.blots.alice"),
    (BASE + "changes: [{power: {rule: 2465, to: .nan}}]\nstatements: [{text: 'alice is a player'}]", "not a number"),
    (BASE + "changes: [{power: {rule: 2465, to: .inf}}]\nstatements: [{text: 'alice is a player'}]", "not a number"),
    (BASE + "changes: [{power: {rule: 2465, to: 1e999}}]\nstatements: [{text: 'alice is a player'}]", "larger"),
    # minutes from the case's epoch: year 9999 wrapped around to a moment before 2020-12-01
    (BASE.replace("deregister}", "deregister}\n  - {at: 9999-12-01T00:00:00Z, by: alice, do: register}")
     + "statements: [{text: 'alice is a player'}]", "9999-12-01 is too far"),
    (BASE + "statements: [{text: 'alice is a player at 9000-01-01'}]", "9000-01-01 is too far"),
    (BASE.replace("deregister}", "intend, action: declare apathy, method: with 99999999999 support}")
     + "statements: [{text: 'alice is a player'}]", "99999999999 is larger"),
])
def test_numbers_beyond_the_solver_are_input_errors(tmp_path, capsys, text, message):
    path = write(tmp_path, text)
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_an_unreadable_ruleset_names_the_case_file(tmp_path, capsys):
    (tmp_path / "folder").mkdir()
    path = write(tmp_path, "ruleset: folder\n" + BASE + "statements: [{text: 'alice is a player'}]")
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: ruleset: {tmp_path / 'folder'}: a folder")


@pytest.mark.parametrize("header, message", [
    # 2465 + 2**32 used to wrap onto R2465, so Victory by Apathy still worked under another number
    ("Rule 4294969761/", "rule 4294969761: ID larger than this tool can count"),
    ("Rule 2465/", "rule 2465: Power 99999999 is larger"),
])
def test_a_ruleset_file_with_numbers_beyond_the_solver(tmp_path, capsys, header, message):
    from adjudicator.rulesets import bundled_text

    text = bundled_text("agora-slr-2020-12-31").replace("Rule 2465/", header, 1)
    if "2465" in header:
        text = text.replace(f"{header}0 (Power=0.3)", f"{header}0 (Power=99999999)", 1)
    (tmp_path / "slr.txt").write_text(text)
    path = write(tmp_path, "ruleset: slr.txt\n" + BASE + "statements: [{text: 'alice is a player'}]")
    assert main(["judge", str(path)]) == 2
    assert message in capsys.readouterr().err


def test_missing_file_is_exit_2(capsys):
    assert main(["judge", "/no/such/case.yaml"]) == 2
    assert "cannot read the case file" in capsys.readouterr().err


def test_raw_asp_statement(tmp_path):
    path = write(tmp_path, BASE + "statements:\n  - {asp: 'holds :- left(alice, _).', expect: TRUE}\n"
                 "  - {asp: 'holds :- joined(alice, _).', expect: FALSE}\n")
    result = judge_file(path)
    assert [j.verdict for j in result.judgements] == ["TRUE", "FALSE"]


def test_ruleset_from_a_path_feeds_the_facts(tmp_path):
    """A case may name a ruleset file; its rules (IDs, Powers) are the facts. Without R2556 in the
    ruleset, nothing stops the impure carol from winning."""
    from adjudicator.rulesets import load_ruleset

    slr = load_ruleset("agora-slr-2020-12-31")
    trimmed = slr.model_copy(update={"rules": [r for r in slr.rules if r.id != 2556]})
    (tmp_path / "trimmed.json").write_text(trimmed.model_dump_json())
    case = (CASES / "apathy-impure-winner.yaml").read_text()
    case = case.replace("title:", "ruleset: trimmed.json\ntitle:", 1)
    case = case.replace('{text: "carol won the game", expect: FALSE}', '{text: "carol won the game", expect: TRUE}')
    case = case.replace('{text: "R2556 takes precedence over R2465", expect: TRUE}', '{text: "R2465 is in force", expect: TRUE}')
    path = tmp_path / "case.yaml"
    path.write_text(case)
    result = judge_file(path)
    assert [j.verdict for j in result.judgements] == [j.expected for j in result.judgements]
    # a rule the case's ruleset does not have is no rule to ask about: refused, not FALSE
    path.write_text(case.replace('{text: "R2465 is in force", expect: TRUE}', '{text: "R2556 is in force"}'))
    with pytest.raises(InputError, match="'R2556' is not a rule of this case"):
        judge_file(path)


def test_budget_overrun_is_exit_3(capsys):
    assert main(["judge", str(CASES / "apathy-succeeds.yaml"), "--timeout", "0.0001"]) == 3
    assert "budget" in capsys.readouterr().err
