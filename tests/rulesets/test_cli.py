"""`adjudicator ruleset show|amend|audit` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.cli import main

CASES = Path(__file__).resolve().parents[2] / "cases" / "rulesets"


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_json(capsys):
    code, out, _ = _run(capsys, "ruleset", "show", "agora-slr-2020-12-31", "--json")
    data = json.loads(out)
    assert code == 0 and data["name"] == "agora-slr-2020-12-31" and data["date"] == "2020-12-31"
    assert len(data["rules"]) == 152
    royal = next(rule for rule in data["rules"] if rule["id"] == 2486)
    assert (royal["revision"], royal["power"], royal["title"]) == (0, "3.14", "The Royal Parade")
    code, out, _ = _run(capsys, "ruleset", "show", "bt-2020", "--json", "--rule", "BT22")
    rule = json.loads(out)
    assert (rule["id"], rule["prefix"], rule["key"]) == (22, "BT", "BT22")


def test_show_text_and_one_rule(capsys):
    code, out, _ = _run(capsys, "ruleset", "show", "diplonomic-2020", "--rule", "22")
    assert code == 0 and out.startswith("22. A dislodged unit must retreat")
    code, out, _ = _run(capsys, "ruleset", "show", "blognomic-2019-09-06", "--rule", "Tags")
    assert out.startswith("Tags [Active]\n")


def test_show_bad_input(capsys, tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_text("nothing to see\n")
    code, out, err = _run(capsys, "ruleset", "show", str(junk))
    assert code == 2 and "known formats" in err.lower() and "Traceback" not in err
    code, _, err = _run(capsys, "ruleset", "show", "bt-2020", "--rule", "BT99")
    assert code == 2 and "BT99" in err


def test_amend_json(capsys):
    code, out, _ = _run(capsys, "ruleset", "amend", "agora-slr-2020-12-31", str(CASES / "agora-low-power.txt"), "--json")
    data = json.loads(out)
    assert code == 0
    assert [r["status"] for r in data["report"]["results"]] == ["IMPOSSIBLE", "APPLIED", "IMPOSSIBLE", "APPLIED", "APPLIED"]
    assert data["report"]["results"][0]["cites"][0] == "R2140"
    assert all(rule["id"] != 2645 for rule in data["ruleset"]["rules"])


def test_amend_text_and_unreadable_proposal(capsys, tmp_path):
    code, out, _ = _run(capsys, "ruleset", "amend", "agora-slr-2020-12-31", str(CASES / "agora-every-change.txt"),
                        "--report-only", "--readings")
    assert code == 0 and "17. VOID" in out and "18. IMPOSSIBLE" in out and "quotation=strict" in out
    bad = tmp_path / "bad.txt"
    bad.write_text("Amend rule 22 in some way.\n")
    code, _, err = _run(capsys, "ruleset", "amend", "bt-2020", str(bad))
    assert code == 2 and "not rule changes this engine can read" in err


def test_audit_diplonomic(capsys):
    code, out, _ = _run(capsys, "ruleset", "audit", str(CASES / "diplonomic-2020-before.txt"), "diplonomic-2020",
                        "diplonomic-2020", "--json")
    data = json.loads(out)
    assert code == 0
    assert [(d["rule"], d["changes"]) for d in data["differences"]] == [
        ("R23", ['after "As part of": correct "its" published "eir"']),
        ("R24", ['after "Contestant leaves the": correct "game," published "game"']),
    ]


def test_a_folder_is_named_as_such_and_stdin_is_read(capsys, tmp_path, monkeypatch):
    code, _, err = _run(capsys, "ruleset", "show", str(tmp_path))
    assert code == 2 and "a folder, but no rule files in it" in err and "no such file" not in err
    code, _, err = _run(capsys, "ruleset", "amend", "bt-2020", str(tmp_path))
    assert code == 2 and "a folder, not a proposal file" in err
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO((CASES / "agora-low-power.txt").read_text()))
    code, out, _ = _run(capsys, "ruleset", "amend", "agora-slr-2020-12-31", "-", "--report-only")
    assert code == 0 and "1. IMPOSSIBLE" in out


@pytest.mark.parametrize("header, flag, words", [
    ("", ["--power", "nan"], "'nan' is not a Power"),
    ("", ["--power", "inf"], "'inf' is not a Power"),
    ("", ["--power", "-3"], "'-3' is not a Power"),  # R1688: Power is non-negative
    ("Power: NaN\n", [], "power: 'NaN' is not a Power"),
    ("Adoption index: -2\n", [], "adoption index: '-2' is not a Power"),
])
def test_a_power_must_be_a_non_negative_number(capsys, tmp_path, header, flag, words):
    proposal = tmp_path / "p.txt"
    proposal.write_text(header + '\nAmend rule 2429 by replacing "Bleach" with "Starch".\n')
    code, _, err = _run(capsys, "ruleset", "amend", "agora-slr-2020-12-31", str(proposal), *flag)
    assert code == 2 and words in err and "Traceback" not in err


def test_an_empty_proposal_is_an_input_error(capsys, tmp_path):
    proposal = tmp_path / "empty.txt"
    proposal.write_text("Title: nothing\n\n")
    code, _, err = _run(capsys, "ruleset", "amend", "agora-slr-2020-12-31", str(proposal))
    assert code == 2 and "no rule changes" in err and str(proposal) in err


def test_help_names_the_bundled_rulesets(capsys):
    from adjudicator.rulesets import BUNDLED

    for command in (["ruleset"], ["ruleset", "show"], ["ruleset", "amend"], ["ruleset", "audit"]):
        code, out, _ = _run(capsys, *command, "--help")
        assert code == 0 and all(name in " ".join(out.split()) for name in BUNDLED)


@pytest.mark.parametrize("name", ["agora-slr-2020-12-31", "bt-2020", "diplonomic-2020", "blognomic-2019-09-06"])
def test_show_json_read_back_renders_the_same_document(capsys, tmp_path, name):
    _, document, _ = _run(capsys, "ruleset", "show", name)
    _, as_json, _ = _run(capsys, "ruleset", "show", name, "--json")
    saved = tmp_path / "ruleset.json"
    saved.write_text(as_json)
    code, again, _ = _run(capsys, "ruleset", "show", str(saved))
    assert code == 0 and again == document


def test_amend_json_keeps_the_repealed_rules_for_a_reenactment(capsys, tmp_path):
    (tmp_path / "repeal.txt").write_text("Repeal rule 2633 (Rulebending).\n")
    (tmp_path / "reenact.txt").write_text("Reenact rule 2633 (Rulebending).\n")
    _, out, _ = _run(capsys, "ruleset", "amend", "agora-slr-2020-12-31", str(tmp_path / "repeal.txt"), "--json")
    (tmp_path / "after.json").write_text(out)
    code, out, _ = _run(capsys, "ruleset", "amend", str(tmp_path / "after.json"), str(tmp_path / "reenact.txt"),
                        "--report-only")
    assert code == 0 and "1. APPLIED: reenact R2633" in out


def test_json_of_an_unknown_format_is_an_input_error(capsys, tmp_path):
    odd = tmp_path / "odd.json"
    odd.write_text('{"name": "x", "format": "martian", "rules": []}')
    code, _, err = _run(capsys, "ruleset", "show", str(odd))
    assert code == 2 and "unknown format 'martian'" in err


def test_a_byte_order_mark_is_not_part_of_the_proposal(capsys, tmp_path):
    proposal = tmp_path / "bom.txt"
    proposal.write_bytes(b"\xef\xbb\xbfRepeal rule 2633 (Rulebending).\r\n")
    code, out, _ = _run(capsys, "ruleset", "amend", "agora-slr-2020-12-31", str(proposal), "--report-only")
    assert code == 0 and "1. APPLIED: repeal R2633" in out


@pytest.mark.parametrize("ruleset, typed, first_line", [
    ("bt-2020", "bt22", "Regulation BT22/0"),
    ("agora-slr-2020-12-31", "rule  changes", "Rule 105/"),
    ("agora-slr-2020-12-31", "r2486", "Rule 2486/"),
    ("blognomic-2019-09-06", "ruleset and gamestate", "Ruleset and Gamestate"),
])
def test_rule_is_found_as_a_person_types_it(capsys, ruleset, typed, first_line):
    code, out, _ = _run(capsys, "ruleset", "show", ruleset, "--rule", typed)
    assert code == 0 and out.startswith(first_line)
