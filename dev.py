#!/usr/bin/env python3
"""Bootstrap and run the project with nothing but Python 3.11+.

    python3 dev.py adjudicator ARGS...   run the CLI (e.g. `diplomacy adjudicate FILE`)
    python3 dev.py test [PYTEST ARGS]    run the test suite (one worker per core; `-n 0` for one process)

The first call makes a virtual environment in .venv and installs the project with its test
extra; later calls reuse it, and reinstall only when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("ADJUDICATOR_VENV", ROOT / ".venv"))
STAMP = VENV / ".adjudicator-installed"


def _bin(name: str) -> Path:
    return VENV / ("Scripts" if os.name == "nt" else "bin") / name


def ensure_environment() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"dev.py: Python 3.11 or newer is needed, this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text().strip() == wanted and _bin("python").exists():
        return
    if not _bin("python").exists():
        print(f"dev.py: creating {VENV}", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("dev.py: installing the project and its test dependencies into .venv (about a minute, once)",
          file=sys.stderr)
    subprocess.run(
        [str(_bin("python")), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-e", f"{ROOT}[test]"],
        check=True,
    )
    STAMP.write_text(wanted)


def _say_whether_browser_tests_run() -> None:
    """The browser tests (tests/web/test_browser.py) need a Chromium on this machine; say so plainly."""
    names = (os.environ.get("ADJUDICATOR_CHROMIUM"), "chromium", "chromium-browser", "google-chrome")
    found = next((path for name in names if name and (path := shutil.which(name))), None)
    if found:
        print(f"dev.py: browser tests run in {found} (headless)", file=sys.stderr)
    else:
        print("dev.py: no Chromium found: the browser tests are SKIPPED "
              "(apt-get install chromium, or set ADJUDICATOR_CHROMIUM=PATH)", file=sys.stderr)


def _parallel_unless_asked(pytest_args: list[str]) -> list[str]:
    """One pytest worker per core (pytest-xdist), unless the arguments choose the workers themselves."""
    chooses = any(a == "no:xdist" or a.startswith(("-n", "--numprocesses", "--dist")) for a in pytest_args)
    return [] if chooses else ["-n", "auto"]


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("adjudicator", "test"):
        print(__doc__, file=sys.stderr)
        return 2
    ensure_environment()
    if argv[0] == "test":
        _say_whether_browser_tests_run()
        command = [str(_bin("python")), "-m", "pytest", *_parallel_unless_asked(argv[1:]), *argv[1:]]
    else:
        command = [str(_bin("adjudicator")), *argv[1:]]
    return subprocess.call(command, cwd=os.getcwd())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
