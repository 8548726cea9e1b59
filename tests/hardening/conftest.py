"""Shared by the hardening tests: a command refused with one line."""

from __future__ import annotations

from typing import Callable

import pytest

from adjudicator.cli import main


@pytest.fixture()
def refused(capsys) -> Callable[..., str]:
    """`refused(args, *needles)`: run the command line `args`; assert exit 2 and one line
    `error: ...` on standard error holding each needle; that line."""

    def check(args: list[str], *needles: str) -> str:
        code = main(args)
        err = capsys.readouterr().err
        assert code == 2, (args, err)
        assert len(err.strip().splitlines()) == 1 and err.startswith("error: "), err
        assert "Traceback" not in err
        for needle in needles:
            assert needle in err, (needle, err)
        return err

    return check
