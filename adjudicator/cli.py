"""The `adjudicator` command: one entry point, a sub-command per use.

Each area registers its own commands from its `cli` module (`adjudicator/<area>/cli.py`, a
function `register(group)` that adds click commands or groups), so areas grow without touching
this file.
"""

from __future__ import annotations

import importlib
import os
import re
import sys

import click

from adjudicator import __version__
from adjudicator.errors import BudgetExceeded, InputError, Undecided, one_line
from adjudicator.inputs import check_timeout
from adjudicator import budget

# Each top-level command and the area whose `cli.register` adds it. Areas are imported only when
# their command runs, so a call pays the start-up of its own area alone. Z3 analyses are reached
# through the games' commands.
AREAS = {"diplomacy": "diplomacy", "ruleset": "rulesets", "judge": "agora", "agora": "agora", "hng": "hng",
         "blognomic": "blognomic", "serve": "web"}
# Commands that run until interrupted: not in a bounded worker (each request has its own).
UNBOUNDED = {"serve"}

EXIT_INPUT_ERROR = 2
EXIT_BUDGET = 3
# A command without --timeout still ends: its solver calls have their own budgets, and the worker
# is killed after this long.
HARD_LIMIT_WITHOUT_TIMEOUT = 120.0
_SURROGATE = re.compile("[\ud800-\udfff]")


