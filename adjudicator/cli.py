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

# Each top-level command and the area whose `cli.register` adds it. Areas are imported only when
# their command runs, so a call pays the start-up of its own area alone. Z3 analyses are reached
# through the games' commands.
AREAS = {"diplomacy": "diplomacy", "ruleset": "rulesets", "judge": "agora", "agora": "agora", "hng": "hng",
         "blognomic": "blognomic"}

EXIT_INPUT_ERROR = 2
EXIT_BUDGET = 3


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
