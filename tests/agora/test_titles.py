"""Patent titles, tournaments and the calendar in the judge: an award without its awardee or title
is refused; the bundled case's verdicts meet their expectations, explained by R2231 and R2449."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.agora.judge import judge_file
from adjudicator.cli import main

CASE = Path(__file__).resolve().parents[2] / "cases" / "cfj" / "titles-tournaments-holidays.yaml"


@pytest.mark.parametrize("event, problem", [
    ({"do": "award-title", "title": "Champion"}, "awarded to whom?"),
    ({"do": "award-title", "to": "bob"}, "which patent title?"),
    ({"do": "tournament-winner", "to": "bob"}, "which tournament?"),
])
def test_incomplete_events_are_refused(tmp_path, capsys, event, problem):
    data = yaml.safe_load(CASE.read_text())
    data["events"] = [{"id": "x", "at": "2020-03-01T00:00:00Z", "by": "alice", **event}]
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert main(["judge", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("error: ") and problem in captured.err and "event x" in captured.err


def test_the_bundled_case_meets_its_expectations_and_cites_the_rules():
    result = judge_file(CASE, timeout=60)
    assert [j.verdict for j in result.judgements] == [j.expected for j in result.judgements]
    by_text = {j.statement: j for j in result.judgements}
    assert "R2231" in "\n".join(by_text["event hero was EFFECTIVE"].explanation)
    assert "R2449" in "\n".join(by_text["event champion-again was EFFECTIVE"].explanation)
