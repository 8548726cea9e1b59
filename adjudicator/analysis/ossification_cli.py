"""`adjudicator agora ossification`: is Agora ossified (R1698)? A plan, or the rules that block every plan."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import click

from adjudicator.analysis.ossification import READINGS, Answer, Options, analyse, parse_readings
from adjudicator.analysis.ossification_cases import run_case
from adjudicator.analysis.resolve_replay import replay_resolve
from adjudicator.errors import one_line
from adjudicator.inputs import SECONDS, FiniteFloatRange  # nan, inf, 0, negative: usage errors
from adjudicator.rulesets import load_ruleset

def render(answer: Answer, timings: bool = False) -> str:
    verdict = f"Agora is {'OSSIFIED' if answer.ossified else 'not ossified'}"
    if answer.win is not None:
        verdict = (f"it is {'IMPOSSIBLE' if answer.ossified else 'POSSIBLE'} for {answer.win} to win within "
                   f"{answer.horizon_days} days")
    elif answer.goal_power is not None:
        verdict = (f"it is {'IMPOSSIBLE' if answer.ossified else 'POSSIBLE'} to enact a rule of Power "
                   f"{answer.goal_power} within {answer.horizon_days} days")
    if answer.unknown:
        verdict = "UNKNOWN whether Agora is ossified" if answer.win is None and answer.goal_power is None else \
            "UNKNOWN: " + verdict
    lines = [f"{answer.ruleset}: {verdict} "
             f"({answer.players} players, {answer.horizon_days} days, up to {answer.steps} proposals in sequence; "
             + ", ".join(f"{k}={v}" for k, v in answer.readings.items()) + ")"]
    if answer.case:
        lines.insert(0, f"case: {answer.case}" + (f"\narchive: {answer.archive}" if answer.archive else ""))
    for verdict in answer.proposals:
        status = 'CANCELLED by R1698' if verdict.cancelled_by_r1698 else \
            'not decided' if verdict.not_understood else 'not cancelled by R1698'
        lines.append(f"  after {verdict.file}: {status}"
                     f" - {verdict.why}")
    lines += [f"unknown: this change is not understood: {line}" for line in answer.unknown]
    if answer.plan:
        lines.append("A plan that makes " + (f"{answer.win} win" if answer.win is not None else
                                             "a change of every Power" if answer.goal_power is None else
                                             f"a Power-{answer.goal_power} rule") + " within the period:")
        for step in answer.plan:
            lines.append(f"  day {step.day:>2}  {step.actor:<9} {step.action}: {step.detail}")
        lines.append("Replayed through the Rule 105 engine:")
        lines += [f"  {line}" for line in answer.replay]
    if answer.blocking:
        lines.append("No plan exists; these together block every one (a minimal unsat core):")
        lines += [f"  {b.rule}: {b.why}" for b in answer.blocking]
    if answer.min_players is not None:
        lines.append(f"Smallest number of players for which Agora is not ossified: {answer.min_players}")
    question = answer.win is not None or answer.goal_power is not None
    for reading, ossified in answer.other_readings.items():
        lines.append(f"Reading {reading}: " + (("IMPOSSIBLE" if ossified else "POSSIBLE") if question else
                                               ("OSSIFIED" if ossified else "not ossified")))
    if timings:  # off by default: the same question gives byte-identical output
        lines.append(f"decided in {answer.seconds:.2f} s")
    return "\n".join(lines)


def add_ossification_command(group: click.Group) -> None:
    @group.command("ossification")
    @click.argument("ruleset", default="agora-slr-2020-12-31")
    @click.option("--after", "after", multiple=True, type=click.Path(dir_okay=False, allow_dash=True),
                  help="A proposal file applied first (repeatable, in order), unless R1698 cancels it.")
    @click.option("--suppose", "suppose", multiple=True, type=click.Path(dir_okay=False, allow_dash=True),
                  help="A hypothetical change applied first as a Power-4 instrument, R1698 notwithstanding.")
    @click.option("--players", default=5, show_default=True, type=click.IntRange(0, 10_000),
                  help="Number of players, who may cooperate fully.")
    @click.option("--min-players", "find_min", is_flag=True, help="Also find the fewest players for which Agora "
                  "is not ossified.")
    @click.option("--last-voters", type=click.IntRange(0, 10_000), default=None,
                  help="Voters on the most recently resolved referendum (R879's quorum); default: --players.")
    @click.option("--registrable", type=click.IntRange(0, 100), default=1, show_default=True,
                  help="Former players who could be registered by ratification (CFJ 3938).")
    @click.option("--steps", type=click.IntRange(1, 4), default=2, show_default=True,
                  help="Proposals in sequence a plan may use (CFJ 3765: weaken a protection first).")
    @click.option("--power", "goal_power", type=FiniteFloatRange(0.1, 4.0), default=None,
                  help="Ask for a proposal of this Power instead (\"it is POSSIBLE to enact a rule of Power "
                       "P\"); default R2141's maximum, 4.0.")
    @click.option("--win", "win", metavar="PERSON", default=None,
                  help="Ask instead whether PERSON can win (\"it is POSSIBLE for PERSON to win within D days\"): "
                       "Declaring Apathy (R2465), an Emergency Regulation (R2614) or a proposal (R2449).")
    @click.option("--not-a-player", "win_not_player", is_flag=True, help="With --win: the person is not a player.")
    @click.option("--within", "within", type=click.IntRange(1, 3650), default=None,
                  help="Days for the question (default R1698's four weeks).")
    @click.option("--festive", type=click.IntRange(0, 10_000), default=0, show_default=True,
                  help="Players who own the Ribbons to Start a Festival and be Festive (R2480, R2481).")
    @click.option("--reading", "readings", multiple=True, metavar="NAME=VALUE",
                  help="; ".join(f"{k}={'|'.join(r.values)}" for k, r in READINGS.readings.items()) + " (defaults first).")
    @click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
    @click.option("--timings", is_flag=True, help="Also print how long deciding took (off by default, so that "
                  "the same question always prints the same bytes).")
    @click.option("--timeout", default=20.0, show_default=True, type=SECONDS,
                  help="Z3 budget in seconds for each question.")
    def ossification_command(ruleset: str, after: tuple[str, ...], suppose: tuple[str, ...], players: int,
                             find_min: bool, last_voters: int | None, registrable: int, steps: int,
                             goal_power: float | None, win: str | None, win_not_player: bool, within: int | None, festive: int,
                             readings: tuple[str, ...], as_json: bool, timings: bool, timeout: float) -> int:
        """Is Agora ossified (Rule 1698)? RULESET is a bundled name, a ruleset file, or a case file
        from cases/ossification/ (YAML). Prints a witness plan (replayed through the Rule 105
        engine) or the rules that block every plan. Exit 0; 1 when a case's expectation is not met;
        2 bad input; 3 unknown within the budget."""
        if ruleset.endswith((".yaml", ".yml")):
            result, mismatches = run_case(ruleset, timeout=timeout)
            _print(result, as_json, timings)
            for line in mismatches:
                click.echo(f"MISMATCH: {line}", err=True)
            return 1 if mismatches else 0
        opts = Options(players=players, last_voters=last_voters, registrable=registrable, steps=steps,
                       goal_power=Decimal("1.0") if win is not None else
                       None if goal_power is None else Decimal(str(goal_power)),
                       win=win, winner_is_player=not win_not_player, horizon=within, festive=festive,
                       readings=parse_readings(readings), timeout=timeout)
        answer = analyse(load_ruleset(ruleset), opts, after=list(after), suppositions=list(suppose),
                         find_min_players=find_min, replay_votes=replay_resolve)
        _print(answer, as_json, timings)
        if answer.unknown:  # exit 3 with its one-line report, as for a budget
            click.echo(f"unknown: {one_line(answer.unknown[0])}"
                       + (f" (and {len(answer.unknown) - 1} more)" if len(answer.unknown) > 1 else ""), err=True)
            return 3
        return 0


def _print(answer: Answer, as_json: bool, timings: bool) -> None:
    if as_json:
        data = answer.model_dump(mode="json")
        if not timings:
            data.pop("seconds", None)
        click.echo(json.dumps(data, indent=2))
    else:
        click.echo(render(answer, timings))


__all__ = ["add_ossification_command", "Path"]
