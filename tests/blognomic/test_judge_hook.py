"""The judge's `policy: blognomic` cases: statements about BlogNomic's votable matters decided by
encodings/blognomic (the minimal hook in adjudicator/agora)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.agora.judge import judge_file
from adjudicator.errors import InputError

CASES = sorted((Path(__file__).resolve().parents[2] / "cases" / "blognomic" / "judge").glob("*.yaml"))


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_judge_case(case: Path):
    result = judge_file(case)
    verdicts = [(j.verdict, j.expected) for j in result.judgements]
    assert verdicts and all(v == e for v, e in verdicts), verdicts


def test_bad_blognomic_document(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text("title: t\nruleset: blognomic-2019-09-06\npolicy: blognomic\nblognomic: {captains: [a], posts: [{id: x}]}\n"
                    "statements: [{text: 'a achieved victory'}]\n")
    with pytest.raises(InputError, match="blognomic"):
        judge_file(path)
