"""`ruleset amend` and `judge` answer the same rule changes the same way, under each reading.

Both solve `encodings/core/ruleset.lp` (R105, R1688, R2140, R2141). Each scenario is written
twice: as a proposal for `ruleset amend` and as a CFJ case whose instruments make the same
changes, one event each. What amend reports (APPLIED with a Power, or IMPOSSIBLE) becomes
statements the judge must find TRUE just after the matching event.

The secured scenarios (R1688) run on cases/rulesets/secured/agora-secured.txt, where rules'
texts secure changes to other rules: amend reads them from the text, the judge from the same
ruleset file, and a rule the scenario enacts secures changes by its text (amend) and by its
`secures` (the case).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from adjudicator.cli import cli

SECURED_RULESET = Path(__file__).resolve().parents[2] / "cases" / "rulesets" / "secured" / "agora-secured.txt"
# (ruleset, instrument power, changes). A change: ("enact", power) | ("repeal", rule) |
# ("power", rule, to) | ("enact", power, secured rule, threshold or None): a rule securing changes.
# Powers in the 31 Dec 2020 SLR: R2141 3.1, R2140 3, R2556 3, R2645 2, R2429 1, R2465 0.3.
# agora-secured.txt: R2700 (Power 3) secures R2429; R2701 (Power 2) secures R2465 at power 1.5;
# R2702 (Power 2) secures R2645 with a stated threshold of 3; R2703 (Power 2.5) secures itself.
SCENARIOS = {
    "power-3": (None, "3", [("enact", "5"), ("enact", "2.5"), ("enact", "0.05"), ("power", 2465, "5"),
                            ("power", 2465, "2"), ("power", 2141, "3.5"), ("repeal", 2556)]),
    "power-2": (None, "2", [("enact", "5"), ("enact", "2.5"), ("repeal", 2556), ("power", 2429, "2.5"),
                            ("power", 2645, "1.5"), ("power", 2645, "0")]),
    "power-0": (None, "0", [("enact", "1"), ("repeal", 2429)]),  # R1688: not a statute
    "secured-2": (SECURED_RULESET, "2", [("repeal", 2429), ("power", 2465, "1"), ("power", 2645, "1"),
                                         ("repeal", 2703), ("enact", "2", 2465, "2.5"), ("repeal", 2465),
                                         ("repeal", 2702), ("power", 2645, "0.5")]),
    "secured-1.5": (SECURED_RULESET, "1.5", [("power", 2465, "1"), ("repeal", 2429), ("enact", "1", 2429, None),
                                             ("power", 2429, "0.5"), ("repeal", 2702)]),
    "secured-3": (SECURED_RULESET, "3", [("enact", "1"), ("repeal", 2429), ("repeal", 2703), ("repeal", 2702),
                                         ("power", 2645, "1")]),
}
READINGS = [
    {},
    {"enact_power_out_of_range": "impossible"},
    {"power_limit": "any-lower-instrument"},
    {"secured_threshold": "as-stated"},
]
FLAGS = {"enact_power_out_of_range": "--enact-power-out-of-range", "power_limit": "--power-limit",
         "secured_threshold": "--secured-threshold"}


def _proposal(power: str, changes) -> str:
    lines = [f"Title: agreement\nPower: {power}\n"]
    for n, change in enumerate(changes, 1):
        if change[0] == "enact" and len(change) == 4:
            threshold = "" if change[3] is None else f" with a Power Threshold of {change[3]}"
            lines.append(f'Enact a new rule titled "Rule {n}", with power {change[1]} and text:\n{{\n'
                         f'Changes to Rule {change[2]} are secured{threshold}.\n}}\n')
        elif change[0] == "enact":
            lines.append(f'Enact a new rule titled "Rule {n}", with power {change[1]} and text:\n{{\nText {n}.\n}}\n')
        elif change[0] == "repeal":
            lines.append(f"Repeal rule {change[1]}.\n")
        else:
            lines.append(f"Change the power of rule {change[1]} to {change[2]}.\n")
    return "\n".join(lines)


def _case(ruleset: str, power: str, changes, options: dict, results) -> dict:
    events, statements = [], []
    for n, (change, result) in enumerate(zip(changes, results), 1):
        if change[0] == "enact":
            provision = {"enact": {"id": 9000 + n, "title": f"Rule {n}", "power": change[1], "clauses": []}}
            if len(change) == 4:
                secured = {"rule": change[2]} if change[3] is None else {"rule": change[2], "threshold": change[3]}
                provision["enact"]["secures"] = [secured]
        elif change[0] == "repeal":
            provision = {"repeal": change[1]}
        else:
            provision = {"set power": {"rule": change[1], "to": change[2]}}
        events.append({"id": f"c{n}", "at": f"2020-12-{n:02d}T12:00:00Z", "do": "instrument", "power": power,
                       "provisions": [provision]})
        applied = result["status"] == "APPLIED"
        if change[0] == "enact":
            rule = 9000 + n
            text, expect = (f"the Power of R{rule} is {result['power']}", "TRUE") if applied else \
                (f"R{rule} is in force", "FALSE")
        elif change[0] == "repeal":
            text, expect = f"R{change[1]} is in force", "FALSE" if applied else "TRUE"
        else:
            text, expect = f"the Power of R{change[1]} is {change[2]}", "TRUE" if applied else "FALSE"
        statements.append({"text": f"{text} after event c{n}", "expect": expect})
    return {"title": "agreement with ruleset amend", "ruleset": ruleset, "options": options,
            "gamestate": {"persons": ["alice"]}, "events": events, "statements": statements}


@pytest.mark.parametrize("options", READINGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_amend_and_judge_agree(scenario, options, tmp_path):
    source, power, changes = SCENARIOS[scenario]
    if source is None and "secured_threshold" in options:
        pytest.skip("the 2020 SLR secures no rule changes: the reading cannot matter")
    ruleset = "agora-slr-2020-12-31"
    if source is not None:  # beside the case, where the judge reads it
        ruleset = source.name
        shutil.copy(source, tmp_path / ruleset)
    proposal = tmp_path / "proposal.txt"
    proposal.write_text(_proposal(power, changes))
    flags = [arg for key, value in options.items() for arg in (FLAGS[key], value)]
    runner = CliRunner()
    amended = runner.invoke(cli, ["ruleset", "amend", str(source or ruleset), str(proposal), "--json", *flags])
    assert amended.exit_code == 0, amended.output
    results = json.loads(amended.output)["report"]["results"]
    assert [r["status"] in ("APPLIED", "IMPOSSIBLE") for r in results] == [True] * len(changes), results

    case = tmp_path / "case.yaml"
    case.write_text(yaml.safe_dump(_case(ruleset, power, changes, options, results), sort_keys=False))
    judged = runner.invoke(cli, ["judge", str(case), "--json"])
    assert judged.exit_code == 0, judged.output
    judgements = json.loads(judged.output)["judgements"]
    wrong = [(j["statement"], j["verdict"], r["status"], r["reason"]) for j, r in zip(judgements, results)
             if j["verdict"] != j["expected"]]
    assert not wrong, wrong


def _report(options: dict, scenario: str):
    source, power, changes = SCENARIOS[scenario]
    from adjudicator.rulesets import load_ruleset
    from adjudicator.rulesets.amend import R105Options, apply_proposal
    from adjudicator.rulesets.proposal import parse_proposal_text

    _, report = apply_proposal(load_ruleset(source or "agora-slr-2020-12-31"),
                               parse_proposal_text(_proposal(power, changes)), R105Options(**options))
    return report


def _statuses(options: dict, scenario: str) -> list[str]:
    return [f"{r.status} {'' if r.power is None else r.power}".strip() for r in _report(options, scenario).results]


def test_the_readings_give_the_outcomes_their_text_says():
    """Not only agreement: the outcomes themselves (R105(1) caps; R2141; R2140; R1688)."""
    assert _statuses({}, "power-3") == ["APPLIED 4.0", "APPLIED 2.5", "APPLIED 1", "IMPOSSIBLE", "APPLIED 2",
                                        "APPLIED 3.5", "APPLIED 3"]
    assert _statuses({"enact_power_out_of_range": "impossible"}, "power-3")[0] == "IMPOSSIBLE"
    assert _statuses({"power_limit": "any-lower-instrument"}, "power-3")[5] == "IMPOSSIBLE"  # R2141 is 3.1 > 3
    assert _statuses({}, "power-2") == ["APPLIED 2", "APPLIED 2", "IMPOSSIBLE", "IMPOSSIBLE", "APPLIED 1.5",
                                        "APPLIED 0"]
    assert _statuses({}, "power-0") == ["IMPOSSIBLE", "IMPOSSIBLE"]


def test_secured_changes_give_the_outcomes_r1688_says():
    """R1688: below the threshold IMPOSSIBLE, at or above it the change occurs; the threshold is the
    securing rule's Power unless it states a lower one; a stated higher one counts only as-stated."""
    # (a repeal reports the Power the rule had)
    assert _statuses({}, "secured-2") == ["IMPOSSIBLE", "APPLIED 1", "APPLIED 1", "IMPOSSIBLE", "APPLIED 2",
                                          "APPLIED 1", "APPLIED 2", "APPLIED 0.5"]
    # as stated, R2702 secures R2645 at 3 until it is repealed (change 7); then the change occurs
    assert _statuses({"secured_threshold": "as-stated"}, "secured-2") == [
        "IMPOSSIBLE", "APPLIED 1", "IMPOSSIBLE", "IMPOSSIBLE", "APPLIED 2", "IMPOSSIBLE", "APPLIED 2", "APPLIED 0.5"]
    assert _statuses({}, "secured-1.5") == ["APPLIED 1", "IMPOSSIBLE", "APPLIED 1", "IMPOSSIBLE", "IMPOSSIBLE"]
    # a Power-3 instrument meets every threshold; once R2702 is repealed R2645 is no longer secured
    assert _statuses({"secured_threshold": "as-stated"}, "secured-3") == [
        "APPLIED 1", "APPLIED 1", "APPLIED 2.5", "APPLIED 2", "APPLIED 1"]
    first = _report({}, "secured-2").results[0]
    assert first.cites == ["R1688"] and "secured by R2700 with Power Threshold 3" in first.reason, first.reason

