"""A reader that closes the pipe early (`adjudicator ... | head -1`) gets no traceback on standard error."""

from __future__ import annotations

import os
import subprocess
import sys


def test_a_closed_pipe_is_no_traceback() -> None:
    run = subprocess.Popen([sys.executable, "-m", "adjudicator.cli", "ruleset", "coverage", "agora-slr-2020-12-31"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert os.read(run.stdout.fileno(), 100)
    run.stdout.close()  # as `head -1` does
    err = run.stderr.read().decode()
    run.wait(timeout=120)
    assert "Traceback" not in err, err[-500:]
