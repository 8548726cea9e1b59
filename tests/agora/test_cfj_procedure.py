"""The CFJ procedure and investigations in the judge: a judgement, a Moot's outcome or an
investigation's conclusion the rules do not know is refused with the nearest; the bundled case's
verdicts meet their expectations, explained by R991, R591 and R2478."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.agora.judge import judge_file

CASE = Path(__file__).resolve().parents[2] / "cases" / "cfj" / "cfj-procedure-and-investigations.yaml"


def _variant(tmp_path: Path, **changes) -> Path:
    data = yaml.safe_load(CASE.read_text())
    data.update(changes)
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


@pytest.mark.parametrize("event, unknown, nearest", [
    ({"do": "deliver-judgement", "cfj": 9901, "judgement": "TURE"}, "TURE", "TRUE"),
    ({"do": "resolve-moot", "cfj": 9901, "judgement": "REMMIT"}, "REMMIT", "REMIT"),
])
def test_unknown_words_in_events_are_refused(tmp_path, judge_refusal, event, unknown, nearest):
    data = yaml.safe_load(CASE.read_text())
    events = data["events"][:3] + [{"id": "x", "at": "2020-12-05T00:00:00Z", "by": "dave", **event}]
    line = judge_refusal(_variant(tmp_path, events=events, statements=[{"text": "CFJ 9901 is open"}]))
    assert "event x" in line and unknown in line and nearest in line


def test_an_unknown_conclusion_is_refused(tmp_path, judge_refusal):
    data = yaml.safe_load(CASE.read_text())
    events = data["events"][:9] + [{"id": "x", "at": "2020-12-18T00:00:00Z", "by": "erin", "do": "conclude-finger",
                                    "finger": "finger1", "judgement": "acquittal"}]
    line = judge_refusal(_variant(tmp_path, events=events, statements=[{"text": "CFJ 9901 is open"}]))
    assert "conclude how?" in line and "Shenanigans" in line


def test_a_misspelt_judgement_in_a_statement_is_refused(tmp_path, judge_refusal):
    line = judge_refusal(_variant(tmp_path, statements=[{"text": "CFJ 9901 is judged FALS"}]))
    assert "'FALS' is not a judgement of R591" in line and "FALSE" in line


def test_the_bundled_case_meets_its_expectations_and_cites_the_rules():
    result = judge_file(CASE, timeout=60)
    assert [j.verdict for j in result.judgements] == [j.expected for j in result.judgements]
    by_text = {j.statement: j for j in result.judgements}
    assert "R991" in "\n".join(by_text["event bad-assign was EFFECTIVE"].explanation)
    assert "R2478" in "\n".join(by_text["event take was EFFECTIVE"].explanation)
