"""An `expect:` of the wrong shape in an `agora resolve` file is refused with one line (exit 2),
not a traceback read as a mismatch."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.cli import main

ADOPTION = Path(__file__).resolve().parents[2] / "cases" / "agora" / "adoption.yaml"


@pytest.mark.parametrize("expect", [
    {9200: {"voters": 2}},
    {9200: {"alternatives": "FOR"}},
    {9200: "ADOPTED"},
])
def test_wrong_shaped_expectation_is_refused(tmp_path, capsys, expect):
    case = yaml.safe_load(ADOPTION.read_text())
    case["expect"] = expect
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(case))
    assert main(["agora", "resolve", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and "9200" in err[0]


def test_right_shaped_expectation_still_checked(tmp_path, capsys):
    case = yaml.safe_load(ADOPTION.read_text())
    case["expect"] = {9200: {"voters": ["nobody"]}}
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(case))
    assert main(["agora", "resolve", str(path)]) == 1
