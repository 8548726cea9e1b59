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


NOTARY = Path(__file__).resolve().parents[2] / "cases" / "cfj" / "contracts-public-annex-notary-r1742-r2608.yaml"
ENTITIES = Path(__file__).resolve().parents[2] / "cases" / "cfj" / "entities-amended-renamed-r1586.yaml"


def _changed(tmp_path: Path, case: Path, change) -> Path:
    data = yaml.safe_load(case.read_text())
    change(data)
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_an_unknown_pledge_title_is_refused_naming_the_nearest(tmp_path, judge_refusal):
    path = _changed(tmp_path, NOTARY, lambda d: d.update(statements=[{"text": "the pledge No Scam bears the title X"}]))
    line = judge_refusal(path)
    assert "'No Scam' is neither a pledge's title nor an event" in line and "nearest: no scams" in line


def test_an_entity_an_amendment_names_must_be_one_the_rules_define(tmp_path, judge_refusal):
    def rename_unknown(data):
        data["events"][1]["provisions"] = [{"amend": {"rule": 2438, "renames": {"Tayler": "Couturier"}}}]
    line = judge_refusal(_changed(tmp_path, ENTITIES, rename_unknown))
    assert "event rename: provision 1: renames: Tayler" in line and "nearest: tailor" in line


def test_an_instruments_amendment_carries_no_clauses(tmp_path, judge_refusal):
    def with_clauses(data):
        data["events"][0]["provisions"] = [{"amend": {"rule": 2640, "clauses": [{"says": "x"}]}}]
    line = judge_refusal(_changed(tmp_path, ENTITIES, with_clauses))
    assert "an instrument's amendment gives undefines:, redefines: or renames:" in line
