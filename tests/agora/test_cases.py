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
    assert len({yaml.safe_load(c.read_text())["cfj"] for c in real}) >= 23  # real CFJs of the archive, none of the held-out 3885-3917


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


def test_no_case_for_the_held_out_cfjs():
    """CFJs 3885-3917 are kept apart to measure the judge: no bundled case may be one of them."""
    root = Path(__file__).resolve().parents[2] / "cases"
    held_out = []
    for path in root.rglob("*.yaml"):
        try:
            document = yaml.safe_load(path.read_text())
        except yaml.YAMLError:  # the bad-input cases
            continue
        if not isinstance(document, dict):
            continue
        number = document.get("cfj") or (document.get("archive") or {}).get("cfj")
        if isinstance(number, int) and 3885 <= number <= 3917:
            held_out.append(path.name)
    assert held_out == []
