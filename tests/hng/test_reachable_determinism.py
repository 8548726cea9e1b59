"""`hng reachable` answers the same whatever the process asked Z3 before: its witness comes from a
Z3 context of its own, so the web server's workers and a fresh command line agree."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

from adjudicator.cli import main

ROOT = Path(__file__).resolve().parents[2]
DAVE = ["hng", "reachable", "cases/hng/in-progress.yaml", "--party", "dave", "--alone", "--json"]


def _in_process(args: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(list(args), bounded=False)
    return out.getvalue()


def test_the_witness_does_not_depend_on_what_was_asked_before(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    fresh = subprocess.run([sys.executable, "-m", "adjudicator.cli", *DAVE], capture_output=True, text=True,
                           timeout=300).stdout
    assert '"plan"' in fresh
    # with one shared context, the third answer in a process was another witness
    assert [_in_process(DAVE) == fresh for _ in range(3)] == [True, True, True]
