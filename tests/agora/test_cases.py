"""Every bundled CFJ case is judged and each statement gets its expected verdict."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.agora.judge import judge_file

CASES = sorted((Path(__file__).resolve().parents[2] / "cases" / "cfj").glob("*.yaml"))


def test_there_are_enough_cases():
    assert len(CASES) >= 25
    real = [c for c in CASES if yaml.safe_load(c.read_text()).get("cfj")]
    assert len({yaml.safe_load(c.read_text())["cfj"] for c in real}) >= 26  # 3711-3715, 3828, 3887 and the 19 re-created for issue 11


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_case_verdicts(case: Path):
    result = judge_file(case, timeout=30)
    assert result.judgements
    for judgement in result.judgements:
        assert judgement.expected is not None, f"{case.name}: statement without expect: {judgement.statement}"
        assert judgement.verdict == judgement.expected, (
            f"{case.name}: {judgement.statement!r}: got {judgement.verdict} ({judgement.reason}: "
            f"{judgement.summary}), expected {judgement.expected}"
        )
