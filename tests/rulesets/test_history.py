"""Agora's per-rule YAML ruleset with history (cases/rulesets/agora-yaml-sample): the rules as of a date."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from adjudicator.cli import main
from adjudicator.errors import InputError
from adjudicator.rulesets import load_ruleset, parse_ruleset
from adjudicator.rulesets.amend import apply_proposal
from adjudicator.rulesets.history import unrecorded_texts
from adjudicator.rulesets.proposal import parse_proposal_text

SAMPLE = Path(__file__).resolve().parents[2] / "cases" / "rulesets" / "agora-yaml-sample"


def test_r2595_has_each_revision_on_its_dates():
    assert 2595 not in [r.id for r in load_ruleset(SAMPLE, as_of="2019-04-26").rules]  # enacted 2019-04-27
    first = load_ruleset(SAMPLE, as_of="2019-08-01").rule(2595)
    assert first.revision == 0 and "identified in\nRule 1728" in first.text and "with T Notice" in first.text
    second = load_ruleset(SAMPLE, as_of=date(2019, 9, 18)).rule(2595)  # the amendment's own day counts
    assert second.revision == 1 and "identified in\nRule 1728" in second.text and "with T notice" in second.text
    assert second.history == ["Enacted by Proposal 8165, 27 Apr 2019", "Amended(1) by Proposal 8236, 18 Sep 2019"]
    latest = load_ruleset(SAMPLE).rule(2595)
    assert latest.revision == 2 and "identified in" not in latest.text
    # The latest revision is the one the Short Logical Ruleset of 31 Dec 2020 publishes, word for word.
    slr = load_ruleset("agora-slr-2020-12-31").rule(2595)
    assert (latest.revision, latest.power, latest.title, latest.text) == (slr.revision, slr.power, slr.title, slr.text)


def test_power_and_title_go_back_with_the_history():
    assert str(load_ruleset(SAMPLE, as_of="2010-01-01").rule(869).power) == "2"  # power-change 2 -> 3 on 2013-12-22
    assert str(load_ruleset(SAMPLE, as_of="2000-01-01").rule(869).power) == "1"  # and 1 -> 2 on 2008-10-07
    assert str(load_ruleset(SAMPLE, as_of="2014-02-01").rule(869).power) == "3"
    # R591 was retitled in 2007 without the title being recorded, and again on 2014-01-16 to "Delivering Judgements".
    early = load_ruleset(SAMPLE, as_of="2010-01-01")
    assert any(note.startswith("title not recorded: R591/") for note in early.notes)
    assert not any(note.startswith("title not recorded") for note in load_ruleset(SAMPLE, as_of="2015-01-01").notes)


def test_uncounted_amendments_do_not_advance_the_revision():
    # R591: initial 1993-06-30, two uncounted amendments in 1993, the first counted one on 1994-11-21.
    assert load_ruleset(SAMPLE, as_of="1994-01-01").rule(591).revision == 0
    assert load_ruleset(SAMPLE, as_of="1994-11-21").rule(591).revision == 1


def test_a_text_the_folder_does_not_hold_is_named_not_guessed():
    before = load_ruleset(SAMPLE, as_of="2017-11-20")  # before Proposal 7976 split PARADOXICAL from DISMISS
    assert before.rule(591).text == ""
    assert unrecorded_texts(before) == ["R591/44 as of 2017-11-20"]
    after = load_ruleset(SAMPLE, as_of="2017-11-26")
    assert "PARADOXICAL" in after.rule(591).text and after.rule(591).revision == 45 and unrecorded_texts(after) == []


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_and_amend_as_of_from_the_cli(capsys, tmp_path):
    code, out, _ = _run(capsys, "ruleset", "show", str(SAMPLE), "--as-of", "2019-10-01", "--rule", "2595")
    assert code == 0 and out.startswith("Rule 2595/1 (Power=3)\nPerforming a Dependent Action\n")
    code, out, err = _run(capsys, "ruleset", "show", str(SAMPLE), "--as-of", "2017-11-20")
    assert code == 0 and "Rule 591/44 (Power=1.7)" in out and "warning: text not recorded: R591/44" in err
    code, out, _ = _run(capsys, "ruleset", "show", str(SAMPLE), "--as-of", "2019-10-01", "--json")
    data = json.loads(out)
    assert data["format"] == "agora-yaml" and data["date"] == "2019-10-01"
    # The JSON reads back as the same ruleset.
    assert parse_ruleset(out, "again") == load_ruleset(SAMPLE, as_of="2019-10-01")
    proposal = tmp_path / "p.txt"
    proposal.write_text('Power: 3\n\nAmend rule 2595 by replacing "identified in Rule 1728 " with "".\n')
    code, out, _ = _run(capsys, "ruleset", "amend", str(SAMPLE), str(proposal), "--as-of", "2019-10-01", "--json")
    report = json.loads(out)
    assert code == 0 and report["report"]["results"][0]["status"] == "APPLIED"
    assert next(r for r in report["ruleset"]["rules"] if r["id"] == 2595)["revision"] == 2
    code, out, _ = _run(capsys, "ruleset", "amend", str(SAMPLE), str(proposal), "--as-of", "2019-04-01", "--report-only")
    assert code == 0 and "1. VOID: amend rule 2595" in out  # not yet enacted that day
    code, _, err = _run(capsys, "ruleset", "show", "agora-slr-2020-12-31", "--as-of", "2019-01-01")
    assert code == 2 and "needs a ruleset with history" in err
    code, _, err = _run(capsys, "ruleset", "show", str(SAMPLE), "--as-of", "2019-02-30")
    assert code == 2 and "is not a date" in err


def test_a_proposal_applies_to_a_past_ruleset():
    past = load_ruleset(SAMPLE, as_of="2019-10-01")
    text = 'Amend rule 2595 by replacing "identified in Rule 1728 " with "".\n'
    after, report = apply_proposal(past, parse_proposal_text(f"Power: 3\n\n{text}"))
    assert [r.status for r in report.results] == ["APPLIED"] and after.rule(2595).revision == 2
    assert "identified in" not in after.rule(2595).text


@pytest.mark.parametrize("files, problem", [
    ({"12": "id: 12\nname: x\n"}, "needs text"),
    ({"12": "- a list\n"}, "not a rule file"),
    ({"12": "id: 12\ntext: a\nhistory:\n- change: {type: enactment}\n  date: someday\n"}, "is not YYYY-MM-DD"),
    ({"12": "id: 12\ntext: a\npower: -1\n"}, "not a Power"),
    ({"12": "# id: 12\n# text: a\n"}, "commented out"),
])
def test_a_malformed_file_is_named_and_the_rest_read(tmp_path, files, problem):
    for name, body in files.items():
        (tmp_path / name).write_text(body)
    with pytest.raises(InputError, match=f"no rule file in it could be read: .*{problem}"):
        load_ruleset(tmp_path)
    (tmp_path / "13").write_text("id: 13\ntext: b\n")
    ruleset = load_ruleset(tmp_path)
    assert [r.id for r in ruleset.rules] == [13]
    assert [n for n in ruleset.notes if n.startswith("not read: ")] == [
        next(n for n in ruleset.notes if problem in n and n.startswith(f"not read: {tmp_path / '12'}"))]


def test_an_empty_folder_and_a_duplicate_id(tmp_path):
    with pytest.raises(InputError, match="no rule files"):
        load_ruleset(tmp_path)
    (tmp_path / "12").write_text("id: 12\ntext: a\n")
    (tmp_path / "12.yaml").write_text("id: 12\ntext: b\n")
    (tmp_path / "14").write_text("id: 12\ntext: c\n")
    ruleset = load_ruleset(tmp_path)
    assert [(r.id, r.text) for r in ruleset.rules] == [(12, "a"), (14, "c")]
    assert any(n.startswith("not read: ") and "rule 12 is also in" in n for n in ruleset.notes)
    assert any(n.startswith(f"renumbered: {tmp_path / '14'}: says id 12") for n in ruleset.notes)


def test_one_rule_file_is_a_ruleset_of_that_rule(capsys):
    one = load_ruleset(SAMPLE / "2595", as_of="2019-10-01")
    assert [r.key for r in one.rules] == ["R2595"] and one.rule(2595).revision == 1
    assert load_ruleset(SAMPLE / "869").rule(869).text == load_ruleset(SAMPLE).rule(869).text
    code, out, _ = _run(capsys, "ruleset", "show", str(SAMPLE / "2595"), "--as-of", "2019-08-01", "--rule", "2595")
    assert code == 0 and out.startswith("Rule 2595/0 (Power=3)")
