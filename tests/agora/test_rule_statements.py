"""Statements about rules (adjudicator/agora/rule_statements.py): text, revision, Power, being a
rule, with negations; the texts are the case's ruleset's on the case's day."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from adjudicator.agora.judge import judge_file
from adjudicator.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
HEAD = """title: statements about rules
ruleset: agora-slr-2020-12-31
as_of: 2020-12-31
gamestate: {persons: [alice], players: [alice]}
"""


def _verdicts(tmp_path, statements: list[str], head: str = HEAD) -> list[str]:
    case = tmp_path / "case.yaml"
    case.write_text(head + "statements:\n" + "".join(f"  - text: {json.dumps(s)}\n" for s in statements), encoding="utf-8")
    return [j.verdict for j in judge_file(case).judgements]


def test_text_revision_power_and_being_a_rule(tmp_path):
    assert _verdicts(tmp_path, [
        "rule 2141's text contains \"A rule is an enduring   statute\"",  # whitespace does not matter (R2429)
        "the text \"A rule is a type of instrument\" exists in rule 2141",    # the 2021 text, not this one
        "Rule 2141 does not contain the text \"enduring statute\"",
        "the text of rule 2141 contains 'Every rule has a power between 0.1 and 4.0'",
        "rule 2141 is revision 14", "rule 2141 is not revision 15",
        "rule 2141 has power 3.1", "rule 2141 does not have power 3",
        "rule 2141 is a rule", "the entity once known as rule 2633 is a rule",
    ]) == ["TRUE", "FALSE", "FALSE", "TRUE", "TRUE", "TRUE", "TRUE", "TRUE", "TRUE", "TRUE"]


def test_a_rule_repealed_by_an_instrument_is_no_rule_after_it(tmp_path):
    head = HEAD + """events:
  - {id: p1, at: 2020-12-10T00:00:00Z, by: alice, do: instrument, power: 3, provisions: [{repeal: 2633}]}
"""
    assert _verdicts(tmp_path, ["rule 2633 is a rule", "rule 2633 is a rule before event p1",
                                "rule 2633's text contains \"rulebending\""], head) == ["FALSE", "TRUE", "FALSE"]


def test_the_text_of_a_rule_the_case_amends_is_refused(tmp_path):
    head = HEAD + "changes:\n  - amend: {rule: 2141, note: a new clause}\n"
    with pytest.raises(InputError, match="amend R2141"):
        _verdicts(tmp_path, ["rule 2141's text contains \"enduring\""], head)
    with pytest.raises(InputError, match="R9999 is not a rule of the case's ruleset"):
        _verdicts(tmp_path, ["rule 9999's text contains \"x\""])


def test_a_ruleset_with_history_gives_the_text_and_revision_of_the_case_day(tmp_path):
    shutil.copytree(ROOT / "cases" / "rulesets" / "agora-yaml-sample", tmp_path / "agora-yaml-sample")
    head = "title: t\nruleset: agora-yaml-sample\nnow: {}\ngamestate: {{persons: [alice], players: [alice]}}\n"
    asked = ["rule 2595 is revision {}", "rule 2595's text contains \"with T Notice\""]
    assert _verdicts(tmp_path, [asked[0].format(0), asked[1]], head.format("2019-08-01T00:00:00Z")) == ["TRUE", "TRUE"]
    assert _verdicts(tmp_path, [asked[0].format(1), asked[1]], head.format("2019-10-01T00:00:00Z")) == ["TRUE", "FALSE"]


def test_how_a_proposal_changed_a_rule_is_the_engines(tmp_path):
    """The forms come from the R105 engine's reading of the instruction (as `ruleset amend` reads it)."""
    from adjudicator.agora.rule_changes import change_forms, recorded_changes
    from adjudicator.rulesets.model import Rule
    from adjudicator.rulesets.proposal import parse_change

    forms = change_forms(parse_change(1, 'Amend Rule 2168 by replacing "14  days" with "10 days".'))
    assert [str(f) for f in forms] == ["amended", 'replaced("14 days","10 days")']
    forms = change_forms(parse_change(1, "Amend rule 2429 by appending the paragraph:\n{\nNew words.\n}"))
    assert {str(f) for f in forms} == {"amended", 'appended("New words.")', "paragraph_added", "paragraph_appended"}
    rule = Rule(id=2655, title="t", history=["Enacted by Proposal 8599 (Ørjan), 30 Aug 2021",
                                             "Amended(1) by Proposal 8605, 24 Sep 2021", "Power changed from 1 to 2 by Proposal 8610, 1 Oct 2021",
                                             "Amended(2) by Rule 2655, 1 Nov 2021"])
    assert recorded_changes(rule)[:3] == [(8599, "enacted"), (8605, "amended"), (8610, "power_changed")]
    assert str(recorded_changes(rule)[3][0]) == "rule(2655)"  # a change a rule made (R2141)


def test_statements_about_changes_refuse_what_they_cannot_decide(tmp_path):
    shutil.copytree(ROOT / "cases" / "cfj" / "agora-history", tmp_path / "agora-history")
    head = "title: t\nruleset: agora-history\nnow: 2022-03-06T00:00:00Z\ngamestate: {persons: [alice], players: [alice]}\n"
    assert _verdicts(tmp_path, ["proposal 8631 amended rule 2655", "proposal 8631 did not repeal rule 2655"],
                     head) == ["TRUE", "TRUE"]
    with pytest.raises(InputError, match="records that proposal 8644 amended R2655, not how"):
        _verdicts(tmp_path, ["proposal 8644 amended rule 2655 by adding a paragraph"], head)
    with pytest.raises(InputError, match="nearest: the mad engineer"):
        _verdicts(tmp_path, ["the rule titled 'Mad Engineer' has ID 2655"], head)
    with pytest.raises(InputError, match="is not a way of amending"):
        _verdicts(tmp_path, ["proposal 8644 amended rule 2655 by rewriting it"], head)
    with pytest.raises(InputError, match="is not a proposal of the case"):
        _verdicts(tmp_path, ["proposal banana amended rule 2655"], head)


def test_whitespace_change_kinds():
    """R2429's comparison of two texts (cleaning.lp decides which kinds are insignificant)."""
    from adjudicator.agora.rule_statements import whitespace_change
    assert whitespace_change("a  b.\nc", "a b.\n  c") == "whitespace"
    assert whitespace_change("except to:\n- bid;\n- vote.", "except to:\n\n- bid;\n\n- vote.") == "blank_lines"
    assert whitespace_change("All are active.\nA zombie is not.", "All are active.\n\nA zombie is not.") == "paragraphs"
    assert whitespace_change("a b", "a c") == "text"
