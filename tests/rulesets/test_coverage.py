"""`adjudicator ruleset coverage`: every rule with what the encodings do with it, derived from
texts.lp's bindings and the encodings' own citations; and the judge naming the rules a case relies
on that are not encoded."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from adjudicator.cli import main
from adjudicator.rulesets import load_ruleset
from adjudicator.rulesets.coverage import (CITED_ONLY, ENCODED, NO_CONTENT, NOT_ENCODED, PARTLY, TEXT_DIFFERS,
                                           coverage, unencoded)


PARTLY_FILE = Path(__file__).resolve().parents[2] / "adjudicator" / "data" / "rulesets" / "agora-partly-encoded.yaml"


def _rows(ruleset):
    return {row.rule: row for row in coverage(ruleset)}


def test_every_rule_of_the_ruleset_has_one_row_in_its_order():
    ruleset = load_ruleset("agora-slr-2020-12-31")
    rows = coverage(ruleset)
    assert [row.rule for row in rows] == [rule.id for rule in ruleset.rules]
    assert len(rows) == 152


def test_statuses_come_from_the_bindings_the_citations_and_the_data():
    ruleset = load_ruleset("agora-slr-2020-12-31")
    rows = _rows(ruleset)
    assert rows[869].status == ENCODED and 47 in rows[869].encoded_revisions
    assert "agora/persons.lp" in rows[869].cited_in
    assert {40, 42} <= set(rows[1728].encoded_revisions)     # several revisions bound
    assert rows[2029].status == NO_CONTENT and "monument" in rows[2029].reason
    assert rows[101].status == ENCODED and rows[101].cited_in == ["agora/nomic.lp", "agora/texts.lp"]
    assert rows[2612].status == ENCODED and "agora/regulations.lp" in rows[2612].cited_in
    assert rows[2625].status == ENCODED and "agora/proposals.lp" in rows[2625].cited_in
    # a rule the encodings cite (R2552, in auctions.lp) that texts.lp does not bind
    changed = ruleset.model_copy(deep=True)
    changed.rules.append(changed.rule(2625).model_copy(update={"id": 2552, "title": "Cited Only"}))
    assert _rows(changed)[2552].status == CITED_ONLY


def test_a_text_other_than_the_bound_one_is_named():
    ruleset = load_ruleset("agora-slr-2020-12-31")
    changed = ruleset.model_copy(deep=True)
    rule = changed.rule(869)
    rule.text = rule.text + " A player CAN register at any time."
    row = _rows(changed)[869]
    assert row.status == TEXT_DIFFERS and "the encodings implement R869/44" in row.line() and "R869/47" in row.line()


def test_unencoded_names_only_rules_without_an_encoding():
    ruleset = load_ruleset("agora-slr-2020-12-31")
    # every rule of the 2020 SLR is now bound: a rule no encoding cites or binds is added to a copy
    changed = ruleset.model_copy(deep=True)
    changed.rules.append(changed.rule(2029).model_copy(update={"id": 2999, "title": "Unheard Of"}))
    assert unencoded(changed, {869, 2999, 2029, 99999}) == ["R2999 (Unheard Of)"]


def test_rules_bound_for_a_part_only_are_partly_encoded():
    ruleset = load_ruleset("agora-slr-2020-12-31")
    rows = _rows(ruleset)
    partly = {r for r, row in rows.items() if row.status == PARTLY}
    assert partly <= {entry["rule"] for entry in yaml.safe_load(PARTLY_FILE.read_text())}
    if not partly:  # every rule of the yaml encoded in full by now
        return
    rule = min(partly)
    assert "not encoded: " in rows[rule].line()
    # a revision other than the partly bound one is not called partly encoded
    changed = ruleset.model_copy(deep=True)
    changed.rule(rule).text += " The Notary SHALL keep track of fora."
    assert _rows(changed)[rule].status == TEXT_DIFFERS
    assert unencoded(ruleset, {rule, 869}, (PARTLY,)) == [f"R{rule} ({ruleset.rule(rule).title})"]
    assert unencoded(ruleset, {rule, 869}) == []


def test_the_judge_names_partly_encoded_rules_a_case_relies_on(capsys):
    case = Path(__file__).resolve().parents[2] / "cases" / "cfj" / "offices-monthly-and-notary-reports.yaml"
    assert main(["judge", str(case)]) == 0
    out = capsys.readouterr().out
    lines = [text for text in out.splitlines() if text.startswith("rules: partly encoded")]
    # the case relies on R991's and R2637's reports: named while their entries say they are partly encoded
    partly = {row["rule"] for row in yaml.safe_load(PARTLY_FILE.read_text())} & {991, 2637}
    named = {int(n) for n in re.findall(r"R(\d+) \(", lines[0])} if lines else set()
    assert named == partly


def test_cli_text_and_json(capsys):
    assert main(["ruleset", "coverage", "agora-slr-2020-12-31"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Coverage of agora-slr-2020-12-31: 152 rules: ")
    assert "R2029/0 Town Fountain: no operative content: a monument" in "\n".join(out)
    assert main(["ruleset", "coverage", "agora-slr-2020-12-31", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["rules"]) == 152
    assert {"rule", "revision", "title", "power", "status", "encoded_revisions", "cited_in", "reason"} == set(data["rules"][0])


def test_cli_unknown_ruleset_is_refused(capsys):
    assert main(["ruleset", "coverage", "no-such-ruleset"]) == 2
    assert capsys.readouterr().err.startswith("error: ")
