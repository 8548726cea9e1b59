"""Offices, switches and reports in the judge: names resolve to exactly one office or switch or
are refused with the nearest known names; the bundled case's election, self-ratified report and
deputisation are explained by the rules that made them (R2154, R1551, R2201, R2162, R2160)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.agora.judge import judge_file

CASE = Path(__file__).resolve().parents[2] / "cases" / "cfj" / "offices-report-deputy-election.yaml"


def variant(tmp_path: Path, **changes) -> Path:
    data = yaml.safe_load(CASE.read_text())
    for key, value in changes.items():
        if key == "offices":
            data["gamestate"]["offices"] = value
        else:
            data[key] = value
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


@pytest.mark.parametrize("statement, unknown, nearest", [
    ("alice is the Prime Minster", "Prime Minster", "Prime Minister"),
    ("the Registar is vacant", "Registar", "Registrar"),
    ("the Officeholdr of Registrar is alice", "Officeholdr", "officeholder"),
    ("the Officeholder of Registrar is alicia", "alicia", "alice"),
])
def test_unknown_names_in_statements_are_refused(tmp_path, judge_refusal, statement, unknown, nearest):
    line = judge_refusal(variant(tmp_path, statements=[{"text": statement}]))
    assert unknown in line and nearest in line


def test_unknown_office_in_the_gamestate_is_refused(tmp_path, judge_refusal):
    line = judge_refusal(variant(tmp_path, offices={"Referree": "alice"}))
    assert "gamestate.offices" in line and "'Referree' is not an office" in line and "Referee" in line


def test_every_statement_of_the_bundled_case_meets_its_expectation():
    result = judge_file(CASE, timeout=60)
    assert [j.verdict for j in result.judgements] == [j.expected for j in result.judgements]


def _cited(tree: dict) -> set[str]:
    return set(tree.get("rules", [])) | {r for child in tree.get("because", []) for r in _cited(child)}


@pytest.mark.parametrize("statement, rules", [
    ("bob is the Prime Minister", {"R1551", "R2201", "R2162", "R2154"}),
    ("alice is the Registrar", {"R2160"}),
    ("carol won the election for Prime Minister", {"R2154"}),
])
def test_explanations_cite_the_rules(statement, rules):
    result = judge_file(CASE, timeout=60, derivations=True)
    judgement = next(j for j in result.judgements if j.statement == statement)
    cited = _cited(judgement.why or {}) | {r for line in judgement.explanation for r in rules if r in line}
    assert rules <= cited, (rules - cited, judgement.why)


def test_a_doubt_within_the_week_keeps_the_gamestate(tmp_path):
    data = yaml.safe_load(CASE.read_text())
    data["events"].append({"id": "coe", "at": "2020-12-09T10:00:00Z", "by": "carol", "do": "doubt",
                           "report": "adop-report"})
    data["statements"] = [{"text": "bob is the Prime Minister"}, {"text": "carol is the Prime Minister"},
                          {"text": "the report of event adop-report self-ratified"}, {"text": "dave violated R2201"}]
    path = tmp_path / "doubted.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert [j.verdict for j in judge_file(path, timeout=60).judgements] == ["FALSE", "TRUE", "FALSE", "TRUE"]
