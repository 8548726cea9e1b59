"""The CLI shell: usage errors and input errors exit 2 with a message, never a traceback."""

import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "adjudicator.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_help_lists_the_tool():
    done = run("--help")
    assert done.returncode == 0
    assert "nomic" in done.stdout


def test_unknown_command_is_a_usage_error():
    done = run("no-such-command")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "no-such-command" in done.stderr


def test_bare_command_prints_help_and_succeeds():
    done = run()
    assert done.returncode == 0
    assert "diplomacy" in done.stdout and "judge" in done.stdout
