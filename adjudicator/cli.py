"""The `adjudicator` command: one entry point, a sub-command per use.

Each area registers its own commands from its `cli` module (`adjudicator/<area>/cli.py`, a
function `register(group)` that adds click commands or groups), so areas grow without touching
this file.
"""

from __future__ import annotations

import importlib
import sys

import click

from adjudicator import __version__
from adjudicator.errors import BudgetExceeded, InputError

AREAS = ("diplomacy", "rulesets", "judge", "games")  # analysis (Z3) is reached through the games' commands

EXIT_INPUT_ERROR = 2
EXIT_BUDGET = 3


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="adjudicator")
def cli() -> None:
    """Rules adjudicator for nomic games: Diplomacy turns, rulesets, CFJ judgements, game logs."""


for _area in AREAS:
    importlib.import_module(f"adjudicator.{_area}.cli").register(cli)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI. Bad input exits 2 with a one-line message, a solver budget overrun exits 3;
    never a traceback for either."""
    args = sys.argv[1:] if argv is None else argv
    if not args:  # a bare `adjudicator` asks what the tool does: help, not a usage error
        with click.Context(cli, info_name="adjudicator") as context:
            click.echo(cli.get_help(context))
        return 0
    try:
        result = cli.main(args=args, prog_name="adjudicator", standalone_mode=False)
    except InputError as exc:
        click.echo(f"error: {exc}", err=True)
        return EXIT_INPUT_ERROR
    except BudgetExceeded as exc:
        click.echo(f"unknown within budget: {exc}", err=True)
        return EXIT_BUDGET
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 1
    except click.exceptions.Exit as exc:
        return exc.exit_code
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
