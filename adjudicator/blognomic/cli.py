"""Command-line commands of this area: `adjudicator blognomic ...` (BlogNomic, the naval dynasty)."""

from __future__ import annotations

import datetime as dt
import json
import os

import click

from adjudicator.errors import InputError
from adjudicator.inputs import SECONDS, write_output  # nan, inf, 0, negative: usage errors (issue 15)


def _moment(value: str | None) -> dt.datetime | None:
    if value is None:
        return None
    from adjudicator.inputs import utc_moment

    try:  # the input layer's moments: years 1900..2100 (0001-01-01T00:00+05:00 overflowed in UTC)
        return utc_moment(value, "--at")
    except ValueError as exc:
        raise InputError(f"{exc} (an ISO time such as 2019-09-06T12:00Z)") from None


def _unmet(problems: list[str]) -> int:
    """Each unmet expectation of the file on standard error, as `judge` and `diplomacy adjudicate`
    report theirs; the exit status (1 when any)."""
    for problem in problems:
        click.echo(f"expectation not met: {problem}", err=True)
    return 1 if problems else 0


@click.group("blognomic")
def blognomic_group() -> None:
    """BlogNomic (ruleset of 6 Sept 2019, the naval dynasty): votable matters, the Watch, who can still win."""


@blognomic_group.command("matters")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--at", "at", metavar="TIME", help="Judge at this UTC time (ISO); default: the file's 'at' or its latest time.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--reading", "readings", multiple=True, metavar="NAME=VALUE",
              help="Choose a reading of an ambiguous passage (repeatable); see docs/blognomic.md. Default: hiatus-proposals=blocked.")
@click.option("--timeout", type=SECONDS, default=20.0, show_default=True, help="Seconds per solver call.")
def matters_command(file: str, at: str | None, as_json: bool, readings: tuple[str, ...], timeout: float) -> int:
    """Votable matters in FILE (YAML or JSON; '-' reads stdin): each matter's votes as counted,
    Popular / Unpopular, whether it can be enacted or failed at TIME and why, the order of resolution."""
    from adjudicator.blognomic import matters
    from adjudicator.blognomic.expectations import matters_problems

    blog = matters.load(file)
    report = matters.evaluate_all(blog, list(readings), at=_moment(at), timeout=timeout)
    problems = matters_problems(blog.expect, report)
    click.echo(json.dumps(report.model_dump(mode="json"), indent=2) if as_json else matters.render(report))
    return _unmet(problems)


@blognomic_group.command("watch")
@click.argument("chart", type=click.Path(dir_okay=False, allow_dash=True))
@click.argument("orders", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, writable=True), help="Draw the new Chart (with this Watch's orders) to FILE.")
@click.option("--next", "next_path", type=click.Path(dir_okay=False, writable=True), help="Write the new Chart as YAML to FILE (the next Watch's CHART).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--reading", "readings", multiple=True, metavar="NAME=VALUE",
              help="Choose a reading of an ambiguous passage (repeatable); see docs/blognomic.md.")
@click.option("--timeout", type=SECONDS, default=20.0, show_default=True, help="Seconds per solver call.")
def watch_command(chart: str, orders: str, svg_path: str | None, next_path: str | None, as_json: bool,
                  readings: tuple[str, ...], timeout: float) -> int:
    """The Admiral's Chart Update for one Watch: CHART (YAML/JSON) and the Watch's ORDERS; prints every
    Order VALID/INVALID with the reason, damage, sinkings, Treasure, and the new Chart in the Admiral's Log notation."""
    from adjudicator.blognomic import watch
    from adjudicator.blognomic.expectations import watch_problems
    from adjudicator.inputs import refuse_input_as_output

    for path, what in ((svg_path, "SVG"), (next_path, "next Chart")):
        if path:  # before any solving: an output never replaces the Chart or the Orders it is made from
            refuse_input_as_output(path, (chart, orders), what)
    if svg_path and next_path and os.path.realpath(svg_path) == os.path.realpath(next_path):
        raise InputError("--svg and --next name the same file; name two files", source=next_path)
    old = watch.load_chart(chart)
    given = watch.load_orders(orders)
    report = watch.adjudicate(old, given, list(readings), timeout=timeout)
    problems = watch_problems(given.expect, report)
    outputs = []  # both drawn before either is written: a failure leaves both files as they were
    if svg_path:
        from adjudicator.blognomic.svg import draw

        outputs.append((svg_path, draw(old, given, report), "SVG"))
    if next_path:
        import yaml

        outputs.append((next_path, yaml.safe_dump(report.chart.model_dump(mode="json", exclude_none=True),
                                                  sort_keys=False, allow_unicode=True), "next Chart"))
    for path, text, what in outputs:
        write_output(path, text, what, inputs=(chart, orders))
    click.echo(json.dumps(report.model_dump(mode="json"), indent=2) if as_json else watch.render(report))
    return _unmet(problems)


@blognomic_group.command("game")
@click.argument("game", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--reading", "readings", multiple=True, metavar="NAME=VALUE",
              help="Choose a reading of an ambiguous passage (repeatable); see docs/blognomic.md.")
@click.option("--timeout", type=SECONDS, default=20.0, show_default=True, help="Seconds per solver call.")
def game_command(game: str, as_json: bool, readings: tuple[str, ...], timeout: float) -> int:
    """Play a GAME file (a starting Chart and each Watch's Orders) Watch by Watch: every Chart Update as
    `watch` prints it, until a Treasure Victory or the Armistice."""
    from adjudicator.blognomic import watch
    from adjudicator.blognomic.expectations import game_problems

    played = watch.load_game(game)
    report = watch.play(played, list(readings), timeout=timeout)
    problems = game_problems(played, report)
    click.echo(json.dumps(report.model_dump(mode="json"), indent=2) if as_json else watch.render_game(report))
    return _unmet(problems)


@blognomic_group.command("reachable")
@click.argument("state", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--captain", required=True, help="The Captain asking: can NAME still win?")
@click.option("--force", is_flag=True, help="Win whatever the others order (a game against the rest; see docs/blognomic.md for its bounds).")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option("--reading", "readings", multiple=True, metavar="NAME=VALUE",
              help="Choose a reading of an ambiguous passage (repeatable); see docs/blognomic.md.")
@click.option("--timeout", type=SECONDS, default=30.0, show_default=True, help="Seconds for the whole search.")
def reachable_command(state: str, captain: str, force: bool, as_json: bool, readings: tuple[str, ...], timeout: float) -> int:
    """From STATE (a chart and the number of Watches left before the Armistice), can CAPTAIN still win
    (Treasure Victory or the Armistice)? Yes with a witness sequence of Watches replayed through the Watch
    encoding, no with the bound that cannot be met, or 'unknown within budget' (exit 3)."""
    from adjudicator.blognomic import reachable
    from adjudicator.blognomic.expectations import reachable_problems

    start = reachable.load(state)
    answer = reachable.reachable(start, captain, force=force, readings=list(readings), timeout=timeout)
    problems = reachable_problems(start.expect, answer, [c.name for c in start.chart.captains])
    click.echo(json.dumps(answer.model_dump(mode="json"), indent=2) if as_json else reachable.render(answer))
    return 3 if answer.reachable is None else _unmet(problems)


def register(cli: click.Group) -> None:
    """Add this area's commands to the main `adjudicator` group."""
    cli.add_command(blognomic_group)
