"""Command-line commands of this area: `adjudicator hng ...` (Highest Number Game, BT31)."""

from __future__ import annotations

import json

import click

from adjudicator.inputs import SECONDS  # a positive, finite number of seconds (nan, inf, 0: usage errors)


@click.group("hng")
def hng_group() -> None:
    """Highest Number Game (Agora 2024 Birthday Tournament, Regulation BT31)."""


@hng_group.command("adjudicate")
@click.argument("log", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--reading", "readings", multiple=True, metavar="NAME=VALUE",
              help="Choose a reading of an ambiguous passage (repeatable); see docs/hng.md. "
                   "Defaults: cycle-start=after-promulgation, reveal-cap=all-transfers, "
                   "leader-scope=week, zero-natural=yes.")
@click.option("--timeout", type=SECONDS, default=60.0, show_default=True,
              help="Seconds for the whole command (every solver call shares them).")
def adjudicate_command(log: str, as_json: bool, readings: tuple[str, ...], timeout: float) -> None:
    """Adjudicate a game LOG (YAML or JSON; '-' reads stdin): every event EFFECTIVE or INEFFECTIVE and why, the weeks, the winners,
    and whether the readings of BT31 disagree on the outcome."""
    from adjudicator.hng import adjudicate as hng

    chosen = hng.parse_readings(readings)
    report = hng.adjudicate_log(hng.load_log(log), chosen, timeout=timeout)
    if as_json:
        click.echo(json.dumps(report.model_dump(mode="json"), indent=2))
    else:
        click.echo(hng.render_report(report))


@hng_group.command("reachable")
@click.argument("log", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--party", required=True, help="The party (or player) asking: can NAME still win?")
@click.option("--alone", is_flag=True, help="Win without ties (strictly the most tokens).")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option("--reading", "readings", multiple=True, metavar="NAME=VALUE",
              help="Choose a reading of an ambiguous passage (repeatable); see docs/hng.md.")
@click.option("--secret", "secrets", multiple=True, metavar="PARTY=TEXT",
              help="The plaintext of PARTY's pending commitment, if known (repeatable); "
                   "otherwise the analysis lets it be any number.")
@click.option("--joiners", type=click.IntRange(0, 6), default=0, show_default=True,
              help="Also let this many new players join (see docs/hng.md on why 0 suffices under the default readings).")
@click.option("--timeout", type=SECONDS, default=30.0, show_default=True, help="Seconds for the whole command (the Z3 search included).")
@click.option("--timings", is_flag=True, help="Include the seconds taken in the JSON (off by default: same input, same bytes).")
def reachable_command(log: str, party: str, alone: bool, as_json: bool, readings: tuple[str, ...],
                      secrets: tuple[str, ...], joiners: int, timeout: float, timings: bool) -> int:
    """From the state at the LOG's as_of ('-' reads the log from stdin), can PARTY still end among the winners for some choice of
    everyone's legal future actions? Answers yes with a witness plan, no with the bound that cannot
    be met, or 'unknown within budget' (exit 3)."""
    from adjudicator.hng import reachability as reach
    from adjudicator.hng import adjudicate as hng

    chosen = hng.parse_readings(readings)
    answer = reach.reachable(hng.load_log(log), party, alone=alone, readings=chosen,
                             secrets=reach.parse_secrets(secrets), joiners=joiners, timeout=timeout,
                             compare_readings=True)
    if as_json:
        data = answer.model_dump(mode="json")
        if not timings:
            data.pop("seconds", None)
        click.echo(json.dumps(data, indent=2))
    else:
        click.echo(reach.render_answer(answer))
    return 3 if answer.reachable is None else 0


def register(cli: click.Group) -> None:
    """Add this area's commands to the main `adjudicator` group."""
    cli.add_command(hng_group)
