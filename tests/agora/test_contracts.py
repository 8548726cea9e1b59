"""Contracts, consent and acting on behalf in the judge: contract names resolve to exactly one
contract of the case or are refused with the nearest; a provision the judge cannot read is refused;
the bundled case's verdicts are explained by R1742, R2519 and R2466."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.agora.judge import judge_file

CASE = Path(__file__).resolve().parents[2] / "cases" / "cfj" / "contracts-consent-behalf.yaml"


def variant(tmp_path: Path, events: list | None = None, statements: list | None = None) -> Path:
    data = yaml.safe_load(CASE.read_text())
    if events is not None:
        data["events"] = events
    if statements is not None:
        data["statements"] = statements
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


@pytest.mark.parametrize("statement", ["gaelan is a party to contract Pakt", "contract Pact2 exists",
                                       "gaelan CAN leave contract Packt"])
def test_a_misspelt_contract_in_a_statement_is_refused(tmp_path, judge_refusal, statement):
    line = judge_refusal(variant(tmp_path, statements=[{"text": statement}]))
    assert "is not a contract of this case" in line and "pact" in line


def test_a_misspelt_contract_in_an_event_is_refused(tmp_path, judge_refusal):
    data = yaml.safe_load(CASE.read_text())
    events = data["events"][:1] + [{"id": "j", "at": "2020-07-29T00:00:00Z", "by": "murphy", "do": "join-contract",
                                    "contract": "Pcat"}]
    line = judge_refusal(variant(tmp_path, events=events))
    assert "event j" in line and "'Pcat' is not a contract" in line and "nearest: pact" in line


def test_an_unknown_provision_is_refused(tmp_path, judge_refusal):
    data = yaml.safe_load(CASE.read_text())
    event = dict(data["events"][0], provisions=[{"levitate": "always"}])
    line = judge_refusal(variant(tmp_path, events=[event]))
    assert "'levitate' is not a provision" in line


def test_the_bundled_case_meets_its_expectations_and_cites_the_rules():
    result = judge_file(CASE, timeout=60)
    assert [j.verdict for j in result.judgements] == [j.expected for j in result.judgements]
    by_text = {j.statement: j for j in result.judgements}
    t1 = by_text["event t1 was EFFECTIVE"]
    assert "R2466" in "\n".join(t1.explanation)
    assert "R1742" in "\n".join(by_text["event murphy-joins was EFFECTIVE"].explanation)
