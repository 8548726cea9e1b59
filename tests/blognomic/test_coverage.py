"""`adjudicator ruleset coverage blognomic-2019-09-06`: every rule of the 2019 ruleset with what the
encodings do with it, and docs/blognomic.md's rule-by-rule table agreeing with it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from adjudicator.blognomic import coverage as blognomic_coverage
from adjudicator.cli import main
from adjudicator.rulesets import load_ruleset
from adjudicator.rulesets.coverage import coverage

DOCS = Path(__file__).resolve().parents[2] / "docs" / "blognomic.md"
RULESET = "blognomic-2019-09-06"


def _rows():
    return coverage(load_ruleset(RULESET))


def test_every_rule_has_a_status_and_modelled_rules_are_cited():
    rows = _rows()
    titles = [r.title for r in load_ruleset(RULESET).rules if r.kind == "rule"]
    assert [r.title for r in rows] == titles and len(rows) == 45
    for row in rows:
        assert row.status in ("modelled", "partly modelled", "input", "not modelled")
        assert bool(row.cited_in) == (row.status in ("modelled", "partly modelled")), row.title
        assert row.status == "modelled" or row.reason, row.title
    by = {r.title: r for r in rows}
    assert "blognomic/roster.lp" in by["Idle Captains"].cited_in
    assert by["Dormancy"].status == "modelled" and "blognomic/update.lp" in by["Dormancy"].cited_in
    assert "imperial-deferentials" in by["Imperial Deferentials"].readings
    assert by["Fair Play"].status == "not modelled"


def test_notes_name_only_rules_of_the_ruleset():
    titles = {r.title for r in load_ruleset(RULESET).rules if r.kind == "rule"}
    assert set(blognomic_coverage.NOTES) <= titles


def test_docs_table_is_the_coverage_output():
    text = DOCS.read_text(encoding="utf-8")
    table = text[text.index("## The 2019 ruleset, rule by rule"):]
    documented = {m.group(1): m.group(2) for m in re.finditer(r"^\| ([^|]+?) \| ([^|]+?) \|", table, re.M)
                  if m.group(1) not in ("rule", "---")}
    assert documented == {r.title: r.status for r in _rows()}


def test_cli_text_and_json(capsys):
    assert main(["ruleset", "coverage", RULESET]) in (0, None)
    out = capsys.readouterr().out
    assert out.startswith(f"Coverage of {RULESET}: 45 rules: ")
    assert "\nThe Watch: partly modelled: " in out
    assert main(["ruleset", "coverage", RULESET, "--json"]) in (0, None)
    rules = json.loads(capsys.readouterr().out)["rules"]
    assert len(rules) == 45 and {"title", "status", "cited_in", "reason", "readings", "section"} <= set(rules[0])
