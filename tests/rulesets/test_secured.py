"""R1688's secured changes from the command line: the bundled example (cases/rulesets/secured/),
the forms a rule's text secures changes in, and bad declarations as input errors (exit 2)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
import yaml

from adjudicator.cli import run_command
from adjudicator.rulesets import load_ruleset
from adjudicator.rulesets.secured import Securing, securings

CASES = Path(__file__).resolve().parents[2] / "cases" / "rulesets" / "secured"
RULESET = CASES / "agora-secured.txt"


def _amend(proposal: str, capsys, *flags: str) -> list[dict]:
    assert run_command(["ruleset", "amend", str(RULESET), str(CASES / proposal), "--json", *flags]) == 0
    return json.loads(capsys.readouterr().out)["report"]["results"]


def test_the_bundled_example_too_little_and_enough_power(capsys):
    low = _amend("agora-secured-low-power.txt", capsys)
    assert [r["status"] for r in low] == ["IMPOSSIBLE", "APPLIED", "APPLIED", "IMPOSSIBLE"]
    assert low[0]["cites"] == ["R1688"] and "secured by R2700 with Power Threshold 3" in low[0]["reason"]
    assert low[3]["cites"] == ["R1688"] and "secured by R2703 with Power Threshold 2.5" in low[3]["reason"]
    stated = _amend("agora-secured-low-power.txt", capsys, "--secured-threshold", "as-stated")
    assert stated[2]["status"] == "IMPOSSIBLE" and "secured by R2702 with Power Threshold 3" in stated[2]["reason"]
    enough = _amend("agora-secured-enough-power.txt", capsys)
    assert [r["status"] for r in enough] == ["APPLIED"] * 4


def test_the_bundled_judge_case(capsys):
    assert run_command(["judge", str(CASES / "agora-secured-judge.yaml"), "--json"]) == 0
    judgements = json.loads(capsys.readouterr().out)["judgements"]
    assert [j["verdict"] for j in judgements] == [j["expected"] for j in judgements] == \
        ["TRUE", "TRUE", "TRUE", "TRUE", "FALSE", "FALSE"]
    # the reading the fourth statement turns on is named, with the other verdict; no other statement turns on it
    assert [j["other_readings"] for j in judgements] == [[]] * 3 + [[
        "Under the reading that a secured change needs the Power Threshold its securing rule states, even above "
        "that rule's own Power (R1688) (option secured_threshold: as-stated), the verdict would be FALSE."]] + [[]] * 2


def test_the_forms_a_rule_secures_changes_in():
    ruleset = load_ruleset(RULESET)
    assert securings(ruleset) == [Securing(2700, 2429), Securing(2701, 2465, Decimal("1.5")),
                                  Securing(2702, 2645, Decimal("3")), Securing(2703, 2703)]
    rule = ruleset.rule(2700)
    for text, threshold in [("changes to rule\n   2429 are SECURED at a Power Threshold of 2.", Decimal("2")),
                            ("Changes to Rule 2429 is secured with Power Threshold 0.25.", Decimal("0.25")),
                            ("Changes to an entity's magister status are secured.", None)]:
        rule.text = text
        found = [s for s in securings(ruleset) if s.by == 2700]
        assert found == ([Securing(2700, 2429, threshold)] if "2429" in text else []), text


@pytest.mark.parametrize("text, problem", [
    ("Changes to Rule 2429 are secured at power 5.", "Power Threshold 5 is out of range"),
    ("Changes to Rule 2429 are secured with a Power Threshold of 0.", "Power Threshold 0 is out of range"),
    ("Changes to Rule 2429 are secured at power 1.0005.", "more than three decimal places"),
    ("Changes to Rule 4242 are secured.", "secures changes to rule 4242, which is not a rule of this ruleset")])
def test_bad_declarations_in_a_ruleset_are_input_errors(text, problem, tmp_path, capsys):
    ruleset = tmp_path / "ruleset.txt"
    ruleset.write_text(RULESET.read_text().replace("Changes to Rule 2429 are secured.", text))
    proposal = tmp_path / "proposal.txt"
    proposal.write_text("Power: 3\n\nRepeal rule 2465.\n")
    assert run_command(["ruleset", "amend", str(ruleset), str(proposal)]) == 2
    assert problem in capsys.readouterr().err
    case = tmp_path / "case.yaml"
    case.write_text(yaml.safe_dump({"title": "bad", "ruleset": "ruleset.txt",
                                    "statements": [{"text": "R2465 is in force"}]}))
    assert run_command(["judge", str(case)]) == 2
    assert problem in capsys.readouterr().err


@pytest.mark.parametrize("secures, problem", [
    ({"rule": 4242}, "rule 4242 is not a rule of the ruleset"),
    ({"rule": 2429, "threshold": 7}, "Power Threshold 7 is out of range"),
    ({"rule": 2429, "threshold": "high"}, "Power Threshold 'high' is not a number"),
    ({"rule": "that rule"}, "secures")])
def test_bad_declarations_in_a_case_are_input_errors(secures, problem, tmp_path, capsys):
    case = tmp_path / "case.yaml"
    case.write_text(yaml.safe_dump({
        "title": "bad", "events": [{"at": "2021-01-04T12:00:00Z", "do": "instrument", "power": 3, "provisions": [
            {"enact": {"id": 2710, "title": "Locks", "power": 3, "secures": [secures]}}]}],
        "statements": [{"text": "R2429 is in force"}]}))
    assert run_command(["judge", str(case)]) == 2
    assert problem in capsys.readouterr().err


def test_a_case_supposes_a_securing_rule_and_repeals_it(tmp_path, capsys):
    """The judge: a hypothetical rule secures changes to R2465 at its Power 3 (no threshold stated),
    and to itself at 2, until an instrument of Power 3 repeals it (one of 1.5 cannot: R1688, and
    R2140(3) too); then a Power-2 instrument can repeal R2465."""
    (tmp_path / "agora-secured.txt").write_text(RULESET.read_text())
    at = "2021-01-04T12:0{}:00Z"
    case = {"title": "a supposed securing rule", "ruleset": "agora-secured.txt",
            "changes": [{"enact": {"id": 2720, "title": "Locks", "power": 3,
                                   "secures": [{"rule": 2465}, {"rule": "This Rule", "threshold": 2}]}}],
            "events": [{"id": f"e{n}", "at": at.format(n), "do": "instrument", "power": power,
                        "provisions": [{"repeal": rule}]} for n, (power, rule) in
                       enumerate([(2, 2465), (1.5, 2720), (3, 2720), (2, 2465)], 1)],
            "statements": [{"text": "R2465 is in force after event e1", "expect": "TRUE"},
                           {"text": "R2720 is in force after event e2", "expect": "TRUE"},
                           {"text": "R2720 is in force after event e3", "expect": "FALSE"},
                           {"text": "R2465 is in force after event e4", "expect": "FALSE"}]}
    (tmp_path / "case.yaml").write_text(yaml.safe_dump(case, sort_keys=False))
    assert run_command(["judge", str(tmp_path / "case.yaml"), "--json"]) == 0
    judgements = json.loads(capsys.readouterr().out)["judgements"]
    assert [j["verdict"] for j in judgements] == ["TRUE", "TRUE", "FALSE", "FALSE"]


@pytest.mark.parametrize("power, status", [("2", "IMPOSSIBLE"), ("3", "APPLIED")])
def test_reenacting_a_repealed_secured_rule_is_secured(power, status):
    """R105(3) reenactment is a change to the rule it names: R2700 still secures it (amend's side;
    the judge's instruments have no reenact provision)."""
    from adjudicator.rulesets.amend import apply_proposal
    from adjudicator.rulesets.proposal import parse_proposal_text

    ruleset = load_ruleset(RULESET)
    bleach = ruleset.rule(2429)
    ruleset.rules.remove(bleach)
    ruleset.repealed.append(bleach)
    _, report = apply_proposal(ruleset, parse_proposal_text(f"Power: {power}\n\nReenact rule 2429.\n"))
    assert [r.status for r in report.results] == [status]
    if status == "IMPOSSIBLE":
        assert "secured by R2700 with Power Threshold 3" in report.results[0].reason
