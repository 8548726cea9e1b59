"""`adjudicator diplomacy reachable`: can a power still win (or draw) by a given year?"""

from __future__ import annotations

import click

from adjudicator.diplomacy.game_cli import SECONDS
from adjudicator.solving import DEFAULT_TIMEOUT


def register_reachable(diplomacy: click.Group) -> None:
    @diplomacy.command("reachable")
    @click.argument("game_file", metavar="GAME", type=str)
    @click.option("--power", required=True, help="The Great Power asking (name, adjective or abbreviation).")
    @click.option("--by", "deadline", required=True, metavar="F1910",
                  help="The deadline: the Fall turn of a year (F1910, or 1910).")
    @click.option("--force", is_flag=True,
                  help="Whatever the others order (a game against the rest; docs/reachable.md says how it is decided).")
    @click.option("--draw", is_flag=True, help="Ask about BT9's draw instead of BT16's solo victory.")
    @click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
    @click.option("--timeout", type=SECONDS, default=DEFAULT_TIMEOUT, show_default=True, metavar="SECONDS",
                  help="Time budget for the whole question in seconds (exit 3 when exceeded).")
    @click.option("--timings", is_flag=True, help="Also print how long the question took (JSON: seconds).")
    def reachable_command(game_file: str, power: str, deadline: str, force: bool, draw: bool, as_json: bool,
                          timeout: float, timings: bool) -> int:
        """Can POWER still reach BT16's victory (18 supply centres after a Fall turn) by the Fall
        turn of a year, starting from the last position of GAME (a game file as `play` reads, or
        a turn file)? Cooperative by default (every power cooperates): yes with the orders of
        every phase, replayed through the adjudicator; no with a bound that holds; exit 3 when
        neither is decided within the budget. `--draw`: BT9's draw instead. `--force`: whatever
        the others order. How each is decided and its limits: docs/reachable.md."""
        from adjudicator.diplomacy.reachable import render
        from adjudicator.diplomacy.reachable_force import ask

        answer = ask(game_file, power, deadline, draw=draw, force=force, timeout=timeout)
        hidden = set() if timings else {"seconds"}  # timings only on request (same input, same bytes)
        click.echo(answer.model_dump_json(indent=2, exclude_none=True, exclude=hidden) if as_json else
                   render(answer) + (f"\ndecided in {answer.seconds} s" if timings else ""))
        return 3 if answer.answer == "unknown" else 0
