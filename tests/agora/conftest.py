"""Shared by the judge's tests: a case the judge refuses with one line."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from adjudicator.cli import main


@pytest.fixture()
def judge_refusal(capsys) -> Callable[[Path], str]:
    """`judge_refusal(path)`: judge the case at `path`; assert exit 2, nothing on standard output
    and one line `error: ...` on standard error; that line."""

    def check(path: Path) -> str:
        assert main(["judge", str(path)]) == 2
        captured = capsys.readouterr()
        lines = captured.err.splitlines()
        assert captured.out == "" and len(lines) == 1 and lines[0].startswith("error: "), captured.err
        return lines[0]

    return check
