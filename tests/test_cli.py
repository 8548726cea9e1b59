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


def test_every_area_registers_its_command():
    import click

    from adjudicator.cli import AREAS, cli

    with click.Context(cli) as context:
        for name in AREAS:
            assert isinstance(cli.get_command(context, name), click.Command), name


def test_a_command_imports_only_its_own_area():
    probe = (
        "import sys; from adjudicator.cli import main; main(['diplomacy', '--help']);"
        "print(sorted(m for m in ('adjudicator.agora', 'adjudicator.hng', 'adjudicator.rulesets') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