class AreaGroup(click.Group):
    """A click group whose sub-commands come from the areas, imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(AREAS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in AREAS:
            return None
        if name not in self.commands:
            importlib.import_module(f"adjudicator.{AREAS[name]}.cli").register(self)
        return self.commands.get(name)


@click.group(cls=AreaGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="adjudicator")
def cli() -> None:
    """Rules adjudicator for nomic games: Diplomacy turns, rulesets, CFJ judgements, game logs."""


def _timeout_argument(args: list[str]) -> float | None:
    """The `--timeout` of a command line, if any (checked: a usage error otherwise). The CLI
    runs a command under one deadline, so it needs the budget before click parses the rest."""
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--timeout" and index + 1 < len(args):
            return check_timeout(args[index + 1])
        if arg.startswith("--timeout="):
            return check_timeout(arg.partition("=")[2])
    return None


def _declared_timeout(args: list[str]) -> float | None:
    """The default of the `--timeout` option of the command a command line names, if it has one.
    Without it a command's deadline would be fixed by its first solver call's own budget (a 10 s
    look-up fixed the judge's 60 s deadline at 10 s)."""
    command: click.Command = cli
    for arg in args:
        if not isinstance(command, click.Group) or arg.startswith("-"):
            break
        try:
            found = command.get_command(click.Context(command), arg)
        except Exception:  # an area that cannot load: click reports it when the command runs
            return None
        if found is None:
            break
        command = found
    for param in command.params:
        if param.name == "timeout" and isinstance(param.default, (int, float)) and param.default > 0:
            return float(param.default)
    return None


def _usage_line(exc: click.ClickException) -> str:
    """click's usage error as one line: the problem and where to read the usage."""
    message = exc.format_message()
    context = getattr(exc, "ctx", None)
    if context is not None:
        message += f" (see '{context.command_path} --help')"
    return one_line(message)


def _naming_the_input(message: str, args: list[str]) -> str:
    """`message` naming the input it is about: a refusal raised deep in a game ("order 2: no
    vessel 'S1'") gets the command line's input files in front, unless it names one (or an
    option) already."""
    files = [arg for arg in args if arg == "-" or (not arg.startswith("-") and os.path.lexists(arg))]
    names = {name for arg in files for name in (arg, os.path.basename(arg), os.path.splitext(os.path.basename(arg))[0])
             if len(name) > 1}
    options = {arg.partition("=")[0] for arg in args if arg.startswith("--") and len(arg) > 2}
    if not files or any(name in message for name in names | options) or message.startswith("-:"):
        return message
    return one_line(f"{', '.join(files)}: {message}")


def _report(line: str, status: int) -> int:
    """Print the command's one-line report on standard error; its exit status."""
    budget.reporting()  # the supervisor waits for this line rather than killing and reporting again
    click.echo(line, err=True)
    return status


def run_command(args: list[str]) -> int:
    """Run one command line in this process; the exit status. Bad input (2) and budget overruns
    (3) are one line on standard error, never a traceback."""
    try:
        result = cli.main(args=args, prog_name="adjudicator", standalone_mode=False)
    except InputError as exc:
        return _report(f"error: {_naming_the_input(str(exc), args)}", EXIT_INPUT_ERROR)
    except BudgetExceeded as exc:
        return _report(f"unknown within budget: {exc}", EXIT_BUDGET)
    except Undecided as exc:
        return _report(f"unknown: {_naming_the_input(str(exc), args)}", EXIT_BUDGET)
    except MemoryError:
        return _report(f"unknown within budget: {BudgetExceeded('the command', 0, resource='memory')}", EXIT_BUDGET)
    except RecursionError:  # a reader that recursed past Python's limit: bad input, not a crash
        return _report("error: the input is nested too deeply to read", EXIT_INPUT_ERROR)
    except ValueError as exc:  # int() of a number past Python's digit limit, wherever a reader met it
        if "integer string conversion" not in str(exc):
            raise
        problem = f"a number has more than {sys.get_int_max_str_digits():,} digits"
        return _report(f"error: {_naming_the_input(problem, args)}", EXIT_INPUT_ERROR)
    except click.UsageError as exc:
        return _report(f"error: {_usage_line(exc)}", EXIT_INPUT_ERROR)
    except click.ClickException as exc:
        return _report(f"error: {one_line(exc.format_message())}", exc.exit_code)
    except click.exceptions.Abort:
        return _report("aborted", 1)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    finally:
        budget.end_command()
    return result if isinstance(result, int) else 0


def main(argv: list[str] | None = None, *, bounded: bool | None = None) -> int:
    """Run the CLI. Bad input exits 2 with a one-line message, a solver budget overrun exits 3;
    never a traceback for either.

    A command runs under one deadline (its `--timeout` or that option's default; for a command
    without one, the first solver call's budget). Run
    from the command line (`argv` None, or `bounded=True`), it also runs in a worker process
    limited in memory and killed when its budget has run out, so that not even an exploding
    grounding can outrun it (`adjudicator.solving.budget`)."""
    args = sys.argv[1:] if argv is None else list(argv)
    undecodable = next((arg for arg in args if _SURROGATE.search(arg) and not os.path.lexists(arg)), None)
    if undecodable is not None:  # bytes that are not UTF-8 (Python keeps them as lone surrogates): no name matches
        click.echo(f"error: {ascii(undecodable)[1:-1][:80]}: a command-line argument that is not UTF-8 text", err=True)
        return EXIT_INPUT_ERROR
    if not args:  # a bare `adjudicator` asks what the tool does: help, not a usage error
        with click.Context(cli, info_name="adjudicator") as context:
            click.echo(cli.get_help(context))
        return 0
    try:
        seconds = _timeout_argument(args)
    except InputError as exc:
        click.echo(f"error: {exc}", err=True)
        return EXIT_INPUT_ERROR
    if seconds is None:
        seconds = _declared_timeout(args)
    budget.begin_command(seconds)
    if bounded is None:
        bounded = argv is None and os.environ.get("ADJUDICATOR_UNBOUNDED") != "1"
    if not bounded or args[0] in UNBOUNDED or any(arg in ("-h", "--help", "--version") for arg in args):
        return run_command(args)

    def killed(exc: BudgetExceeded) -> int:
        click.echo(f"unknown within budget: {exc}", err=True)
        return EXIT_BUDGET

    status = budget.run_bounded(lambda: run_command(args), seconds or HARD_LIMIT_WITHOUT_TIMEOUT, on_kill=killed)
    if argv is None:  # the command line: this process has nothing left to tear down (~20 ms of finalization)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    return status


if __name__ == "__main__":
    sys.exit(main())
